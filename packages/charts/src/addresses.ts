import { BAR_SEARCH_PATH, writeBarSearch, type BarSearch } from './bar-search.ts';
import type { ChartKind } from './keys.ts';
import type { SearchRequest } from '@pdb-stats/search-model';

/** Addresses of the search service and the advanced-search site, built from the configured base URLs. */

/** Removes trailing slashes. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

export function searchEndpoint(searchApiUrl: string): string {
  return `${trimBase(searchApiUrl)}/rcsbsearch/v2/query`;
}

export function archiveEndpoint(searchApiUrl: string): string {
  return `${trimBase(searchApiUrl)}/rcsbsearch/v2/archive`;
}

/**
 * `&chart=<route>`: the dashboard route a link was made on, so that our results page and query editor
 * can link back to the chart. Other services ignore the parameter.
 */
function chartParameter(chart: string | undefined): string {
  return chart ? `&chart=${encodeURIComponent(chart)}` : '';
}

/** The search service's query editor with the request as an encoded JSON parameter. */
export function queryEditorUrl(searchApiUrl: string, request?: SearchRequest, chart?: string): string {
  return `${trimBase(searchApiUrl)}/query-editor.html?json=${request ? encodeURIComponent(JSON.stringify(request)) : ''}${chartParameter(chart)}`;
}

/**
 * A bar's search as a short link that our own service expands into the bar's search in the query
 * editor (the address `queryEditorUrl` gives for it).
 */
export function barSearchUrl(searchApiUrl: string, kind: ChartKind, bar: BarSearch): string {
  return `${trimBase(searchApiUrl)}${BAR_SEARCH_PATH}?${writeBarSearch(kind, bar)}`;
}

/** The advanced-search page; small molecules open the chemical search. */
export function advancedSearchUrl(searchAdvancedUrl: string, request: SearchRequest, chart?: string): string {
  const path = request.return_type === 'mol_definition' ? '/search/chemical/?request=' : '/search?request=';
  return `${trimBase(searchAdvancedUrl)}${path}${encodeURIComponent(JSON.stringify(request))}${chartParameter(chart)}`;
}

/**
 * The chart data API's address of a chart as a page shows it: `/api/charts/<key>.<format>` with the
 * page's data parameters. Only our own service has this API.
 */
export function chartDataUrl(
  searchApiUrl: string,
  key: string,
  format: 'csv' | 'json',
  params: URLSearchParams,
): string {
  const query = params.toString();
  return `${trimBase(searchApiUrl)}/api/charts/${key}.${format}${query ? `?${query}` : ''}`;
}
