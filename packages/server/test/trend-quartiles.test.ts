import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_LIST,
  chartFacetRequest,
  quantileDecimals,
  toTrendData,
  type TrendChartDefinition,
} from '@pdb-stats/charts';
import type { SearchResponse } from '@pdb-stats/search-model';
import { search, startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';

/**
 * The quartiles of a trend chart are read from a fine histogram per year, not from the values: they
 * must agree with the quartiles of the generated documents' values to within the histogram's step.
 */

let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(1500, 7);
});
afterAll(() => fixture?.close());

const TREND_CHARTS = CHART_LIST.filter((c): c is TrendChartDefinition => c.kind === 'trend');

/** The values of an attribute per release year, from the documents, each year's sorted ascending. */
function valuesByYear(attribute: string, dateAttribute: string): Map<string, number[]> {
  const years = new Map<string, number[]>();
  for (const entry of fixture.docs.entry as Record<string, unknown>[]) {
    const date = entry[dateAttribute];
    if (typeof date !== 'string') continue;
    const values = [entry[attribute]].flat().filter((v): v is number => typeof v === 'number');
    if (values.length === 0) continue;
    const year = date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), ...values]);
  }
  for (const values of years.values()) values.sort((a, b) => a - b);
  return years;
}

/** The value of rank ⌈p·n⌉ (nearest-rank quantile). */
const nearestRank = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

describe('trend charts: median and quartiles per year from the documents', () => {
  it('there are trend charts', () => expect(TREND_CHARTS.length).toBeGreaterThanOrEqual(4));

  it.each(TREND_CHARTS.map((c) => [c.key, c] as const))('%s', async (_key, chart) => {
    const { query } = chart;
    const response = (await search(fixture.app, chartFacetRequest(query))) as SearchResponse | null;
    const data = toTrendData(response, query);
    const expected = valuesByYear(query.second.attribute, query.first.attribute);
    expect(data.quartiles.map((q) => q.year)).toEqual([...expected.keys()].sort());
    // Within one step of the fine histogram, plus the rounding of the shown value.
    const tolerance = query.second.step + 0.5 * 10 ** -quantileDecimals(query.second.step) + 1e-9;
    for (const q of data.quartiles) {
      const values = expected.get(q.year)!;
      expect(q.count, `${q.year}: values`).toBe(values.length);
      for (const [p, estimate] of [
        [0.25, q.q1],
        [0.5, q.median],
        [0.75, q.q3],
      ] as const) {
        const exact = nearestRank(values, p);
        expect(Math.abs(estimate - exact), `${q.year} p=${p}: ${estimate} vs ${exact}`).toBeLessThanOrEqual(
          tolerance,
        );
      }
      expect(q.q1).toBeLessThanOrEqual(q.median);
      expect(q.median).toBeLessThanOrEqual(q.q3);
    }
    // The shares' bins count the same values as the quartiles, year by year.
    for (const [i, year] of data.years.entries()) {
      const binned = data.shares.series.reduce((sum, s) => sum + (s.annual[i] ?? 0), 0);
      expect(binned, `${year}: values in the bins`).toBe(expected.get(year)?.length ?? 0);
    }
  });
});
