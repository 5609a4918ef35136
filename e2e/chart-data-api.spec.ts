import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openChartMenu } from './support/chart-controls.ts';
import { csvTable, largestBar, waitForChart } from './support/helpers.ts';

/**
 * The chart data API serves the file the dashboard's Download menu writes: for a chart page's state
 * (view, variant, hidden series), `/api/charts/<key>.csv` with the page's URL parameters is the
 * downloaded CSV byte for byte, under the same file name.
 */

/** The downloaded CSV of the chart on screen and its file name. */
async function downloadedCsv(page: Page): Promise<{ name: string; text: string }> {
  const menu = await openChartMenu(page);
  const item = menu.getByRole('group', { name: 'Download' }).getByRole('menuitem', { name: /CSV/ });
  const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
  return { name: file.suggestedFilename(), text: csvTable(await readFile((await file.path())!, 'utf8')) };
}

/** The API's CSV for a chart page's path and query, and the file name it gives. */
async function apiCsv(baseURL: string, path: string): Promise<{ name: string; text: string }> {
  const url = new URL(path, baseURL);
  const key = url.pathname.split('/').at(-1)!;
  const response = await fetch(`${baseURL}/api/charts/${key}.csv${url.search}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { name, text: await response.text() };
}

async function openChart(page: Page, path: string) {
  await page.goto(path);
  await waitForChart(page);
  await largestBar(page);
}

const DOWNLOADED = [
  '/growth/experimental-method?view=annual',
  '/growth/unique-protein-sequences?identity=30',
  '/distribution/resolution',
  '/distribution/journal',
  '/distribution/source-organism?source=engineered',
  '/trend/resolution-by-year?view=shares',
  '/trend/atom-count-by-year?view=shares&hide=%3C%201000',
];
// One test, a step per chart named as its test was: a fresh browser context per chart fetched and
// compiled the scripts again.
test("the downloaded CSV of growth, distribution and trend charts is the API's", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(DOWNLOADED.length * 15_000);
  for (const path of DOWNLOADED)
    await test.step(`the downloaded CSV of ${path} is the API's`, async () => {
      await openChart(page, path);
      const downloaded = await downloadedCsv(page);
      const api = await apiCsv(baseURL!, path);
      expect(downloaded.text.split('\r\n').length).toBeGreaterThan(2);
      expect(api.text).toBe(downloaded.text);
      expect(api.name).toBe(downloaded.name);
    });
});

test('with a series hidden on the page, the API given the same URL leaves it out too', async ({
  page,
  baseURL,
}) => {
  await openChart(page, '/growth/experimental-method');
  const legendItems = page.locator('.ps-plot-side li');
  await legendItems.first().getByRole('checkbox').uncheck();
  await expect(page).toHaveURL(/hide=/);
  await waitForChart(page);
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  const downloaded = await downloadedCsv(page);
  const api = await apiCsv(baseURL!, path);
  expect(api.text).toBe(downloaded.text);
  const hidden = new URL(page.url()).searchParams.get('hide')!;
  expect(api.text.split('\r\n')[0]!.split(',')).not.toContain(hidden);
});

test('the quartiles of a trend chart: the downloaded CSV is the API’s', async ({ page, baseURL }) => {
  const path = '/trend/r-free-by-year';
  await page.goto(path);
  await waitForChart(page);
  await expect(page.locator('.ps-plot-chart .ps-point').first()).toBeAttached();
  const downloaded = await downloadedCsv(page);
  const api = await apiCsv(baseURL!, path);
  expect(downloaded.text.split('\r\n')[0]).toBe(
    'Year,Number of Entries,First quartile,Median,Third quartile',
  );
  expect(api.text).toBe(downloaded.text);
  expect(api.name).toBe(downloaded.name);
});
