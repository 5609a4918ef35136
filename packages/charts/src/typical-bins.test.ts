import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { generateBins } from './bins.ts';
import { binsBetween, typicalBins, type BinnedAttribute } from './typical-bins.ts';

/**
 * A service over a list of values: it answers the histogram request as the Search API does (the
 * values in the query's range, counted in bins of the facet's interval from 0), so that the bins
 * are checked against values whose percentiles are known.
 */
function serviceOver(values: readonly number[]) {
  const sent: SearchRequest[] = [];
  const send = async (request: SearchRequest): Promise<SearchResponse> => {
    sent.push(request);
    const { from, to } = (request.query as { parameters: { value: { from: number; to: number } } }).parameters
      .value;
    const facet = request.request_options!.facets![0] as { interval: number };
    const counts = new Map<number, number>();
    for (const value of values)
      if (value >= from && value < to) {
        const lower = Math.floor(value / facet.interval) * facet.interval;
        counts.set(lower, (counts.get(lower) ?? 0) + 1);
      }
    return {
      query_id: 'q',
      result_type: 'entry',
      total_count: values.length,
      facets: [
        {
          name: 'values',
          buckets: [...counts].map(([lower, population]) => ({ label: String(lower), population })),
        },
      ],
    } as SearchResponse;
  };
  return { send, sent };
}

const RESOLUTION: BinnedAttribute = {
  path: 'rcsb_entry_info.resolution_combined',
  level: 'entry',
  type: 'number',
};

/** Every bin's count over `values`, open bins included. */
function counts(values: readonly number[], bins: ReturnType<typeof generateBins>) {
  return bins.map(
    (bin) =>
      values.filter((v) => (bin.from === undefined || v >= bin.from) && (bin.to === undefined || v < bin.to))
        .length,
  );
}

describe(typicalBins.name, () => {
  // 1,000 resolutions from 1.00 to 3.50 Å evenly, and a few outliers up to 30 Å.
  const values = [...Array.from({ length: 1000 }, (_, i) => 1 + (2.5 * i) / 999), 0.6, 8, 12, 20, 30];
  const bounds = { min: 0.6, max: 30 };

  it('draws closed bins over the middle values, none outside them, and every open bin holds values', async () => {
    const { send } = serviceOver(values);
    const bins = (await typicalBins(RESOLUTION, bounds, send))!;
    expect(bins).toEqual({ start: 1, step: 0.2, end: 3.6 });
    const drawn = counts(values, generateBins(bins));
    expect(drawn[0]).toBeGreaterThan(0);
    expect(drawn.at(-1)).toBeGreaterThan(0);
    // Most bars are filled: the outliers took no bins of their own.
    expect(drawn.filter((count) => count > 0).length).toBeGreaterThanOrEqual(drawn.length - 1);
  });

  it('asks a second histogram over the middle values when outliers made the first too coarse', async () => {
    const wide = [...values, 100_000];
    const { send, sent } = serviceOver(wide);
    const bins = (await typicalBins(RESOLUTION, { min: 0.6, max: 100_000 }, send))!;
    expect(sent).toHaveLength(2);
    expect(bins).toEqual({ start: 1, step: 0.2, end: 3.6 });
  });

  it('gives nothing to fall back from without a range', async () => {
    const { send, sent } = serviceOver(values);
    expect(await typicalBins(RESOLUTION, undefined, send)).toBeUndefined();
    expect(await typicalBins(RESOLUTION, { min: 2, max: 2 }, send)).toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});

describe(binsBetween.name, () => {
  it('keeps the first bound above the least value and the last at most at the greatest', () => {
    expect(binsBetween(1, 3.5, { min: 1, max: 3.5 }, false)).toEqual({ start: 1.2, step: 0.2, end: 3.4 });
  });

  it('gives a count whole-number bins', () => {
    expect(binsBetween(1, 6, { min: 1, max: 40 }, true)).toEqual({ start: 2, step: 1, end: 6 });
  });
});
