import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, niceStep, thinLabels, valueTicks } from './format.ts';

describe(formatNumber.name, () => {
  it('uses US thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });

  it('writes every number as Intl.NumberFormat en-US does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [
      -0,
      -0.0004,
      0.0005,
      0.0625,
      1.0005,
      999.9996,
      -1234.5,
      1e20,
      1e21,
      2 ** 53,
      NaN,
      -Infinity,
    ])
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer(),
          fc.double({ min: -1e7, max: 1e7 }).map((d) => Math.round(d * 1e4) / 1e4),
        ),
        (value) => formatNumber(value) === intl.format(value),
      ),
      { numRuns: 20_000 },
    );
  });
});

describe(valueTicks.name, () => {
  it('uses the fixed step when it fits', () => {
    expect(valueTicks(23000, 5000)).toEqual([0, 5000, 10000, 15000, 20000, 25000]);
  });

  it('widens a step that would crowd the axis', () => {
    const ticks = valueTicks(240000, 5000);
    expect(ticks.length).toBeLessThanOrEqual(11);
    expect(ticks[1]).toBe(25000);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(240000);
  });

  it('falls back to automatic steps for small data', () => {
    expect(valueTicks(300, 5000)).toEqual([0, 100, 200, 300]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(0, 500)).toEqual([0, 1]);
  });

  it('widens an automatic step to at most maxTicks steps', () => {
    expect(valueTicks(7, undefined, 2)).toEqual([0, 5, 10]);
    expect(valueTicks(300, undefined, 1)).toEqual([0, 500]);
  });

  it('gives nice steps', () => {
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(13)).toBe(20);
    expect(niceStep(48000)).toBe(50000);
  });
});

describe(thinLabels.name, () => {
  it('keeps every n-th label so that they fit', () => {
    const years = Array.from({ length: 50 }, (_, i) => String(1976 + i));
    const shown = thinLabels(years, 500, 40);
    expect(shown.length).toBeLessThanOrEqual(12);
    expect(shown[0]).toBe('1976');
    expect(thinLabels(['a', 'b'], 500, 40)).toEqual(['a', 'b']);
  });
});
