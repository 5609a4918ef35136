import {
  COLOR_SCHEMES,
  PALETTE_SIZE,
  isColorSchemeName,
  parseHexInput,
  type ColorSchemeName,
} from './colors.ts';

/** What the dashboard remembers between visits, in localStorage. */
export interface StoredSettings {
  schemeName: ColorSchemeName;
  /** The custom scheme's eight colours. */
  custom: readonly string[];
  /** Pattern fills on bars and legend swatches, so that series differ by more than colour. */
  patterns: boolean;
}

export const STORAGE_KEY = 'pdb-stats:settings';

export const DEFAULT_STORED_SETTINGS: StoredSettings = {
  schemeName: 'default',
  custom: COLOR_SCHEMES.custom,
  patterns: false,
};

function isPalette(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length === PALETTE_SIZE &&
    value.every((c) => typeof c === 'string' && parseHexInput(c) === `#${c.replace(/^#/, '').toLowerCase()}`)
  );
}

/**
 * Reads the stored settings field by field: anything missing, of the wrong type or not a colour
 * falls back to its default, so a value corrupted by hand, by an old version or by another app on
 * the origin never breaks the page.
 */
export function parseStoredSettings(text: string | null): StoredSettings {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    return DEFAULT_STORED_SETTINGS;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_STORED_SETTINGS;
  const record = value as Record<string, unknown>;
  return {
    schemeName: isColorSchemeName(record.schemeName) ? record.schemeName : DEFAULT_STORED_SETTINGS.schemeName,
    custom: isPalette(record.custom)
      ? record.custom.map((c) => parseHexInput(c) as string)
      : DEFAULT_STORED_SETTINGS.custom,
    patterns: typeof record.patterns === 'boolean' ? record.patterns : DEFAULT_STORED_SETTINGS.patterns,
  };
}

/** localStorage, or null where it is unavailable (disabled cookies, some sandboxed frames). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadStoredSettings(): StoredSettings {
  try {
    return parseStoredSettings(storage()?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return DEFAULT_STORED_SETTINGS;
  }
}

export function saveStoredSettings(settings: StoredSettings): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Full or refused storage: the settings still apply for this visit.
  }
}
