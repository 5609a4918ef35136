import type { SearchRequest } from '@pdb-stats/search-model';
import { chartFacetRequest, type ChartKey, type ChartQuery } from '@pdb-stats/charts';
import { queryOptions } from '@tanstack/react-query';
import { getArchiveInfo, getMetadataSchema, postSearch } from './search-client.ts';
import { schemaAttributePaths } from '../archive-coverage/held-attributes.ts';

/**
 * A chart's data. The key holds everything the fetch depends on (service address and the request),
 * and nothing else: the colour scheme is not in it, so recolouring never refetches.
 */
export function chartDataQuery(searchApiUrl: string, chartKey: ChartKey, query: ChartQuery) {
  const request = chartFacetRequest(query);
  return queryOptions({
    queryKey: ['chart-data', chartKey, { searchApiUrl, request }] as const,
    queryFn: ({ signal }) => postSearch(searchApiUrl, request, signal),
  });
}

/** Any other search the pages send, keyed by the request itself. */
export function searchQuery(searchApiUrl: string, name: string, request: SearchRequest) {
  return queryOptions({
    queryKey: ['search', name, { searchApiUrl, request }] as const,
    queryFn: ({ signal }) => postSearch(searchApiUrl, request, signal),
  });
}

export function archiveInfoQuery(searchApiUrl: string) {
  return queryOptions({
    queryKey: ['archive-info', { searchApiUrl }] as const,
    queryFn: ({ signal }) => getArchiveInfo(searchApiUrl, signal),
    retry: false,
  });
}

/** The attribute paths of a metadata schema; asked for once per page (they change only with the archive). */
export function heldAttributesQuery(searchApiUrl: string, kind: 'structure' | 'chemical') {
  return queryOptions({
    queryKey: ['held-attributes', kind, { searchApiUrl }] as const,
    queryFn: async ({ signal }) => schemaAttributePaths(await getMetadataSchema(searchApiUrl, kind, signal)),
    staleTime: Infinity,
    retry: 1,
  });
}
