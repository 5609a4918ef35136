/**
 * The dashboard under faults: each fault is injected in front of the real server with
 * page.route, shows the page's error screen, and is then removed (page.unroute) to prove that the
 * page recovers the way a researcher would try: the error screen's "Try again" button, navigating
 * to another page and back, or reloading after a chunk failure.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { waitForChart, withoutServerRendering } from './support/helpers.ts';

const API = '**/rcsbsearch/v2/**';
const QUERY = '**/rcsbsearch/v2/query';
const PLOT_CHUNK = /\/static\/js\/chart-page-[^/]*\.js$/;

const dataError = (page: Page) => page.locator('.ps-data-error');

/** The chart data error screen (the existing app's wording), with `message` after 'Error loading data:'. */
async function expectDataError(page: Page, message: string | RegExp) {
  const alert = dataError(page);
  // Two retries with back-off come first (about 3 s).
  await expect(alert.getByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(alert).toContainText('Error loading data:');
  await expect(alert.locator('p').first()).toContainText(message);
  await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveCount(0);
}

/** Recovery through the error screen's button: the data is fetched anew and the chart drawn. */
async function tryAgain(page: Page) {
  await dataError(page).getByRole('button', { name: 'Try again' }).click();
  await waitForChart(page);
  await expect(dataError(page)).toHaveCount(0);
}

/** Opens a chart from the navigation bar's dropdown, without loading the document again. */
async function navigate(page: Page, category: 'Data Growth' | 'Data Distribution', name: string) {
  await page.getByRole('button', { name: new RegExp(`^${category}`) }).hover();
  await page.locator('.ps-dropdown-menu').getByRole('link', { name, exact: true }).click();
}

// The faults are of the browser's own requests: the pages come unrendered, as after a failed server
// render, so that the browser asks for the data itself.
test.beforeEach(async ({ page }) => {
  await withoutServerRendering(page);
});

test('the service down: the error screen, then the chart once it is back', async ({ page }) => {
  await page.route(API, (route) => route.abort('connectionrefused'));
  await page.goto('/distribution/resolution');
  await expectDataError(page, /fetch/i);
  await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);

  await page.unroute(API);
  await tryAgain(page);
  // The archive's description failed too and is asked for again: the badge comes back.
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
});

test('the service down: navigating to another chart and back fetches anew', async ({ page }) => {
  await page.route(API, (route) => route.abort('connectionrefused'));
  await page.goto('/distribution/resolution');
  await expectDataError(page, /fetch/i);

  await page.unroute(API);
  await navigate(page, 'Data Distribution', 'R-free');
  await expect(page).toHaveURL(/\/distribution\/r-free$/);
  await waitForChart(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/distribution\/resolution$/);
  await waitForChart(page);
  await expect(dataError(page)).toHaveCount(0);
});

test('a failure after navigating to another chart: its error, never the previous chart under its title', async ({
  page,
}) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await page.route(QUERY, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom"}' }),
  );
  await navigate(page, 'Data Distribution', 'R-free');
  await expect(page).toHaveURL(/\/distribution\/r-free$/);
  await expectDataError(page, '500 boom');
});

test('a slow service: the skeleton, no error, then the chart', async ({ page }) => {
  const DELAY_MS = 3_000;
  await page.route(QUERY, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue().catch(() => {});
  });
  const started = Date.now();
  await page.goto('/growth/experimental-method');
  await expect(page.getByTestId('plot-skeleton')).toBeVisible();
  await waitForChart(page);
  expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
  await expect(dataError(page)).toHaveCount(0);
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
});

test('a busy service: asked again after its Retry-After, the chart is drawn; refusing still, its message', async ({
  page,
}) => {
  const busy = {
    status: 503,
    contentType: 'application/json',
    headers: { 'retry-after': '2', 'access-control-expose-headers': 'retry-after' },
    body: '{"status":503,"message":"the service is overloaded; retry in 2 s"}',
  };
  const asked: number[] = [];
  await page.route(QUERY, async (route) => {
    asked.push(Date.now());
    if (asked.length === 1) await route.fulfill(busy);
    else await route.continue();
  });
  await page.goto('/growth/overall-structures');
  await waitForChart(page);
  await expect(dataError(page)).toHaveCount(0);
  // The second request waited as long as the service asked (TanStack's back-off would ask after 1 s).
  expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(1_900);

  await page.unroute(QUERY);
  const refused: number[] = [];
  await page.route(QUERY, async (route) => {
    refused.push(Date.now());
    await route.fulfill(busy);
  });
  await page.goto('/growth/experimental-method');
  await expectDataError(page, '503 the service is overloaded; retry in 2 s');
  // Once, then the message: not three requests in three seconds.
  expect(refused).toHaveLength(2);
  expect(refused[1]! - refused[0]!).toBeGreaterThanOrEqual(1_900);
});

test('a 500: the error screen with the message, then the chart on "Try again"', async ({ page }) => {
  await page.route(QUERY, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Internal Server Error"}',
    }),
  );
  await page.goto('/growth/overall-structures');
  await expectDataError(page, '500 Internal Server Error');
  await page.unroute(QUERY);
  await tryAgain(page);
});

test('an answer that is not JSON: the error screen, then the chart on "Try again"', async ({ page }) => {
  await page.route(QUERY, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"query_id": "x", "total_co' }),
  );
  await page.goto('/distribution/resolution');
  await expectDataError(page, 'The search service sent an answer that is not JSON');
  await page.unroute(QUERY);
  await tryAgain(page);
});

/** JSON of the wrong shape, each with the part the error message names. */
const WRONG_SHAPES: [string, unknown, string][] = [
  ['an array', [1, 2, 3], 'the answer is not an object'],
  ['facets that are not a list', { result_type: 'entry', total_count: 5, facets: { n: 1 } }, 'facets'],
  [
    'buckets without populations',
    { result_type: 'entry', total_count: 5, facets: [{ name: 'Year', buckets: [{ label: '2001' }] }] },
    'facets[0].buckets[0].population',
  ],
  ['a count that is not a number', { result_type: 'entry', total_count: 'many' }, 'total_count'],
];

// One test, a step per shape named as its test was: a fresh browser context per shape fetched and
// compiled the scripts again.
test('answers of the wrong shape: the error screen naming what is wrong, then the chart', async ({
  page,
}) => {
  test.setTimeout(WRONG_SHAPES.length * 20_000);
  for (const [what, body, named] of WRONG_SHAPES)
    await test.step(`an answer of the wrong shape (${what}): the error screen, then the chart`, async () => {
      await page.route(QUERY, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
      );
      await page.goto('/growth/experimental-method');
      await expectDataError(page, 'The search service sent an answer of an unexpected shape');
      await expect(dataError(page)).toContainText(named);
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await page.unroute(QUERY);
      await tryAgain(page);
    });
});

test('a failed page chunk: "Loading chunk failed", then the page after a reload', async ({ page }) => {
  await page.route(PLOT_CHUNK, (route) => route.abort('connectionreset'));
  await page.goto('/distribution/resolution');
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await expect(page.locator('.ps-chunk-error-type')).toHaveText('error');
  // The navigation bar stays, so the visitor can go elsewhere.
  await expect(page.getByRole('link', { name: 'PDB Statistics' })).toBeVisible();

  await page.unroute(PLOT_CHUNK);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await waitForChart(page);
});

test('a failed page chunk: navigating to another chart loads the chunk anew', async ({ page }) => {
  let failures = 0;
  await page.route(PLOT_CHUNK, (route) => {
    failures += 1;
    return route.abort('connectionreset');
  });
  await page.goto('/distribution/resolution');
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  expect(failures).toBeGreaterThanOrEqual(1);

  await page.unroute(PLOT_CHUNK);
  await navigate(page, 'Data Distribution', 'R-free');
  await expect(page).toHaveURL(/\/distribution\/r-free$/);
  await waitForChart(page);
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toHaveCount(0);
});
