import type { Criterion, CatalogueAttribute, PlannedFacet, ReturnType } from '@pdb-stats/search-model';
import {
  conditionsOf,
  isCondition,
  type BucketSpec,
  type Bucketing,
  type FacetNode,
  type PlannedBucketFacet,
  type Predicate,
  type ValueSource,
} from '../nodes.ts';
import { rangesOverlap } from '../range-segments.ts';
import { toPredicate } from './to-predicate.ts';

/** A filter split into what applies per nested record and what selects documents. */
export interface FilterSplit {
  record?: Criterion;
  document?: Criterion;
}

function and(parts: Criterion[]): Criterion | undefined {
  if (parts.length <= 1) return parts[0];
  return { kind: 'group', logicalOperator: 'and', nodes: parts };
}

/**
 * Splits a facet filter for a facet on an attribute of nested record `root`:
 * the parts whose conditions all lie on that record apply per record, the rest to documents.
 * Only an `and` group can be taken apart.
 */
export function splitFilter(filter: Criterion, root: string | undefined): FilterSplit {
  if (root !== undefined && conditionsOf(filter).every((c) => c.attribute.nested?.root === root)) {
    return { record: filter };
  }
  if (root === undefined || isCondition(filter) || filter.logicalOperator !== 'and') {
    return { document: filter };
  }
  const parts = filter.nodes.map((node) => splitFilter(node, root));
  const record = and(parts.flatMap((p) => (p.record ? [p.record] : [])));
  const document = and(parts.flatMap((p) => (p.document ? [p.document] : [])));
  return { ...(record && { record }), ...(document && { document }) };
}

function bucketingOf(facet: PlannedBucketFacet): Bucketing {
  switch (facet.kind) {
    case 'terms':
      return { kind: 'terms' };
    case 'histogram':
      return { kind: 'histogram', interval: facet.interval };
    case 'date_histogram':
      return { kind: 'year' };
    case 'range':
    case 'date_range':
      return { kind: 'ranges', ranges: facet.ranges, overlapping: rangesOverlap(facet.ranges) };
  }
}

interface Context {
  returnType: ReturnType;
  /** Criteria of the enclosing filter facets, outermost first. */
  filters: readonly Criterion[];
  ancestors: readonly BucketSpec[];
}

function sourceAndFilters(attribute: CatalogueAttribute, context: Context) {
  const splits = context.filters.map((f) => splitFilter(f, attribute.nested?.root));
  const recordFilters = splits.flatMap((s) => (s.record ? [s.record] : []));
  const source: ValueSource = { attribute, ...(recordFilters.length > 0 && { recordFilters }) };
  const filters: Predicate[] = splits.flatMap((s) =>
    s.document ? [toPredicate(s.document, context.returnType)] : [],
  );
  return { source, filters };
}

function facetNodes(facets: readonly PlannedFacet[], context: Context): FacetNode[] {
  return facets.flatMap((facet): FacetNode[] => {
    if (facet.kind === 'filter') {
      // Transparent: the inner facets take the filter facet's place.
      return facetNodes(facet.facets, { ...context, filters: [...context.filters, facet.filter] });
    }
    const { source, filters } = sourceAndFilters(facet.attribute, context);
    if (facet.kind === 'cardinality') {
      return [{ kind: 'cardinality', name: facet.name, source, filters, ancestors: context.ancestors }];
    }
    const bucket: BucketSpec = { source, bucketing: bucketingOf(facet) };
    const children = facetNodes(facet.facets, { ...context, ancestors: [...context.ancestors, bucket] });
    return [{ kind: 'buckets', facet, bucket, filters, ancestors: context.ancestors, children }];
  });
}

/** The request's facets as a tree of bucket and cardinality nodes, filter facets folded in. */
export function planFacets(facets: readonly PlannedFacet[], returnType: ReturnType): FacetNode[] {
  return facetNodes(facets, { returnType, filters: [], ancestors: [] });
}
