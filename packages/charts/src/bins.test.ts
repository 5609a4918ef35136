import { describe, expect, it } from 'vitest';
import {
  binLabel,
  generateBins,
  parseServiceDateRangeLabel,
  parseServiceRangeLabel,
  round2,
  sameBin,
} from './bins.ts';

describe(generateBins.name, () => {
  it('gives an open first bin, steps rounded to 2 decimals and an open last bin', () => {
    const bins = generateBins({ start: 0.14, step: 0.01, end: 0.32 });
    expect(bins).toHaveLength(20);
    expect(bins[0]).toEqual({ to: 0.14 });
    expect(bins[1]).toEqual({ from: 0.14, to: 0.15 });
    expect(bins[18]).toEqual({ from: 0.31, to: 0.32 });
    expect(bins[19]).toEqual({ from: 0.32 });
    expect(JSON.stringify(bins)).not.toMatch(/0000000/);
  });

  it.each([
    [{ start: 1, step: 0.2, end: 4.6 }, 20],
    [{ start: 20, step: 20, end: 380 }, 20],
    [{ start: 5, step: 5, end: 75 }, 16],
    [{ start: 100, step: 100, end: 2000 }, 21],
    [{ start: 1000, step: 1000, end: 19000 }, 20],
    [{ start: 100, step: 100, end: 1900 }, 20],
  ])('%j has %i bins', (spec, count) => {
    expect(generateBins(spec)).toHaveLength(count);
  });

  it('writes 1.2 as 1.2 and 4.6 as 4.6', () => {
    const bins = generateBins({ start: 1, step: 0.2, end: 4.6 });
    expect(bins[1]).toEqual({ from: 1, to: 1.2 });
    expect(bins.at(-2)).toEqual({ from: 4.4, to: 4.6 });
    expect(round2(0.1 + 0.2)).toBe(0.3);
  });
});

describe(binLabel.name, () => {
  it('labels plain, kilo and dalton bins without a trailing .0', () => {
    expect(binLabel({ to: 1 }, 'plain')).toBe('< 1');
    expect(binLabel({ from: 1, to: 1.2 }, 'plain')).toBe('1-1.2');
    expect(binLabel({ from: 4.6 }, 'plain')).toBe('>= 4.6');
    expect(binLabel({ to: 20 }, 'kilo')).toBe('< 20k');
    expect(binLabel({ from: 20, to: 40 }, 'kilo')).toBe('20k-40k');
    expect(binLabel({ from: 380 }, 'kilo')).toBe('>= 380k');
    expect(binLabel({ to: 100 }, 'dalton')).toBe('< 100 Da');
    expect(binLabel({ from: 100, to: 200 }, 'dalton')).toBe('100-200 Da');
    expect(binLabel({ from: 2000 }, 'dalton')).toBe('>= 2000 Da');
    expect(binLabel({ from: 1000, to: 2000 }, 'plain')).toBe('1000-2000');
  });

  it('says "to" between the bounds of a bin with a negative one, and reads back to the same bounds', () => {
    const bins = generateBins({ start: -1, step: 0.5, end: 1 });
    const labels = bins.map((bin) => binLabel(bin, 'plain'));
    expect(labels).toEqual(['< -1', '-1 to -0.5', '-0.5 to 0', '0-0.5', '0.5-1', '>= 1']);
    expect(binLabel({ from: -40, to: -20 }, 'kilo')).toBe('-40k to -20k');
  });
});

describe(parseServiceRangeLabel.name, () => {
  it('parses open and closed labels of the service', () => {
    expect(parseServiceRangeLabel('*-1.0')).toEqual({ to: 1 });
    expect(parseServiceRangeLabel('1.0-1.2')).toEqual({ from: 1, to: 1.2 });
    expect(parseServiceRangeLabel('4.6-*')).toEqual({ from: 4.6 });
    expect(parseServiceRangeLabel('1000.0-2000.0')).toEqual({ from: 1000, to: 2000 });
    expect(parseServiceRangeLabel('0.15-0.16')).toEqual({ from: 0.15, to: 0.16 });
    expect(parseServiceRangeLabel('-2.0--1.5')).toEqual({ from: -2, to: -1.5 });
    expect(parseServiceRangeLabel('*--1.0')).toEqual({ to: -1 });
    expect(parseServiceRangeLabel('X-ray')).toBeUndefined();
  });

  it('matches parsed labels to requested bins numerically', () => {
    expect(sameBin({ from: 0.15000000000000002, to: 0.16 }, { from: 0.15, to: 0.16 })).toBe(true);
    expect(sameBin({ to: 1 }, { from: 0, to: 1 })).toBe(false);
  });
});

describe(parseServiceDateRangeLabel.name, () => {
  it('keeps the date part of each bound', () => {
    expect(parseServiceDateRangeLabel('*-2000-01-01T00:00:00.000Z')).toEqual({ to: '2000-01-01' });
    expect(parseServiceDateRangeLabel('2000-01-01T00:00:00.000Z-2005-01-01T00:00:00.000Z')).toEqual({
      from: '2000-01-01',
      to: '2005-01-01',
    });
    expect(parseServiceDateRangeLabel('2025-01-01T00:00:00.000Z-*')).toEqual({ from: '2025-01-01' });
    expect(parseServiceDateRangeLabel('1976-01-01-1977-01-01')).toEqual({
      from: '1976-01-01',
      to: '1977-01-01',
    });
    expect(parseServiceDateRangeLabel('2020')).toBeUndefined();
  });
});
