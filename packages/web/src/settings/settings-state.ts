import { COLOR_SCHEMES, customColorEditError, parseHexInput, type ColorSchemeName } from './colors.ts';
import { DEFAULT_DATA_VIEW, type DataView } from '@pdb-stats/charts';
import type { SierraConfig } from '../config.ts';
import { DEFAULT_STORED_SETTINGS, type StoredSettings } from './storage.ts';

/** Value scale of the charts: linear (the default) or logarithmic (opt-in, in the URL). */
export type ChartScale = 'linear' | 'log';

/**
 * Settings of the dashboard. The chosen scheme, the custom palette and pattern fills are
 * remembered between visits (see storage.ts); a scheme named in the URL wins for the visit.
 */
export interface SettingsState {
  /** The scheme on screen: the URL's, else the one the visit started with from a URL, else the chosen one. */
  schemeName: ColorSchemeName;
  /** The active palette. */
  colorScheme: readonly string[];
  /** The scheme the visitor chose (stored). */
  chosenSchemeName: ColorSchemeName;
  /** The scheme named by the current URL, if any. */
  urlSchemeName?: ColorSchemeName;
  /** The last scheme a URL named during this visit; kept when links lead to URLs without one. */
  visitSchemeName?: ColorSchemeName;
  /** Pattern fills on bars and legend swatches. */
  patterns: boolean;
  colorSchemes: Record<ColorSchemeName, readonly string[]>;
  config: SierraConfig & {
    chartType: { growth: 'bar'; distribution: 'bar' };
    /** The default scale; a chart page's URL may ask for 'log'. */
    scale: 'linear';
    dataView: DataView;
  };
}

export type SettingsAction =
  /** The visitor chooses a scheme: it is stored, and the page's URL will name it. */
  | { type: 'setScheme'; schemeName: ColorSchemeName }
  /** The URL now names this scheme (or none). */
  | { type: 'syncUrlScheme'; schemeName: ColorSchemeName | undefined }
  | { type: 'setPatterns'; patterns: boolean }
  | { type: 'setCustomColor'; index: number; color: string }
  /** The stored settings, read once a server-rendered page has hydrated with the defaults. */
  | { type: 'loadStored'; stored: StoredSettings };

/** Recomputes the scheme on screen after a change of the inputs. */
function withEffectiveScheme(state: SettingsState): SettingsState {
  const schemeName = state.urlSchemeName ?? state.visitSchemeName ?? state.chosenSchemeName;
  const colorScheme = state.colorSchemes[schemeName];
  return { ...state, schemeName, colorScheme };
}

export function initialSettings(
  sierra: SierraConfig,
  stored: StoredSettings = DEFAULT_STORED_SETTINGS,
  urlSchemeName?: ColorSchemeName,
): SettingsState {
  return withEffectiveScheme({
    schemeName: stored.schemeName,
    colorScheme: COLOR_SCHEMES[stored.schemeName],
    chosenSchemeName: stored.schemeName,
    ...(urlSchemeName && { urlSchemeName, visitSchemeName: urlSchemeName }),
    patterns: stored.patterns,
    colorSchemes: { ...COLOR_SCHEMES, custom: stored.custom },
    config: {
      ...sierra,
      // Nested defaults are merged key by key, never replaced whole.
      chartType: { growth: 'bar', distribution: 'bar' },
      scale: 'linear',
      dataView: DEFAULT_DATA_VIEW,
    },
  });
}

/** The part of the state remembered between visits. */
export function storedPart(
  state: Pick<SettingsState, 'chosenSchemeName' | 'patterns'> & {
    colorSchemes: { custom: readonly string[] };
  },
): StoredSettings {
  return { schemeName: state.chosenSchemeName, custom: state.colorSchemes.custom, patterns: state.patterns };
}

/**
 * Settings transitions. A custom colour edit with the scheme not custom, an index outside 0..7 or
 * an invalid colour logs an error and returns the state unchanged.
 */
export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  switch (action.type) {
    case 'setScheme': {
      // Applied at once, before the URL catches up; the choice replaces a scheme a link brought.
      const { visitSchemeName: _visit, ...rest } = state;
      return withEffectiveScheme({
        ...rest,
        chosenSchemeName: action.schemeName,
        urlSchemeName: action.schemeName,
      });
    }
    case 'syncUrlScheme': {
      // Every navigation reports its URL's scheme; most change nothing, and then no one re-renders.
      if (
        state.urlSchemeName === action.schemeName &&
        (!action.schemeName || state.visitSchemeName === action.schemeName)
      )
        return state;
      const { urlSchemeName: _url, ...rest } = state;
      if (!action.schemeName) return withEffectiveScheme(rest);
      return withEffectiveScheme({
        ...rest,
        urlSchemeName: action.schemeName,
        visitSchemeName: action.schemeName,
      });
    }
    case 'loadStored':
      return withEffectiveScheme({
        ...state,
        chosenSchemeName: action.stored.schemeName,
        patterns: action.stored.patterns,
        colorSchemes: { ...state.colorSchemes, custom: action.stored.custom },
      });
    case 'setPatterns':
      return { ...state, patterns: action.patterns };
    case 'setCustomColor': {
      const palette = state.colorSchemes.custom;
      const refused = customColorEditError(state.schemeName, action.index, palette.length);
      const color = parseHexInput(action.color);
      if (refused || !color) {
        console.error(refused ?? `Invalid color: ${action.color}`);
        return state;
      }
      const custom = palette.map((c, i) => (i === action.index ? color : c));
      return withEffectiveScheme({ ...state, colorSchemes: { ...state.colorSchemes, custom } });
    }
  }
}
