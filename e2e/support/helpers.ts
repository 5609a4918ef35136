import type { ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { chartFacetRequest, type ChartQuery, searchEndpoint } from '@pdb-stats/charts';
import { expect, type Locator, type Page, type Route } from '@playwright/test';

/**
 * Searches the test process has in flight at most: the server caps the connections of one client
 * address (429 beyond), and every worker and browser of the run shares the loopback address.
 */
const MAX_SEARCHES_IN_FLIGHT = 8;
let inFlight = 0;
const waiting: (() => void)[] = [];

async function withinSearchLimit<T>(work: () => Promise<T>): Promise<T> {
  // A finished search hands its place to the next waiting one, so the count never passes the limit.
  if (inFlight < MAX_SEARCHES_IN_FLIGHT) inFlight += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

/** Sends a request to the service the browser uses, from the test process (loopback only). */
export async function search(baseURL: string, request: SearchRequest): Promise<SearchResponse | null> {
  return withinSearchLimit(async () => {
    const response = await fetch(searchEndpoint(baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.status === 204) return null;
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SearchResponse;
  });
}

/**
 * A count as the dashboard writes it ("12,345"); NaN for anything else ("…", "—", "unavailable"),
 * so that a figure still loading or failed never equals a count.
 */
export function parseCount(text: string | null): number {
  const trimmed = (text ?? '').trim();
  return /^\d{1,3}(,\d{3})*$/.test(trimmed) ? Number(trimmed.replaceAll(',', '')) : NaN;
}

/** How many objects the service finds for `request`, asked from the test process (204 is 0). */
export async function countOf(baseURL: string, request: SearchRequest): Promise<number> {
  const { paginate: _paginate, facets: _facets, sort: _sort, ...options } = request.request_options ?? {};
  const answer = await search(baseURL, { ...request, request_options: { ...options, return_counts: true } });
  return answer?.total_count ?? 0;
}

/** A count of experimental objects of `returnType` matching all `conditions`, written here, not by the page. */
export function experimentalCount(
  returnType: ReturnType,
  conditions: { attribute: string; value: string }[] = [],
): SearchRequest {
  const nodes = conditions.map(({ attribute, value }) => ({
    type: 'terminal' as const,
    service: 'text' as const,
    parameters: { attribute, operator: 'exact_match' as const, value },
  }));
  return {
    ...(nodes.length > 0 && { query: { type: 'group', logical_operator: 'and', nodes } }),
    return_type: returnType,
    request_options: { results_content_type: ['experimental'] },
  } as SearchRequest;
}

/** A table as text: its column headers, and per row its header and the text of its cells. */
export async function tableText(table: Locator): Promise<{ columns: string[]; rows: [string, string[]][] }> {
  return table.evaluate((element) => {
    const text = (cell: Element) => (cell.textContent ?? '').trim();
    const columns = Array.from(element.querySelectorAll('thead th'), text);
    const rows = Array.from(
      element.querySelectorAll('tbody tr, tfoot tr'),
      (row) =>
        [text(row.querySelector('th')!), Array.from(row.querySelectorAll('td'), text)] as [string, string[]],
    );
    return { columns, rows };
  });
}

/** The search behind each number link of `scope`, with the number shown, in document order. */
export async function linkedCounts(scope: Locator): Promise<{ shown: number; request: SearchRequest }[]> {
  const links = await scope
    .locator('a[href*="json="]')
    .evaluateAll((anchors) => anchors.map((a) => [a.textContent ?? '', (a as HTMLAnchorElement).href]));
  return links.map(([text, href]) => ({ shown: parseCount(text!), request: requestOf(href!) }));
}

/** The chart's data as the dashboard requests it. */
export function chartData(baseURL: string, query: ChartQuery) {
  return search(baseURL, chartFacetRequest(query));
}

/**
 * Replaces the root element's config of the HTML document (a host page with another config); the
 * markup the server drew with its own config is left out, as the browser draws the page anew.
 */
export async function withRootConfig(page: Page, config: (origin: string) => unknown) {
  await page.route(
    (url) => !url.pathname.includes('.') && !url.pathname.startsWith('/rcsbsearch/'),
    async (route: Route) => {
      const response = await route.fetch();
      const origin = new URL(route.request().url()).origin;
      const value = config(origin);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const html = withoutServerMarkup(await response.text()).replace(
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

/**
 * Waits until the element `selector` names is React's and the page has finished hydrating (the
 * document's `data-hydrated`): a page the server drew is on screen before its scripts have run, a
 * click on it then is a click on plain HTML (a bar is a link), and until hydration ends it holds
 * its controls in two places.
 */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return (
      document.documentElement.dataset.hydrated !== undefined &&
      element !== null &&
      Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
    );
  }, selector);
}

/** The page is the chart's: its document title, its heading, and the Demo badge of the demo archive. */
export async function expectChartTitled(page: Page, title: string) {
  await expect(page).toHaveTitle(`PDB Statistics: ${title}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
}

/** Waits until the chart is drawn (no skeleton, bars or an empty-data note) and hydrated. */
export async function waitForChart(page: Page) {
  // A chart with nothing to draw says so in place of its drawing.
  const chart = '.ps-plot-chart svg.ps-chart, .ps-plot-chart .ps-chart-state';
  await expect(page.locator(chart)).toBeVisible();
  await expect(page.locator('[data-testid="plot-skeleton"]')).toHaveCount(0);
  await waitForHydration(page, chart);
}

/** The request carried by a query-editor or advanced-search URL. */
export function requestOf(url: string): SearchRequest {
  const parsed = new URL(url);
  const json = parsed.searchParams.get('json') ?? parsed.searchParams.get('request');
  if (!json) throw new Error(`no request in ${url}`);
  return JSON.parse(json) as SearchRequest;
}

/**
 * Waits until the bars have grown in: for 600 ms they are scaled towards zero, so measured,
 * clicked or photographed earlier they are not what is drawn.
 */
export async function waitForBarsGrown(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.ps-bar') !== null &&
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return (
          !(target instanceof Element && target.classList.contains('ps-bar')) ||
          animation.playState === 'finished'
        );
      }),
  );
}

/** The tallest or widest bar matching `selector`: big enough to click reliably. */
export async function largestBar(page: Page, selector = '.ps-plot-chart .ps-bar') {
  const bars = page.locator(selector);
  await expect(bars.first()).toBeAttached();
  await waitForHydration(page, selector);
  await waitForBarsGrown(page);
  const index = await bars.evaluateAll((rects) => {
    const sizes = rects.map((r) => r.getBoundingClientRect()).map((b) => b.width * b.height);
    return sizes.indexOf(Math.max(...sizes));
  });
  return bars.nth(index);
}

/** A page without the markup the server drew and the answers it drew it from: the browser draws it. */
function withoutServerMarkup(html: string): string {
  return html.replace(
    /(<div id="statsroot"[^>]*>)[\s\S]*<\/div><script type="application\/json" id="ps-server-state">[\s\S]*?<\/script>/,
    '$1</div>',
  );
}

/**
 * Pages as the server sends them when it does not render them (a render that failed or took too
 * long): the browser draws them and asks the service itself, so that a test can answer for the
 * service in the browser (a 500, a 204). Set before `page.goto`.
 */
export async function withoutServerRendering(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/rcsbsearch/') && !url.pathname.startsWith('/static/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutServerMarkup(await response.text()) });
    },
  );
}

/**
 * Chooses a bar as the visitor does and checks that its search finds the bar's number: on a phone a
 * tap shows the bar's panel, whose link is counted; elsewhere a click opens its results in a tab.
 */
export async function expectBarSearchCount(page: Page, bar: Locator, value: number, phone: boolean) {
  if (phone) {
    await bar.click({ force: true });
    const href = await page
      .getByTestId('selection')
      .getByRole('link', { name: /^See the / })
      .getAttribute('href');
    const url = new URL(href!, page.url());
    expect(await countOf(url.origin, requestOf(url.href))).toBe(value);
  } else {
    const [results] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
    await expect(results.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
    await results.close();
  }
}

/**
 * The table of a downloaded CSV: the file without the comment lines ("# …") that say above the table
 * what it is (title, source, date, licence), which the chart data API's CSV does not carry.
 */
export function csvTable(text: string): string {
  return text.replace(/^(?:# [^\r\n]*\r\n)+/, '');
}
