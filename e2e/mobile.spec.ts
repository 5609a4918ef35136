import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHARTS } from '@pdb-stats/charts';
import { openSettingsFromNav } from './support/chart-controls.ts';
import { CHART_KINDS, OTHER_ROUTES, chartCase, type RouteCase } from './support/route-kinds.ts';

const WIDTH = 375;
// Beside the chart screenshots of charts.spec.ts; not in the results folder, which each run empties.
const SHOTS = join('test-results', 'screenshots', 'mobile');
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

/** The page does not scroll sideways, and no visible element sticks out to the right or left. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth, outside } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const outside = Array.from(document.querySelectorAll('body *'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // Parts of a box that scrolls by itself (a wide table) are fine.
        for (let p = el.parentElement; p; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (p !== document.body && ['auto', 'scroll', 'hidden'].includes(style.overflowX)) return false;
        }
        return box.right > root.clientWidth + 1 || box.left < -1;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
  });
  expect(outside, 'elements outside the screen').toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function shoot(page: Page, name: string) {
  // From the top, so the sticky navigation bar is drawn where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
}

async function expectChartReadable(page: Page) {
  const svg = page.locator('.ps-plot-chart svg.ps-chart');
  await expect(svg).toBeVisible();
  const box = (await svg.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  // Every bar is on screen and big enough to see and tap.
  const bars = await svg
    .locator('.ps-bar')
    .evaluateAll((rects) =>
      rects
        .map((r) => r.getBoundingClientRect())
        .map((b) => ({ left: b.left, right: b.right, w: b.width, h: b.height })),
    );
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) {
    expect(bar.left).toBeGreaterThanOrEqual(0);
    expect(bar.right).toBeLessThanOrEqual(WIDTH);
  }
  expect(Math.max(...bars.map((b) => Math.min(b.w, b.h)))).toBeGreaterThanOrEqual(4);
  // Axis and category labels stay on screen.
  const labels = await svg.locator('text').evaluateAll((texts) =>
    texts
      .map((t) => t.getBoundingClientRect())
      .filter((b) => b.width > 0)
      .map((b) => [b.left, b.right]),
  );
  for (const [left, right] of labels) {
    expect(left).toBeGreaterThanOrEqual(-1);
    expect(right).toBeLessThanOrEqual(WIDTH + 1);
  }
}

const LOG_SCALE = chartCase(CHARTS['experimental-method'], '?view=annual&scale=log');

// The chart pages in one test and the others in another, a step per route named as its test was: a
// fresh browser context per route fetched and compiled the scripts again.
for (const routes of [[...CHART_KINDS, LOG_SCALE], OTHER_ROUTES] as RouteCase[][]) {
  test(`375 px: ${routes.map((r) => r.name).join(', ')} fit the screen`, async ({ page }) => {
    test.setTimeout(routes.length * 20_000);
    for (const route of routes)
      await test.step(`375 px: ${route.name} fits the screen`, async () => {
        await page.goto(route.path);
        await route.ready(page);
        await expectNoHorizontalOverflow(page);
        if (route.path.startsWith('/growth/') || route.path.startsWith('/distribution/')) {
          await expectChartReadable(page);
          const legend = page.locator('.ps-legend');
          if (await legend.count()) {
            await expect(legend).toBeVisible();
            const box = (await legend.boundingBox())!;
            expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
            await expect(legend.locator('label').first()).toBeVisible();
          }
          // The data table scrolls inside its own box.
          await page.getByText('Data table').click();
          await expect(page.locator('.ps-table').first()).toBeVisible();
          await expectNoHorizontalOverflow(page);
        }
        await shoot(page, route.name);
      });
  });
}

test('375 px: the stacked chart shows its legend below the chart', async ({ page }) => {
  await page.goto(CHART_KINDS[0]!.path);
  await CHART_KINDS[0]!.ready(page);
  const chart = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
  const legend = (await page.locator('.ps-legend').boundingBox())!;
  expect(legend.y).toBeGreaterThanOrEqual(chart.y + chart.height - 1);
  await expect(page.locator('.ps-legend input[type="checkbox"]').first()).toBeVisible();
});

test('375 px: the collapsed navigation and its dropdown fit the screen', async ({ page }) => {
  await page.goto('/');
  await OTHER_ROUTES[0]!.ready(page);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: 'Data Distribution' }).click();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Resolution', exact: true }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'navigation-open');
});

test('375 px: the settings modal and the colour picker fit the screen', async ({ page }) => {
  await page.goto(CHART_KINDS[2]!.path);
  await CHART_KINDS[2]!.ready(page);
  const dialog = await openSettingsFromNav(page);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.locator('.ps-swatch-button[data-index="7"]').click();
  const picker = dialog.getByRole('group', { name: 'Custom color 8 picker' });
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'settings-picker');
});
