import { CHART_KINDS, isChartKey, type ChartKind } from './keys.ts';
import { CHARTS } from './registry.ts';
import { readScope } from './scope.ts';
import type { ChartDefinition } from './types.ts';

/**
 * The dashboard's pages as data: the router, the document titles, the first chart's prefetch and
 * the server's preloads all read this table. Pure (no React), so that the server can import it.
 */
export interface PageSpec {
  /** Address of the page under the base path; for chart pages, the pattern of every kind's pages. */
  path: string;
  /** Display title (chart pages take their chart's title). */
  title: string;
  /** The page's lazily loaded chunk, as the build manifest names it (a source path under packages/web). */
  chunk: string;
}

export const PAGES = {
  home: { path: '/', title: 'Home', chunk: 'src/pages/home-page.tsx' },
  chart: { path: '/:kind/:plotname', title: 'Chart', chunk: 'src/chart-page/chart-page.tsx' },
  // A chart page alone (no navigation, no footer), for other sites to frame.
  embed: { path: '/embed/:kind/:plotname', title: 'Chart', chunk: 'src/chart-page/chart-page.tsx' },
  // The chart builder over any facetable attribute, and its chart alone for other sites to frame.
  explore: { path: '/explore', title: 'Explore', chunk: 'src/explore/explore-page.tsx' },
  exploreEmbed: { path: '/embed/explore', title: 'Explore', chunk: 'src/explore/explore-page.tsx' },
  // Linked charts: a selection on one filters the others.
  board: { path: '/board', title: 'Board', chunk: 'src/board/board-page.tsx' },
  boardEmbed: { path: '/embed/board', title: 'Board', chunk: 'src/board/board-page.tsx' },
  otherStatistics: {
    path: '/other-statistics',
    title: 'Other Statistics',
    chunk: 'src/pages/other-statistics-page.tsx',
  },
  // Where the archive is funded: a world map of the funding organisations' countries.
  fundingMap: {
    path: '/map/funding-countries',
    title: 'Funding Countries',
    chunk: 'src/map/funding-map-page.tsx',
  },
  snapshot: { path: '/pdb-data-snapshot', title: 'PDB Data Snapshot', chunk: 'src/pages/snapshot-page.tsx' },
  // The pages a bar click leads to, at the addresses of the archive's own search site, so that a
  // search link works the same whether it points there or here.
  results: { path: '/search', title: 'Search Results', chunk: 'src/search-pages/results-page.tsx' },
  chemicalResults: {
    path: '/search/chemical',
    title: 'Search Results',
    chunk: 'src/search-pages/results-page.tsx',
  },
  queryEditor: {
    path: '/query-editor.html',
    title: 'Query Editor',
    chunk: 'src/search-pages/query-editor-page.tsx',
  },
  // What this site's archive holds for one entry; the results pages link their identifiers here.
  entry: { path: '/entry/:id', title: 'Entry', chunk: 'src/entry-page/entry-page.tsx' },
} as const satisfies Record<string, PageSpec>;

export type PageName = keyof typeof PAGES;

/**
 * The request summarizer's lazily loaded chunk, as the web build's manifest names it (a path relative
 * to packages/web: the module lives in this package, `@pdb-stats/charts/request-summary`).
 */
export const SUMMARY_CHUNK = '../charts/src/request-summary.ts';

/**
 * Whether a page at an address with these parameters says a scope in words, with the summarizer:
 * the page loads it before it is drawn, and the server preloads it with the page.
 */
export function needsSummary(params: URLSearchParams): boolean {
  return readScope(params).cohorts.length > 0;
}

/** The pages with a fixed address. */
export const FIXED_PAGES = (
  [
    'home',
    'explore',
    'exploreEmbed',
    'board',
    'boardEmbed',
    'otherStatistics',
    'fundingMap',
    'snapshot',
    'results',
    'chemicalResults',
    'queryEditor',
  ] as const
).map((name) => ({
  name,
  ...PAGES[name],
}));

/** The route pattern of one kind's chart pages, as the router takes it. */
export function chartRoutePattern(kind: ChartKind): string {
  return `/${kind}/:plotname`;
}

/** The chart page of a chart: its kind decides the route. */
export function chartPath(chart: Pick<ChartDefinition, 'kind' | 'key'>): string {
  return `/${chart.kind}/${chart.key}`;
}

/** Where the embeddable copies of the chart pages live: the chart page's path under this prefix. */
export const EMBED_PREFIX = '/embed';

/** What a path shows: a fixed page, or the chart page (or embedded chart) of a chart. */
export type RouteMatch =
  | { page: Exclude<PageName, 'chart' | 'embed' | 'entry'> }
  | { page: 'chart' | 'embed'; chart: ChartDefinition }
  | { page: 'entry'; id: string };

/** The page of a path (under the base path; a trailing slash is ignored), or undefined when none. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = FIXED_PAGES.find((page) => page.path === path);
  if (fixed) return { page: fixed.name };
  // Any one segment: the page says when the archive holds no such entry.
  const [, entry] = /^\/entry\/([^/]+)$/.exec(path) ?? [];
  if (entry !== undefined) return { page: 'entry', id: safeDecode(entry) };
  const [, embed, kind, key] = /^(\/embed)?\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
  if (!isChartKey(key) || CHARTS[key].kind !== kind) return undefined;
  return { page: embed ? 'embed' : 'chart', chart: CHARTS[key] };
}

/** A path segment decoded, or as it is when its percent-encoding is broken. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The kind of chart a path's menu group is: the kind the path starts with. */
export function activeKind(pathname: string): ChartKind | undefined {
  const first = pathname.split('/')[1];
  return CHART_KINDS.find((kind) => kind === first);
}
