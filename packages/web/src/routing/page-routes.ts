import { CHART_LIST, type ChartCategory, type ChartDefinition } from '@pdb-stats/charts';
import { PRODUCT_TITLE } from '../config.ts';

/** A page route entry: link, display title and path. */
export interface PageRoute {
  /** Address of the page, relative to the base path. */
  link: string;
  display_title: string;
  /** Route path pattern. */
  path: string;
}

export const HOME_PATH = '/';
export const OTHER_STATISTICS_PATH = '/other-statistics';
export const SNAPSHOT_PATH = '/pdb-data-snapshot';

/** The chart page of a chart: its category decides the route (growth or distribution). */
export function chartPath(chart: Pick<ChartDefinition, 'category' | 'key'>): string {
  return `/${chart.category}/${chart.key}`;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { link: HOME_PATH, display_title: 'Home', path: HOME_PATH },
  { link: OTHER_STATISTICS_PATH, display_title: 'Other Statistics', path: OTHER_STATISTICS_PATH },
  { link: SNAPSHOT_PATH, display_title: 'PDB Data Snapshot', path: SNAPSHOT_PATH },
  ...CHART_LIST.map((chart) => ({
    link: chartPath(chart),
    display_title: chart.title,
    path: chartPath(chart),
  })),
];

/** Title when no route entry matches. */
export const DEFAULT_TITLE = `${PRODUCT_TITLE}: Page Not Found`;

function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Document title: the product title at '/', else "<product title>: <display title>" of the
 * matching route entry, else the default title.
 */
export function documentTitle(pathname: string): string {
  const path = trimPath(pathname);
  if (path === HOME_PATH) return PRODUCT_TITLE;
  const entry = PAGE_ROUTES.find((route) => route.path === path);
  return entry ? `${PRODUCT_TITLE}: ${entry.display_title}` : DEFAULT_TITLE;
}

/** The menu group of a path: the category the path starts with. */
export function activeCategory(pathname: string): ChartCategory | undefined {
  if (pathname.startsWith('/growth')) return 'growth';
  if (pathname.startsWith('/distribution')) return 'distribution';
  return undefined;
}
