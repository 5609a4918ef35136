import { CHARTS, DEFAULT_DATA_VIEW, isChartKey, resolveChart } from '@pdb-stats/charts';
import type { QueryClient } from '@tanstack/react-query';
import { chartDataQuery } from '../api/queries.ts';
import { readPlotState } from './plot-state.ts';

/**
 * The data query of the chart a page address shows (`{basename}growth/{key}` or
 * `{basename}distribution/{key}`, with its variant from the query string), or undefined elsewhere.
 * The same query the chart page asks for, so its answer is the page's.
 */
export function initialChartQuery(
  searchApiUrl: string,
  basename: string,
  location: { pathname: string; search: string },
) {
  const base = basename.endsWith('/') ? basename : `${basename}/`;
  if (!location.pathname.startsWith(base)) return undefined;
  const match = /^(growth|distribution)\/([^/]+)\/?$/.exec(location.pathname.slice(base.length));
  const plotname = match?.[2];
  if (!isChartKey(plotname) || CHARTS[plotname].category !== match?.[1]) return undefined;
  const definition = CHARTS[plotname];
  const { variant } = readPlotState(new URLSearchParams(location.search), definition, DEFAULT_DATA_VIEW);
  return chartDataQuery(searchApiUrl, definition.key, resolveChart(definition, variant).query);
}

/**
 * Asks for the first chart's data as soon as the app starts, while the chart page's chunk is still
 * loading, instead of after it has run: one step less before the first chart is drawn.
 */
export function prefetchInitialChart(queryClient: QueryClient, searchApiUrl: string, basename: string): void {
  const query = initialChartQuery(searchApiUrl, basename, window.location);
  if (query) void queryClient.prefetchQuery(query);
}
