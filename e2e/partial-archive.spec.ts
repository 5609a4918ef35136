/**
 * The dashboard over a real archive that lacks some attributes: a generated archive rewritten
 * without assembly symmetry (the mmCIF files carry none) and labelled as a wwPDB mmCIF import,
 * served by a second real server started here. No Demo badge, the source named, the symmetry
 * charts explained instead of an error screen, marked in the menus, and other charts still drawn.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHARTS, chartFacetRequest, queryEditorUrl, searchEndpoint } from '@pdb-stats/charts';
import { axeScan } from './support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { countOf, experimentalCount, parseCount, waitForChart } from './support/helpers.ts';
import { freePort, makePartialArchive, startServer } from './support/partial-archive.ts';

// Beside the other screenshots; not in the results folder, which each run empties.
const SHOTS = join('test-results', 'screenshots', 'partial-archive');
const SOURCE_LINE = 'wwPDB mmCIF files, data as of 2024-05-01';

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

let folder: string;
let server: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-partial-'));
  const archive = join(folder, 'archive');
  await makePartialArchive(
    archive,
    { assembly: ['rcsb_struct_symmetry'] },
    { demo: false, source: 'wwPDB mmCIF', archive_date: '2024-05-01' },
  );
  const port = await freePort();
  server = await startServer(archive, port);
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

/** Serious and critical axe-core violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await axeScan(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openMenu(page: Page, category: 'Data Growth' | 'Data Distribution') {
  await page.getByRole('button', { name: new RegExp(`^${category}`) }).click();
  return page.locator('.ps-dropdown-open .ps-dropdown-menu');
}

test('the service lacks the symmetry attributes (the setup is what the tests mean)', async () => {
  const archive = (await (await fetch(`${base}/rcsbsearch/v2/archive`)).json()) as Record<string, unknown>;
  expect(archive).toMatchObject({ demo: false, source: 'wwPDB mmCIF', archive_date: '2024-05-01' });
  const response = await fetch(searchEndpoint(base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(chartFacetRequest(CHARTS['assembly-symmetry'].query)),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toContain('not held by this archive');
});

test('home: no Demo badge, the source and date named, the figures counted', async ({ page }) => {
  await page.goto(`${base}/`);
  const assemblies = page.locator('[data-count="assembly"] .ps-headline-value');
  const expected = await countOf(base, experimentalCount('assembly'));
  expect(expected).toBeGreaterThan(0);
  await expect.poll(async () => parseCount(await assemblies.textContent())).toBe(expected);
  await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
  await expect(page.locator('.ps-hero')).toContainText(SOURCE_LINE);
  await expect(page.getByTestId('archive-line')).toHaveText(SOURCE_LINE);
  await expect(page.locator('.ps-holdings-table tbody tr').first()).toBeVisible();
  // The symmetry chart's card says it is not in this archive, in words.
  const card = page.locator('[data-chart-link="assembly-symmetry"]');
  await expect(card).toContainText('not in this archive');
  await expect(card).toHaveAttribute('title', /rcsb_struct_symmetry\.kind.*import from the RCSB Data API/);
  await expect(page.locator('[data-chart-link="resolution"]')).not.toContainText('not in this archive');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: join(SHOTS, `home-${width}.png`), fullPage: true });
  }
});

test('the symmetry growth chart explains what is missing instead of an error screen', async ({ page }) => {
  await page.goto(`${base}/growth/assembly-symmetry`);
  const note = page.getByTestId('missing-attributes');
  await expect(note).toBeVisible();
  await expect(note.getByRole('heading', { name: 'Not in this archive' })).toBeVisible();
  await expect(note).toContainText('rcsb_struct_symmetry.kind');
  await expect(note).toContainText('rcsb_struct_symmetry.type');
  await expect(note).toContainText(
    "an import from the RCSB Data API (npm run import -- rcsb-api), which carries RCSB's own derived attributes",
  );
  await expect(page.locator('.ps-data-error')).toHaveCount(0);
  await expect(page.locator('svg.ps-chart')).toHaveCount(0);
  await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: join(SHOTS, `assembly-symmetry-${width}.png`), fullPage: true });
  }
});

test('the menus mark both symmetry charts, in words, and not the others', async ({ page }) => {
  await page.goto(`${base}/distribution/resolution`);
  await waitForChart(page);
  for (const category of ['Data Growth', 'Data Distribution'] as const) {
    const menu = await openMenu(page, category);
    const symmetry = menu.getByRole('link', { name: /^Assembly Symmetry/ });
    await expect(symmetry).toContainText('(not in this archive)');
    await expect(symmetry).toHaveClass(/ps-not-held/);
    await expect(menu.locator('.ps-not-held')).toHaveCount(1);
    if (category === 'Data Distribution') await page.screenshot({ path: join(SHOTS, 'menu-1280.png') });
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 600);
  }
  // Following the marked item shows the explanation, without loading the document again.
  const menu = await openMenu(page, 'Data Distribution');
  await menu.getByRole('link', { name: /^Assembly Symmetry/ }).click();
  await expect(page).toHaveURL(/\/distribution\/assembly-symmetry-distribution$/);
  await expect(page.getByTestId('missing-attributes')).toContainText('rcsb_struct_symmetry.type');
  await expect(page.locator('.ps-data-error')).toHaveCount(0);
});

test('another chart still draws its bars, with the source in its caption', async ({ page }) => {
  await page.goto(`${base}/distribution/resolution`);
  await waitForChart(page);
  expect(await page.locator('.ps-plot-chart .ps-bar').count()).toBeGreaterThan(3);
  await expect(page.getByTestId('data-as-of')).toContainText('Data as of 2024-05-01 (archive date)');
  await expect(page.getByTestId('data-as-of')).toContainText('Source: wwPDB mmCIF files,');
  await expect(page.getByTestId('data-as-of')).not.toContainText('demo');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: /^Data Growth/ }).click();
  await page.screenshot({ path: join(SHOTS, 'menu-375.png'), fullPage: true });
});

test('the query editor reads each metadata schema once, for what the archive holds and for its attribute list', async ({
  page,
}) => {
  // A page drawn on the server sends what the archive holds, without the schemas it was read from.
  const drawn = await (await fetch(`${base}/growth/experimental-method`)).text();
  expect(drawn).toContain('held-attributes');
  expect(drawn).not.toContain('metadata-schema');

  const schemas: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/rcsbsearch/v2/metadata/') && pathname.endsWith('/schema')) schemas.push(pathname);
  });
  await page.goto(queryEditorUrl(base, { return_type: 'entry' }));
  await page.getByTestId('add-condition').click();
  const picker = page.getByTestId('condition-editor').getByRole('combobox', { name: 'Attribute' });
  await picker.fill('resolution');
  await expect(page.getByTestId('condition-editor').getByRole('option').first()).toBeVisible();
  // The menus' marks of missing charts need the held attributes: both readers have asked by now.
  await expect(page.getByRole('button', { name: /^Data Growth/ })).toBeVisible();
  expect(schemas.filter((path) => path.endsWith('/metadata/schema'))).toEqual([
    '/rcsbsearch/v2/metadata/schema',
  ]);
  expect(schemas.filter((path) => path.endsWith('/chemical/schema')).length).toBeLessThanOrEqual(1);
});

test('without the metadata schema, the service\u2019s 400 is explained the same way', async ({ page }) => {
  await page.route('**/rcsbsearch/v2/metadata/**', (route) => route.abort('connectionrefused'));
  await page.goto(`${base}/distribution/assembly-symmetry-distribution`);
  const note = page.getByTestId('missing-attributes');
  await expect(note).toContainText('rcsb_struct_symmetry');
  await expect(note).toContainText('import from the RCSB Data API');
  await expect(page.locator('.ps-data-error')).toHaveCount(0);
});
