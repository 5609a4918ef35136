import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEMES } from './colors.ts';
import { initialSettings, settingsReducer } from './settings-state.ts';

const sierra = { searchApiUrl: 'http://127.0.0.1:1', searchAdvancedUrl: 'http://127.0.0.1:1' };

describe(settingsReducer.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts with the default scheme and the default config', () => {
    const state = initialSettings(sierra);
    expect(state.schemeName).toBe('default');
    expect(state.colorScheme).toEqual(COLOR_SCHEMES.default);
    expect(state.config).toEqual({
      ...sierra,
      chartType: { growth: 'bar', distribution: 'bar' },
      scale: 'linear',
      dataView: 'cumulative',
    });
  });

  it('applies a scheme at once', () => {
    const state = settingsReducer(initialSettings(sierra), { type: 'setScheme', schemeName: 'achromatic' });
    expect(state.colorScheme).toEqual(COLOR_SCHEMES.achromatic);
  });

  it('edits a custom colour by index in the custom scheme', () => {
    const custom = settingsReducer(initialSettings(sierra), { type: 'setScheme', schemeName: 'custom' });
    const edited = settingsReducer(custom, { type: 'setCustomColor', index: 2, color: '123456' });
    expect(edited.colorSchemes.custom[2]).toBe('#123456');
    expect(edited.colorScheme[2]).toBe('#123456');
    expect(edited.colorSchemes.custom.filter((c, i) => c !== COLOR_SCHEMES.custom[i])).toEqual(['#123456']);
    expect(COLOR_SCHEMES.custom[2]).toBe('#0000ff');
  });

  it.each([
    ['the scheme is not custom', 'default', 0, '#123456'],
    ['the index is out of range', 'custom', 8, '#123456'],
    ['the index is negative', 'custom', -1, '#123456'],
    ['the colour is invalid', 'custom', 0, 'not-a-colour'],
  ] as const)('logs an error and changes nothing when %s', (_why, schemeName, index, color) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = settingsReducer(initialSettings(sierra), { type: 'setScheme', schemeName });
    expect(settingsReducer(state, { type: 'setCustomColor', index, color })).toBe(state);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('starts from the stored settings', () => {
    const custom = COLOR_SCHEMES.default.slice().reverse();
    const state = initialSettings(sierra, { schemeName: 'custom', custom, patterns: true });
    expect(state.schemeName).toBe('custom');
    expect(state.colorScheme).toEqual(custom);
    expect(state.patterns).toBe(true);
  });

  it("shows the URL's scheme over the stored one, and keeps it for the visit", () => {
    const stored = { schemeName: 'achromatic', custom: COLOR_SCHEMES.custom, patterns: false } as const;
    const start = initialSettings(sierra, stored, 'custom');
    expect(start.schemeName).toBe('custom');
    expect(start.chosenSchemeName).toBe('achromatic');
    // A link to a page whose URL names no scheme keeps the scheme the visit came with.
    const next = settingsReducer(start, { type: 'syncUrlScheme', schemeName: undefined });
    expect(next.schemeName).toBe('custom');
    expect(next.colorScheme).toEqual(COLOR_SCHEMES.custom);
  });

  it("a choice replaces the URL's scheme and is what stays", () => {
    const start = initialSettings(sierra, undefined, 'custom');
    const chosen = settingsReducer(start, { type: 'setScheme', schemeName: 'achromatic' });
    expect(chosen.schemeName).toBe('achromatic');
    expect(chosen.chosenSchemeName).toBe('achromatic');
    const elsewhere = settingsReducer(chosen, { type: 'syncUrlScheme', schemeName: undefined });
    expect(elsewhere.schemeName).toBe('achromatic');
    // Back to an entry that names the old scheme shows it again.
    const back = settingsReducer(elsewhere, { type: 'syncUrlScheme', schemeName: 'custom' });
    expect(back.schemeName).toBe('custom');
    expect(back.chosenSchemeName).toBe('achromatic');
  });

  it('switches pattern fills', () => {
    const state = settingsReducer(initialSettings(sierra), { type: 'setPatterns', patterns: true });
    expect(state.patterns).toBe(true);
  });
});
