import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHARTS, CHART_LIST, clickRequest, stepText, toTrendData } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import {
  barValues,
  chartData,
  countOf,
  expectChartTitled,
  largestBar,
  requestOf,
  waitForChart,
} from './support/helpers.ts';

/**
 * Distributions over time: a numeric attribute's median and quartiles per release year (a band) and
 * its bins' shares per year (stacks to 100 %), both from one answer, each point and segment its search.
 */

const TREND_CHARTS = CHART_LIST.filter((c) => c.kind === 'trend');

/** The points drawn: year → [count, first quartile, median, third quartile]. */
async function pointValues(page: Page): Promise<Map<string, number[]>> {
  const points = await page
    .locator('.ps-plot-chart .ps-point')
    .evaluateAll((circles) =>
      circles.map((c) => [
        c.getAttribute('data-x'),
        ['data-value', 'data-q1', 'data-median', 'data-q3'].map((a) => Number(c.getAttribute(a))),
      ]),
    );
  return new Map(points as [string, number[]][]);
}

for (const chart of TREND_CHARTS) {
  test(`${chart.key}: its title, each year's point carries the quartiles of the answer, each segment its count`, async ({
    page,
    baseURL,
  }) => {
    if (chart.kind !== 'trend') throw new Error('not a trend chart');
    const data = toTrendData(await chartData(baseURL!, chart.query), chart.query);
    expect(data.quartiles.length).toBeGreaterThan(3);
    await page.goto(`/trend/${chart.key}`);
    await waitForChart(page);
    await expectChartTitled(page, chart.title);
    expect(await pointValues(page)).toEqual(
      new Map(data.quartiles.map((q) => [q.year, [q.count, q.q1, q.median, q.q3]])),
    );
    // The subtitle states the resolution of the quartiles.
    await expect(page.getByTestId('chart-subtitle')).toContainText(
      `quartiles interpolated in bins of ${stepText(chart.query.second)}`,
    );

    await page.getByRole('button', { name: 'Shares by bin' }).click();
    await expect(page).toHaveURL(/view=shares/);
    await waitForChart(page);
    const expected = new Map<string, number>();
    for (const series of data.shares.series)
      data.years.forEach((year, i) => {
        const value = series.annual[i] ?? 0;
        if (value > 0) expected.set(`${year}|${series.label}`, value);
      });
    expect(await barValues(page)).toEqual(expected);
    await expect(page.getByTestId('chart-subtitle')).toContainText('Share of entries released each year');
    // Ordered bins take ordered colours: no two bins share one.
    const colors = await page
      .locator('.ps-plot-chart .ps-bar')
      .evaluateAll((rects) => [
        ...new Set(rects.map((r) => `${r.getAttribute('data-series')}=${r.getAttribute('data-color')}`)),
      ]);
    const binColors = new Map(colors.map((c) => c.split('=') as [string, string]));
    expect(new Set(binColors.values()).size).toBe(binColors.size);
  });
}

test('shares: the segments of a year fill it to 100 %, and a segment opens the search of its year and bin', async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['resolution-by-year'];
  await page.goto('/trend/resolution-by-year?view=shares');
  await waitForChart(page);
  // Every year's stack reaches the same height: the top of the axis's 100 %.
  const tops = await page.locator('.ps-plot-chart .ps-bar').evaluateAll((rects) => {
    const byYear = new Map<string, { top: number; bottom: number }>();
    for (const r of rects) {
      const box = r.getBoundingClientRect();
      const year = r.getAttribute('data-x')!;
      const seen = byYear.get(year) ?? { top: Infinity, bottom: -Infinity };
      byYear.set(year, { top: Math.min(seen.top, box.top), bottom: Math.max(seen.bottom, box.bottom) });
    }
    return [...byYear.values()];
  });
  expect(tops.length).toBeGreaterThan(3);
  for (const stack of tops) {
    expect(Math.abs(stack.top - tops[0]!.top)).toBeLessThan(1.5);
    expect(Math.abs(stack.bottom - tops[0]!.bottom)).toBeLessThan(1.5);
  }
  await expect(page.locator('.ps-axis-left')).toContainText('100 %');

  const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-series]');
  const year = (await bar.getAttribute('data-x'))!;
  const bin = (await bar.getAttribute('data-series'))!;
  const value = Number(await bar.getAttribute('data-value'));
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  const request = requestOf(popup.url());
  expect(request).toEqual(clickRequest(chart, { x: year, series: bin, view: 'shares' }, chart.query));
  expect(JSON.stringify(request.query)).toContain(`"from":"${year}-01-01"`);
  expect(await countOf(baseURL!, request)).toBe(value);
  await popup.close();

  // A bin hidden in the legend leaves the others to fill the year.
  await page.getByRole('checkbox', { name: bin, exact: true }).click();
  await expect(page).toHaveURL(/hide=/);
  await expect(page.locator(`.ps-plot-chart .ps-bar[data-series="${bin}"]`)).toHaveCount(0);
});

test('quartiles: a point opens the search of the year’s values; the table lists the quartiles', async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['resolution-by-year'];
  await page.goto('/trend/resolution-by-year');
  await waitForChart(page);
  const point = page.locator('.ps-plot-chart .ps-point').nth(-3);
  const year = (await point.getAttribute('data-x'))!;
  const count = Number(await point.getAttribute('data-value'));
  const [popup] = await Promise.all([page.waitForEvent('popup'), point.click()]);
  const request = requestOf(popup.url());
  expect(request).toEqual(clickRequest(chart, { x: year, view: 'quartiles' }, chart.query));
  expect(await countOf(baseURL!, request)).toBe(count);
  await popup.close();

  await page.getByText('Data table').click();
  const row = page.locator('.ps-table tbody tr', { has: page.locator(`th:text-is("${year}")`) });
  await expect(row.locator('td')).toHaveCount(4);
  await expect(row.locator('td').nth(2)).toHaveText((await point.getAttribute('data-median'))!);
});

test('the chart data API answers the views of a trend chart as the page downloads them', async ({
  page,
  baseURL,
}) => {
  const response = await page.request.get(`${baseURL}/api/charts/resolution-by-year.csv?view=shares`);
  expect(response.status()).toBe(200);
  const csv = await response.text();
  expect(csv.split(/\r?\n/)[0]).toBe('Year,Resolution (Å),From,To (exclusive),Number of Entries,Share (%)');
  const quartiles = await page.request.get(`${baseURL}/api/charts/resolution-by-year.json`);
  expect((await quartiles.json()).columns).toEqual([
    'Year',
    'Number of Entries',
    'First quartile',
    'Median',
    'Third quartile',
  ]);
});

for (const size of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const) {
  test(`at ${size.width}×${size.height}: both views fit the screen`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const view of ['quartiles', 'shares']) {
      await page.goto(`/trend/resolution-by-year?view=${view}`);
      await waitForChart(page);
      const box = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (process.env.CHART_SHOTS_DIR) {
        mkdirSync(process.env.CHART_SHOTS_DIR, { recursive: true });
        await page.screenshot({
          path: join(process.env.CHART_SHOTS_DIR, `resolution-by-year-${view}-${size.name}.png`),
          fullPage: true,
        });
      }
    }
  });
}

test('on a phone, the twenty bins of the shares legend sit in columns, each on one line, within the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const key of ['resolution-by-year', 'atom-count-by-year']) {
    await page.goto(`/trend/${key}?view=shares`);
    await waitForChart(page);
    const legend = page.locator('.ps-plot-side .ps-legend');
    const items = await legend.locator('li').evaluateAll((lis) =>
      lis.map((li) => {
        const box = li.getBoundingClientRect();
        const label = li.querySelector('label')!.getBoundingClientRect();
        return { left: Math.round(box.left), right: box.right, height: label.height };
      }),
    );
    expect(items.length, key).toBeGreaterThanOrEqual(15);
    const lineHeight = Math.min(...items.map((i) => i.height));
    expect(Math.max(...items.map((i) => i.height)), `${key}: a label wraps`).toBeLessThan(lineHeight * 1.5);
    expect(Math.max(...items.map((i) => i.right)), `${key}: the legend overflows`).toBeLessThanOrEqual(375);
    expect(new Set(items.map((i) => i.left)).size, `${key}: columns of the legend`).toBeGreaterThanOrEqual(2);
    const { height } = (await legend.boundingBox())!;
    expect(height, `${key}: the legend is longer than half the screen`).toBeLessThanOrEqual(812 / 2);
  }
});
