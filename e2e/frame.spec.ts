import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseInChartMenu, openSettingsFromNav } from './support/chart-controls.ts';
import { waitForChart } from './support/helpers.ts';

/**
 * The frame around the charts: the header, the navigation bar and its menus, the modals, the
 * favicon and the tooltip, at a desktop and a phone size.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
];

// Beside the chart screenshots of charts.spec.ts; not in the results folder, which each run empties.
const SHOTS = join('test-results', 'screenshots', 'frame');
mkdirSync(SHOTS, { recursive: true });

const REQUEST = encodeURIComponent(
  JSON.stringify({
    query: {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' },
    },
    return_type: 'entry',
  }),
);

/** One page of each kind the app serves: dashboard routes and the two search pages. */
const PAGES = [
  {
    name: 'home',
    path: '/',
    ready: (page: Page) => expect(page.locator('.ps-headline').first()).toBeVisible(),
  },
  { name: 'growth chart', path: '/growth/experimental-method', ready: waitForChart },
  { name: 'distribution chart', path: '/distribution/resolution', ready: waitForChart },
  {
    name: 'other statistics',
    path: '/other-statistics',
    ready: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'data snapshot',
    path: '/pdb-data-snapshot',
    ready: (page: Page) => expect(page.getByTestId('archive-date')).toBeVisible(),
  },
  {
    name: 'search results',
    path: `/search?request=${REQUEST}`,
    ready: (page: Page) =>
      expect(page.getByTestId('results-table').locator('tbody tr').first()).toBeVisible(),
  },
  {
    name: 'query editor',
    path: `/query-editor.html?json=${REQUEST}`,
    ready: (page: Page) =>
      expect(page.getByTestId('result-count')).toHaveAttribute('data-count', /^[1-9]\d*$/),
  },
];

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
};

/** `inner` lies within `outer` (1 px of rounding allowed). */
function expectInside(
  inner: { x: number; y: number; width: number; height: number },
  outer: { x: number; y: number; width: number; height: number },
  what: string,
) {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 1);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
}

for (const { name, viewport } of SIZES) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the header spans the window edge to edge on every page, the same on each', async ({ page }) => {
      const seen: { page: string; height: number; background: string }[] = [];
      for (const target of PAGES) {
        await page.goto(target.path);
        await target.ready(page);
        const header = page.locator('header').first();
        const width = await page.evaluate(() => document.documentElement.clientWidth);
        const at = await box(header);
        expect(at.x, `${target.name}: header's left edge`).toBe(0);
        expect(at.y, `${target.name}: header's top edge`).toBe(0);
        expect(at.width, `${target.name}: header's width`).toBe(width);
        // Nothing of the page shows beside or above the header once the page scrolls under it.
        const body = await page.evaluate(() => {
          const style = getComputedStyle(document.body);
          return [style.marginTop, style.marginLeft, style.marginRight].join(' ');
        });
        expect(body, `${target.name}: body margins`).toBe('0px 0px 0px');
        seen.push({
          page: target.name,
          height: at.height,
          background: await header.evaluate((el) => getComputedStyle(el).backgroundColor),
        });
      }
      for (const other of seen.slice(1)) {
        expect({ ...other, page: '' }, `${other.page} header like ${seen[0]!.page}'s`).toEqual({
          ...seen[0],
          page: '',
        });
      }
    });

    test('no request of any page answers 404, and every page has a favicon', async ({ page, request }) => {
      const missing: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) missing.push(response.url());
      });
      for (const target of PAGES) {
        await page.goto(target.path);
        await target.ready(page);
        const icon = page.locator('link[rel="icon"]');
        await expect(icon, `${target.name}: a favicon link`).toHaveCount(1);
        const href = await icon.evaluate((link: HTMLLinkElement) => link.href);
        const answer = await request.get(href);
        expect(answer.status(), `${target.name}: ${href}`).toBe(200);
        expect(answer.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      }
      expect(missing).toEqual([]);
    });

    test('the snapshot table lies inside its modal, without a sideways scroll', async ({ page }) => {
      for (const path of ['/growth/experimental-method', '/distribution/taxonomy']) {
        await page.goto(path);
        await waitForChart(page);
        await chooseInChartMenu(page, 'Data snapshot');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toHaveAttribute('data-modal-type', 'snapshot');
        const scroller = dialog.locator('.ps-snapshot-table');
        await expect(scroller.getByRole('table')).toBeVisible();
        const modal = await box(dialog);
        expectInside(modal, { x: 0, y: 0, ...viewport }, `${path}: modal in the window`);
        expectInside(await box(scroller.getByRole('table')), modal, `${path}: table in the modal`);
        const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        }));
        expect(scrollWidth, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(clientWidth);
        await shoot(page, `${name} snapshot ${path}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('the colour picker lies inside the settings modal, for every custom colour', async ({ page }) => {
      await page.goto('/distribution/resolution');
      await waitForChart(page);
      const dialog = await openSettingsFromNav(page);
      await dialog.getByRole('radio', { name: 'Custom' }).check();
      const swatches = dialog.locator('.ps-swatch-button');
      const count = await swatches.count();
      expect(count).toBeGreaterThan(1);
      for (let index = 0; index < count; index++) {
        await swatches.nth(index).click();
        const picker = dialog.getByRole('group', { name: `Custom color ${index + 1} picker` });
        await expect(picker).toBeVisible();
        const modal = await box(dialog);
        expectInside(modal, { x: 0, y: 0, ...viewport }, 'modal in the window');
        expectInside(await box(picker), modal, `picker ${index + 1} in the modal`);
        const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow, 'the modal scrolls sideways').toBeLessThanOrEqual(0);
        if (index === count - 1) await shoot(page, `${name} settings picker`);
        await swatches.nth(index).click();
        await expect(picker).toBeHidden();
      }
    });

    test("a chart's tooltip is opaque", async ({ page }) => {
      await page.goto('/distribution/resolution');
      await waitForChart(page);
      await page.locator('.ps-plot-chart .ps-bar').nth(2).hover();
      const tooltip = page.locator('.ps-tooltip');
      await expect(tooltip).toBeVisible();
      const { background, opacity } = await tooltip.evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, opacity: style.opacity };
      });
      // rgb(r, g, b) is opaque; rgba(r, g, b, a) is only written when a < 1.
      expect(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      expect(opacity).toBe('1');
    });

    // Beside the pointer, the tooltip hid the bars next to the one it described: it goes off the
    // hovered bar, its stack and its neighbours, inside the window, the same for keyboard focus.
    for (const path of [
      '/distribution/resolution',
      '/distribution/taxonomy',
      '/growth/experimental-method',
    ]) {
      test(`a bar's tooltip covers neither the bar nor its neighbours on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForChart(page);
        const bars = page.locator('.ps-plot-chart .ps-bar');
        const years = await bars.evaluateAll((els) => [
          ...new Set(els.map((el) => el.getAttribute('data-x')!)),
        ]);
        // A middle column (a row of horizontal bars): bars on both sides of it.
        const column = Math.floor(years.length / 2);
        const near = new Set(years.slice(column - 1, column + 2));
        const hovered = bars.and(page.locator(`[data-x="${years[column]}"]`)).first();
        const tooltip = page.locator('.ps-tooltip');
        const check = async (how: string) => {
          await expect(tooltip).toBeVisible();
          const placed = await box(tooltip);
          expect(placed.x, `${how}: left edge in the window`).toBeGreaterThanOrEqual(0);
          expect(placed.y, `${how}: top edge in the window`).toBeGreaterThanOrEqual(0);
          expect(placed.x + placed.width, `${how}: right edge`).toBeLessThanOrEqual(viewport.width);
          expect(placed.y + placed.height, `${how}: bottom edge`).toBeLessThanOrEqual(viewport.height);
          const covered = await bars.evaluateAll(
            (els, { near, placed }) =>
              els
                .filter((el) => near.includes(el.getAttribute('data-x')!))
                .map((el) => ({ name: el.getAttribute('aria-label'), r: el.getBoundingClientRect() }))
                .filter(
                  ({ r }) =>
                    r.width > 0 &&
                    r.height > 0 &&
                    r.right > placed.x + 0.5 &&
                    r.left < placed.x + placed.width - 0.5 &&
                    r.bottom > placed.y + 0.5 &&
                    r.top < placed.y + placed.height - 0.5,
                )
                .map(({ name }) => name),
            { near: [...near], placed },
          );
          expect(covered, `${how}: bars under the tooltip`).toEqual([]);
          // Nor the name of the hovered row (a horizontal chart's, over its bar on a phone).
          const label = page.locator(`.ps-plot-chart .ps-category-label[data-category="${years[column]}"]`);
          if ((await label.count()) > 0) {
            const name = await box(label);
            const apart =
              name.x + name.width <= placed.x + 0.5 ||
              name.x >= placed.x + placed.width - 0.5 ||
              name.y + name.height <= placed.y + 0.5 ||
              name.y >= placed.y + placed.height - 0.5;
            expect(apart, `${how}: the tooltip covers the row's name ${years[column]}`).toBe(true);
          }
          return placed;
        };
        await hovered.scrollIntoViewIfNeeded();
        await hovered.hover();
        const byPointer = await check('hover');
        await shoot(page, `${name} tooltip ${path}`);
        await page.mouse.move(0, 0);
        await expect(tooltip).toBeHidden();
        await hovered.focus();
        const byFocus = await check('focus');
        expect(byFocus, 'placed the same for focus as for the pointer').toEqual(byPointer);
      });
    }

    test('screenshots of the frame', async ({ page }) => {
      for (const target of PAGES.filter((p) => !['other statistics', 'data snapshot'].includes(p.name))) {
        await page.goto(target.path);
        await target.ready(page);
        await shoot(page, `${name} ${target.name}`);
      }
    });
  });
}

/** The widths at which the bar was seen to wrap (769 to about 900), and each side of the collapse. */
const NAV_WIDTHS = [
  320, 375, 480, 600, 700, 768, 769, 800, 850, 900, 950, 1024, 1100, 1199, 1200, 1280, 1400,
];

test('the navigation bar keeps to one row at every width', async ({ page }) => {
  test.slow();
  const heights = new Map<number, number>();
  // A chart page: its category's toggle is bold, the widest the bar gets; the demo badge shows.
  for (const width of [...NAV_WIDTHS].reverse()) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/distribution/resolution');
    await waitForChart(page);
    await expect(page.locator('.ps-demo-badge')).toBeVisible();
    const header = page.locator('header.ps-navbar');
    const at = await box(header);
    heights.set(width, at.height);
    // Every visible item of the bar sits in one row, inside the window.
    const items = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll('.ps-brand, .ps-demo-badge, .ps-nav-toggle, .ps-nav-list > li'),
        (el) => el.getBoundingClientRect(),
      )
        .filter((b) => b.width > 0 && b.height > 0)
        .map((b) => ({ middle: b.top + b.height / 2, left: b.left, right: b.right })),
    );
    expect(items.length, `${width} px: items of the bar`).toBeGreaterThan(1);
    const middles = items.map((i) => i.middle);
    expect(Math.max(...middles) - Math.min(...middles), `${width} px: items in one row`).toBeLessThanOrEqual(
      2,
    );
    for (const item of items) {
      expect(item.left, `${width} px: item left`).toBeGreaterThanOrEqual(0);
      expect(item.right, `${width} px: item right`).toBeLessThanOrEqual(width);
    }
  }
  // One row is as tall at every width.
  const one = heights.get(1400)!;
  for (const [width, height] of heights) expect(height, `${width} px: height of the bar`).toBe(one);
});

test('a long menu opens in columns that fit a 720 px high window, without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Data Distribution/ })
    .click();
  const menu = page.locator('.ps-dropdown-open .ps-dropdown-menu');
  await expect(menu).toBeVisible();
  const at = await box(menu);
  expect(at.y + at.height, "the menu's bottom").toBeLessThanOrEqual(720);
  expectInside(at, { x: 0, y: 0, width: 1280, height: 720 }, 'menu in the window');
  const { scrollHeight, clientHeight } = await menu.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollHeight, 'the menu scrolls').toBeLessThanOrEqual(clientHeight);
  const lefts = await menu
    .locator('.ps-dropdown-item')
    .evaluateAll((links) => new Set(links.map((a) => Math.round(a.getBoundingClientRect().left))).size);
  expect(lefts, 'columns of the menu').toBeGreaterThan(1);
  // Every entry can be seen and reached.
  for (const link of await menu.locator('.ps-dropdown-item').all()) {
    const b = await box(link);
    expectInside(b, at, 'entry in the menu');
    expect(b.y + b.height).toBeLessThanOrEqual(720);
  }
  await page.screenshot({ path: join(SHOTS, 'desktop-720-distribution-menu.png') });
});
