import type { FacetResult } from '@pdb-stats/search-model';

/** One line of the facet table: a bucket (with the buckets it lies in) or a cardinality value. */
export interface FacetRow {
  /** Facet names from the outermost in: `Release Date › Experimental Method`. */
  facet: string[];
  /** Bucket labels from the outermost in; empty for a cardinality value. */
  bucket: string[];
  count: number;
}

/**
 * The facets of an answer as table rows, depth first: each bucket is followed by the buckets of its
 * sub-facets, so a stacked chart's numbers read year by year.
 */
export function facetRows(
  facets: readonly FacetResult[] | undefined,
  facet: string[] = [],
  bucket: string[] = [],
): FacetRow[] {
  const rows: FacetRow[] = [];
  for (const result of facets ?? []) {
    const names = [...facet, result.name];
    if ('value' in result) {
      rows.push({ facet: names, bucket, count: result.value });
      continue;
    }
    for (const item of result.buckets) {
      const labels = [...bucket, item.label];
      rows.push({ facet: names, bucket: labels, count: item.population });
      rows.push(...facetRows(item.facets, names, labels));
    }
  }
  return rows;
}
