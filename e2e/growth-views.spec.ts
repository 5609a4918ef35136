import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHART_EVENTS } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { openChartMenu } from './support/chart-controls.ts';
import { csvTable, waitForChart } from './support/helpers.ts';

/**
 * The growth charts' own views: lines beside the bars, a window of years (the chart, its table and
 * its downloads), and the archive's events marked on the years drawn; each in the URL, so that Back
 * and Forward step through them. At a desktop's and a phone's size.
 */

const SHOTS = join('test-results', 'screenshots', 'growth-views');
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const drawnYears = (page: Page, selector = '.ps-plot-chart .ps-bar') =>
  page
    .locator(selector)
    .evaluateAll((marks) => [...new Set(marks.map((m) => Number(m.getAttribute('data-x'))))].sort());

/** The points of a line's path, as numbers rounded to a tenth of a pixel. */
const pathPoints = (d: string) =>
  [...d.matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((m) => [
    Math.round(Number(m[1]) * 10),
    Math.round(Number(m[2]) * 10),
  ]);

/** The years of the rows of the page's data table. */
async function tableYears(page: Page): Promise<number[]> {
  const details = page.locator('details.ps-data-details');
  await details.locator('summary').click();
  const rows = details.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelector('th, td')!.textContent)));
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the line view draws one line per series through its points, and a point opens its search', async ({
      page,
    }) => {
      await page.goto('/growth/experimental-method?view=annual&chart=line');
      await waitForChart(page);
      const svg = page.locator('.ps-plot-chart svg.ps-chart');
      await expect(svg).toHaveAttribute('data-chart-type', 'line');
      await expect(page.locator('.ps-plot-chart .ps-bar')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
      // The years of the chart, from its subtitle's span.
      const [, first, last] = /(\d{4})–(\d{4})/.exec(
        (await page.getByTestId('chart-subtitle').textContent())!,
      )!;
      const yearCount = Number(last) - Number(first) + 1;
      const lines = page.locator('.ps-plot-chart path.ps-line');
      expect(await lines.count()).toBeGreaterThan(1);
      for (const line of await lines.all()) {
        const series = (await line.getAttribute('data-series'))!;
        const points = await page
          .locator(`.ps-plot-chart circle.ps-point[data-series="${series}"]`)
          .evaluateAll((cs) =>
            cs.map((c) => [
              Math.round(Number(c.getAttribute('cx')) * 10),
              Math.round(Number(c.getAttribute('cy')) * 10),
            ]),
          );
        expect(points.length, series).toBeGreaterThan(0);
        // The line passes through every point, one vertex a year; its other vertices are the
        // years with none, on the axis.
        const vertices = pathPoints((await line.getAttribute('d'))!);
        expect(vertices, series).toHaveLength(yearCount);
        const axis = Math.max(...vertices.map(([, y]) => y!));
        for (const point of points) expect(vertices, series).toContainEqual(point);
        for (const vertex of vertices)
          if (!points.some(([x, y]) => x === vertex[0] && y === vertex[1]))
            expect(vertex[1], series).toBe(axis);
      }
      // Lines are not stacked: a point's height is its own value (higher value, higher point).
      const xray = await page
        .locator('circle.ps-point[data-series="X-ray"]')
        .evaluateAll((cs) =>
          cs.map((c) => ({ v: Number(c.getAttribute('data-value')), y: Number(c.getAttribute('cy')) })),
        );
      const top = xray.reduce((a, b) => (b.v > a.v ? b : a));
      expect(Math.min(...xray.map((p) => p.y))).toBe(top.y);
      await page.screenshot({ path: join(SHOTS, `line-${size.name}.png`), fullPage: true });

      // A point opens its search (on a phone: after its value is shown), and finds its value.
      const point = page.locator(`circle.ps-point[data-series="X-ray"][data-value="${top.v}"]`).first();
      const open = async () => {
        if (size.name === 'phone') {
          await point.click();
          return page
            .getByTestId('selection')
            .getByRole('link', { name: /^See the / })
            .click();
        }
        return point.click();
      };
      const [results] = await Promise.all([page.waitForEvent('popup'), open()]);
      await expect(results.getByTestId('total-count')).toHaveAttribute('data-count', String(top.v));
    });

    test('the window limits the years drawn, the table and the downloads; cumulative totals count the years before', async ({
      page,
      baseURL,
    }) => {
      await page.goto('/growth/experimental-method');
      await waitForChart(page);
      const all = await drawnYears(page);
      const before = Number(
        await page.locator('.ps-bar[data-x="2000"][data-series="X-ray"]').getAttribute('data-value'),
      );
      await page.goto('/growth/experimental-method?from=2000&to=2010');
      await waitForChart(page);
      const years = await drawnYears(page);
      expect(years).toEqual(all.filter((y) => y >= 2000 && y <= 2010));
      expect(years.length).toBeGreaterThan(5);
      await expect(page.getByTestId('year-window')).toHaveText('2000–2010');
      await expect(page.getByTestId('chart-subtitle')).toContainText('2000–2010');
      // The total at the end of 2000 still counts everything released before.
      expect(
        Number(await page.locator('.ps-bar[data-x="2000"][data-series="X-ray"]').getAttribute('data-value')),
      ).toBe(before);
      // The table lists the newest year first.
      expect(await tableYears(page)).toEqual([...years].reverse());

      // The downloaded CSV, and the data API's address in the menu, hold those years only.
      const menu = await openChartMenu(page);
      const api = await menu.getByRole('menuitem', { name: 'CSV from the data API' }).getAttribute('href');
      expect(api).toContain('from=2000&to=2010');
      const item = menu.getByRole('group', { name: 'Download' }).getByRole('menuitem', { name: /CSV/ });
      const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
      const csv = csvTable(await readFile((await file.path())!, 'utf8'));
      expect(
        csv
          .trim()
          .split('\r\n')
          .slice(1)
          .map((row) => Number(row.split(',')[0])),
      ).toEqual(years);
      expect(await (await fetch(api!.replace(new URL(api!).origin, baseURL!))).text()).toBe(csv);
      await page.screenshot({ path: join(SHOTS, `window-${size.name}.png`), fullPage: true });
    });

    test('events appear inside the window only, without overlapping, and can be hidden', async ({ page }) => {
      await page.goto('/growth/overall-structures?view=annual&events=on');
      await waitForChart(page);
      const events = page.locator('.ps-plot-chart .ps-event');
      const years = await drawnYears(page);
      const expected = CHART_EVENTS.filter((e) => years.includes(Number(e.date.slice(0, 4))));
      await expect(events).toHaveCount(expected.length);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      const labels = await page.locator('.ps-event-label').evaluateAll((ts) =>
        ts.map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      expect(labels.map((l) => l.text)).toEqual(expected.map((e) => e.label));
      const svg = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
      const note = (await page.locator('.ps-partial-note').boundingBox())!;
      const boxes = [
        ...labels,
        { text: 'note', left: note.x, right: note.x + note.width, top: note.y, bottom: note.y + note.height },
      ];
      for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i]!;
        expect(a.left, a.text!).toBeGreaterThanOrEqual(svg.x - 0.5);
        expect(a.right, a.text!).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
        expect(a.top, a.text!).toBeGreaterThanOrEqual(svg.y - 0.5);
        for (const b of boxes.slice(i + 1))
          expect(
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
              Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5,
            `"${a.text}" overlaps "${b.text}"`,
          ).toBe(false);
      }
      // A label explains its event when pointed at, and links to its source.
      const first = page.locator('.ps-event').filter({ hasText: expected[0]!.label }).locator('a');
      await expect(first).toHaveAttribute('href', expected[0]!.source);
      if (size.name === 'desktop') {
        await first.hover();
        await expect(page.locator('.ps-tooltip')).toContainText(expected[0]!.detail);
      }
      await page.screenshot({ path: join(SHOTS, `events-${size.name}.png`), fullPage: true });

      // Inside the window only.
      await page.goto('/growth/overall-structures?view=annual&events=on&from=2014&to=2020');
      await waitForChart(page);
      await expect(page.locator('.ps-event-label')).toHaveText(['PDBx/mmCIF standard']);

      // Switched off.
      await page.getByRole('switch', { name: 'Events' }).uncheck();
      await expect(page).not.toHaveURL(/events=/);
      await expect(page.locator('.ps-event')).toHaveCount(0);
    });
  });
}

test('Back and Forward step through the line view, the events and the window', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  const svg = page.locator('.ps-plot-chart svg.ps-chart');
  await page.getByRole('button', { name: 'Line' }).click();
  await expect(page).toHaveURL(/chart=line/);
  await expect(svg).toHaveAttribute('data-chart-type', 'line');
  await page.getByRole('switch', { name: 'Events' }).check();
  await expect(page).toHaveURL(/events=on/);
  await page.getByRole('slider', { name: 'First year' }).fill('1995');
  await expect(page).toHaveURL(/from=1995/);
  // The address changes first; the chart is drawn again in the transition that follows.
  await expect.poll(async () => Math.min(...(await drawnYears(page, '.ps-point')))).toBe(1995);

  await page.goBack();
  await expect(page).not.toHaveURL(/from=/);
  await expect.poll(async () => Math.min(...(await drawnYears(page, '.ps-point')))).toBeLessThan(1995);
  await expect(page.getByRole('slider', { name: 'First year' })).not.toHaveValue('1995');
  await page.goBack();
  await expect(page).not.toHaveURL(/events=/);
  await expect(page.getByRole('switch', { name: 'Events' })).not.toBeChecked();
  await expect(page.locator('.ps-event')).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/chart=line/);
  await expect(svg).toHaveAttribute('data-chart-type', 'bars');

  await page.goForward();
  await expect(svg).toHaveAttribute('data-chart-type', 'line');
  await page.goForward();
  await expect(page.getByRole('switch', { name: 'Events' })).toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/from=1995/);
  await expect(page.getByTestId('year-window')).toHaveText(/^1995–/);
});
