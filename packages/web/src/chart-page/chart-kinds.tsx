import {
  KIND_VIEWS,
  type ChartKind,
  type ChartView,
  type YearWindow,
  windowGrowthData,
} from '@pdb-stats/charts';
import type { ComponentType, ReactNode } from 'react';
import { partialYear, type PartialYear } from '../charts/partial-year.ts';
import type { ExportTable, LegendEntry } from '../export/types.ts';
import { DISTRIBUTION_VIEW } from './distribution-kind.tsx';
import { GROWTH_VIEW } from './growth-kind.tsx';
import type {
  AnyShownChart,
  ChartKindView,
  ChartLook,
  KindChartProps,
  KindTableProps,
  ShownChart,
} from './shown-chart.ts';
import { TREND_VIEW } from './trend-kind.tsx';

/** The views of a kind of chart: what its switch offers (none for one way of showing). */
export function kindViews(kind: ChartKind): readonly ChartView[] {
  return KIND_VIEWS[kind];
}

/** The table of chart kinds: adding a kind of chart is one entry here (and its tests). */
const CHART_KIND_VIEWS: { [K in ChartKind]: ChartKindView<K> } = {
  growth: GROWTH_VIEW,
  distribution: DISTRIBUTION_VIEW,
  trend: TREND_VIEW,
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
 * The subtitle under a chart's title (the page's and the downloads'): what is counted, by what, over
 * which span or share; `dataDate`: what the data are as of; `shares`: split bars drawn in percent of
 * each bar.
 */
export function subtitleOf(
  shown: AnyShownChart,
  view: ChartView,
  dataDate: string | undefined,
  shares = false,
): string {
  // Only the annual view of a growth chart has a year's bar that is not over.
  const years =
    view === 'annual' && shown.chart.kind === 'growth' && 'series' in shown.data ? shown.data.years : [];
  return viewOf(shown).subtitle(shown, view, partialYear(dataDate, years), shares);
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
