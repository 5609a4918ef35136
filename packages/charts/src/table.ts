import { windowGrowthData, type YearWindow } from './growth-views.ts';
import type { SearchResponse } from '@pdb-stats/search-model';
import { countTitle } from './axes.ts';
import { binLabel, generateBins, round2 } from './bins.ts';
import {
  barShares,
  splitsBars,
  percentOf,
  cohortColumn,
  comparedChartData,
  distributionInMeasure,
  growthInMeasure,
  tableValue,
  viewValues,
  type CohortAnswer,
  type ComparedData,
} from './cohorts.ts';
import type { ChartView, DataView, TrendView } from './keys.ts';
import type { Measure } from './scope.ts';
import type { ResolvedChart } from './registry.ts';
import { dateBinLabel, dateRangeBins } from './requests.ts';
import { toDistributionData, toGrowthData, type DistributionData, type GrowthData } from './transform.ts';
import { toTrendData, trendBins, trendView, type TrendData } from './trend.ts';
import type {
  ChartDefinition,
  DistributionChartDefinition,
  DistributionQuery,
  GrowthChartDefinition,
  TrendChartDefinition,
  TrendQuery,
} from './types.ts';

/**
 * A chart's data table: one row per bar, as the dashboard's table, its CSV and JSON downloads and the
 * chart data API give it. One implementation for all of them, so that they cannot disagree.
 */

/** A cell: text, or a number written plainly (no thousands separators). */
export type Cell = string | number;

/** The chart's data as one table. */
export interface ChartTable {
  columns: string[];
  rows: Cell[][];
}

/** Column names of a bin's bounds; the upper bound is not in the bin. */
export const FROM_COLUMN = 'From';
export const TO_COLUMN = 'To (exclusive)';

/** What a growth chart's table is made of: its data as drawn. */
export interface GrowthTableSource {
  growth: GrowthData;
  view: DataView;
  /** Labels of hidden series (only series of this chart). */
  hidden: readonly string[];
  /** Name of the single series of a one-series chart in this view. */
  singleSeriesLabel?: string;
  yAxisTitle: string;
}

/** What a distribution chart's table is made of: its data as drawn and its query's bins. */
export interface DistributionTableSource {
  distribution: DistributionData;
  query: DistributionQuery;
  xAxisTitle: string;
  yAxisTitle: string;
  /** Labels of hidden segments (only segments of this chart). */
  hidden: readonly string[];
  /** The segments in percent of their bar (see `barShares`), not counts. */
  shares?: true;
}

/** What a trend chart's table is made of: its data, its query's bins and the view shown. */
export interface TrendTableSource {
  trend: TrendData;
  query: TrendQuery;
  view: TrendView;
  /** Labels of hidden bins (only bins of this chart). */
  hidden: readonly string[];
  /** Title of the attribute's values ('Resolution (Å)'). */
  valueTitle: string;
  /** Title of what is counted ('Number of Entries'). */
  countTitle: string;
}

/** How a chart is shown: its view and hidden series (the page's URL parameters). */
export interface TableLook {
  view: ChartView;
  hidden: Iterable<string>;
  /** Growth charts: the years shown (all when absent). */
  window?: YearWindow;
  /** Percent: a chart with split bars shows its segments in percent of their bar (`inBarShares`). */
  measure?: Measure;
}

/** The data view of a growth chart asked for by a view of any kind: the annual one or the cumulative one. */
export function dataView(view: ChartView): DataView {
  return view === 'annual' ? 'annual' : 'cumulative';
}

/** A growth chart's data drawn from the service's answer (null: a 204, no data). */
export function growthChartData(
  response: SearchResponse | null,
  chart: ResolvedChart<GrowthChartDefinition>,
): GrowthData {
  return toGrowthData(response, chart.query);
}

/** A distribution chart's bars drawn from the service's answer: the first 25 when the chart truncates. */
export function distributionChartData(
  response: SearchResponse | null,
  chart: ResolvedChart<DistributionChartDefinition>,
): DistributionData {
  return toDistributionData(response, chart.query, { truncate: chart.definition.truncateViewData });
}

/** The table's source of a growth chart as shown: the view's series name, only this chart's hidden series. */
export function growthTableSource(
  chart: ResolvedChart<GrowthChartDefinition>,
  growth: GrowthData,
  look: TableLook,
): GrowthTableSource {
  const { options } = chart.definition;
  const hidden = new Set(look.hidden);
  const view = dataView(look.view);
  const label = options.seriesLabels?.[view];
  return {
    growth,
    view,
    // Only series of this chart: the URL may name others.
    hidden: growth.series.map((s) => s.label).filter((l) => hidden.has(l)),
    ...(label && { singleSeriesLabel: label }),
    yAxisTitle: options.yAxisTitle,
  };
}

/** The table's source of a distribution chart. */
export function distributionTableSource(
  chart: ResolvedChart<DistributionChartDefinition>,
  distribution: DistributionData,
  look?: Pick<TableLook, 'hidden' | 'measure'>,
): DistributionTableSource {
  const { options } = chart.definition;
  const hidden = new Set(look?.hidden ?? []);
  return {
    distribution,
    query: chart.query,
    xAxisTitle: options.xAxisTitle,
    yAxisTitle: options.yAxisTitle,
    // Only segments of this chart: the URL may name others.
    hidden: (distribution.segments ?? []).map((s) => s.label).filter((l) => hidden.has(l)),
    ...(look?.measure === 'percent' && splitsBars(chart.query) && { shares: true as const }),
  };
}

/** Visible segments of a distribution chart with their index in the full list (which fixes their colour). */
export function visibleSegments(source: Pick<DistributionTableSource, 'distribution' | 'hidden'>) {
  const hidden = new Set(source.hidden);
  return (source.distribution.segments ?? [])
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => !hidden.has(s.label));
}

/**
 * The column of a segment of a distribution's bars: the second attribute's name and the value
 * (`Method: X-RAY DIFFRACTION`, `Entities: 2`), so that a number reads as the value it is.
 */
export function segmentColumn(query: DistributionQuery, label: string, shares = false): string {
  const name = query.second ? `${query.second.name}: ${label}` : label;
  return shares ? `${name} (%)` : name;
}

/** A trend chart's data drawn from the service's answer. */
export function trendChartData(
  response: SearchResponse | null,
  chart: ResolvedChart<TrendChartDefinition>,
): TrendData {
  return toTrendData(response, chart.query);
}

/** The table's source of a trend chart as shown: its view, only this chart's hidden bins. */
export function trendTableSource(
  chart: ResolvedChart<TrendChartDefinition>,
  trend: TrendData,
  look: TableLook,
): TrendTableSource {
  const { options } = chart.definition;
  const hidden = new Set(look.hidden);
  return {
    trend,
    query: chart.query,
    view: trendView(look.view),
    hidden: trend.shares.series.map((s) => s.label).filter((l) => hidden.has(l)),
    valueTitle: options.yAxisTitle,
    countTitle: countTitle(options),
  };
}

/** Visible series of a growth chart with their index in the full list (which fixes their colour). */
export function visibleSeries(source: Pick<GrowthTableSource, 'growth' | 'hidden'>) {
  const hidden = new Set(source.hidden);
  return source.growth.series.map((s, index) => ({ s, index })).filter(({ s }) => !hidden.has(s.label));
}

/** The name of a one-series growth chart's series in its view. */
export function singleSeriesName(
  source: Pick<GrowthTableSource, 'singleSeriesLabel' | 'yAxisTitle'>,
): string {
  return source.singleSeriesLabel ?? source.yAxisTitle;
}

/**
 * Bounds of each bar of a range or date-range chart, in bar order, or undefined when the chart has
 * none or the bars are not the bins of its query (then no bounds are written rather than wrong ones).
 */
function barBounds(labels: readonly string[], query: DistributionQuery): [Cell, Cell][] | undefined {
  const first = query.first;
  let bins: { from?: Cell; to?: Cell; label: string }[];
  if (first.kind === 'range') {
    bins = generateBins(first.bins).map((bin) => ({ ...bin, label: binLabel(bin, first) }));
  } else if (first.kind === 'date_range') {
    // The number of bins depends on the year the chart was drawn; a year in the last bin gives them.
    const year = first.firstYear + Math.max(0, labels.length - 2) * first.years;
    bins = dateRangeBins(first, year).map((bin) => ({ ...bin, label: dateBinLabel(bin) }));
  } else {
    return undefined;
  }
  if (bins.length !== labels.length || bins.some((bin, i) => bin.label !== labels[i])) return undefined;
  return bins.map((bin) => [bin.from ?? '', bin.to ?? '']);
}

/** A growth chart as a table: `Year` and one column per visible series, with the values of the view shown. */
export function growthRows(source: GrowthTableSource): ChartTable {
  const { growth, view } = source;
  const shown = visibleSeries(source);
  const multi = growth.series.length > 1;
  return {
    columns: ['Year', ...shown.map(({ s }) => (multi ? s.label : singleSeriesName(source)))],
    rows: growth.years.map((year, i) => [year, ...shown.map(({ s }) => s[view][i] ?? 0)]),
  };
}

/**
 * A distribution chart as a table, one row per bar: the category, the bin bounds for range charts
 * (ISO dates for date ranges), and the count; with segments, then one column per visible segment
 * (a row per bar, as every chart's table, the bar's count beside its parts).
 */
export function distributionRows(source: DistributionTableSource): ChartTable {
  const { bars } = source.distribution;
  const bounds = barBounds(
    bars.map((bar) => bar.label),
    source.query,
  );
  const segments = visibleSegments(source);
  // In shares, each segment's percent of its bar, to two decimals; the bar's count stays beside them.
  const shares = source.shares && barShares(source.distribution, source.hidden).segments;
  return {
    columns: [
      source.xAxisTitle,
      ...(bounds ? [FROM_COLUMN, TO_COLUMN] : []),
      source.yAxisTitle,
      ...segments.map(({ s }) => segmentColumn(source.query, s.label, source.shares)),
    ],
    rows: bars.map((bar, i) => [
      bar.label,
      ...(bounds?.[i] ?? []),
      bar.value,
      ...segments.map(({ s, index }) =>
        shares ? round2(shares[index]?.values[i] ?? 0) : (s.values[i] ?? 0),
      ),
    ]),
  };
}

/** Column of a segment's share of its year, among the bins shown. */
export const SHARE_COLUMN = 'Share (%)';

/**
 * A trend chart as a table. Quartiles: one row per year with values (the year, how many values, the
 * first quartile, the median and the third quartile). Shares: one row per segment, year by year and
 * bin by bin (the bin, its bounds, its count and its share of the year among the bins shown).
 */
export function trendRows(source: TrendTableSource): ChartTable {
  const { trend, valueTitle, countTitle } = source;
  if (source.view === 'quartiles')
    return {
      columns: ['Year', countTitle, 'First quartile', 'Median', 'Third quartile'],
      rows: trend.quartiles.map((q) => [q.year, q.count, q.q1, q.median, q.q3]),
    };
  const hidden = new Set(source.hidden);
  const bins = trendBins(source.query.second);
  const shown = trend.shares.series
    .map((s, index) => ({ s, bin: bins[index]!.bin }))
    .filter(({ s }) => !hidden.has(s.label));
  return {
    columns: ['Year', valueTitle, FROM_COLUMN, TO_COLUMN, countTitle, SHARE_COLUMN],
    rows: trend.years.flatMap((year, i) => {
      const total = shown.reduce((sum, { s }) => sum + (s.annual[i] ?? 0), 0);
      return shown.map(({ s, bin }) => {
        const value = s.annual[i] ?? 0;
        return [year, s.label, bin.from ?? '', bin.to ?? '', value, round2(percentOf(value, total))];
      });
    }),
  };
}

/** A chart's table and the names of the series it shows. */
export interface ChartTableOf extends ChartTable {
  /** The series shown: the visible series of a stacked growth chart, else the chart's one series. */
  series: string[];
  /** The chart's series that were asked to be hidden (other names are ignored, as on the page). */
  hidden: string[];
}

/**
 * The data table of a chart (variant resolved) from the service's answer to its facet request, in a
 * data view with some series hidden: what the dashboard's table and downloads show.
 */
export function chartTable(
  chart: ResolvedChart<ChartDefinition>,
  response: SearchResponse | null,
  look: TableLook,
): ChartTableOf {
  if (chart.kind === 'growth') {
    const growth = windowGrowthData(growthChartData(response, chart), look.window ?? {});
    const source = growthTableSource(chart, growth, look);
    const series =
      source.growth.series.length > 1
        ? visibleSeries(source).map(({ s }) => s.label)
        : [singleSeriesName(source)];
    return { ...growthRows(source), series, hidden: [...source.hidden] };
  }
  if (chart.kind === 'trend') {
    const source = trendTableSource(chart, trendChartData(response, chart), look);
    const series =
      source.view === 'quartiles'
        ? ['First quartile', 'Median', 'Third quartile']
        : source.trend.shares.series.map((s) => s.label).filter((l) => !source.hidden.includes(l));
    return { ...trendRows(source), series, hidden: [...source.hidden] };
  }
  const source = distributionTableSource(chart, distributionChartData(response, chart), look);
  const segments = visibleSegments(source).map(({ s }) => s.label);
  return {
    ...distributionRows(source),
    series: source.distribution.segments ? segments : [source.yAxisTitle],
    hidden: [...source.hidden],
  };
}

/** How a compared chart is shown: its data view, hidden cohorts and measure. */
export interface ComparedLook extends TableLook {
  measure: Measure;
}

/**
 * The table of a chart compared across cohorts: the category (and bin bounds) or year, then one
 * column per cohort named with its label, in the measure shown (percents to two decimals).
 */
export function comparedRows(
  chart: ResolvedChart<ChartDefinition>,
  data: ComparedData,
  look: ComparedLook,
): ChartTableOf {
  const { measure } = look;
  const hidden = new Set(look.hidden);
  if (data.kind === 'growth') {
    const growth = growthInMeasure(data.growth, measure);
    const shown = growth.series.filter((s) => !hidden.has(s.label));
    return {
      columns: ['Year', ...shown.map((s) => cohortColumn(s.label, measure))],
      rows: growth.years.map((year, i) => [
        year,
        ...shown.map((s) => tableValue(viewValues(s, dataView(look.view))[i] ?? 0, measure)),
      ]),
      series: shown.map((s) => s.label),
      hidden: growth.series.map((s) => s.label).filter((label) => hidden.has(label)),
    };
  }
  const distribution = distributionInMeasure(data.distribution, measure);
  const { categories } = distribution;
  const cohorts = distribution.cohorts.filter((c) => !hidden.has(c.label));
  const query = chart.query as DistributionQuery;
  const bounds = barBounds(categories, query);
  const { xAxisTitle } = chart.definition.options;
  return {
    columns: [
      xAxisTitle,
      ...(bounds ? [FROM_COLUMN, TO_COLUMN] : []),
      ...cohorts.map((c) => cohortColumn(c.label, measure)),
    ],
    rows: categories.map((category, i) => [
      category,
      ...(bounds?.[i] ?? []),
      ...cohorts.map((c) => tableValue(c.values[i] ?? 0, measure)),
    ]),
    series: cohorts.map((c) => c.label),
    hidden: distribution.cohorts.map((c) => c.label).filter((label) => hidden.has(label)),
  };
}

/**
 * The data table of a chart compared across cohorts, from each cohort's answer to its facet request:
 * what the dashboard's table and downloads show, and the chart data API answers.
 */
export function comparedTable(
  chart: ResolvedChart<ChartDefinition>,
  answers: readonly CohortAnswer[],
  look: ComparedLook,
  now?: Date,
): ChartTableOf {
  return comparedRows(chart, comparedChartData(chart, answers, now), look);
}
