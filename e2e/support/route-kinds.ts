import type { SearchRequest } from '@pdb-stats/search-model';
import { CHART_LIST, type ChartDefinition } from '@pdb-stats/charts';
import { expect, type Page } from '@playwright/test';
import { waitForChart } from './helpers.ts';

/** A route of the app and how to tell that its content is on screen. */
export interface RouteCase {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const REQUEST: SearchRequest = {
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' },
  },
  return_type: 'entry',
};
const encoded = encodeURIComponent(JSON.stringify(REQUEST));

export function chartCase(chart: ChartDefinition, search = ''): RouteCase {
  return {
    name: `${chart.kind}/${chart.key}${search}`,
    path: `/${chart.kind}/${chart.key}${search}`,
    ready: async (page) => {
      await waitForChart(page);
      // Bars, or a trend chart's points.
      await expect(page.locator('.ps-plot-chart .ps-bar, .ps-plot-chart .ps-point').first()).toBeAttached();
    },
  };
}

/** Every route that is not a chart page. */
export const OTHER_ROUTES: RouteCase[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => expect(page.locator('[data-count="entry"] .ps-headline-value')).toHaveText(/^\d[\d,]*$/),
  },
  {
    name: 'other statistics',
    path: '/other-statistics',
    ready: (page) => expect(page.getByRole('heading', { name: 'Other Statistics', level: 1 })).toBeVisible(),
  },
  {
    name: 'data snapshot',
    path: '/pdb-data-snapshot',
    ready: (page) => expect(page.getByTestId('archive-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/),
  },
  {
    name: 'not found',
    path: '/no-such-page',
    ready: (page) => expect(page.locator('.ps-not-found-text')).toBeVisible(),
  },
  {
    name: 'search results',
    path: `/search?request=${encoded}`,
    ready: async (page) => {
      await expect(page.getByTestId('total-count')).not.toHaveAttribute('data-count', '0');
      await expect(page.getByTestId('results-table').locator('tbody tr').first()).toBeVisible();
    },
  },
  {
    name: 'query editor',
    path: `/query-editor.html?json=${encoded}`,
    ready: (page) => expect(page.getByTestId('result-count')).toHaveAttribute('data-count', /^[1-9]\d*$/),
  },
];

const byKey = (key: string) => CHART_LIST.find((c) => c.key === key)!;

/** One chart page of each kind: stacked growth, one-series growth, vertical bins, horizontal terms with variants. */
export const CHART_KINDS: RouteCase[] = [
  chartCase(byKey('experimental-method')),
  chartCase(byKey('overall-structures')),
  chartCase(byKey('resolution')),
  chartCase(byKey('taxonomy')),
  chartCase(CHART_LIST.find((c) => c.variants && c.kind === 'distribution') ?? byKey('software')),
];

/** Every chart of the registry, trend charts in both their views. */
export const ALL_CHARTS: RouteCase[] = CHART_LIST.flatMap((chart) =>
  chart.kind === 'trend' ? [chartCase(chart), chartCase(chart, '?view=shares')] : [chartCase(chart)],
);
