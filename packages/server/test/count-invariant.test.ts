import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_LIST,
  DATA_VIEWS,
  chartFacetRequest,
  clickRequest,
  resolveChart,
  toDistributionData,
  toGrowthData,
  type ChartClick,
  type ResolvedChart,
  type SearchResponse,
} from '@pdb-stats/search-model';
import { search, startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';

/**
 * The product's promise: the number on a bar is exactly what the search behind it finds. Walks every
 * chart, variant, data view, bar and series, builds the click-through request as the dashboard does,
 * runs it and compares its count (the group count for grouped searches) with the bar.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

interface Bar {
  click: ChartClick;
  value: number;
}

function bars(chart: ResolvedChart, response: SearchResponse | null): Bar[] {
  const { query } = chart;
  if (query.first.kind === 'year') {
    const data = toGrowthData(response, query);
    return DATA_VIEWS.flatMap((view) =>
      data.series.flatMap((series) =>
        data.years.map((x, i) => ({
          click: { x, view, ...(query.second?.kind === 'terms' && { series: series.label }) },
          value: (view === 'annual' ? series.annual : series.cumulative)[i] ?? 0,
        })),
      ),
    );
  }
  return toDistributionData(response, query, { now: NOW }).bars.map((bar) => ({
    click: { x: bar.label, view: 'cumulative' as const },
    value: bar.value,
  }));
}

const charts = CHART_LIST.flatMap((definition) =>
  (definition.variants?.options.map((o) => o.value) ?? [undefined]).map((variant) =>
    resolveChart(definition, variant),
  ),
);

describe('every bar equals the count of its search', () => {
  it.each(
    charts.map(
      (chart) =>
        [chart.variant ? `${chart.definition.key} (${chart.variant})` : chart.definition.key, chart] as const,
    ),
  )('%s', async (_name, chart) => {
    const response = (await search(
      fixture.app,
      chartFacetRequest(chart.query, { now: NOW }),
    )) as SearchResponse | null;
    const mismatches: string[] = [];
    const all = bars(chart, response);
    expect(all.length).toBeGreaterThan(0);
    for (const { click, value } of all) {
      const request = clickRequest(chart.definition, click, chart.query);
      const answer = await search(fixture.app, request);
      const grouped = request.request_options?.group_by !== undefined;
      const found = answer ? (grouped ? answer.total_count : answer.total_count) : 0;
      if (found !== value) {
        mismatches.push(
          `${click.view} ${click.x}${click.series ? ` / ${click.series}` : ''}: bar ${value}, search ${found}`,
        );
      }
    }
    expect(mismatches, `${chart.definition.key}: bars that disagree with their search`).toEqual([]);
  });
});
