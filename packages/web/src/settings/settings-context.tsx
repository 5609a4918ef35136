import type { ColorSchemeName } from './colors.ts';
import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { isServerMarkup, useServerMarkup } from '../ssr/server-markup.ts';
import type { SierraConfig } from '../config.ts';
import { initialSettings, settingsReducer, storedPart, type SettingsState } from './settings-state.ts';
import { loadStoredSettings, saveStoredSettings } from './storage.ts';
import { readScheme } from './url-state.ts';

export interface SettingsContextValue extends SettingsState {
  /** The visitor's choice (stored). Use `useChooseScheme` in pages: it also records it in the URL. */
  setScheme: (schemeName: ColorSchemeName) => void;
  /** Edits custom colour `index`; refused (logged) unless the scheme is custom and 0 <= index < 8. */
  setCustomColor: (index: number, color: string) => void;
  setPatterns: (patterns: boolean) => void;
  /** Tells the settings which scheme the current URL names (called by the page frame). */
  syncUrlScheme: (schemeName: ColorSchemeName | undefined) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

function startSettings({ sierra, search }: { sierra: SierraConfig; search: string }): SettingsState {
  // The first URL is read here, not after the first render, so a shared link never flashes the
  // stored scheme first. Server markup is drawn with the defaults (the server cannot know what this
  // browser stored); the stored settings follow once it has hydrated.
  const stored = isServerMarkup() ? undefined : loadStoredSettings();
  return initialSettings(sierra, stored, readScheme(new URLSearchParams(search)));
}

export function SettingsProvider({
  sierra,
  search = typeof window === 'undefined' ? '' : window.location.search,
  children,
}: {
  sierra: SierraConfig;
  /** The query string of the first page (on the server, the request's). */
  search?: string;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(settingsReducer, { sierra, search }, startSettings);
  const hydrating = useServerMarkup();
  const storedRead = useRef(!hydrating);
  // What storage holds as far as this page knows: what was read from it is not written back.
  const lastStored = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (hydrating || storedRead.current) return;
    storedRead.current = true;
    const loaded = loadStoredSettings();
    lastStored.current = JSON.stringify(
      storedPart({ ...loaded, chosenSchemeName: loaded.schemeName, colorSchemes: loaded }),
    );
    dispatch({ type: 'loadStored', stored: loaded });
  }, [hydrating]);
  // The setters never change, so effects that call them do not run again after each update.
  const actions = useMemo<Omit<SettingsContextValue, keyof SettingsState>>(
    () => ({
      setScheme: (schemeName) => dispatch({ type: 'setScheme', schemeName }),
      setCustomColor: (index, color) => dispatch({ type: 'setCustomColor', index, color }),
      setPatterns: (patterns) => dispatch({ type: 'setPatterns', patterns }),
      syncUrlScheme: (schemeName) => dispatch({ type: 'syncUrlScheme', schemeName }),
    }),
    [],
  );
  // Only the stored fields: a change of the scheme a URL names stores nothing.
  const { chosenSchemeName, patterns } = state;
  const { custom } = state.colorSchemes;
  const stored = useMemo(
    () => storedPart({ chosenSchemeName, patterns, colorSchemes: { custom } }),
    [chosenSchemeName, patterns, custom],
  );
  const started = useRef(false);
  useEffect(() => {
    // Nothing is written until the visitor changes something: a scheme from a link is not stored.
    const json = JSON.stringify(stored);
    if (started.current && json !== lastStored.current) saveStoredSettings(stored);
    started.current = true;
    lastStored.current = json;
  }, [stored]);
  const value = useMemo<SettingsContextValue>(() => ({ ...state, ...actions }), [state, actions]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/** The settings; throws outside a SettingsProvider. */
export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext);
  if (!context) throw new Error('useSettings must be used within a SettingsProvider');
  return context;
}
