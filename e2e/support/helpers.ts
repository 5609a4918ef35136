import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { chartFacetRequest, searchEndpoint, type ChartQuery } from '@pdb-stats/search-model/charts';
import { expect, type Page, type Route } from '@playwright/test';

/** Sends a request to the service the browser uses, from the test process (loopback only). */
export async function search(baseURL: string, request: SearchRequest): Promise<SearchResponse | null> {
  const response = await fetch(searchEndpoint(baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.status === 204) return null;
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchResponse;
}

/** The chart's data as the dashboard requests it. */
export function chartData(baseURL: string, query: ChartQuery) {
  return search(baseURL, chartFacetRequest(query));
}

/** Replaces the root element's config of the HTML document (a host page with another config). */
export async function withRootConfig(page: Page, config: (origin: string) => unknown) {
  await page.route(
    (url) => !url.pathname.includes('.') && !url.pathname.startsWith('/rcsbsearch/'),
    async (route: Route) => {
      const response = await route.fetch();
      const origin = new URL(route.request().url()).origin;
      const value = config(origin);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const html = (await response.text()).replace(
        /data-config=('[^']*'|"[^"]*")/,
        `data-config='${text.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}'`,
      );
      await route.fulfill({
        response,
        body: html,
        headers: { ...response.headers(), 'content-type': 'text/html' },
      });
    },
  );
}

/** Bars of the chart on screen, as `x|series` → value. */
export async function barValues(page: Page): Promise<Map<string, number>> {
  const bars = await page
    .locator('.ps-plot-chart .ps-bar')
    .evaluateAll((rects) =>
      rects.map((r) => [
        `${r.getAttribute('data-x')}|${r.getAttribute('data-series') ?? ''}`,
        Number(r.getAttribute('data-value')),
      ]),
    );
  return new Map(bars as [string, number][]);
}

/** Waits until the chart is drawn (no skeleton, bars or an empty-data note). */
export async function waitForChart(page: Page) {
  await expect(page.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
  await expect(page.locator('[data-testid="plot-skeleton"]')).toHaveCount(0);
}

/** The request carried by a query-editor or advanced-search URL. */
export function requestOf(url: string): SearchRequest {
  const parsed = new URL(url);
  const json = parsed.searchParams.get('json') ?? parsed.searchParams.get('request');
  if (!json) throw new Error(`no request in ${url}`);
  return JSON.parse(json) as SearchRequest;
}

/** The tallest or widest bar matching `selector`: big enough to click reliably. */
export async function largestBar(page: Page, selector = '.ps-plot-chart .ps-bar') {
  const bars = page.locator(selector);
  await expect(bars.first()).toBeAttached();
  // Bars grow in for 600 ms; measured (or clicked) earlier, they are still scaled towards zero.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return (
        !(target instanceof Element && target.classList.contains('ps-bar')) ||
        animation.playState === 'finished'
      );
    }),
  );
  const index = await bars.evaluateAll((rects) => {
    const sizes = rects.map((r) => r.getBoundingClientRect()).map((b) => b.width * b.height);
    return sizes.indexOf(Math.max(...sizes));
  });
  return bars.nth(index);
}
