import { describe, expect, it } from 'vitest';
import { parseRangeLabel } from './range-label.ts';
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
  const plain = (start: number, step: number, end: number, unit?: string) => ({
    bins: { start, step, end },
    labelStyle: 'plain' as const,
    ...(unit && { unit }),
  });

  it('writes every bound with the decimals of the set, an en dash between them, ≥ and the unit', () => {
    const resolution = plain(1, 0.2, 4.6, 'Å');
    expect(binLabel({ to: 1 }, resolution)).toBe('< 1.0 Å');
    expect(binLabel({ from: 1, to: 1.2 }, resolution)).toBe('1.0–1.2 Å');
    expect(binLabel({ from: 4.6 }, resolution)).toBe('≥ 4.6 Å');
    const rFree = plain(0.14, 0.01, 0.32);
    expect(binLabel({ from: 0.2, to: 0.21 }, rFree)).toBe('0.20–0.21');
    expect(binLabel({ from: 0.32 }, rFree)).toBe('≥ 0.32');
  });

  it('separates thousands, writes kilo bounds with k and dalton bins with Da', () => {
    expect(binLabel({ from: 1000, to: 2000 }, plain(1000, 1000, 19000))).toBe('1,000–2,000');
    const kilo = { bins: { start: 20, step: 20, end: 380 }, labelStyle: 'kilo' as const, unit: 'kDa' };
    expect(binLabel({ to: 20 }, kilo)).toBe('< 20k');
    expect(binLabel({ from: 20, to: 40 }, kilo)).toBe('20k–40k');
    expect(binLabel({ from: 380 }, kilo)).toBe('≥ 380k');
    const dalton = { bins: { start: 100, step: 100, end: 2000 }, labelStyle: 'dalton' as const };
    expect(binLabel({ to: 100 }, dalton)).toBe('< 100 Da');
    expect(binLabel({ from: 100, to: 200 }, dalton)).toBe('100–200 Da');
    expect(binLabel({ from: 2000 }, dalton)).toBe('≥ 2,000 Da');
  });

  it('says "to" between the bounds of a bin with a negative one, with minus signs', () => {
    const spec = plain(-1, 0.5, 1);
    const labels = generateBins(spec.bins).map((bin) => binLabel(bin, spec));
    expect(labels).toEqual(['< −1.0', '−1.0 to −0.5', '−0.5 to 0.0', '0.0–0.5', '0.5–1.0', '≥ 1.0']);
  });

  it('is read back to the same bounds by parseRangeLabel', () => {
    for (const spec of [plain(1, 0.2, 4.6, 'Å'), plain(-1, 0.5, 1, 'kDa'), plain(1000, 1000, 19000)])
      for (const bin of generateBins(spec.bins)) {
        const condition = parseRangeLabel(binLabel(bin, spec));
        const read =
          condition.operator === 'range'
            ? { from: condition.value.from, to: condition.value.to }
            : condition.operator === 'less'
              ? { to: condition.value }
              : { from: condition.value };
        expect(read).toEqual(bin);
      }
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
