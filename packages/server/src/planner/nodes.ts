import type {
  Comparison,
  Condition,
  Criterion,
  CatalogueAttribute,
  PlannedFacet,
  PlannedRequest,
  ReturnType,
} from '@pdb-stats/search-model';

/**
 * The planner's tree: predicates over one object level, and facet nodes that know their ancestors.
 * Every node is a plain immutable object with a `kind`; the compiler visits them, so a tree can be
 * compiled for several dialects and compared in tests.
 */

/** One attribute of the row holds a value satisfying the comparison (any element, for a list). */
export interface ValueTest {
  readonly kind: 'test';
  readonly attribute: CatalogueAttribute;
  readonly comparison: Comparison;
}

/**
 * Some record of a nested-indexed list satisfies the criterion. Every
 * terminal of `criterion` is an attribute of the record `root`.
 */
export interface RecordTest {
  readonly kind: 'record';
  readonly level: ReturnType;
  readonly root: string;
  readonly criterion: Criterion;
}

/** Null-safe negation: rows where the inner predicate is false or unknown. */
export interface NotPredicate {
  readonly kind: 'not';
  readonly node: Predicate;
}

export interface GroupPredicate {
  readonly kind: 'and' | 'or';
  readonly nodes: readonly Predicate[];
}

/** A predicate evaluated at level `from`, mapped to the objects of level `to`. */
export interface MappedPredicate {
  readonly kind: 'mapped';
  readonly from: ReturnType;
  readonly to: ReturnType;
  readonly node: Predicate;
}

export type Predicate = ValueTest | RecordTest | NotPredicate | GroupPredicate | MappedPredicate;

/** Where the values of a facet come from: an attribute, seen from the return type. */
export interface ValueSource {
  readonly attribute: CatalogueAttribute;
  /**
   * Per-record filters of enclosing filter facets on the same nested root, one per filter facet,
   * outermost first: only values of records satisfying all of them count. Each is read on its own
   * (see `ExpressionCompiler.recordCriterion`): a group on an annotation and its lineage is a
   * condition on the annotation, a condition on the lineage alone one on the item counted.
   */
  readonly recordFilters?: readonly Criterion[];
}

/** How values become bucket keys. */
export type Bucketing =
  | { readonly kind: 'terms' }
  | { readonly kind: 'histogram'; readonly interval: number }
  | { readonly kind: 'year' }
  /** Range index; `overlapping` ranges cannot be told apart by one CASE expression. */
  | {
      readonly kind: 'ranges';
      readonly ranges: readonly { from?: number | string; to?: number | string }[];
      readonly overlapping: boolean;
    };

/** What makes the buckets of one facet: values and how they become keys. */
export interface BucketSpec {
  readonly source: ValueSource;
  readonly bucketing: Bucketing;
}

export type PlannedBucketFacet = Exclude<PlannedFacet, { kind: 'cardinality' | 'filter' }>;

/** A facet that yields buckets. */
export interface BucketNode {
  readonly kind: 'buckets';
  readonly facet: PlannedBucketFacet;
  readonly bucket: BucketSpec;
  /** Document filters of enclosing filter facets, as predicates over the return type. */
  readonly filters: readonly Predicate[];
  /** The bucket facets this one is nested in, outermost first. */
  readonly ancestors: readonly BucketSpec[];
  readonly children: readonly FacetNode[];
}

/** Number of distinct values among the hits (of each enclosing bucket). */
export interface CardinalityNode {
  readonly kind: 'cardinality';
  readonly name: string;
  readonly source: ValueSource;
  readonly filters: readonly Predicate[];
  readonly ancestors: readonly BucketSpec[];
}

/** Filter facets are gone from this tree: their inner facets stand in their place. */
export type FacetNode = BucketNode | CardinalityNode;

export interface SortKey {
  readonly attribute: CatalogueAttribute;
  readonly direction: 'asc' | 'desc';
}

/** A request after planning: what the compiler turns into statements. */
export interface SearchPlan {
  readonly returnType: ReturnType;
  /** Rows of the return type that are hits; `undefined`: every row. */
  readonly hits?: Predicate;
  readonly page: PlannedRequest['page'];
  /** Attribute sorts only; the identifier always breaks ties (score sorts add nothing). */
  readonly sort: readonly SortKey[];
  readonly facets: readonly FacetNode[];
  readonly countOnly: boolean;
  readonly verbosity: PlannedRequest['verbosity'];
  readonly queryId?: string;
}

/** Facts about the loaded archive the planner may use to drop conditions that exclude nothing. */
export interface ArchiveFacts {
  /** Distinct `rcsb_entry_info.structure_determination_methodology` values (null for missing). */
  readonly methodologies: readonly (string | null)[];
}

export function isCondition(criterion: Criterion): criterion is Condition {
  return criterion.kind === 'condition';
}

/** Every condition of a criterion, depth first. */
export function conditionsOf(criterion: Criterion): Condition[] {
  return isCondition(criterion) ? [criterion] : criterion.nodes.flatMap(conditionsOf);
}
