import { countNoun } from '@pdb-stats/charts';
import type { ReturnType, SearchResponse } from '@pdb-stats/search-model';
import { formatNumber } from '../charts/format.ts';

/** What a chart's total is counted over: the whole archive, the scope's search, or a drilled-down class. */
export type TotalBasis = 'archive' | 'scope' | 'group';

const WHERE: Record<TotalBasis, string> = {
  archive: 'in the archive',
  scope: 'in the scope',
  group: 'in this group',
};

/** The objects one year's bucket of a year facet counts, read from the answer (the facet's own population). */
function yearPopulation(response: SearchResponse, facetName: string, year: string): number | undefined {
  const facet = response.facets?.find((f) => f.name === facetName);
  if (!facet || !('buckets' in facet)) return undefined;
  return facet.buckets.find((bucket) => bucket.label.slice(0, 4) === year)?.population;
}

/**
 * The total a chart is drawn over, said in its subtitle: how many objects its search found (the
 * answer's `total_count`) and, for a chart per release year, how many of them came out in the last
 * year drawn ("2,000 entries in the archive; 163 released in 2026"). The year's count is its bucket's
 * own population, never a sum of series, which would count twice an object in two series.
 * Undefined without an answer.
 */
export function totalText(
  response: SearchResponse | null,
  returnType: ReturnType,
  basis: TotalBasis,
  year?: { facet: string; year: string },
): string | undefined {
  if (!response) return undefined;
  const total = response.total_count;
  const counted = `${formatNumber(total)} ${countNoun(returnType, total)} ${WHERE[basis]}`;
  const released = year && yearPopulation(response, year.facet, year.year);
  if (!year || released === undefined) return counted;
  return `${counted}; ${formatNumber(released)} released in ${year.year}`;
}

/** The subtitle with the total appended as its own sentence. */
export function withTotal(subtitle: string, total: string | undefined): string {
  if (!total) return subtitle;
  return subtitle ? `${subtitle.replace(/\.$/, '')}. ${total}.` : `${total}.`;
}
