import type { SearchRequest } from '@pdb-stats/search-model';
import type { ChartDefinition, ChartQuery } from './types.ts';
import { chartFacetRequest } from './requests.ts';

/** Every attribute path a request names: in its query, facets, sub-facets, filters and sort. */
export function requestAttributes(request: SearchRequest): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [request];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'attribute' || key === 'sort_by') && typeof value === 'string' && value !== 'score')
          found.add(value);
        else stack.push(value);
      }
    }
  }
  return [...found].sort();
}

/** The attributes an archive must hold for a chart to be drawn: those of its facet request. */
export function chartQueryAttributes(query: ChartQuery): string[] {
  return requestAttributes(chartFacetRequest(query));
}

/** The attributes a chart needs in any of its variants (for marking it in menus and lists). */
export function chartAttributes(definition: ChartDefinition): string[] {
  const queries = [definition.query, ...(definition.variants?.options.map((o) => o.query) ?? [])];
  return [...new Set(queries.flatMap(chartQueryAttributes))].sort();
}
