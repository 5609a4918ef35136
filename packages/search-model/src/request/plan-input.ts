import type { CatalogueAttribute } from '../catalogue/attributes.ts';
import type { ReturnType } from '../levels.ts';

/**
 * A request after validation: every attribute resolved against the catalogue, every value converted
 * to the attribute's type, defaults filled in. The planner compiles only this form, so it never sees
 * an unchecked name or value.
 */

/** A value ready for SQL: numbers as numbers, dates as ISO-8601 UTC timestamps (`2020-01-01T00:00:00.000Z`). */
export type Scalar = string | number;

export type Comparison =
  | { operator: 'exact_match'; value: string; caseSensitive: boolean }
  | { operator: 'in'; values: Scalar[] }
  | { operator: 'contains_words'; tokens: string[] }
  | { operator: 'contains_phrase'; tokens: string[] }
  | { operator: 'equals' | 'greater' | 'greater_or_equal' | 'less' | 'less_or_equal'; value: Scalar }
  | { operator: 'range'; from?: Scalar; to?: Scalar; includeLower: boolean; includeUpper: boolean }
  | { operator: 'exists' };

export interface Condition {
  kind: 'condition';
  attribute: CatalogueAttribute;
  comparison: Comparison;
  negation: boolean;
}

export interface ConditionGroup {
  kind: 'group';
  logicalOperator: 'and' | 'or';
  nodes: Criterion[];
}

export type Criterion = Condition | ConditionGroup;

export interface BucketFacetBase {
  name: string;
  attribute: CatalogueAttribute;
  facets: PlannedFacet[];
}

export type PlannedFacet =
  | (BucketFacetBase & { kind: 'terms'; minPopulation: number; maxIntervals: number })
  | (BucketFacetBase & { kind: 'histogram'; interval: number; minPopulation: number })
  | (BucketFacetBase & { kind: 'date_histogram'; minPopulation: number })
  | (BucketFacetBase & { kind: 'range'; ranges: { from?: number; to?: number }[] })
  | (BucketFacetBase & { kind: 'date_range'; ranges: { from?: string; to?: string }[] })
  | { kind: 'cardinality'; name: string; attribute: CatalogueAttribute }
  | { kind: 'filter'; filter: Criterion; facets: PlannedFacet[] };

export interface PlannedSort {
  /** `undefined` sorts by score (all attribute-only hits score 1, so by identifier). */
  attribute?: CatalogueAttribute;
  direction: 'asc' | 'desc';
}

/**
 * Grouping of hits. Members are ranked by `ranking` (score, i.e. identifier, when
 * empty); the first member of a group is its representative.
 */
export interface PlannedGroupBy {
  method: 'matching_uniprot_accession' | 'sequence_identity' | 'matching_chemical_component_id';
  /** Identity cutoff of `sequence_identity`: 100, 95, 90, 70, 50 or 30. */
  similarityCutoff?: number;
  ranking: PlannedSort[];
  /** `groups` returns a group_set; `representatives` a flat result_set of one hit per group. */
  returnType: 'groups' | 'representatives';
  /** The request's group_by, echoed in the response. */
  echo: object;
}

export interface PlannedRequest {
  returnType: ReturnType;
  /** `undefined` matches every object of the return type. */
  query?: Criterion;
  /** Content types to include; the planner turns them into a condition on the entry's methodology. */
  contentTypes: ('experimental' | 'computational')[];
  /** `rows: 0` asks for no identifiers; `all` is set by return_all_hits. */
  page: { start: number; rows: number; all: boolean };
  sort: PlannedSort[];
  facets: PlannedFacet[];
  countOnly: boolean;
  groupBy?: PlannedGroupBy;
  verbosity: 'compact' | 'minimal' | 'verbose';
  queryId?: string;
}
