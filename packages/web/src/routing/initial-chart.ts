import { DEFAULT_DATA_VIEW, readScope, resolveChart, matchRoute } from '@pdb-stats/charts';
import type { QueryClient } from '@tanstack/react-query';
import { chartDataQuery } from '../api/queries.ts';
import { readPlotState } from './plot-state.ts';

/**
 * The data query of the chart a page address shows (a chart page under the basename, with its
 * variant and scope from the query string), or undefined elsewhere. The same query the chart page
 * asks for, so its answer is the page's.
 */
export function initialChartQuery(
  searchApiUrl: string,
  basename: string,
  location: { pathname: string; search: string },
) {
  const base = basename.endsWith('/') ? basename : `${basename}/`;
  if (!location.pathname.startsWith(base)) return undefined;
  const match = matchRoute(`/${location.pathname.slice(base.length)}`);
  if (!match || !('chart' in match)) return undefined;
  const params = new URLSearchParams(location.search);
  const { variant, parent } = readPlotState(params, match.chart, DEFAULT_DATA_VIEW);
  return chartDataQuery(
    searchApiUrl,
    resolveChart(match.chart, variant, parent),
    readScope(params).cohorts[0]?.node,
  );
}

/**
 * Asks for the first chart's data as soon as the app starts, while the chart page's chunk is still
 * loading, instead of after it has run: one step less before the first chart is drawn.
 */
export function prefetchInitialChart(queryClient: QueryClient, searchApiUrl: string, basename: string): void {
  const query = initialChartQuery(searchApiUrl, basename, window.location);
  if (query) void queryClient.prefetchQuery(query);
}
