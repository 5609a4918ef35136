import { describe, expect, it } from 'vitest';
import {
  sequentialColors,
  COLOR_SCHEMES,
  COLOR_SCHEME_LABELS,
  PALETTE_SIZE,
  alphaFromPercent,
  clampAlpha,
  clampChannel,
  customColorEditError,
  parseHexInput,
  seriesColor,
} from './colors.ts';

describe('palettes', () => {
  it('holds 8 valid colours per scheme', () => {
    for (const palette of Object.values(COLOR_SCHEMES)) {
      expect(palette).toHaveLength(PALETTE_SIZE);
      for (const colour of palette) expect(parseHexInput(colour)).toBe(colour);
    }
  });

  it('shows the achromatic scheme as Color Blind Friendly', () => {
    expect(COLOR_SCHEME_LABELS.achromatic).toBe('Color Blind Friendly');
    expect(COLOR_SCHEMES.default[0]).toBe('#56b4e9');
    expect(COLOR_SCHEMES.custom).toEqual([
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffff00',
      '#ff00ff',
      '#00ffff',
      '#8b0000',
      '#006400',
    ]);
  });

  it('gives series i colour i mod 8', () => {
    expect(seriesColor(COLOR_SCHEMES.default, 0)).toBe('#56b4e9');
    expect(seriesColor(COLOR_SCHEMES.default, 9)).toBe('#009e73');
  });
});

describe(parseHexInput.name, () => {
  it('accepts hex with or without #', () => {
    expect(parseHexInput('#FF0000')).toBe('#ff0000');
    expect(parseHexInput('ff0000')).toBe('#ff0000');
    expect(parseHexInput('abc')).toBe('#abc');
    expect(parseHexInput('#11223344')).toBe('#11223344');
  });

  it.each(['', '#', 'ggg', '#12345', 'red', '#1234567', 'rgb(0,0,0)'])('rejects %j', (text) => {
    expect(parseHexInput(text)).toBeUndefined();
  });
});

describe('numeric colour inputs', () => {
  it('clamps alpha to 0..1 and takes percent in the hex-only picker', () => {
    expect(clampAlpha(1.5)).toBe(1);
    expect(clampAlpha(-0.2)).toBe(0);
    expect(clampAlpha(0.4)).toBe(0.4);
    expect(alphaFromPercent(50)).toBe(0.5);
    expect(alphaFromPercent(150)).toBe(1);
    expect(alphaFromPercent(-5)).toBe(0);
  });

  it('clamps red, green and blue to 0..255', () => {
    expect(clampChannel(300)).toBe(255);
    expect(clampChannel(-1)).toBe(0);
    expect(clampChannel(127.6)).toBe(128);
    expect(clampChannel(Number.NaN)).toBe(0);
  });
});

describe(customColorEditError.name, () => {
  it('allows edits of colours 0..7 in the custom scheme only', () => {
    expect(customColorEditError('custom', 0)).toBeUndefined();
    expect(customColorEditError('custom', 7)).toBeUndefined();
    expect(customColorEditError('custom', 8)).toMatch(/out of range/);
    expect(customColorEditError('custom', -1)).toMatch(/out of range/);
    expect(customColorEditError('custom', 1.5)).toMatch(/out of range/);
    expect(customColorEditError('default', 0)).toMatch(/custom scheme/);
    expect(customColorEditError('achromatic', 3)).toMatch(/custom scheme/);
  });
});

describe('sequentialColors', () => {
  it('runs along viridis from its darkest to its lightest stop, every colour its own', () => {
    const colors = sequentialColors(20);
    expect(colors).toHaveLength(20);
    expect(colors[0]).toBe('#440154');
    expect(colors.at(-1)).toBe('#fde725');
    expect(new Set(colors).size).toBe(20);
    expect(sequentialColors(1)).toEqual(['#440154']);
  });
});
