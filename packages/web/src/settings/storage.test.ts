import { COLOR_SCHEMES } from './colors.ts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORED_SETTINGS, parseStoredSettings } from './storage.ts';

const custom = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777', '#88888880'];

describe(parseStoredSettings.name, () => {
  it('reads what was stored', () => {
    const stored = { schemeName: 'custom', custom, patterns: true };
    expect(parseStoredSettings(JSON.stringify(stored))).toEqual(stored);
  });

  it('gives the defaults when nothing is stored', () => {
    expect(parseStoredSettings(null)).toEqual(DEFAULT_STORED_SETTINGS);
    expect(DEFAULT_STORED_SETTINGS).toEqual({
      schemeName: 'default',
      custom: COLOR_SCHEMES.custom,
      patterns: false,
    });
  });

  it.each([
    ['not JSON', '{"schemeName": '],
    ['JSON null', 'null'],
    ['an array', '[1, 2]'],
    ['a string', '"custom"'],
  ])('gives the defaults for %s', (_what, text) => {
    expect(parseStoredSettings(text)).toEqual(DEFAULT_STORED_SETTINGS);
  });

  it('keeps the valid fields and drops the others one by one', () => {
    expect(parseStoredSettings(JSON.stringify({ schemeName: 'rainbow', custom, patterns: 'yes' }))).toEqual({
      schemeName: 'default',
      custom,
      patterns: false,
    });
    expect(parseStoredSettings(JSON.stringify({ schemeName: 'achromatic', patterns: true }))).toEqual({
      schemeName: 'achromatic',
      custom: COLOR_SCHEMES.custom,
      patterns: true,
    });
  });

  it.each([
    ['seven colours', custom.slice(0, 7)],
    ['nine colours', [...custom, '#000000']],
    ['a non-colour', [...custom.slice(0, 7), 'javascript:alert(1)']],
    ['a CSS injection', [...custom.slice(0, 7), '#fff; background: url(x)']],
    ['a number', [...custom.slice(0, 7), 0xffffff]],
  ])('refuses a custom palette with %s', (_what, palette) => {
    expect(parseStoredSettings(JSON.stringify({ schemeName: 'custom', custom: palette })).custom).toEqual(
      COLOR_SCHEMES.custom,
    );
  });

  it('normalises stored colours to lowercase with a leading #', () => {
    const upper = custom.map((c) => c.slice(1).toUpperCase());
    expect(parseStoredSettings(JSON.stringify({ custom: upper })).custom).toEqual(custom);
  });
});
