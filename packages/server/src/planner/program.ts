import type { CompiledQuery } from './compiler/compiled-query.ts';
import type { BucketNode, CardinalityNode, SearchPlan } from './nodes.ts';

/**
 * A result column holding bit masks of range segments instead of range indices (overlapping
 * ranges): a row counts toward range `i` when its mask shares a bit with `members[i]`.
 */
export interface MaskColumn {
  /** Index of the column among the bucket-key columns. */
  readonly position: number;
  /** Segments of each range, in request order. */
  readonly members: readonly (readonly number[])[];
}

/**
 * Statements of a bucket facet. `query` returns one row per combination of bucket keys: the keys
 * of the enclosing buckets, outermost first, then this facet's key, then `population`.
 */
export interface BucketProgram {
  readonly kind: 'buckets';
  readonly node: BucketNode;
  readonly query: CompiledQuery;
  readonly mask?: MaskColumn;
  /** Every key of the attribute across the archive, for `min_interval_population: 0` terms. */
  readonly universe?: CompiledQuery;
  readonly children: readonly FacetProgram[];
}

/** One row per combination of enclosing bucket keys, then `value`. */
export interface CardinalityProgram {
  readonly kind: 'cardinality';
  readonly node: CardinalityNode;
  readonly query: CompiledQuery;
  readonly mask?: MaskColumn;
}

export type FacetProgram = BucketProgram | CardinalityProgram;

/** Everything one request needs from the database, plus the plan that shapes the answer. */
export interface SearchProgram {
  readonly plan: SearchPlan;
  /** One row: `total`. */
  readonly count: CompiledQuery;
  /** Identifiers of the page, in order; absent when no identifiers are asked for. */
  readonly page?: CompiledQuery;
  readonly facets: readonly FacetProgram[];
}
