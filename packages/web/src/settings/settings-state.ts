import {
  COLOR_SCHEMES,
  DEFAULT_DATA_VIEW,
  customColorEditError,
  parseHexInput,
  type ChartKey,
  type ColorSchemeName,
  type DataView,
} from '@pdb-stats/search-model/charts';
import type { SierraConfig } from '../config.ts';

/** One entry of the list of visible series (seed §3, "current input"). */
export interface SeriesInput {
  label: string;
  visible: boolean;
}

/** Settings of the dashboard (seed §3). Colours are kept in memory only, as in the existing app. */
export interface SettingsState {
  schemeName: ColorSchemeName;
  /** The active palette. */
  colorScheme: readonly string[];
  colorSchemes: Record<ColorSchemeName, readonly string[]>;
  /** Colours of the series of the current chart. */
  chartColors: readonly string[];
  /** The chart on screen. */
  chartDetails: { key?: ChartKey; title?: string };
  config: SierraConfig & {
    chartType: { growth: 'bar'; distribution: 'bar' };
    scale: 'linear';
    dataView: DataView;
  };
  currentInput: SeriesInput[];
}

export type SettingsAction =
  | { type: 'setScheme'; schemeName: ColorSchemeName }
  | { type: 'setCustomColor'; index: number; color: string }
  | { type: 'setChart'; chartDetails: SettingsState['chartDetails']; currentInput: SeriesInput[] };

function colorsFor(palette: readonly string[], input: SeriesInput[]): readonly string[] {
  const count = Math.max(1, input.length);
  return Array.from({ length: count }, (_, i) => palette[i % palette.length] ?? '#000000');
}

export function initialSettings(sierra: SierraConfig): SettingsState {
  return {
    schemeName: 'default',
    colorScheme: COLOR_SCHEMES.default,
    colorSchemes: COLOR_SCHEMES,
    chartColors: colorsFor(COLOR_SCHEMES.default, []),
    chartDetails: {},
    config: {
      ...sierra,
      // Nested defaults are merged key by key, never replaced whole (defect D29).
      chartType: { growth: 'bar', distribution: 'bar' },
      scale: 'linear',
      dataView: DEFAULT_DATA_VIEW,
    },
    currentInput: [],
  };
}

/**
 * Settings transitions. A custom colour edit with the scheme not custom, an index outside 0..7 or
 * an invalid colour logs an error and returns the state unchanged (seed §4, §8).
 */
export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  switch (action.type) {
    case 'setScheme': {
      const colorScheme = state.colorSchemes[action.schemeName];
      return {
        ...state,
        schemeName: action.schemeName,
        colorScheme,
        chartColors: colorsFor(colorScheme, state.currentInput),
      };
    }
    case 'setCustomColor': {
      const palette = state.colorSchemes.custom;
      const refused = customColorEditError(state.schemeName, action.index, palette.length);
      const color = parseHexInput(action.color);
      if (refused || !color) {
        console.error(refused ?? `Invalid color: ${action.color}`);
        return state;
      }
      const custom = palette.map((c, i) => (i === action.index ? color : c));
      return {
        ...state,
        colorSchemes: { ...state.colorSchemes, custom },
        colorScheme: custom,
        chartColors: colorsFor(custom, state.currentInput),
      };
    }
    case 'setChart':
      return {
        ...state,
        chartDetails: action.chartDetails,
        currentInput: action.currentInput,
        chartColors: colorsFor(state.colorScheme, action.currentInput),
      };
  }
}
