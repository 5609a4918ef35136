import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openChartMenu } from './support/chart-controls.ts';
import { largestBar, requestOf, waitForChart } from './support/helpers.ts';

/**
 * Share and embed: the menu's share dialog (the page's link and an iframe snippet of its embedded
 * copy), the embedded chart page under /embed (the chart alone, framable by any site, fitting any
 * frame width), and the chart data API's addresses in the menu, offered by our own service only.
 */

const SHOTS = join('test-results', 'screenshots', 'share-embed');
mkdirSync(SHOTS, { recursive: true });

const STATE = '?view=annual&hide=NMR&scale=log';

/**
 * A page of another site framing the given addresses: another origin (its own port on loopback; the
 * browser refuses a public address framing a loopback one whatever the headers say).
 */
async function openHostPage(page: Page, frames: string[]): Promise<() => Promise<void>> {
  const body = `<!doctype html><html><body><h1>Course notes</h1>${frames
    .map((src, i) => `<iframe name="f${i}" src="${src}" width="800" height="600"></iframe>`)
    .join('')}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/`);
  return () => new Promise((resolve) => server.close(() => resolve()));
}

test('the share dialog gives the link and an iframe of the embedded page, both with the whole state', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/growth/experimental-method${STATE}`);
  await waitForChart(page);
  await (await openChartMenu(page)).getByRole('menuitem', { name: 'Share or embed…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('share-panel')).toBeVisible();
  const link = dialog.getByLabel('Link to this view');
  await expect(link).toHaveValue(page.url());
  const snippet = await dialog.getByLabel('Embed in a web page').inputValue();
  const embedUrl = `${baseURL}/embed/growth/experimental-method${STATE.replace(/&/g, '&amp;')}`;
  expect(snippet).toContain(`<iframe src="${embedUrl}"`);
  expect(snippet).toContain('title="PDB Data Growth by Experimental Method"');
  await page.screenshot({ path: join(SHOTS, 'share-dialog.png') });

  await dialog.getByRole('button', { name: 'Copy' }).last().click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await dialog.getByRole('button', { name: 'Copy' }).first().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

for (const width of [320, 800]) {
  test(`the embedded chart is the chart alone and fits a frame ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 600 });
    await page.goto(`/embed/growth/experimental-method${STATE}`);
    await waitForChart(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'PDB Data Growth by Experimental Method',
    );
    // No navigation, footer, toolbar, or data table: the chart, its header and its source line.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.getByRole('toolbar')).toHaveCount(0);
    await expect(page.locator('details.ps-data-details')).toHaveCount(0);
    await expect(page.getByTestId('data-as-of')).toBeVisible();
    // The state of the address is drawn: the annual view, NMR hidden, the log scale.
    await expect(page.locator('.ps-plot-chart .ps-bar[data-series="NMR"]')).toHaveCount(0);
    await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
    // It says where it comes from: the full chart page with the same state, in a new tab.
    const source = page.getByTestId('embed-source').getByRole('link');
    await expect(source).toHaveAttribute('href', `/growth/experimental-method${STATE}`);
    await expect(source).toHaveAttribute('target', '_blank');
    // Nothing wider than the frame.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const svg = await page.locator('.ps-plot-chart svg.ps-chart').boundingBox();
    expect(svg!.x + svg!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SHOTS, `embed-${width}.png`), fullPage: true });
  });
}

test('without JavaScript the embedded chart and explorer arrive drawn by the server', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 600 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`/embed/growth/experimental-method${STATE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDB Data Growth by Experimental Method');
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
  await expect(page.locator('.ps-plot-chart .ps-bar[data-series="NMR"]')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);

  const explore =
    'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=8.5';
  await page.goto(`/embed/explore?${explore}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entries by Resolution');
  await expect(page.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
  await expect(page.getByTestId('embed-source').getByRole('link')).toHaveAttribute(
    'href',
    `/explore?${explore}`,
  );
  await page.screenshot({ path: join(SHOTS, 'embed-explore-no-script-375.png'), fullPage: true });
  await context.close();
});

test('a bar of the embedded chart opens its results in a new tab', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/embed/distribution/resolution');
  await waitForChart(page);
  const bar = await largestBar(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  expect(popup.url()).toContain('/search?request=');
  expect(requestOf(popup.url()).return_type).toBe('entry');
  // The page itself stays: it lives in someone else's page.
  expect(new URL(page.url()).pathname).toBe('/embed/distribution/resolution');
});

test('a page of another site may frame an embedded chart, and no other page', async ({ page, baseURL }) => {
  const embedded = `${baseURL}/embed/distribution/resolution`;
  const full = `${baseURL}/distribution/resolution`;
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
  });
  const closeHost = await openHostPage(page, [embedded, full]);
  const frame = page.frameLocator('iframe[name="f0"]');
  await expect(frame.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
  await expect(frame.getByTestId('embed-source')).toBeVisible();
  // The full page refuses: the browser reports it and shows none of it.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(refused).toHaveLength(1);
  expect(refused[0]).toContain("frame-ancestors 'self'");
  await expect.poll(() => page.frame({ name: 'f1' })?.url()).toMatch(/^chrome-error:/);
  expect(page.frame({ name: 'f0' })?.url()).toBe(embedded);
  await expect(page.frameLocator('iframe[name="f1"]').locator('.ps-plot-page')).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'framed-by-another-site.png') });
  await closeHost();
});

test('the menu links to the chart data API with the view named, and the addresses answer', async ({
  page,
  request,
}) => {
  await page.goto('/growth/unique-protein-sequences?identity=50&scale=log');
  await waitForChart(page);
  const menu = await openChartMenu(page);
  const csv = menu.getByRole('menuitem', { name: 'CSV from the data API' });
  const json = menu.getByRole('menuitem', { name: 'JSON from the data API' });
  const origin = new URL(page.url()).origin;
  await expect(csv).toHaveAttribute(
    'href',
    `${origin}/api/charts/unique-protein-sequences.csv?view=cumulative&identity=50`,
  );
  await expect(json).toHaveAttribute(
    'href',
    `${origin}/api/charts/unique-protein-sequences.json?view=cumulative&identity=50`,
  );
  const answer = await request.get((await json.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ view: 'cumulative', variant: { identity: '50' } });
  expect((await request.get((await csv.getAttribute('href'))!)).status()).toBe(200);
});

test('a search service without the archive route (the public one) gets no data API links', async ({
  page,
}) => {
  // The page as the browser draws it without the server's answers (which name our archive), so
  // that it asks the archive route itself, and gets the public service's 404.
  await page.route('**/distribution/resolution', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script[^>]*id="ps-server-state"[^>]*>[\s\S]*?<\/script>/,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await page.route('**/rcsbsearch/v2/archive', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":404}' }),
  );
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const menu = await openChartMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'CSV (data table)' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /data API/ })).toHaveCount(0);
});
