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
 * A bucket-key column the statement fills with years, for date ranges whose bounds all fall on
 * 1 January: a whole year lies in one range (or segment), so the year's key is looked up after the
 * statement, and the statement is the year histogram's, which the search runs once for both.
 */
export interface YearKeyColumn {
  /** Index of the column among the bucket-key columns. */
  readonly position: number;
  /**
   * The key of each range (or, for overlapping ranges, the mask of each segment, as decimal
   * text) with its bounds as years, `to` excluded; a year in none has the key NULL.
   */
  readonly intervals: readonly { from?: number; to?: number; key: number | string }[];
}

/**
 * Statements of a bucket facet. `query` returns one row per combination of bucket keys: the keys
 * of the enclosing buckets, outermost first, then this facet's key, then `population` (last; a
 * statement shared with sub-facets may have their keys between, see `rollUp`).
 */
export interface BucketProgram {
  readonly kind: 'buckets';
  readonly node: BucketNode;
  readonly query: CompiledQuery;
  readonly mask?: MaskColumn;
  /** Applied before `mask`: years turned into range keys (or segment masks). */
  readonly years?: YearKeyColumn;
  /**
   * The statement is shared by a facet and its sub-facets and groups by all their keys: this
   * facet's rows are the key columns listed here, with the populations of the rows that agree on
   * them added up (applied first). Without it, a shared statement's rows are already one per key
   * of this facet (its columns first, the others computed from them) and are read as they are.
   */
  readonly rollUp?: readonly number[];
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
  /** Applied before `mask`: each value's first (last) year turned into its segment's mask. */
  readonly years?: YearKeyColumn;
  /**
   * The statement is shared with other distinct counts and marks each row's count in a first
   * column: this count's rows are those marked `part`, without that column (applied first).
   */
  readonly part?: number;
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
