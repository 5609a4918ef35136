import { COLOR_SCHEMES, OTHER_COLOR } from '../packages/web/src/settings/colors.ts';
import { CHARTS, toDistributionData, toGrowthData } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { openSettingsFromNav } from './support/chart-controls.ts';
import { barValues, chartData, waitForChart } from './support/helpers.ts';

const STORAGE_KEY = 'pdb-stats:settings';
const bars = (page: Page) => page.locator('.ps-plot-chart .ps-bar');
const firstBarColor = (page: Page) => bars(page).first().getAttribute('data-color');
const logBox = (page: Page) => page.getByRole('switch', { name: 'Log scale' });

async function openSettings(page: Page) {
  const dialog = await openSettingsFromNav(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeSettings(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** What a chart page shows: view, hidden series, scale and colours, read from the page itself. */
async function shownState(page: Page) {
  await waitForChart(page);
  return {
    annual: await page.getByRole('button', { name: 'Annual' }).getAttribute('aria-pressed'),
    unchecked: await page
      .locator('.ps-legend input[type="checkbox"]:not(:checked)')
      .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-series'))),
    log: await logBox(page).isChecked(),
    scale: await page.locator('.ps-plot-chart svg.ps-chart').getAttribute('data-scale'),
    color: await firstBarColor(page),
  };
}

test('view, series, scale and scheme go into the URL and come back from it', async ({ page, browser }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await page.getByRole('button', { name: 'Annual' }).click();
  const hiddenSeries = await page
    .locator('.ps-legend input[type="checkbox"]')
    .first()
    .getAttribute('data-series');
  await page.locator('.ps-legend input[type="checkbox"]').first().uncheck();
  await logBox(page).check();
  const dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Color Blind Friendly' }).check();
  await closeSettings(page);

  const url = new URL(page.url());
  expect(url.searchParams.get('view')).toBe('annual');
  expect(url.searchParams.getAll('hide')).toEqual([hiddenSeries]);
  expect(url.searchParams.get('scale')).toBe('log');
  expect(url.searchParams.get('scheme')).toBe('achromatic');
  const colorShown = await firstBarColor(page);
  const colors = await bars(page).evaluateAll((rects) => rects.map((r) => r.getAttribute('data-color')));
  // Each series in the scheme's colours, "Other" in its grey.
  for (const color of colors) expect([...COLOR_SCHEMES.achromatic, OTHER_COLOR]).toContain(color);
  await expect(page.locator(`.ps-plot-chart .ps-bar[data-series="${hiddenSeries}"]`)).toHaveCount(0);
  const expected = { annual: 'true', unchecked: [hiddenSeries], log: true, scale: 'log', color: colorShown };
  expect(await shownState(page)).toEqual(expected);

  await page.reload();
  expect(await shownState(page)).toEqual(expected);

  // Another visitor (a fresh browser profile, nothing stored) opening the link sees the same view.
  const other = await browser.newContext();
  const shared = await other.newPage();
  await shared.goto(page.url());
  expect(await shownState(shared)).toEqual(expected);
  expect(await shared.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await other.close();
});

test('a shared address with values the page does not read is sent to the address of what it shows', async ({
  page,
  browser,
}) => {
  // With scripts, at 1280 px: the view, the chart type and the reversed years of a growth chart.
  const answer = await page.goto(
    '/growth/experimental-method?view=bogus&chart=junk&from=2010&to=2000&scale=log',
  );
  expect(answer?.request().redirectedFrom()?.url()).toContain('view=bogus');
  expect(new URL(page.url()).search).toBe('?from=2000&to=2010&scale=log');
  await waitForChart(page);
  await expect(page.getByRole('button', { name: 'Cumulative' })).toHaveAttribute('aria-pressed', 'true');
  await expect(logBox(page)).toBeChecked();
  await expect(page.getByText('2000–2010', { exact: true })).toBeVisible();

  // Without scripts, at 375 px: a trend chart's unknown view, a distribution's view and scheme.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: false,
  });
  const plain = await context.newPage();
  await plain.goto('/trend/r-free-by-year?view=bogus');
  expect(new URL(plain.url()).pathname + new URL(plain.url()).search).toBe('/trend/r-free-by-year');
  await expect(plain.getByRole('button', { name: 'Median & quartiles' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await plain.goto('/distribution/resolution?view=cumulative&scheme=nope&hide=x');
  expect(new URL(plain.url()).search).toBe('?hide=x');
  await expect(plain.locator('h1')).toHaveText('PDB Data Distribution by Resolution');
  await context.close();
});

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const)
  for (const javaScriptEnabled of [true, false])
    test(`events=1, =true or =yes turn the events on, =0 off, at ${width} px${javaScriptEnabled ? '' : ' without JavaScript'}`, async ({
      browser,
    }, info) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
      const page = await context.newPage();
      const events = page.locator('.ps-plot-chart .ps-event');
      for (const spelling of ['1', 'TRUE', 'yes']) {
        const answer = await page.goto(`/growth/overall-structures?view=annual&events=${spelling}`);
        // Sent to the address written for it, which the switch and a shared link keep.
        expect(answer?.request().redirectedFrom()?.url()).toContain(`events=${spelling}`);
        expect(new URL(page.url()).search).toBe('?view=annual&events=on');
        await expect(events.first()).toBeAttached();
        expect(await events.count()).toBeGreaterThan(1);
      }
      await expect(page.getByRole('switch', { name: /events/i })).toBeChecked();
      await page.screenshot({
        path: info.outputPath(`events-1-${width}${javaScriptEnabled ? '' : '-nojs'}.png`),
      });
      await page.goto('/growth/overall-structures?view=annual&events=0');
      expect(new URL(page.url()).search).toBe('?view=annual');
      await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
      await expect(events).toHaveCount(0);
      await context.close();
    });

test('Back and Forward step through view, series, scale and scheme changes', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  const start = await shownState(page);
  expect(start).toMatchObject({ annual: 'false', unchecked: [], log: false, scale: 'linear' });
  expect(start.color).toBe(COLOR_SCHEMES.default[0]);

  await page.getByRole('button', { name: 'Annual' }).click();
  const annual = await shownState(page);
  await page.locator('.ps-legend input[type="checkbox"]').first().uncheck();
  const hidden = await shownState(page);
  await logBox(page).check();
  const log = await shownState(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Color Blind Friendly' }).check();
  await closeSettings(page);
  const schemed = await shownState(page);
  expect(COLOR_SCHEMES.achromatic).toContain(schemed.color);

  const steps = [log, hidden, annual, start];
  for (const expected of steps) {
    await page.goBack();
    await expect.poll(() => shownState(page)).toEqual(expected);
  }
  for (const expected of [annual, hidden, log, schemed]) {
    await page.goForward();
    await expect.poll(() => shownState(page)).toEqual(expected);
  }
});

test('the log scale draws powers of ten, leaves out zeros and explains itself', async ({ page, baseURL }) => {
  const chart = CHARTS['experimental-method'];
  const data = toGrowthData(await chartData(baseURL!, chart.query), chart.query);
  await page.goto('/growth/experimental-method?view=annual&scale=log');
  await waitForChart(page);
  await expect(logBox(page)).toBeChecked();
  const hint = await logBox(page).getAttribute('aria-describedby');
  await expect(page.locator(`[id="${hint}"]`)).toHaveText(
    'Each step up the axis is ten times the last; bars with zero are not drawn (zero has no logarithm).',
  );
  // Shown when asked for.
  await expect(page.locator(`[id="${hint}"]`)).toBeHidden();
  await page.getByRole('button', { name: 'What is the log scale?' }).click();
  await expect(page.locator(`[id="${hint}"]`)).toBeVisible();
  const ticks = await page.locator('.ps-plot-chart .ps-axis-left .ps-tick text').allTextContents();
  expect(ticks.slice(0, 3)).toEqual(['1', '10', '100']);
  const drawn = await barValues(page);
  const expected = data.series.flatMap((s) =>
    data.years.map((y, i) => [`${y}|${s.label}`, s.annual[i]!] as const).filter(([, v]) => v > 0),
  );
  expect(data.series.some((s) => s.annual.some((v) => v === 0))).toBe(true);
  expect(drawn).toEqual(new Map(expected));
  // On the log axis a segment standing on the floor (1) is as tall as the logarithm of its value.
  const segments = await bars(page).evaluateAll((rects) =>
    rects.map((r) => ({
      value: Number(r.getAttribute('data-value')),
      y: Number(r.getAttribute('y')),
      height: Number(r.getAttribute('height')),
    })),
  );
  const floor = Math.max(...segments.map((s) => s.y + s.height));
  const grounded = segments.filter((s) => Math.abs(s.y + s.height - floor) < 0.5 && s.value > 1);
  expect(grounded.length).toBeGreaterThan(3);
  const perDecade = grounded[0]!.height / Math.log10(grounded[0]!.value);
  for (const s of grounded) expect(s.height).toBeCloseTo(perDecade * Math.log10(s.value), 0);
  await logBox(page).uncheck();
  await expect(page).not.toHaveURL(/scale=/);
  await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-scale', 'linear');
});

test('scheme, custom palette and pattern fills are remembered after a reload', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.locator('.ps-swatch-button[data-index="0"]').click();
  await dialog.getByRole('group', { name: 'Custom color 1 picker' }).getByLabel('Hex').fill('123456');
  await dialog.getByRole('checkbox', { name: 'Pattern fills' }).check();
  await closeSettings(page);
  expect(await firstBarColor(page)).toBe('#123456');

  // A URL without the scheme: the stored choice applies (once hydrated: the server draws the default).
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await expect.poll(() => firstBarColor(page)).toBe('#123456');
  await expect(bars(page).first()).toHaveAttribute('fill', /^url\(#.+\)$/);
  const again = await openSettings(page);
  await expect(again.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Pattern fills' })).toBeChecked();
  await expect(again.locator('.ps-swatch-button[data-index="0"]')).toHaveAttribute(
    'aria-label',
    'Custom color 1: #123456',
  );
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY))!)).toEqual({
    schemeName: 'custom',
    custom: ['#123456', ...COLOR_SCHEMES.custom.slice(1)],
    patterns: true,
  });
});

test("a URL's scheme wins over the stored one for the visit, and is not stored", async ({ page }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, JSON.stringify({ schemeName: 'custom', patterns: false }));
      sessionStorage.setItem('seeded', '1');
    }
  }, STORAGE_KEY);
  await page.goto('/growth/overall-structures?scheme=achromatic');
  await waitForChart(page);
  expect(await firstBarColor(page)).toBe(COLOR_SCHEMES.achromatic[0]);
  // Links inside the app keep the visit's scheme.
  await page.getByRole('button', { name: 'Data Distribution' }).click();
  await page.getByRole('link', { name: 'Resolution', exact: true }).click();
  await expect(page).toHaveURL(/\/distribution\/resolution$/);
  await waitForChart(page);
  expect(await firstBarColor(page)).toBe(COLOR_SCHEMES.achromatic[0]);
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY))!).schemeName).toBe(
    'custom',
  );
  // A new visit without a scheme in its URL gets the stored one.
  const next = await page.context().newPage();
  await next.goto('/distribution/resolution');
  await waitForChart(next);
  await expect.poll(() => firstBarColor(next)).toBe(COLOR_SCHEMES.custom[0]);
});

for (const [what, stored] of [
  ['not JSON', '{"schemeName": "cus'],
  ['a wrong shape', '["custom"]'],
  ['bad colours', JSON.stringify({ schemeName: 'custom', custom: ['url(x)', 1, null], patterns: 'yes' })],
  ['an unknown scheme', JSON.stringify({ schemeName: 'rainbow' })],
] as const) {
  test(`a stored value with ${what} does not break the page`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEY, stored]);
    await page.goto('/growth/experimental-method');
    await waitForChart(page);
    expect(COLOR_SCHEMES.default.concat(COLOR_SCHEMES.custom)).toContain(await firstBarColor(page));
    const dialog = await openSettings(page);
    await expect(dialog.locator('.ps-swatch-button[data-index="0"]')).toHaveAttribute(
      'aria-label',
      `Custom color 1: ${COLOR_SCHEMES.custom[0]}`,
    );
    expect(errors).toEqual([]);
  });
}

test('the picker warns, visibly and to screen readers, about a colour below 3:1', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.locator('.ps-swatch-button[data-index="0"]').click();
  const picker = dialog.getByRole('group', { name: 'Custom color 1 picker' });
  const warning = picker.getByRole('status');
  await picker.getByLabel('Hex').fill('1f4e79');
  await expect(warning).toHaveText('');
  await expect(warning).toBeHidden();
  await picker.getByLabel('Hex').fill('ffff00');
  await expect(warning).toBeVisible();
  await expect(warning).toHaveText(
    'Low contrast: #ffff00 has 1.07:1 against the white background (at least 3:1 is needed), so its bars are hard to see.',
  );
  await expect(dialog.locator('.ps-swatch-button[data-index="0"]')).toHaveAttribute(
    'aria-label',
    'Custom color 1: #ffff00, low contrast',
  );
  await picker.getByLabel('Hex').fill('949494');
  await expect(warning).toHaveText('');
});

test('pattern fills: each series its own pattern, on bars and in the legend', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await expect(page.locator('.ps-plot-chart pattern')).toHaveCount(0);
  const dialog = await openSettings(page);
  await dialog.getByRole('checkbox', { name: 'Pattern fills' }).check();
  await closeSettings(page);
  const fills = await page.locator('.ps-plot-chart .ps-bar[data-series]').evaluateAll((rects) => {
    const bySeries = new Map<string, string>();
    for (const r of rects) bySeries.set(r.getAttribute('data-series')!, r.getAttribute('fill')!);
    return [...bySeries.entries()];
  });
  expect(fills.length).toBeGreaterThan(1);
  const patternKinds = new Set<string>();
  for (const [, fill] of fills) {
    const id = /^url\(#(.+)\)$/.exec(fill)![1]!;
    const pattern = page.locator(`.ps-plot-chart pattern[id="${id}"]`);
    await expect(pattern).toHaveCount(1);
    patternKinds.add((await pattern.getAttribute('data-pattern'))!);
  }
  expect(patternKinds.size).toBe(fills.length);
  const legendSwatches = page.locator('.ps-legend svg.ps-legend-swatch');
  await expect(legendSwatches.first().locator('pattern')).toHaveCount(1);
  const legendKinds = await page
    .locator('.ps-legend pattern')
    .evaluateAll((patterns) => patterns.map((p) => p.getAttribute('data-pattern')));
  expect(new Set(legendKinds).size).toBe(legendKinds.length);
});

test('a distribution on the log scale leaves out empty bins, which the linear scale keeps', async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['r-free'];
  const data = toDistributionData(await chartData(baseURL!, chart.query), chart.query);
  const all = new Map(data.bars.map((b) => [`${b.label}|`, b.value] as const));
  expect([...all.values()]).toContain(0);
  await page.goto('/distribution/r-free');
  await waitForChart(page);
  expect(await barValues(page)).toEqual(all);
  await logBox(page).check();
  await expect(page).toHaveURL(/scale=log/);
  await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-scale', 'log');
  expect(await barValues(page)).toEqual(new Map([...all].filter(([, v]) => v > 0)));
});
