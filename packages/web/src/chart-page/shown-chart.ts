import type {
  ChartKind,
  ChartOfKind,
  ChartView,
  DistributionData,
  GrowthData,
  ResolvedChart,
  TrendData,
} from '@pdb-stats/charts';
import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import type { ComponentType, ReactNode, Ref } from 'react';
import type { PartialYear } from '../charts/partial-year.ts';
import type { BarSelection } from '../charts/types.ts';
import type { ExportTable, LegendEntry } from '../export/types.ts';
import type { ChartScale } from '../settings/settings-state.ts';

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
