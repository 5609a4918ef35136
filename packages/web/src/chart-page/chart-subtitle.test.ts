import { CHARTS, resolveChart, type ChartKind } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import { distributionSubtitle, growthSubtitle } from './chart-subtitles.ts';
import type { KindData, ShownChart } from './shown-chart.ts';

function shown<K extends ChartKind>(key: keyof typeof CHARTS, data: KindData[K]): ShownChart<K> {
  return {
    chart: resolveChart(CHARTS[key]),
    request: { query: { type: 'terminal', service: 'text' }, return_type: 'entry' },
    response: null,
    data,
    respondedAt: 0,
  } as unknown as ShownChart<K>;
}

const bars = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `g${i}`, value: n - i }));

describe(distributionSubtitle.name, () => {
  it('says "top 25 of N" when the answer tells how many groups there are', () => {
    const chart = shown<'distribution'>('source-organism', { bars: bars(25), bucketCount: 412 });
    expect(distributionSubtitle(chart)).toBe('Number of Entries by Source Organism, top 25 of 412');
  });

  it('says "top 25" when only the first 25 groups were asked for', () => {
    const chart = shown<'distribution'>('journal', { bars: bars(25), bucketCount: 25 });
    expect(distributionSubtitle(chart)).toBe('Number of Entries by Journal, top 25');
  });

  it('says "top N and the others" with an "Other" bar, which is not one of the N', () => {
    const chart = shown<'distribution'>('journal', {
      bars: [...bars(25), { label: 'Other (none of the 25 shown)', value: 40, other: true }],
      bucketCount: 25,
    });
    expect(distributionSubtitle(chart)).toBe('Number of Entries by Journal, top 25 and the others');
  });

  it('says nothing of a share when every group is drawn', () => {
    expect(distributionSubtitle(shown<'distribution'>('journal', { bars: bars(7), bucketCount: 7 }))).toBe(
      'Number of Entries by Journal',
    );
    expect(
      distributionSubtitle(shown<'distribution'>('resolution', { bars: bars(20), bucketCount: 20 })),
    ).toBe('Number of Entries by Resolution (Å)');
  });
});

describe(growthSubtitle.name, () => {
  const data = {
    years: ['1976', '2025', '2026'],
    series: [{ label: 'all', annual: [1, 2, 3], cumulative: [1, 3, 6] }],
  };

  it('names the view, the span and the year that is not over', () => {
    const chart = shown<'growth'>('overall-structures', data);
    expect(growthSubtitle(chart, 'annual', { year: '2026', through: '24 November' })).toBe(
      'Number of Released Structures released each year, 1976–2026 (2026 to 24 November)',
    );
    expect(growthSubtitle(chart, 'cumulative', undefined)).toBe(
      'Number of Released Structures in total at the end of each year, 1976–2026',
    );
  });
});
