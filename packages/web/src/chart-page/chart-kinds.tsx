import {
  axisTitles,
  barShares,
  countTitle,
  countedNoun,
  eventsInYears,
  windowGrowthData,
  distributionChartData,
  distributionRows,
  distributionTableSource,
  segmentColumn,
  growthChartData,
  growthRows,
  growthTableSource,
  KIND_VIEWS,
  stepText,
  trendChartData,
  trendRows,
  trendTableSource,
  trendView,
  type ChartKind,
  type ChartOfKind,
  type ChartView,
  type DataView,
  type DistributionData,
  type GrowthData,
  type ResolvedChart,
  type TrendData,
  type YearWindow,
  otherBarOf,
  answeredTitle,
} from '@pdb-stats/charts';
import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import type { ComponentType, ReactNode, Ref } from 'react';
import { BandChart } from '../charts/band-chart.tsx';
import { DistributionTable, GrowthTable, QuartilesTable } from '../charts/data-table.tsx';
import { DistributionChart, type DistributionSeries } from '../charts/distribution-chart.tsx';
import { formatNumber, formatPercent } from '../charts/format.ts';
import { GrowthChart } from '../charts/growth-chart.tsx';
import { partialYear, type PartialYear } from '../charts/partial-year.ts';
import type { BarSelection } from '../charts/types.ts';
import {
  distributionLegend,
  growthLegend,
  trendLegend,
  type DistributionExportSource,
  type ExportTable,
  type GrowthExportSource,
} from '../export/table.ts';
import type { LegendEntry } from '../export/types.ts';
import type { ChartScale } from '../settings/settings-state.ts';
import { seriesColor, sequentialColors } from '../settings/colors.ts';
import { useChartProvenance } from './data-as-of.tsx';

/** What each kind of chart draws from its answer. */
export interface KindData {
  growth: GrowthData;
  distribution: DistributionData;
  trend: TrendData;
}

/** A chart of kind K on screen: the chart (variant resolved), the request sent, its answer and the data drawn. */
export interface ShownChart<K extends ChartKind> {
  chart: ResolvedChart<ChartOfKind<K>>;
  request: SearchRequest;
  response: SearchResponse | null;
  data: KindData[K];
  /** Milliseconds since the epoch when the answer arrived. */
  respondedAt: number;
}

/** A chart on screen of any kind, told apart by `chart.kind`. */
export type AnyShownChart = { [K in ChartKind]: ShownChart<K> }[ChartKind];

/** How the page shows a chart: its state in the URL and the visitor's settings. */
export interface ChartLook {
  /** The view of a growth or trend chart (a distribution chart has none and ignores it). */
  view: ChartView;
  hidden: ReadonlySet<string>;
  colors: readonly string[];
  scale: ChartScale;
  patterns: boolean;
  /** Growth charts: lines instead of stacked bars. */
  line: boolean;
  /** Growth charts: the archive's events marked on the years drawn. */
  events: boolean;
  /** A chart with split bars shows each segment in percent of its bar (`inBarShares`). */
  shares: boolean;
}

export interface KindChartProps<K extends ChartKind> {
  shown: ShownChart<K>;
  look: ChartLook;
  onSelect: (selection: BarSelection) => void;
  /** Height of the drawing; the page's default when absent. */
  height?: number;
  svgRef?: Ref<SVGSVGElement>;
}

export interface KindTableProps<K extends ChartKind> {
  shown: ShownChart<K>;
  view: ChartView;
  hidden: ReadonlySet<string>;
  /** See `ChartLook.shares`. */
  shares: boolean;
  onSelect: (selection: BarSelection) => void;
  /** The address of the level below a bar's class, when it has one (a classification chart's bars). */
  drillHrefOf?: (label: string) => string | undefined;
}

/** Everything that differs between kinds of chart, in one place. */
export interface ChartKindView<K extends ChartKind> {
  /** The data drawn, from the service's answer (null: no data). */
  toData: (response: SearchResponse | null, chart: ResolvedChart<ChartOfKind<K>>) => KindData[K];
  Chart: ComponentType<KindChartProps<K>>;
  /** The numbers as a table, each value opening its search. */
  Table: ComponentType<KindTableProps<K>>;
  /** The downloads' table and legend of the chart as drawn. */
  exportRows: (shown: ShownChart<K>, look: ChartLook) => { table: ExportTable; legend: LegendEntry[] };
  /** The colours of the chart's series in a view: the visitor's palette, unless the series are ordered. */
  colors?: (data: KindData[K], view: ChartView, palette: readonly string[]) => readonly string[];
  /** Labels of the series that can be hidden in a view (none for one-series charts). */
  seriesLabels: (data: KindData[K], view: ChartView) => string[];
  /** A note under the chart, when the chart shows part of its answer. */
  note: (shown: ShownChart<K>) => ReactNode;
  /** The line under the title: what is counted, by what, over which span or share of the answer. */
  subtitle: (
    shown: ShownChart<K>,
    view: ChartView,
    partial: PartialYear | undefined,
    shares: boolean,
  ) => string;
}

/** The views of a kind of chart: what its switch offers (none for one way of showing). */
export function kindViews(kind: ChartKind): readonly ChartView[] {
  return KIND_VIEWS[kind];
}

/** A growth chart's data view from a view of any kind. */
const dataView = (view: ChartView): DataView => (view === 'annual' ? 'annual' : 'cumulative');

/** The year that is not over in the data of a growth chart on screen, if any. */
function usePartialYear(shown: ShownChart<'growth'>): PartialYear | undefined {
  const provenance = useChartProvenance(shown.respondedAt);
  return partialYear(provenance?.date, shown.data.years);
}

/** What a growth chart counts, split by what, over which years; the year not over, if shown. */
export function growthSubtitle(
  shown: ShownChart<'growth'>,
  chartView: ChartView,
  partial: PartialYear | undefined,
) {
  const view = dataView(chartView);
  const { options } = shown.chart.definition;
  const { years } = shown.data;
  const second = shown.chart.query.second;
  const split = shown.data.series.length > 1 && second ? ` by ${second.name}` : '';
  const counted = view === 'annual' ? 'released each year' : 'in total at the end of each year';
  const span = years.length > 1 ? `, ${years[0]}–${years.at(-1)}` : years.length ? `, ${years[0]}` : '';
  const part = partial ? ` (${partial.year} to ${partial.through})` : '';
  return `${options.yAxisTitle}${split} ${counted}${span}${part}`;
}

/**
 * What a distribution chart counts, by what, and which share of the groups it draws; `shares`: its
 * split bars are drawn in percent of each bar.
 */
export function distributionSubtitle(shown: ShownChart<'distribution'>, shares = false) {
  const { options } = shown.chart.definition;
  const { first } = shown.chart.query;
  const { bucketCount } = shown.data;
  // The "Other" bar is no group of its own: said after the top ones.
  const bars = shown.data.bars.filter((bar) => !bar.other);
  const other = bars.length < shown.data.bars.length ? ' and the others' : '';
  // The answer tells how many groups there are unless the request asked for the first ones only.
  const top =
    bucketCount > bars.length
      ? `, top ${bars.length} of ${formatNumber(bucketCount)}`
      : first.kind === 'terms' && first.maxIntervals !== undefined && bars.length >= first.maxIntervals
        ? `, top ${bars.length}${other}`
        : '';
  const percent = shares && shown.data.segments?.length ? ', percent of each bar' : '';
  return `${options.yAxisTitle} by ${options.xAxisTitle}${top}${segmentsText(shown)}${percent}`;
}

/** How a distribution's bars are split: by which attribute, and how many of its values are drawn. */
function segmentsText(shown: ShownChart<'distribution'>): string {
  const { second } = shown.chart.query;
  const { segments, segmentCount = 0 } = shown.data;
  if (!second || !segments) return '';
  if (segments.length === 0) return `, not split: none of the objects counted has a ${second.name}`;
  const drawn =
    segmentCount > segments.length
      ? ` (its ${segments.length} most frequent of ${formatNumber(segmentCount)} values; the others left out)`
      : '';
  return `, split by ${second.name}${drawn}`;
}

const singleSeriesLabel = (shown: ShownChart<'growth'>, view: ChartView) =>
  shown.chart.definition.options.seriesLabels?.[dataView(view)];

/** What a trend chart shows in its view, over which years, and the resolution of its quartiles. */
export function trendSubtitle(shown: ShownChart<'trend'>, view: ChartView) {
  const { options } = shown.chart.definition;
  const { years } = shown.data;
  const span = years.length > 1 ? `, ${years[0]}–${years.at(-1)}` : years.length ? `, ${years[0]}` : '';
  const value = options.yAxisTitle.replace(/ \(.*\)$/, '').toLowerCase();
  if (trendView(view) === 'shares')
    return `Share of ${countedNoun(options)} released each year in each ${value} bin${span}`;
  const step = stepText(shown.chart.query.second);
  return `Median and quartiles of the ${value} of ${countedNoun(options)} released each year${span}; quartiles interpolated in bins of ${step}`;
}

function growthSource(shown: ShownChart<'growth'>, look: ChartLook): GrowthExportSource {
  return { ...growthTableSource(shown.chart, shown.data, look), colors: look.colors };
}

function distributionSource(shown: ShownChart<'distribution'>, look: ChartLook): DistributionExportSource {
  const measure = look.shares ? 'percent' : 'count';
  return { ...distributionTableSource(shown.chart, shown.data, { ...look, measure }), colors: look.colors };
}

/** A distribution chart's series: its visible segments (their index fixes their colour), or its one series. */
function distributionSeries(
  shown: ShownChart<'distribution'>,
  hidden: ReadonlySet<string>,
  shares: boolean,
): DistributionSeries[] {
  const { segments, bars } = shown.data;
  if (segments?.length && shares)
    return (barShares(shown.data, hidden).segments ?? [])
      .map((s, index) => ({ label: s.label, values: s.values, index }))
      .filter((s) => !hidden.has(s.label));
  // Bars none of whose objects hold a value of the second attribute are drawn whole.
  if (segments?.length)
    return segments
      .map((s, index) => ({ label: s.label, values: s.values, index }))
      .filter((s) => !hidden.has(s.label));
  const { yAxisTitle } = shown.chart.definition.options;
  return [{ label: yAxisTitle, values: bars.map((bar) => bar.value), index: 0 }];
}

/** The table of chart kinds: adding a kind of chart is one entry here (and its tests). */
export const CHART_KIND_VIEWS: { [K in ChartKind]: ChartKindView<K> } = {
  growth: {
    toData: growthChartData,
    Chart: ({ shown, look, onSelect, height, svgRef }) => {
      const { options } = shown.chart.definition;
      const label = singleSeriesLabel(shown, look.view);
      const partial = usePartialYear(shown);
      return (
        <GrowthChart
          {...(partial && { partial })}
          data={shown.data}
          view={dataView(look.view)}
          colors={look.colors}
          hidden={look.hidden}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={options.yAxisTitle}
          onSelect={onSelect}
          animationKey={`${shown.chart.definition.key}-${look.view}-${shown.chart.variant ?? ''}-${look.line}`}
          scale={look.scale}
          patterns={look.patterns}
          line={look.line}
          events={look.events ? eventsInYears(shown.data.years) : []}
          {...(label && { singleSeriesLabel: label })}
          {...(height && { height })}
          {...(svgRef && { svgRef })}
        />
      );
    },
    Table: ({ shown, view, hidden, onSelect }) => (
      <GrowthTable
        data={shown.data}
        view={dataView(view)}
        hidden={hidden}
        seriesLabel={singleSeriesLabel(shown, view) ?? shown.chart.definition.options.yAxisTitle}
        caption={`${shown.chart.title} (${dataView(view)})`}
        onSelect={onSelect}
      />
    ),
    exportRows: (shown, look) => {
      const source = growthSource(shown, look);
      return { table: growthRows(source), legend: growthLegend(source) };
    },
    seriesLabels: (data) => data.series.map((s) => s.label),
    note: () => null,
    subtitle: growthSubtitle,
  },
  distribution: {
    toData: distributionChartData,
    Chart: ({ shown, look, onSelect, height, svgRef }) => {
      const { options } = shown.chart.definition;
      const categories = shown.data.bars.map((bar) => bar.label);
      const other = otherBarOf(categories, shown.chart.query);
      return (
        <DistributionChart
          categories={categories}
          series={distributionSeries(shown, look.hidden, look.shares)}
          {...(shown.data.segments?.length && { segments: shown.chart.explore?.stack ?? 'stacked' })}
          orientation={options.orientation}
          colors={look.colors}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={
            axisTitles(shown.chart.definition, undefined, look.shares ? 'percent' : 'count', true).y
          }
          {...(look.shares && { formatValue: formatPercent, top: 100 })}
          onSelect={onSelect}
          animationKey={`${shown.chart.definition.key}-${shown.chart.variant ?? ''}-${look.shares ? 'percent' : ''}`}
          scale={look.scale}
          patterns={look.patterns}
          {...(other && { other })}
          {...(options.yStep && { yStep: options.yStep })}
          {...(height && { height })}
          {...(svgRef && { svgRef })}
        />
      );
    },
    Table: ({ shown, hidden, shares, onSelect, drillHrefOf }) => (
      <DistributionTable
        data={shown.data}
        {...(drillHrefOf && { drillHrefOf })}
        hidden={hidden}
        shares={shares}
        segmentTitle={(label) => segmentColumn(shown.chart.query, label, shares)}
        categoryTitle={shown.chart.definition.options.xAxisTitle}
        valueTitle={shown.chart.definition.options.yAxisTitle}
        caption={answeredTitle(shown.chart, shown.response)}
        onSelect={onSelect}
      />
    ),
    exportRows: (shown, look) => {
      const source = distributionSource(shown, look);
      return { table: distributionRows(source), legend: distributionLegend(source) };
    },
    seriesLabels: (data) => data.segments?.map((s) => s.label) ?? [],
    note: ({ chart, data }) => {
      const other = otherBarOf(
        data.bars.map((bar) => bar.label),
        chart.query,
      );
      if (other) return <p className="ps-note ps-other-note">{`${other.label}: ${other.note}`}</p>;
      return (
        chart.definition.truncateViewData &&
        data.bucketCount > data.bars.length && (
          <p className="ps-note">
            Showing the {data.bars.length} largest of {formatNumber(data.bucketCount)} groups.
          </p>
        )
      );
    },
    subtitle: (shown, _view, _partial, shares) => distributionSubtitle(shown, shares),
  },
  trend: {
    toData: trendChartData,
    Chart: ({ shown, look, onSelect, height, svgRef }) => {
      const { options } = shown.chart.definition;
      const animationKey = `${shown.chart.definition.key}-${look.view}`;
      if (trendView(look.view) === 'quartiles')
        return (
          <BandChart
            data={shown.data}
            color={seriesColor(look.colors, 0)}
            xAxisTitle={options.xAxisTitle}
            yAxisTitle={options.yAxisTitle}
            countTitle={countTitle(options)}
            onSelect={onSelect}
            animationKey={animationKey}
            {...(height && { height })}
            {...(svgRef && { svgRef })}
          />
        );
      return (
        <GrowthChart
          share
          data={shown.data.shares}
          view="annual"
          colors={look.colors}
          hidden={look.hidden}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={axisTitles(shown.chart.definition, 'shares').y}
          onSelect={onSelect}
          animationKey={animationKey}
          patterns={look.patterns}
          {...(height && { height })}
          {...(svgRef && { svgRef })}
        />
      );
    },
    Table: ({ shown, view, hidden, onSelect }) => {
      const { options } = shown.chart.definition;
      if (trendView(view) === 'quartiles')
        return (
          <QuartilesTable
            data={shown.data}
            countTitle={countTitle(options)}
            caption={`${shown.chart.title}: median and quartiles of ${options.yAxisTitle}`}
            onSelect={onSelect}
          />
        );
      return (
        <GrowthTable
          data={shown.data.shares}
          view="annual"
          hidden={hidden}
          seriesLabel={options.yAxisTitle}
          caption={`${shown.chart.title}: ${countTitle(options)} per ${options.yAxisTitle} bin`}
          onSelect={onSelect}
        />
      );
    },
    exportRows: (shown, look) => {
      const source = trendTableSource(shown.chart, shown.data, look);
      return { table: trendRows(source), legend: trendLegend(source, look.colors) };
    },
    // The bins are ordered: their colours go along one ramp, lowest darkest.
    colors: (data, view, palette) =>
      trendView(view) === 'shares' ? sequentialColors(data.shares.series.length) : palette,
    seriesLabels: (data, view) =>
      trendView(view) === 'shares' ? data.shares.series.map((s) => s.label) : [],
    note: () => null,
    subtitle: trendSubtitle,
  },
};

/** The view of a chart's kind. */
export function kindView<K extends ChartKind>(kind: K): ChartKindView<K> {
  return CHART_KIND_VIEWS[kind];
}

/** Props of a chart of any kind, told apart by `shown.chart.kind`. */
type AnyKindProps<P extends { shown: unknown }> = Omit<P, 'shown'> & { shown: AnyShownChart };

/** A kind's view seen through a chart of any kind. */
interface OpenKindView {
  Chart: ComponentType<AnyKindProps<KindChartProps<ChartKind>>>;
  Table: ComponentType<AnyKindProps<KindTableProps<ChartKind>>>;
  exportRows: (shown: AnyShownChart, look: ChartLook) => { table: ExportTable; legend: LegendEntry[] };
  seriesLabels: (data: AnyShownChart['data'], view: ChartView) => string[];
  colors?: (data: AnyShownChart['data'], view: ChartView, palette: readonly string[]) => readonly string[];
  note: (shown: AnyShownChart) => ReactNode;
  subtitle: (
    shown: AnyShownChart,
    view: ChartView,
    partial: PartialYear | undefined,
    shares: boolean,
  ) => string;
}

/**
 * The view of a chart's own kind. TypeScript cannot follow that the entry picked by
 * `shown.chart.kind` takes that same chart, so the table's entry is widened here, once.
 */
function viewOf(shown: AnyShownChart): OpenKindView {
  return CHART_KIND_VIEWS[shown.chart.kind] as unknown as OpenKindView;
}

/**
 * A chart on screen cut to a window of years (growth charts; others are returned as they are): the
 * chart, its table and its downloads then show those years only.
 */
export function withYearWindow(shown: AnyShownChart, window: YearWindow): AnyShownChart {
  if (shown.chart.kind !== 'growth') return shown;
  const growth = shown as ShownChart<'growth'>;
  return { ...growth, data: windowGrowthData(growth.data, window) };
}

/** The colours of a chart on screen's series in a view, from the visitor's palette. */
export function colorsOf(shown: AnyShownChart, view: ChartView, palette: readonly string[]) {
  return viewOf(shown).colors?.(shown.data, view, palette) ?? palette;
}

/** Labels of the series of a chart on screen that can be hidden in a view. */
export function seriesLabelsOf(shown: AnyShownChart, view: ChartView): string[] {
  return viewOf(shown).seriesLabels(shown.data, view);
}

/** The downloads' table and legend of a chart on screen. */
export function exportRowsOf(shown: AnyShownChart, look: ChartLook) {
  return viewOf(shown).exportRows(shown, look);
}

/** The note under a chart on screen, if any. */
export function KindNote({ shown }: { shown: AnyShownChart }) {
  return viewOf(shown).note(shown);
}

/**
 * The subtitle under a chart's title: what is counted, by what, over which span or share; `shares`:
 * split bars drawn in percent of each bar.
 */
export function ChartSubtitle({
  shown,
  view,
  shares = false,
}: {
  shown: AnyShownChart;
  view: ChartView;
  shares?: boolean;
}) {
  const provenance = useChartProvenance(shown.respondedAt);
  // Only the annual view of a growth chart has a year's bar that is not over.
  const years =
    view === 'annual' && shown.chart.kind === 'growth' && 'series' in shown.data ? shown.data.years : [];
  const partial = partialYear(provenance?.date, years);
  return (
    <p className="ps-chart-subtitle" data-testid="chart-subtitle">
      {viewOf(shown).subtitle(shown, view, partial, shares)}
    </p>
  );
}

/** Draws a chart of any kind with its kind's component. */
export function KindChart(props: AnyKindProps<KindChartProps<ChartKind>>) {
  const { Chart } = viewOf(props.shown);
  return <Chart {...props} />;
}

/** The table of a chart of any kind. */
export function KindTable(props: AnyKindProps<KindTableProps<ChartKind>>) {
  const { Table } = viewOf(props.shown);
  return <Table {...props} />;
}
