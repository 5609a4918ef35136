import type { ColorSchemeName } from '@pdb-stats/search-model/charts';
import { createContext, useContext, useMemo, useReducer, type ReactNode } from 'react';
import type { SierraConfig } from '../config.ts';
import {
  initialSettings,
  settingsReducer,
  type SettingsState,
  type SettingsAction,
} from './settings-state.ts';

export interface SettingsContextValue extends SettingsState {
  setScheme: (schemeName: ColorSchemeName) => void;
  /** Edits custom colour `index`; refused (logged) unless the scheme is custom and 0 <= index < 8. */
  setCustomColor: (index: number, color: string) => void;
  setChart: (chart: Extract<SettingsAction, { type: 'setChart' }>) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ sierra, children }: { sierra: SierraConfig; children: ReactNode }) {
  const [state, dispatch] = useReducer(settingsReducer, sierra, initialSettings);
  // The setters never change, so effects that call them do not run again after each update.
  const actions = useMemo<Pick<SettingsContextValue, 'setScheme' | 'setCustomColor' | 'setChart'>>(
    () => ({
      setScheme: (schemeName) => dispatch({ type: 'setScheme', schemeName }),
      setCustomColor: (index, color) => dispatch({ type: 'setCustomColor', index, color }),
      setChart: (action) => dispatch(action),
    }),
    [],
  );
  const value = useMemo<SettingsContextValue>(() => ({ ...state, ...actions }), [state, actions]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/** The settings; throws outside a SettingsProvider. */
export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext);
  if (!context) throw new Error('useSettings must be used within a SettingsProvider');
  return context;
}
