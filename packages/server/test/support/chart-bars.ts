import type { FastifyInstance } from 'fastify';
import {
  CHART_LIST,
  DATA_VIEWS,
  chartFacetRequest,
  clickRequest,
  comparedChartData,
  comparedOtherRequests,
  comparedRequests,
  comparisonOf,
  isOtherLabel,
  otherDimension,
  otherRequestOf,
  withMemberChecks,
  withOtherBars,
  resolveChart,
  toDistributionData,
  toGrowthData,
  toTrendData,
  viewValues,
  type ChartClick,
  type ResolvedChart,
} from '@pdb-stats/charts';
import { type QueryNode, type SearchRequest, type SearchResponse } from '@pdb-stats/search-model';
import { search } from './archive-fixture.ts';

/** Every chart of the registry in each of its variants. */
export const ALL_CHARTS: readonly ResolvedChart[] = CHART_LIST.flatMap((definition) =>
  (definition.variants?.options.map((o) => o.value) ?? [undefined]).map((variant) =>
    resolveChart(definition, variant),
  ),
);

export const chartName = (chart: ResolvedChart): string =>
  chart.variant ? `${chart.definition.key} (${chart.variant})` : chart.definition.key;

interface Bar {
  click: ChartClick;
  value: number;
}

/**
 * The bars of a chart's answer: every data view, series and x for growth charts; for trend charts every
 * year's point (its count of values) and every segment of the shares (year and bin).
 */
function bars(chart: ResolvedChart, response: SearchResponse | null, now: Date): Bar[] {
  if (chart.kind === 'growth') {
    const { query } = chart;
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
  if (chart.kind === 'trend') {
    const data = toTrendData(response, chart.query);
    return [
      ...data.quartiles.map((q) => ({ click: { x: q.year, view: 'quartiles' as const }, value: q.count })),
      ...data.shares.series.flatMap((series) =>
        data.years.map((x, i) => ({
          click: { x, series: series.label, view: 'shares' as const },
          value: series.annual[i] ?? 0,
        })),
      ),
    ];
  }
  // Each bar, and each of its segments (a second attribute's value inside it) as its own search.
  const data = toDistributionData(response, chart.query, { now });
  return [
    ...data.bars.map((bar) => ({
      click: {
        x: bar.label,
        view: 'cumulative' as const,
        ...(bar.other && { shown: drawnBeside(data.bars) }),
      },
      value: bar.value,
    })),
    ...(data.segments ?? []).flatMap((segment) =>
      data.bars.map((bar, i) => ({
        click: { x: bar.label, series: segment.label, view: 'cumulative' as const },
        value: segment.values[i] ?? 0,
      })),
    ),
  ];
}

/** The values drawn beside an "Other" bar, as the page reads them from the bars: its search counts the objects with none. */
function drawnBeside(bars: readonly { label: string }[]): string[] {
  return bars.map((bar) => bar.label).filter((label) => !isOtherLabel(label));
}

const send = (app: FastifyInstance) => async (request: SearchRequest) =>
  (await search(app, request)) as SearchResponse | null;

/** Searches in flight at once: the engine answers one while the service plans the next. */
const SEARCHES_AT_ONCE = 4;

/** The total of each search, in order, a few at a time. */
async function totals(app: FastifyInstance, requests: readonly object[]): Promise<number[]> {
  const found: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      found[i] = (await search(app, requests[i]!))?.total_count ?? 0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEARCHES_AT_ONCE, requests.length) }, worker));
  return found;
}

/**
 * The product's promise: the number on a bar is exactly what the search behind it finds. Runs the
 * chart's facet request (over the scope, if any), builds each bar's click-through request as the
 * dashboard does (scope AND bar), runs it and returns the bars whose search disagrees, plus how many
 * bars there were and how many of them were not zero.
 */
export async function barsAgainstSearches(
  app: FastifyInstance,
  chart: ResolvedChart,
  now: Date,
  scope?: QueryNode,
): Promise<{ bars: number; nonZero: number; mismatches: string[] }> {
  // The chart's answer as the page and the chart data API complete it (a taxonomy group's organisms
  // kept by their groups, a top-N terms chart's "Other" bar).
  const [answered = null] = await withMemberChecks(
    chart.query,
    [(await search(app, chartFacetRequest(chart.query, { now, scope }))) as SearchResponse | null],
    send(app),
  );
  const [response = null] = await withOtherBars(
    [answered],
    [otherRequestOf(chart.definition, chart.query, answered, scope)],
    send(app),
  );
  const mismatches: string[] = [];
  const all = bars(chart, response, now);
  const found = await totals(
    app,
    all.map(({ click }) => clickRequest(chart.definition, click, chart.query, scope)),
  );
  all.forEach(({ click, value }, i) => {
    if (found[i] !== value) {
      mismatches.push(
        `${click.view} ${click.x}${click.series ? ` / ${click.series}` : ''}: bar ${value}, search ${found[i]}`,
      );
    }
  });
  return { bars: all.length, nonZero: all.filter((bar) => bar.value !== 0).length, mismatches };
}

/**
 * The same promise for cohorts compared: the chart is compared across `cohorts` as the dashboard
 * compares them (one facet request per cohort, aligned on shared bins, terms or years), and every
 * bar of every cohort, in every data view, must equal the count of "that cohort AND that bar".
 */
export async function comparedBarsAgainstSearches(
  app: FastifyInstance,
  chart: ResolvedChart,
  now: Date,
  cohorts: QueryNode[],
): Promise<{ bars: number; nonZero: number; mismatches: string[]; others: number }> {
  const comparison = comparisonOf(
    chart,
    { cohorts: cohorts.map((node) => ({ node })), measure: 'count' },
    () => undefined,
  );
  const answered = await withMemberChecks(
    comparison.query,
    await Promise.all(comparedRequests(comparison, { now }).map(send(app))),
    send(app),
  );
  const responses = await withOtherBars(
    answered,
    comparedOtherRequests(comparison, answered, now),
    send(app),
  );
  const data = comparedChartData(
    chart,
    responses.map((response, i) => ({ label: comparison.cohorts[i]!.label, response })),
    now,
  );
  const all: (Bar & { cohort: number })[] =
    data.kind === 'growth'
      ? DATA_VIEWS.flatMap((view) =>
          data.growth.series.flatMap((series, cohort) =>
            data.growth.years.map((x, i) => ({
              cohort,
              click: { x, view },
              value: viewValues(series, view)[i] ?? 0,
            })),
          ),
        )
      : data.distribution.cohorts.flatMap((values, cohort) =>
          data.distribution.categories.map((x, i) => ({
            cohort,
            click: {
              x,
              view: 'cumulative' as const,
              ...(otherDimension(chart.query) &&
                isOtherLabel(x) && {
                  shown: drawnBeside(data.distribution.categories.map((label) => ({ label }))),
                }),
            },
            value: values.values[i] ?? 0,
          })),
        );
  const mismatches: string[] = [];
  const found = await totals(
    app,
    all.map(({ cohort, click }) =>
      clickRequest(chart.definition, click, comparison.query, comparison.cohorts[cohort]!.scope),
    ),
  );
  all.forEach(({ cohort, click, value }, i) => {
    if (found[i] !== value)
      mismatches.push(`cohort ${cohort + 1}, ${click.view} ${click.x}: bar ${value}, search ${found[i]}`);
  });
  return {
    bars: all.length,
    nonZero: all.filter((bar) => bar.value !== 0).length,
    mismatches,
    // "Other" bars, one per cohort when the chart has one.
    others: all.filter((bar) => bar.click.shown).length,
  };
}
