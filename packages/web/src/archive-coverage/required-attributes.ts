import type { Facet, FilterNode, QueryNode, ReturnType, SearchRequest } from '@pdb-stats/search-model';
import { chartFacetRequest, type ChartDefinition, type ChartQuery } from '@pdb-stats/search-model/charts';

/** Which metadata schema describes the attributes of a request: the chemical one for small molecules. */
export type MetadataKind = 'structure' | 'chemical';

export function metadataKindOf(returnType: ReturnType): MetadataKind {
  return returnType === 'mol_definition' ? 'chemical' : 'structure';
}

function addNodeAttributes(node: QueryNode | FilterNode | undefined, into: Set<string>): void {
  if (!node) return;
  if (node.type === 'group') for (const inner of node.nodes) addNodeAttributes(inner, into);
  else if (node.parameters?.attribute) into.add(node.parameters.attribute);
}

function addFacetAttributes(facets: readonly Facet[] | undefined, into: Set<string>): void {
  for (const facet of facets ?? []) {
    if ('filter' in facet) addNodeAttributes(facet.filter, into);
    else into.add(facet.attribute);
    if ('facets' in facet) addFacetAttributes(facet.facets, into);
  }
}

/** Every attribute a request reads: its query's terminals, its facets, their sub-facets and filters. */
export function requestAttributes(request: SearchRequest): string[] {
  const attributes = new Set<string>();
  addNodeAttributes(request.query, attributes);
  addFacetAttributes(request.request_options?.facets, attributes);
  return [...attributes].sort();
}

/** The attributes a chart's data request needs, as the chart page sends it. */
export function chartQueryAttributes(query: ChartQuery): string[] {
  return requestAttributes(chartFacetRequest(query));
}

/** The attributes a chart needs in any of its variants (for marking it in menus and lists). */
export function chartAttributes(definition: ChartDefinition): string[] {
  const queries = [definition.query, ...(definition.variants?.options.map((o) => o.query) ?? [])];
  return [...new Set(queries.flatMap(chartQueryAttributes))].sort();
}
