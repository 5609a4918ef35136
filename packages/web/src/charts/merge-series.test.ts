import type { GrowthData } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import { isMergedSeries, mergeSmallSeries } from './merge-series.ts';

const series = (label: string, annual: number[]) => ({
  label,
  annual,
  cumulative: annual.map((_, i) => annual.slice(0, i + 1).reduce((a, b) => a + b, 0)),
});

describe(`${mergeSmallSeries.name}`, () => {
  const data: GrowthData = {
    years: ['2024', '2025'],
    series: [
      series('A', [5, 5]),
      series('Other', [1, 0]),
      series('B', [1, 1]),
      series('C', [9, 9]),
      series('D', [0, 1]),
    ],
  };

  it('keeps the largest series within the colours and draws the rest, "Other" with them, as one', () => {
    const merged = mergeSmallSeries(data, 2);
    expect(merged.series.map((s) => s.label)).toEqual(['A', 'C', 'Other (3 smaller values)']);
    const other = merged.series[2]!;
    expect(isMergedSeries(other) && other.merged).toEqual(['Other', 'B', 'D']);
    expect(other.annual).toEqual([2, 2]);
    expect(other.cumulative).toEqual([2, 4]);
    // Each year's stack is as high as before.
    const height = (d: GrowthData, i: number) => d.series.reduce((sum, s) => sum + s.annual[i]!, 0);
    expect(height(merged, 0)).toBe(height(data, 0));
    expect(height(merged, 1)).toBe(height(data, 1));
  });

  it('leaves data within the colours as they are', () => {
    expect(mergeSmallSeries(data, 4)).toBe(data);
  });
});
