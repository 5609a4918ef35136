import { expect, test } from '@playwright/test';
import {
  countOf,
  experimentalCount,
  parseCount,
  withRootConfig,
  withoutServerRendering,
} from './support/helpers.ts';

const NOT_FOUND =
  'Oops, looks like this page mutated! Try going back to the Statistics homepage or double-checking the URL.';

test('home has the product title and the Demo data badge', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('PDB Statistics');
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
  // The figure itself, not a number-like text: summary-counts.spec.ts checks every other figure.
  const entries = page.locator('[data-count="entry"] .ps-headline-value');
  const expected = await countOf(baseURL!, experimentalCount('entry'));
  await expect.poll(async () => parseCount(await entries.textContent())).toBe(expected);
  await expect(page.locator('.ps-holdings-table tbody tr').first()).toBeVisible();
});

test('other statistics and the data snapshot have their titles and content', async ({ page, baseURL }) => {
  await page.goto('/other-statistics');
  await expect(page).toHaveTitle('PDB Statistics: Other Statistics');
  await expect(page.getByRole('heading', { name: 'Other Statistics', level: 1 })).toBeVisible();
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
  await page.goto('/pdb-data-snapshot');
  await expect(page).toHaveTitle('PDB Statistics: PDB Data Snapshot');
  await expect(page.getByTestId('archive-source')).toContainText('demo');
  await expect(page.getByTestId('archive-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  const entries = page.locator('tr[data-level="entry"] td').first();
  const expected = await countOf(baseURL!, experimentalCount('entry'));
  await expect.poll(async () => parseCount(await entries.textContent())).toBe(expected);
});

// Each chart's title and Demo badge: charts.spec.ts and trend.spec.ts check them on the page they open.

for (const path of [
  '/no-such-page',
  '/growth/no-such-chart',
  '/distribution/overall-structures',
  '/growth/resolution',
]) {
  test(`${path} shows the not-found page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('.ps-not-found-text')).toHaveText(NOT_FOUND);
    await expect(page).toHaveTitle('PDB Statistics: Page Not Found');
    await page.getByRole('link', { name: 'Statistics homepage' }).click();
    await expect(page).toHaveTitle('PDB Statistics');
  });
}

test('a malformed config shows a clear message, not a blank page', async ({ page }) => {
  await withRootConfig(page, () => '{"basename": ');
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('not configured correctly');
  await expect(page.getByRole('alert')).toContainText('data-config is not valid JSON');
});

test('a base path from the config prefixes every route', async ({ page }) => {
  await withRootConfig(page, (origin) => ({
    basename: '/stats',
    sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
  }));
  await page.goto('/stats/distribution/resolution');
  await expect(page).toHaveTitle('PDB Statistics: PDB Data Distribution by Resolution');
  await page.getByRole('link', { name: 'PDB Statistics' }).click();
  await expect(page).toHaveURL(/\/stats$/);
});

test('a missing page chunk gives "Loading chunk failed" with type missing', async ({ page }) => {
  await page.route(/\/static\/js\/chart-page-[^/]*\.js$/, (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"not found"}' }),
  );
  await page.goto('/distribution/resolution');
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await expect(page.locator('.ps-chunk-error-type')).toHaveText('missing');
});

test('a failing page chunk gives "Loading chunk failed" with type error', async ({ page }) => {
  await page.route(/\/static\/js\/other-statistics-page-[^/]*\.js$/, (route) =>
    route.abort('connectionreset'),
  );
  await page.goto('/other-statistics');
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await expect(page.locator('.ps-chunk-error-type')).toHaveText('error');
});

test('pages show a loading indicator while their chunk loads', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/snapshot-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pdb-data-snapshot');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'PDB Data Snapshot' })).toBeVisible();
});

test('a plot shows the skeleton while its data loads', async ({ page }) => {
  // Unrendered, as after a failed server render: a rendered page arrives with its chart drawn.
  await withoutServerRendering(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rcsbsearch/v2/query', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/growth/overall-structures');
  const skeleton = page.getByTestId('plot-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.locator('.ps-skeleton-line')).toHaveCount(3);
  await expect(skeleton.locator('.ps-skeleton-bar').first()).toBeVisible();
  release();
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeVisible();
});
