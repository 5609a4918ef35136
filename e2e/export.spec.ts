import { axeScan } from './support/axe.ts';
import { CHARTS, chartFacetRequest } from '@pdb-stats/charts';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { chartMenuButton, chooseInChartMenu, openSettingsFromNav } from './support/chart-controls.ts';
import { barValues, csvTable, largestBar, waitForChart, withoutServerRendering } from './support/helpers.ts';

interface Archive {
  archive_date: string;
  source: string;
  demo: boolean;
}

async function archiveInfo(baseURL: string): Promise<Archive> {
  const response = await fetch(`${baseURL}/rcsbsearch/v2/archive`);
  expect(response.status).toBe(200);
  return (await response.json()) as Archive;
}

async function openChart(page: Page, path: string) {
  await page.goto(path);
  await waitForChart(page);
  // Bars grow in for 600 ms; the images are taken from the drawn chart once it has settled.
  await largestBar(page);
}

const downloadButton = chartMenuButton;

/** Picks a format from the "Download & share" menu and returns the file. */
async function download(page: Page, format: RegExp): Promise<{ file: Download; body: Buffer }> {
  await downloadButton(page).click();
  const item = page
    .getByRole('menu')
    .getByRole('group', { name: 'Download' })
    .getByRole('menuitem', { name: format });
  const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
  return { file, body: await readFile((await file.path())!) };
}

/** A CSV written by the dashboard: no quoted fields are needed for these charts' labels. */
function parseCsv(file: string): string[][] {
  const text = csvTable(file);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The bars a CSV describes, as `x|series` → value, zeros left out (zero segments are not drawn). */
function csvBars(rows: string[][], multi: boolean): Map<string, number> {
  const [header, ...body] = rows;
  const bars = new Map<string, number>();
  for (const row of body) {
    for (let c = 1; c < header!.length; c++) {
      // Growth: every column after the year is a series. Distribution: the count is the last column.
      if (!multi && c !== header!.length - 1) continue;
      const value = Number(row[c]);
      if (value > 0) bars.set(`${row[0]}|${multi ? header![c] : ''}`, value);
    }
  }
  return bars;
}

const nonZero = (bars: Map<string, number>) => new Map([...bars].filter(([, v]) => v > 0));

test('the download menu loads its code on demand and works by keyboard', async ({ page }) => {
  const exportChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/static\/js\/chart-export-[^/]+\.js$/.test(r.url())) exportChunks.push(r.url());
  });
  await openChart(page, '/growth/experimental-method');
  expect(exportChunks).toEqual([]);

  const button = downloadButton(page);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Download & share' });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => exportChunks.length).toBe(1);

  const items = menu.getByRole('menuitem');
  await expect(menu.getByRole('group', { name: 'Download' }).getByRole('menuitem')).toHaveText([
    'CSV (data table)',
    'JSON (data, request, date, source)',
    'SVG image',
    'PNG image',
  ]);
  const last = (await items.count()) - 1;
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.nth(last)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.nth(last)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ArrowDown opens on the first item; the CSV entry's Enter downloads it and gives focus back to the button.
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'CSV (data table)' })).toBeFocused();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/^experimental-method-cumulative-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  expect(exportChunks).toHaveLength(1);

  // A click outside closes the menu.
  await button.click();
  await expect(menu).toBeVisible();
  await page.locator('h1').click();
  await expect(menu).toBeHidden();
});

test('growth CSV: one header row, plain numbers, one cell per drawn bar of the view on screen', async ({
  page,
}) => {
  await openChart(page, '/growth/experimental-method?view=annual');
  await expect(page.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
  // Hide one series: the CSV follows the chart.
  const legendItems = page.locator('.ps-plot-side li');
  const hiddenLabel = (await legendItems.first().innerText()).trim();
  await legendItems.first().getByRole('checkbox').uncheck();
  await expect(page).toHaveURL(/hide=/);
  await waitForChart(page);
  const drawn = await barValues(page);

  const { file, body } = await download(page, /CSV/);
  expect(file.suggestedFilename()).toMatch(/^experimental-method-annual-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(body.toString('utf8'));
  const [header, ...data] = rows;
  expect(header![0]).toBe('Year');
  expect(header).not.toContain(hiddenLabel);
  expect(header!.length).toBeGreaterThan(2);
  for (const row of data) {
    expect(row).toHaveLength(header!.length);
    expect(row[0]).toMatch(/^\d{4}$/);
    for (const cell of row.slice(1)) expect(cell).toMatch(/^\d+$/);
  }
  expect(data.map((r) => r[0])).toEqual([...data.map((r) => r[0])].sort());
  expect(csvBars(rows, true)).toEqual(nonZero(drawn));
  expect(drawn.size).toBeGreaterThan(5);

  // Cumulative counts of all series pass 1,000: written without a thousands separator.
  await legendItems.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Cumulative' }).click();
  await expect(page).not.toHaveURL(/view=annual/);
  await waitForChart(page);
  const cumulative = await barValues(page);
  const again = parseCsv((await download(page, /CSV/)).body.toString('utf8'));
  expect(Math.max(...cumulative.values())).toBeGreaterThanOrEqual(1000);
  for (const row of again.slice(1)) {
    expect(row).toHaveLength(again[0]!.length);
    for (const cell of row.slice(1)) expect(cell).toMatch(/^\d+$/);
  }
  expect(csvBars(again, true)).toEqual(nonZero(cumulative));
});

test('distribution CSV: bins with their bounds and the counts of the bars', async ({ page }) => {
  await openChart(page, '/distribution/resolution');
  const drawn = await barValues(page);
  const { file, body } = await download(page, /CSV/);
  expect(file.suggestedFilename()).toMatch(/^resolution-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(body.toString('utf8'));
  expect(rows[0]).toEqual(['Resolution (Å)', 'From', 'To (exclusive)', 'Number of Entries']);
  expect(rows[1]).toEqual(['< 1.0 Å', '', '1', expect.stringMatching(/^\d+$/)]);
  expect(rows[2]!.slice(0, 3)).toEqual(['1.0–1.2 Å', '1', '1.2']);
  expect(rows.at(-1)!.slice(0, 3)).toEqual(['≥ 4.6 Å', '4.6', '']);
  expect(csvBars(rows, false)).toEqual(nonZero(drawn));
  for (const label of new Set([...drawn.keys()].map((k) => k.split('|')[0])))
    expect(rows.map((r) => r[0])).toContain(label);
});

test('JSON: the data, the facet request, the archive date and the source', async ({ page, baseURL }) => {
  const archive = await archiveInfo(baseURL!);
  await openChart(page, '/distribution/journal');
  const drawn = await barValues(page);
  const { body } = await download(page, /JSON/);
  const document = JSON.parse(body.toString('utf8')) as {
    data: Record<string, string | number>[];
    request: unknown;
    data_as_of: string;
    data_as_of_basis: string;
    archive_date: string | null;
    source: string;
    demo: boolean;
    title: string;
    chart: string;
    columns: string[];
  };
  expect(document).toMatchObject({
    title: CHARTS.journal.title,
    chart: 'journal',
    data_as_of: archive.archive_date,
    data_as_of_basis: 'archive date',
    archive_date: archive.archive_date,
    source: archive.source,
    demo: archive.demo,
    columns: ['Journal', 'Number of Entries'],
  });
  expect(document.request).toEqual(chartFacetRequest(CHARTS.journal.query));
  expect(document.data.length).toBeGreaterThan(3);
  expect(new Map(document.data.map((d) => [`${d.Journal}|`, d['Number of Entries']]))).toEqual(drawn);
});

for (const size of [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`SVG (${size.name}): the drawn chart with title, subtitle, legend, axis titles, and its source, page, date and licence`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    const archive = await archiveInfo(baseURL!);
    const path = '/growth/experimental-method?view=annual';
    await openChart(page, path);
    const pageBars = await page.locator('.ps-plot-chart .ps-bar').count();
    const legend = (await page.locator('.ps-plot-side li').allInnerTexts()).map((t) => t.trim());
    const subtitle = await page.getByTestId('chart-subtitle').innerText();
    const { file, body } = await download(page, /SVG/);
    expect(file.suggestedFilename()).toMatch(/\.svg$/);
    const svg = body.toString('utf8');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const texts = (selector: string) =>
        Array.from(doc.querySelectorAll(selector)).map((t) => t.textContent ?? '');
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        root: doc.documentElement.localName,
        title: texts('.ps-export-title text').join(' '),
        subtitle: texts('.ps-export-subtitle text').join(' '),
        xTitle: texts('.ps-export-x-title'),
        yTitle: texts('.ps-export-y-title'),
        legend: texts('.ps-export-legend-item text'),
        // Lines of a long address are cut anywhere: joined without spaces they give it back.
        caption: texts('.ps-export-caption text'),
        bars: doc.querySelectorAll('.ps-bar').length,
        filled: Array.from(doc.querySelectorAll('.ps-bar')).every((b) =>
          /fill:\s*(rgb|#|url)/.test(b.getAttribute('style') ?? ''),
        ),
        axisLabelsInChart: doc.querySelectorAll('.ps-axis-label').length,
      };
    }, svg);
    expect(parsed).toMatchObject({
      errors: 0,
      root: 'svg',
      title: CHARTS['experimental-method'].title,
      // Annual, not cumulative: the image says which.
      subtitle: expect.stringContaining('released each year'),
      xTitle: [CHARTS['experimental-method'].options.xAxisTitle],
      yTitle: [CHARTS['experimental-method'].options.yAxisTitle],
      bars: pageBars,
      filled: true,
      axisLabelsInChart: 0,
    });
    expect(parsed.subtitle).toBe(subtitle);
    expect(parsed.legend).toEqual(legend);
    const caption = parsed.caption.join(' ');
    expect(caption).toContain(`Source: ${archive.source}`);
    expect(parsed.caption.join('').replace(/\s/g, '')).toContain(`Chart:${baseURL}${path}`);
    expect(caption).toContain(`Data as of ${archive.archive_date} (archive date)`);
    expect(caption).toContain('Data licence: CC0 1.0');
    // The service's own address is no source a reader of the file can use.
    expect(caption).not.toContain('search service');
  });
}

test('CSV and JSON carry the title, subtitle, page, date, licence and citation of the chart', async ({
  page,
  baseURL,
}) => {
  const archive = await archiveInfo(baseURL!);
  const path = '/distribution/journal';
  await openChart(page, path);
  const subtitle = await page.getByTestId('chart-subtitle').innerText();
  const csv = (await download(page, /CSV/)).body.toString('utf8');
  const comments = csv.split('\r\n').filter((line) => line.startsWith('# '));
  expect(comments.slice(0, 2)).toEqual([`# ${CHARTS.journal.title}`, `# ${subtitle}`]);
  expect(comments.join('\n')).toContain(`Chart: ${baseURL}${path}`);
  expect(comments.join('\n')).toContain(`Data as of ${archive.archive_date} (archive date)`);
  expect(comments.join('\n')).toContain('Data licence: CC0 1.0');
  expect(comments.join('\n')).toContain(`Cite as: PDB Statistics, “${CHARTS.journal.title}”`);

  const json = JSON.parse((await download(page, /JSON/)).body.toString('utf8')) as Record<string, unknown>;
  expect(json).toMatchObject({
    title: CHARTS.journal.title,
    subtitle,
    url: `${baseURL}${path}`,
    licence: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
    citation: expect.stringContaining(`${baseURL}${path} (data as of ${archive.archive_date})`),
  });
});

test('a trend chart’s shares: the JSON, the SVG and the API name the axes drawn (a share, not a resolution)', async ({
  page,
  baseURL,
}) => {
  await openChart(page, '/trend/resolution-by-year?view=shares');
  const drawn = (await page.locator('.ps-plot-chart svg.ps-chart .ps-axis-label').allTextContents()).map(
    (t) => t.trim(),
  );
  expect(drawn).toEqual(expect.arrayContaining(['Year', 'Share of entries (%)']));
  const json = JSON.parse((await download(page, /JSON/)).body.toString('utf8')) as { axes: unknown };
  expect(json.axes).toEqual({ x: 'Year', y: 'Share of entries (%)' });
  const svg = (await download(page, /SVG/)).body.toString('utf8');
  const yTitle = await page.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('.ps-export-y-title')?.textContent,
    svg,
  );
  expect(yTitle).toBe('Share of entries (%)');
  const api = await page.request.get(`${baseURL}/api/charts/resolution-by-year.json?view=shares`);
  expect((await api.json()).axes).toEqual(json.axes);
});

test('PNG: a valid image of the chart, twice the size of the SVG', async ({ page }) => {
  await openChart(page, '/distribution/resolution');
  const barColour = await page
    .locator('.ps-plot-chart .ps-bar')
    .first()
    .evaluate((b) => getComputedStyle(b).fill);
  const svg = (await download(page, /SVG/)).body.toString('utf8');
  const [, svgWidth, svgHeight] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
  const { file, body } = await download(page, /PNG/);
  expect(file.suggestedFilename()).toMatch(/^resolution-\d{4}-\d{2}-\d{2}\.png$/);
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  const width = body.readUInt32BE(16);
  const height = body.readUInt32BE(20);
  expect(width).toBe(2 * svgWidth!);
  expect(height).toBe(2 * svgHeight!);
  expect(width).toBeGreaterThan(1500);
  expect(body.length).toBeGreaterThan(20_000);
  expect(body.length).toBeLessThan(5_000_000);

  // Decoded by the browser: white page, and the bars' colour covers a good part of it.
  const pixels = await page.evaluate(
    async ({ base64, colour }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const [r, g, b] = colour.match(/\d+/g)!.map(Number);
      let bar = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - r!) < 3 && Math.abs(data[i + 1]! - g!) < 3 && Math.abs(data[i + 2]! - b!) < 3)
          bar++;
      return { bar, total: data.length / 4, corner: [...data.subarray(0, 4)] };
    },
    { base64: body.toString('base64'), colour: barColour },
  );
  expect(pixels.corner).toEqual([255, 255, 255, 255]);
  expect(pixels.bar / pixels.total).toBeGreaterThan(0.03);
});

test("every chart says what its data are as of, from the service's archive manifest", async ({
  page,
  baseURL,
}) => {
  const archive = await archiveInfo(baseURL!);
  for (const path of ['/growth/overall-structures', '/distribution/taxonomy']) {
    await page.goto(path);
    await waitForChart(page);
    const caption = page.getByTestId('data-as-of');
    await expect(caption).toContainText(`Data as of ${archive.archive_date} (archive date)`);
    await expect(caption).toContainText(`Source: ${archive.source}`);
    // Read at a loopback address, the service is this site's, not an address of the reader's machine.
    await expect(caption).toContainText('this site’s search service');
    await expect(caption).not.toContainText(baseURL!);
  }
});

test('against a service without an archive manifest, the date is that of the response, and says so', async ({
  page,
}) => {
  // The page comes unrendered: a server-rendered page already holds our archive's manifest.
  await withoutServerRendering(page);
  await page.route('**/rcsbsearch/v2/archive', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"not found"}' }),
  );
  const before = new Date().toISOString().slice(0, 10);
  await openChart(page, '/distribution/resolution');
  const after = new Date().toISOString().slice(0, 10);
  const caption = page.getByTestId('data-as-of');
  await expect(caption).toHaveAttribute('data-basis', 'response');
  const text = await caption.innerText();
  expect(text).toMatch(
    /^Data as of (\d{4}-\d{2}-\d{2}) \(date of the response; the service reports no archive date\)\./,
  );
  expect([before, after]).toContain(/(\d{4}-\d{2}-\d{2})/.exec(text)![1]);
  expect(text).toContain('Source: 127.0.0.1');

  const document = JSON.parse((await download(page, /JSON/)).body.toString('utf8'));
  expect(document).toMatchObject({ data_as_of_basis: 'date of the response', archive_date: null });
  expect([before, after]).toContain(document.data_as_of);
});

/** The dialog of the modal layer, with its type. */
async function dialogOf(page: Page, type: string): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-modal-type', type);
  return dialog;
}

test('the fullscreen modal shows the chart at full size and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openChart(page, '/growth/experimental-method');
  const pageChart = await page.locator('.ps-plot-chart svg.ps-chart').boundingBox();
  const button = downloadButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Fullscreen' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = await dialogOf(page, 'fullscreen');
  await expect(dialog.getByRole('heading', { name: CHARTS['experimental-method'].title })).toBeVisible();
  const chart = dialog.locator('svg.ps-chart');
  await expect(chart.locator('.ps-bar').first()).toBeAttached();
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeGreaterThan(1180);
  expect(box.height).toBeGreaterThan(pageChart!.height);
  expect(box.height).toBeGreaterThan(0.6 * 900);
  expect(box.y + box.height).toBeLessThan(900);
  await expect(dialog.locator('.ps-fullscreen-legend li')).toHaveText(
    await page.locator('.ps-plot-side li').allInnerTexts(),
  );
  await expect(dialog.getByTestId('data-as-of')).toContainText('Data as of');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(button).toBeFocused();
});

test("the snapshot modal offers the chart's data and its downloads", async ({ page }) => {
  await openChart(page, '/distribution/resolution');
  const drawn = await barValues(page);
  const button = downloadButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Data snapshot' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = await dialogOf(page, 'snapshot');
  expect(await dialog.evaluate((el) => el.style.width)).toBe('60%');
  await expect(
    dialog.getByRole('heading', { name: `Data snapshot: ${CHARTS.resolution.title}` }),
  ).toBeVisible();
  await expect(dialog.getByTestId('data-as-of')).toContainText('(archive date)');
  const table = dialog.getByRole('table');
  await expect(table.locator('thead th')).toHaveText([
    'Resolution (Å)',
    'From',
    'To (exclusive)',
    'Number of Entries',
  ]);
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent ?? '')),
    );
  // Shown with US thousands separators, as everywhere on screen.
  const shown = new Map(rows.map((r) => [`${r[0]}|`, Number(r.at(-1)!.replace(/,/g, ''))]));
  expect(nonZero(shown)).toEqual(nonZero(drawn));

  const downloads = dialog.getByRole('group', { name: 'Downloads' }).getByRole('button');
  await expect(downloads).toHaveText(['Download CSV', 'Download JSON', 'Download SVG', 'Download PNG']);
  const [csv] = await Promise.all([page.waitForEvent('download'), downloads.nth(0).click()]);
  expect(csv.suggestedFilename()).toMatch(/^resolution-.*\.csv$/);
  const csvRows = parseCsv((await readFile((await csv.path())!)).toString('utf8'));
  expect(csvBars(csvRows, false)).toEqual(nonZero(drawn));
  const [png] = await Promise.all([page.waitForEvent('download'), downloads.nth(3).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  expect([...(await readFile((await png.path())!)).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(button).toBeFocused();
});

test('with pattern fills on, the SVG carries the patterns its bars are filled with', async ({ page }) => {
  await openChart(page, '/growth/experimental-method');
  await (await openSettingsFromNav(page)).getByRole('checkbox', { name: 'Pattern fills' }).check();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ps-plot-chart pattern').first()).toBeAttached();
  const svg = (await download(page, /SVG/)).body.toString('utf8');
  const check = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const ids = new Set(Array.from(doc.querySelectorAll('pattern')).map((p) => p.id));
    const fills = Array.from(doc.querySelectorAll('.ps-bar')).map(
      (b) => /url\(["']?#([^"')]+)["']?\)/.exec(b.getAttribute('style') ?? '')?.[1] ?? '',
    );
    return { patterns: ids.size, bars: fills.length, unresolved: fills.filter((id) => !ids.has(id)) };
  }, svg);
  expect(check.patterns).toBeGreaterThan(1);
  expect(check.bars).toBeGreaterThan(10);
  expect(check.unresolved).toEqual([]);
});

test('the download menu stays on a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openChart(page, '/distribution/resolution');
  await downloadButton(page).click();
  const box = (await page.getByRole('menu').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Download' }).getByRole('menuitem', { name: /JSON/ }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.json$/);
});

test('axe: no serious or critical violations in the download menu, snapshot and fullscreen modals', async ({
  page,
}) => {
  // The page itself is scanned by a11y.spec.ts; here only what this feature opens.
  const serious = async (selector: string) =>
    (await axeScan(page, selector)).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  await openChart(page, '/distribution/resolution');
  await downloadButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await serious('.ps-toolbar')).toEqual([]);
  await page.keyboard.press('Escape');
  await chooseInChartMenu(page, 'Data snapshot');
  await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
  expect(await serious('.ps-modal')).toEqual([]);
  await page.keyboard.press('Escape');
  await chooseInChartMenu(page, 'Fullscreen');
  await expect(page.getByRole('dialog').locator('svg.ps-chart')).toBeVisible();
  expect(await serious('.ps-modal')).toEqual([]);
});
