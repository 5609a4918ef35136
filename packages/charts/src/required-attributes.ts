import type { ReturnType, SearchRequest } from '@pdb-stats/search-model';
import { CHART_LIST } from './registry.ts';
import { chartFacetRequest } from './requests.ts';
import type { ChartDefinition, ChartQuery } from './types.ts';

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

/** Every chart of the registry with what it needs of an archive, as plain data for the importers. */
export function chartNeeds(): { key: string; returnType: ReturnType; attributes: string[] }[] {
  return CHART_LIST.map((definition) => ({
    key: definition.key,
    returnType: definition.query.returnType,
    attributes: chartAttributes(definition),
  }));
}
