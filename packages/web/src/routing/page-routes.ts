import { PRODUCT_TITLE } from '../config.ts';
import { PAGES, matchRoute } from './routes.ts';

export const HOME_PATH = PAGES.home.path;
export const EXPLORE_PATH = PAGES.explore.path;
export const OTHER_STATISTICS_PATH = PAGES.otherStatistics.path;
export const SNAPSHOT_PATH = PAGES.snapshot.path;

/** Title when no page matches. */
export const DEFAULT_TITLE = `${PRODUCT_TITLE}: Page Not Found`;

/**
 * Document title: the product title at '/', else "<product title>: <display title>" of the
 * matching page (a chart page's chart title), else the default title.
 */
export function documentTitle(pathname: string): string {
  const match = matchRoute(pathname);
  if (!match) return DEFAULT_TITLE;
  if (match.page === 'home') return PRODUCT_TITLE;
  const title = 'chart' in match ? match.chart.title : PAGES[match.page].title;
  return `${PRODUCT_TITLE}: ${title}`;
}
