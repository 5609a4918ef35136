import type { SearchRequest } from '@pdb-stats/search-model';
import type { ChartQuery, DataView, DistributionData, GrowthData } from '@pdb-stats/charts';

/** Where a chart's numbers come from and how current they are. */
export interface Provenance {
  /** ISO date (YYYY-MM-DD) the data are as of. */
  date: string;
  /** `archive`: the date the service reports for its archive; `response`: the day the answer came. */
  basis: 'archive' | 'response';
  /** The archive's source as the service names it, or the search service's host when it names none. */
  source: string;
  /** The service reports a synthetic demo archive. */
  demo: boolean;
  /** Address of the search service that answered. */
  searchApiUrl: string;
}

/** One entry of a chart's legend: a colour and what it stands for. */
export interface LegendEntry {
  label: string;
  color: string;
}

/** Everything an export is built from: the chart's data as drawn, never the page's text. */
export interface ChartExportInput {
  /** Registry key of the chart. */
  key: string;
  title: string;
  category: 'growth' | 'distribution';
  /** Data view of a growth chart. */
  view?: DataView;
  /** Chosen variant of a chart that has variants. */
  variant?: string;
  growth?: GrowthData;
  distribution?: DistributionData;
  /** Labels of hidden series of a growth chart. */
  hidden: readonly string[];
  /** Name of the single series of a one-series growth chart in this view. */
  singleSeriesLabel?: string;
  xAxisTitle: string;
  yAxisTitle: string;
  /** Colour scheme on screen: series i is colors[i mod length]. */
  colors: readonly string[];
  /** The chart's query, for the bounds of range bins. */
  query: ChartQuery;
  /** The facet request whose answer the chart shows. */
  request: SearchRequest;
  provenance: Provenance;
}

export type ExportFormat = 'csv' | 'json' | 'svg' | 'png';
