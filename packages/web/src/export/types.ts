import type { QueryNode, SearchRequest } from '@pdb-stats/search-model';
import type { ChartKind, ChartTable, ChartView, Scope } from '@pdb-stats/charts';

/** The chart's data as one table: what the CSV and JSON downloads hold. */
export type ExportTable = ChartTable;

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

/** The search a chart is drawn over: its node and the node in plain words. */
export interface ExportScope {
  node: QueryNode;
  summary: string;
}

/** Cohorts compared on a chart: the scope as asked (queries, labels, measure) and each cohort's request. */
export interface ExportComparison {
  scope: Scope;
  cohorts: readonly {
    /** The cohort's name on the chart (its label, or its conditions said short). */
    label: string;
    /** The facet request whose answer the cohort's bars show. */
    request: SearchRequest;
  }[];
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
  /** The line under the title: what is counted, by what, over which span (the page's subtitle). */
  subtitle: string;
  /** The public address of the chart page as shown (its state included), which the files link back to. */
  address: string;
  kind: ChartKind;
  /** Data view on screen, for kinds of chart that have views. */
  view?: ChartView;
  /** Chosen variant of a chart that has variants. */
  variant?: string;
  /** The class whose level below is drawn, when the chart is drilled down. */
  parent?: string;
  /** Which explore chart it is (its attribute, count and dimension), for the file name. */
  explore?: string;
  /** Labels of hidden series. */
  hidden: readonly string[];
  /** The scope the chart is drawn over; absent for the whole archive. */
  scope?: ExportScope;
  /** Split bars drawn in percent of each bar (`inBarShares`); counts when absent. */
  measure?: 'percent';
  xAxisTitle: string;
  yAxisTitle: string;
  /** The chart's data as one table, as drawn (visible series, view on screen). */
  table: ExportTable;
  /** The legend as drawn: what each colour stands for. */
  legend: readonly LegendEntry[];
  /** The facet request whose answer the chart shows (the first cohort's, when compared). */
  request: SearchRequest;
  /** Cohorts compared; absent for a chart over one scope or the whole archive. */
  comparison?: ExportComparison;
  provenance: Provenance;
}

export type ExportFormat = 'csv' | 'json' | 'svg' | 'png';
