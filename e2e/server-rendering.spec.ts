import { CHARTS, clickRequest, resolveChart, advancedSearchUrl } from '@pdb-stats/charts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { largestBar, waitForHydration } from './support/helpers.ts';

/**
 * Pages drawn on the server: a chart page's HTML holds the chart before any script runs, the
 * browser hydrates it from the answers that came with it (no search asked again, no mismatch), and
 * with JavaScript off the pages can be read and the bars followed to their searches.
 */

const GROWTH = '/growth/experimental-method';
const DISTRIBUTION = '/distribution/resolution';
/** Horizontal bars, whose names go above the bars on a phone (a taller chart than the server's). */
const HORIZONTAL = '/distribution/enzyme-classification';
const TREND = '/trend/resolution-by-year';
const LINE = `${GROWTH}?view=annual&chart=line`;
/** Explore charts: bins split by a second attribute (columns), and terms with their Other bar (horizontal). */
const EXPLORE =
  '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=exptl.method&stack=stacked';
const EXPLORE_TERMS = '/explore?attribute=exptl.method&count=entry&dimension=terms&top=25';
/** The explorer's picker reads the service's catalogue once the page has hydrated: no search of the chart. */
const isCatalogueRead = (search: string) =>
  /^GET \S*\/rcsbsearch\/v2\/metadata\/(chemical\/)?schema$/.test(search);

/**
 * The page at `path` as the server renders it. A cold server on a busy machine may not render a
 * page within its time limit, and then sends it unrendered (by design); the render goes on and is
 * kept, so the page is asked for until it comes rendered.
 */
async function renderedPage(request: APIRequestContext, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => (html = await (await request.get(path)).text()).includes('id="ps-server-state"'), {
      timeout: 30_000,
    })
    .toBe(true);
  return html;
}

test.beforeAll(async ({ request }) => {
  for (const path of [
    `${GROWTH}?view=annual`,
    GROWTH,
    LINE,
    DISTRIBUTION,
    TREND,
    EXPLORE,
    EXPLORE_TERMS,
    '/',
  ])
    await renderedPage(request, path);
});

test('a chart page’s HTML holds the drawn chart, its header and its data table before any script runs', async ({
  request,
}) => {
  const html = await renderedPage(request, `${GROWTH}?view=annual`);
  const root = /<div id="statsroot"[^>]*>([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1];
  expect(root, 'the root element holds the page').toBeTruthy();
  // The header block: title, subtitle and the controls.
  expect(root).toContain('<h1>PDB Data Growth by Experimental Method</h1>');
  expect(root).not.toContain('<script');
  expect(root).toMatch(/class="ps-plot-header"/);
  // The chart: bars with their values and labels, both axes with their ticks, the legend.
  expect(root).toMatch(/<svg[^>]*class="ps-chart ps-growth-chart"/);
  const bars = [...root!.matchAll(/<rect class="ps-bar"[^>]*data-x="(\d{4})"[^>]*data-value="(\d+)"/g)];
  expect(bars.length).toBeGreaterThan(20);
  expect(root).toMatch(/aria-label="\d{4}, X-ray: \d+"/);
  expect(root).toMatch(/class="[^"]*ps-axis-left/);
  expect(root).toMatch(/class="[^"]*ps-axis-bottom/);
  expect(root).toMatch(/class="[^"]*ps-tick[^>]*>[\s\S]*?<text[^>]*>[\s\S]*?\d/);
  expect(root).toMatch(/<fieldset class="ps-legend"/);
  // The data table (inside its closed disclosure) with the same numbers as the bars.
  expect(root).toMatch(
    /<details class="ps-data-details"><summary>Data table<\/summary><div[^>]*>[\s\S]*<table/,
  );
  expect(root).not.toContain('data-testid="plot-skeleton"');
  // Its styles are written in its head: its first paint waits for no stylesheet.
  const head = html.split('</head>')[0]!;
  expect(head).not.toMatch(/<link rel="stylesheet"/);
  expect(head).toMatch(/<style>[\s\S]{5000,}?\.ps-plot[\s\S]*<\/style>/);
  // The page's title is the chart's.
  expect(html).toContain(`<title>PDB Statistics: ${CHARTS['experimental-method'].title}</title>`);
});

/** Search requests the page sends to the service, and console errors and warnings, while `visit` runs. */
async function watch(page: Page, visit: () => Promise<void>) {
  const searches: string[] = [];
  const messages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rcsbsearch/')) searches.push(`${request.method()} ${request.url()}`);
  });
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await visit();
  return { searches, messages };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width}×${viewport.height}, the chart and home pages hydrate without searching again or a mismatch`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The server's bar, taken before any script runs: a hydration that gave up on the server's
    // markup (a mismatch) would draw the page anew, and this element would be gone.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const marks = window as unknown as { serverBar?: Element | null; serverHeading?: Element | null };
        marks.serverBar ??= document.querySelector('.ps-plot-chart svg.ps-chart');
        marks.serverHeading ??= document.querySelector('h1');
      });
    });
    for (const path of [GROWTH, DISTRIBUTION, TREND, EXPLORE, EXPLORE_TERMS]) {
      const { searches, messages } = await watch(page, async () => {
        await page.goto(path);
        await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
        // After hydration the chart is laid out again with the browser's measures: let it settle.
        await page.waitForTimeout(500);
      });
      const kept = await page.evaluate(() => {
        const marks = window as unknown as { serverBar?: Element | null; serverHeading?: Element | null };
        return {
          bar: marks.serverBar != null && marks.serverBar.isConnected,
          heading: marks.serverHeading != null && marks.serverHeading.isConnected,
        };
      });
      expect(kept, `${path}: the server's elements are the page's`).toEqual({ bar: true, heading: true });
      expect(
        searches.filter((search) => !(path.startsWith('/explore') && isCatalogueRead(search))),
        `${path}: searches after load`,
      ).toEqual([]);
      expect(messages, `${path}: console`).toEqual([]);
    }
    const home = await watch(page, async () => {
      await page.goto('/');
      await waitForHydration(page, '.ps-headline a');
      await page.waitForTimeout(500);
    });
    expect(home.searches, 'home: searches after load').toEqual([]);
    expect(home.messages, 'home: console').toEqual([]);
    await expect(page.locator('.ps-headline-value').first()).toHaveText(/^\d[\d,]*$/);
  });
}

/**
 * Records in every page the layout shifts (the Layout Instability API's entries) and how the
 * server's chart sat in its frame before any script ran.
 */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const marks = window as unknown as {
      shifts: { value: number; sources: string[] }[];
      serverChart?: { svg: number; frame: number; page: number; viewport: number };
    };
    marks.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[])
        marks.shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? (s.node.getAttribute('class') ?? s.node.nodeName) : '#text',
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
    // The document is parsed and the page's scripts have not run yet: the server's markup alone.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const svg = document.querySelector('.ps-plot-chart svg.ps-chart');
      marks.serverChart = {
        svg: svg?.getBoundingClientRect().width ?? NaN,
        frame: svg?.parentElement?.getBoundingClientRect().width ?? NaN,
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      };
    });
  });
}

/** The layout shifts of the page at `path` until it has hydrated and settled (see watchShifts). */
async function shiftsWhileHydrating(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const marks = window as unknown as {
      shifts: { value: number; sources: string[] }[];
      serverChart?: { svg: number; frame: number; page: number; viewport: number };
    };
    return { shifts: marks.shifts, serverChart: marks.serverChart };
  });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width}×${viewport.height}, the server's chart fits its frame and nothing moves when the page hydrates`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await watchShifts(page);
    for (const path of [GROWTH, LINE, DISTRIBUTION, HORIZONTAL, TREND, EXPLORE, EXPLORE_TERMS]) {
      const { shifts, serverChart } = await shiftsWhileHydrating(page, path);
      expect(serverChart, `${path}: the server's markup was seen`).toBeDefined();
      // Drawn 800 px wide on the server, the chart is scaled to its frame, whatever its width.
      expect(Math.abs(serverChart!.svg - serverChart!.frame), `${path}: chart and frame`).toBeLessThan(1);
      expect(serverChart!.page, `${path}: page width`).toBeLessThanOrEqual(serverChart!.viewport);
      // The chart drawn at its measured width takes the server's chart's place; the controls stay.
      expect(shifts, `${path}: layout shifts`).toEqual([]);
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).not.toHaveAttribute('viewBox');
    }
  });
}

/**
 * On a slow connection the browser would paint a page from the part of its markup that has come:
 * the chart without the legend beside it, which then took the chart's width back (the layout
 * shifts above, seen now and then on a loaded machine). The first frame waits for the whole page.
 */
test('a chart page that arrives slowly is first painted whole, not from part of its markup', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // No frame, no animation callback: the first runs just before the first frame is painted.
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: object }).firstFrame = {
        legend: document.querySelector('.ps-plot-side') !== null,
        parsed: document.getElementById('ps-page-parsed') !== null,
      };
    });
  });
  // Only the markup is slow to come: the scripts, which would share its bandwidth, are not fetched.
  await page.route(/\/static\/js\//, (route) => route.abort());
  const cdp = await page.context().newCDPSession(page);
  // The growth page is some 24 kB compressed: a second and a half at this rate, in many pieces.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 16_000,
    uploadThroughput: 1_000_000,
  });
  await page.goto(GROWTH, { waitUntil: 'commit' });
  const firstFrame = await page.waitForFunction(
    () => (window as unknown as { firstFrame?: object }).firstFrame,
    undefined,
    { timeout: 30_000 },
  );
  expect(await firstFrame.jsonValue()).toEqual({ legend: true, parsed: true });
});

/** Where a bar's short link redirects to (absolute). */
async function redirectOf(request: APIRequestContext, href: string): Promise<string> {
  const response = await request.get(href, { maxRedirects: 0 });
  expect(response.status(), href).toBe(302);
  return new URL(response.headers().location!, href).href;
}

const method = (value: string) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
});
const cohorts = (...nodes: object[]) =>
  nodes.map((node) => `query=${encodeURIComponent(JSON.stringify(node))}`).join('&');

test('on a scoped and on a compared chart, a bar’s link redirects to the search a click on the bar opens', async ({
  page,
  request,
}) => {
  const EM = method('ELECTRON MICROSCOPY');
  for (const [path, selector] of [
    [`${GROWTH}?view=annual&${cohorts(EM)}`, '.ps-plot-chart .ps-bar'],
    [
      `${DISTRIBUTION}?${cohorts(method('X-RAY DIFFRACTION'), EM)}&label=X-ray&label=Cryo-EM`,
      '.ps-plot-chart .ps-bar[data-cohort="Cryo-EM"]',
    ],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
    const bar = await largestBar(page, selector);
    const href = (await bar.locator('xpath=..').getAttribute('href'))!;
    expect(href, path).toContain('/search/bar?');
    const [editor] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
    expect(editor.url(), path).toBe(await redirectOf(request, href));
    await editor.close();
  }
});

test('a scoped page asks for the summarizer while its entry script loads, from its preloads; an unscoped one not at all', async ({
  page,
}) => {
  const ENTRY = /\/static\/js\/index-[^/]*\.js$/;
  let events: string[] = [];
  page.on('request', (request) => {
    if (/\/request-summary-[^/]*\.js$/.test(request.url())) events.push('summarizer asked for');
  });
  page.on('requestfinished', (request) => {
    if (ENTRY.test(request.url())) events.push('entry loaded');
  });
  // The entry script comes a second late: a summarizer its code asks for could only be asked after it.
  await page.route(ENTRY, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`${DISTRIBUTION}?${cohorts(method('X-RAY DIFFRACTION'))}`);
  await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
  expect(events).toEqual(['summarizer asked for', 'entry loaded']);
  events = [];
  await page.goto(DISTRIBUTION);
  await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
  expect(events).toEqual(['entry loaded']);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a chart page is readable and its bars are short links that lead to their results, drawn by the server', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${GROWTH}?view=annual`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'PDB Data Growth by Experimental Method' }),
    ).toBeVisible();
    await expect(page.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
    // The bars of the drawing shown (the page holds one laid out for a phone too, not shown here).
    const links = page.locator('.ps-plot-chart a.ps-bar-link:visible');
    const count = await links.count();
    expect(count).toBeGreaterThan(20);
    const definition = CHARTS['experimental-method'];
    const { query } = resolveChart(definition, undefined);
    for (const index of [0, Math.floor(count / 2), count - 1]) {
      const link = links.nth(index);
      const bar = link.locator('rect.ps-bar');
      const year = (await bar.getAttribute('data-x'))!;
      const series = (await bar.getAttribute('data-series'))!;
      const value = Number(await bar.getAttribute('data-value'));
      // Short: the chart page and the bar, not the bar's whole search.
      const href = (await link.getAttribute('href'))!;
      expect(href.startsWith(`${baseURL}/search/bar?`), href).toBe(true);
      expect(href.length, href).toBeLessThan(150);
      // Followed, it lands on the bar's results, as a click on the bar opens them: drawn by the
      // server, the number found and the first identifiers are there without scripts.
      await link.click();
      const expected = advancedSearchUrl(
        baseURL!,
        clickRequest(definition, { x: year, series, view: 'annual' }, query),
        `${GROWTH}?view=annual`,
      );
      await expect(page).toHaveURL(expected);
      await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
      await expect(page.getByTestId('results-table').locator('tbody tr')).toHaveCount(Math.min(value, 25));
      if (index === Math.floor(count / 2))
        await page.screenshot({
          path: `${test.info().outputDir}/results-without-scripts.png`,
          fullPage: true,
        });
      await page.goBack();
    }
    // The data table is there to open and read.
    await page.getByText('Data table').click();
    await expect(page.locator('.ps-data-details table')).toBeVisible();
  });

  test('a trend chart’s points are links to their searches', async ({ page, baseURL, request }) => {
    await page.goto(TREND);
    const links = page.locator('.ps-plot-chart a.ps-bar-link');
    const count = await links.count();
    expect(count).toBeGreaterThan(20);
    expect(count).toBe(await page.locator('.ps-plot-chart circle.ps-point').count());
    const definition = CHARTS['resolution-by-year'];
    const { query } = resolveChart(definition, undefined);
    for (const index of [0, Math.floor(count / 2), count - 1]) {
      const link = links.nth(index);
      const year = (await link.locator('circle.ps-point').getAttribute('data-x'))!;
      const expected = advancedSearchUrl(
        baseURL!,
        clickRequest(definition, { x: year, view: 'quartiles' }, query),
        TREND,
      );
      expect(await redirectOf(request, (await link.getAttribute('href'))!), year).toBe(expected);
    }
  });

  test('an explore page shows its builder, its chart split by the second attribute and its table; a bar leads to its results', async ({
    page,
  }) => {
    await page.goto(EXPLORE);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Entries by Resolution and Experimental method' }),
    ).toBeVisible();
    // Without scripts the attribute is a plain drop-down of the catalogue, showing its title.
    const attribute = page.getByTestId('explore-builder').getByRole('combobox', { name: 'Attribute' });
    await expect(attribute).toHaveValue('rcsb_entry_info.resolution_combined');
    await expect(attribute.locator('option:checked')).toHaveText('Resolution (Å)');
    await expect(page.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
    // Segments of each bin, one per method, each a link to its search.
    const segments = page.locator('.ps-plot-chart a.ps-bar-link rect.ps-bar[data-series]');
    expect(await segments.count()).toBeGreaterThan(5);
    const xray = page.locator(
      '.ps-plot-chart rect.ps-bar[data-x="1.5–2.0 Å"][data-series="X-RAY DIFFRACTION"]:visible',
    );
    const value = Number(await xray.getAttribute('data-value'));
    expect(value).toBeGreaterThan(0);
    await xray.locator('xpath=..').click();
    await expect(page).toHaveURL(/\/search\?request=/);
    await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
    await page.goBack();
    await page.getByText('Data table').click();
    await expect(page.locator('.ps-data-details table')).toContainText('X-RAY DIFFRACTION');
  });

  test('the home page shows its figures', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const values = await page.locator('.ps-headline-value').allTextContents();
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(/^\d[\d,]*$/);
  });
});
