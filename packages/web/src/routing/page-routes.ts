import { PRODUCT_TITLE } from '../config.ts';
import { ENTRY_ID_PATTERN, PAGES, matchRoute } from '@pdb-stats/charts';

export const HOME_PATH = PAGES.home.path;
export const EXPLORE_PATH = PAGES.explore.path;
export const BOARD_PAGE_PATH = PAGES.board.path;
export const OTHER_STATISTICS_PATH = PAGES.otherStatistics.path;
export const SNAPSHOT_PATH = PAGES.snapshot.path;

/** Title when no page matches. */
export const DEFAULT_TITLE = `${PRODUCT_TITLE}: Page Not Found`;

/**
 * Document title: the product title at '/', else "<product title>: <display title>" of the
 * matching page (a chart page's chart title, an entry page's entry), else the default title.
 */
export function documentTitle(pathname: string): string {
  const match = matchRoute(pathname);
  if (!match) return DEFAULT_TITLE;
  if (match.page === 'home') return PRODUCT_TITLE;
  // An address is anyone's text: only an identifier is written into the title.
  if (match.page === 'entry')
    return `${PRODUCT_TITLE}: ${ENTRY_ID_PATTERN.test(match.id) ? `Entry ${match.id.toUpperCase()}` : 'Entry'}`;
  const title = 'chart' in match ? match.chart.title : PAGES[match.page].title;
  return `${PRODUCT_TITLE}: ${title}`;
}
