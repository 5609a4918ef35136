import type { QueryNode, ReturnType, SearchRequest } from '@pdb-stats/search-model';
import {
  chartFacetRequest,
  fetchChartAnswer,
  type ChartId,
  type FetchedChart,
  type ChartQuery,
  type ExploreSpec,
  type ResolvedChart,
} from '@pdb-stats/charts';
import { queryOptions } from '@tanstack/react-query';
import { serviceOf } from './query-client.ts';
import { schemaAttributePaths } from '../archive-coverage/held-attributes.ts';

/** A chart's answer as cached: which chart and variant it is for, its searches and answer, and when it came. */
export interface ChartAnswer extends FetchedChart {
  key: ChartId;
  variant: string | undefined;
  /** The class whose level below the answer is for, when drilled down. */
  parent: string | undefined;
  /** What an explore chart is built from. */
  explore?: ExploreSpec;
  /** Milliseconds since the epoch when the answer arrived. */
  respondedAt: number;
}

/**
 * A chart's data, over its scope (the whole archive without one). The key holds everything the fetch
 * depends on (service address and the request, which carries the scope), and nothing else: the
 * colour scheme is not in it, so recolouring never refetches. The answer names its chart, so that
 * the previous chart's answer, kept on screen while the next loads, is still read as the previous chart.
 */
export function chartDataQuery(
  searchApiUrl: string,
  chart: ResolvedChart,
  scope?: QueryNode,
  /** The query counted, when not the chart's own (a comparison of cohorts leaves a split out). */
  query: ChartQuery = chart.query,
) {
  const request = chartFacetRequest(query, { scope });
  const { key } = chart.definition;
  // The request holds the query and the scope, and the key, variant, level and explore parameters
  // name the chart's definition: the "Other" bar's search is built from nothing else.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [
      'chart-data',
      key,
      { searchApiUrl, request, variant: chart.variant, parent: chart.parent, explore: chart.explore },
    ] as const,
    queryFn: async ({ client, signal }): Promise<ChartAnswer> => {
      const service = serviceOf(client, searchApiUrl);
      const send = (search: SearchRequest) => service.search(search, signal);
      const fetched = await fetchChartAnswer(send, chart, scope, query);
      return {
        key,
        variant: chart.variant,
        parent: chart.parent,
        ...(chart.explore && { explore: chart.explore }),
        ...fetched,
        respondedAt: Date.now(),
      };
    },
  });
}

/** Any other search the pages send, keyed by the request itself. */
export function searchQuery(searchApiUrl: string, name: string, request: SearchRequest) {
  return queryOptions({
    queryKey: ['search', name, { searchApiUrl, request }] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).search(request, signal),
  });
}

/** A page of a results page: the request with its paging and order. */
export function resultsPageQuery(searchApiUrl: string, request: SearchRequest) {
  return queryOptions({
    queryKey: ['results-page', searchApiUrl, request] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).search(request, signal),
  });
}

/** The key attributes of a results page's identifiers, looked up in one request. */
export function documentsQuery(searchApiUrl: string, returnType: ReturnType, ids: readonly string[]) {
  return queryOptions({
    queryKey: ['documents', searchApiUrl, returnType, ids] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).documents(returnType, ids, signal),
  });
}

/** What the archive holds for an entry: null for an id it does not hold. */
export function entryQuery(searchApiUrl: string, id: string) {
  return queryOptions({
    queryKey: ['entry', searchApiUrl, id] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).entry(id, signal),
  });
}

export function archiveInfoQuery(searchApiUrl: string) {
  return queryOptions({
    queryKey: ['archive-info', { searchApiUrl }] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).archiveInfo(signal),
    retry: false,
  });
}

const toSet = (paths: string[]) => new Set(paths);

/** Key of the metadata schemas as the service sends them: a page drawn on the server does not send them. */
export const METADATA_SCHEMA_KEY = 'metadata-schema';

/**
 * A metadata schema as the service sends it, read once per page (it changes only with the archive):
 * what the archive holds and the query builder's attribute list both come from this one copy.
 */
export function metadataSchemaQuery(searchApiUrl: string, kind: 'structure' | 'chemical') {
  return queryOptions({
    queryKey: [METADATA_SCHEMA_KEY, kind, { searchApiUrl }] as const,
    queryFn: ({ client, signal }) => serviceOf(client, searchApiUrl).metadataSchema(kind, signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The attribute paths of a metadata schema. */
export function heldAttributesQuery(searchApiUrl: string, kind: 'structure' | 'chemical') {
  return queryOptions({
    queryKey: ['held-attributes', kind, { searchApiUrl }] as const,
    // Kept as a list (a page drawn on the server sends these in its cache, as JSON), read as a set.
    queryFn: async ({ client }) => [
      ...schemaAttributePaths(await client.fetchQuery(metadataSchemaQuery(searchApiUrl, kind))),
    ],
    select: toSet,
    staleTime: Infinity,
    // The schema's read is retried; a schema without attributes stays one.
    retry: false,
  });
}
