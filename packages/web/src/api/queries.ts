import type { SearchRequest } from '@pdb-stats/search-model';
import { chartFacetRequest, type ChartKey, type ChartQuery } from '@pdb-stats/search-model/charts';
import { queryOptions } from '@tanstack/react-query';
import { getArchiveInfo, postSearch } from './search-client.ts';

/**
 * A chart's data. The key holds everything the fetch depends on (service address and the request),
 * and nothing else: the colour scheme is not in it, so recolouring never refetches (defect D22).
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
