import type { ReturnType } from '../levels.ts';

/** The request and response JSON of the Search API v2, as sent on the wire. */

export const SERVICES = [
  'text',
  'text_chem',
  'full_text',
  'sequence',
  'structure',
  'chemical',
  'seqmotif',
  'strucmotif',
] as const;
export type Service = (typeof SERVICES)[number];

export const OPERATORS = [
  'exact_match',
  'in',
  'contains_words',
  'contains_phrase',
  'equals',
  'greater',
  'greater_or_equal',
  'less',
  'less_or_equal',
  'range',
  'exists',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface RangeValue {
  from?: number | string;
  to?: number | string;
  include_lower?: boolean;
  include_upper?: boolean;
}

export type TerminalValue = string | number | boolean | RangeValue | (string | number)[];

export interface AttributeParameters {
  attribute: string;
  operator: Operator;
  value?: TerminalValue;
  negation?: boolean;
  case_sensitive?: boolean;
}

export interface TerminalNode {
  type: 'terminal';
  service: Service;
  parameters?: AttributeParameters;
  node_id?: number;
  label?: string;
}

export interface GroupNode {
  type: 'group';
  logical_operator: 'and' | 'or';
  nodes: QueryNode[];
  label?: string;
}

export type QueryNode = GroupNode | TerminalNode;

/** Facet and sort filters: the query nodes without full-text operators; `service` is optional. */
export type FilterNode =
  | { type: 'group'; logical_operator: 'and' | 'or'; nodes: FilterNode[] }
  | { type: 'terminal'; service?: 'text' | 'text_chem'; parameters: AttributeParameters };

export interface TermsFacet {
  name: string;
  aggregation_type: 'terms';
  attribute: string;
  min_interval_population?: number;
  max_num_intervals?: number;
  facets?: Facet[];
}
export interface HistogramFacet {
  name: string;
  aggregation_type: 'histogram';
  attribute: string;
  interval: number;
  min_interval_population?: number;
  facets?: Facet[];
}
export interface DateHistogramFacet {
  name: string;
  aggregation_type: 'date_histogram';
  attribute: string;
  interval: 'year';
  min_interval_population?: number;
  facets?: Facet[];
}
export interface RangeFacet {
  name: string;
  aggregation_type: 'range';
  attribute: string;
  ranges: { from?: number; to?: number }[];
  facets?: Facet[];
}
export interface DateRangeFacet {
  name: string;
  aggregation_type: 'date_range';
  attribute: string;
  ranges: { from?: string; to?: string }[];
  facets?: Facet[];
}
export interface CardinalityFacet {
  name: string;
  aggregation_type: 'cardinality';
  attribute: string;
  precision_threshold?: number;
}
export interface FilterFacet {
  filter: FilterNode;
  facets: Facet[];
}
export type Facet =
  | TermsFacet
  | HistogramFacet
  | DateHistogramFacet
  | RangeFacet
  | DateRangeFacet
  | CardinalityFacet
  | FilterFacet;

export interface SortOption {
  sort_by: string;
  direction?: 'asc' | 'desc';
  filter?: FilterNode;
}

export interface GroupBy {
  aggregation_method:
    | 'matching_uniprot_accession'
    | 'sequence_identity'
    | 'matching_deposit_group_id'
    | 'matching_chemical_component_id';
  similarity_cutoff?: number;
  ranking_criteria_type?: SortOption | { sort_by: 'coverage' };
}

export interface RequestOptions {
  paginate?: { start?: number; rows?: number };
  sort?: SortOption[];
  facets?: Facet[];
  results_content_type?: ('experimental' | 'computational')[];
  results_verbosity?: 'compact' | 'minimal' | 'verbose';
  return_all_hits?: boolean;
  return_counts?: boolean;
  group_by?: GroupBy;
  group_by_return_type?: 'groups' | 'representatives';
  scoring_strategy?: string;
  return_explain_metadata?: boolean;
}

export interface RequestInfo {
  query_id?: string;
  src?: 'ui' | 'mypdb_service' | 'mypdb_user' | 'rcsb_test';
}

export interface SearchRequest {
  query?: QueryNode;
  return_type: ReturnType;
  request_options?: RequestOptions;
  request_info?: RequestInfo;
}

export interface Bucket {
  label: string;
  population: number;
  facets?: FacetResult[];
}
export type FacetResult = { name: string; buckets: Bucket[] } | { name: string; value: number };

export type ResultItem = string | { identifier: string; score: number; services?: unknown[] };

export interface SearchResponse {
  query_id: string;
  result_type: ReturnType;
  total_count: number;
  result_set?: ResultItem[];
  facets?: FacetResult[];
}
