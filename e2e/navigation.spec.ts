import { CHART_LIST } from '@pdb-stats/charts';
import { expect, test } from '@playwright/test';
import { waitForChart } from './support/helpers.ts';

const growthToggle = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: /^Data Growth/ });
const distributionToggle = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: /^Data Distribution/ });

test('the title link is disabled on home and links home elsewhere', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.ps-brand')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: 'PDB Statistics' })).toHaveCount(0);
  await page.goto('/other-statistics');
  await page.getByRole('link', { name: 'PDB Statistics' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('PDB Statistics');
});

test('dropdowns open on hover and list every chart of their category (and the map, after its chart)', async ({
  page,
}) => {
  await page.goto('/');
  const growthMenu = page.locator('[data-category="growth"] .ps-dropdown-menu');
  await expect(growthMenu).toBeHidden();
  await growthToggle(page).hover();
  await expect(growthMenu).toBeVisible();
  const growth = CHART_LIST.filter((c) => c.kind === 'growth');
  await expect(growthMenu.getByRole('link')).toHaveCount(growth.length);
  for (const chart of growth)
    await expect(growthMenu.locator(`a[href="/growth/${chart.key}"]`)).toHaveText(chart.menuDescription);
  await page.mouse.move(5, 600);
  await expect(growthMenu).toBeHidden();

  await distributionToggle(page).hover();
  const distributionMenu = page.locator('[data-category="distribution"] .ps-dropdown-menu');
  await expect(distributionMenu.getByRole('link')).toHaveCount(
    CHART_LIST.filter((c) => c.kind === 'distribution').length + 1,
  );
  const hrefs = await distributionMenu
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs[hrefs.indexOf('/distribution/funding-countries') + 1]).toBe('/map/funding-countries');
  await distributionMenu.getByRole('link', { name: 'Resolution', exact: true }).click();
  await expect(page).toHaveURL(/\/distribution\/resolution$/);
  await expect(page).toHaveTitle('PDB Statistics: PDB Data Distribution by Resolution');
});

test('the group of the current path is bold', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  const weight = (locator: import('@playwright/test').Locator) =>
    locator.evaluate((el) => getComputedStyle(el).fontWeight);
  expect(await weight(growthToggle(page))).toBe('700');
  expect(await weight(distributionToggle(page))).toBe('400');
  await page.goto('/distribution/taxonomy');
  expect(await weight(growthToggle(page))).toBe('400');
  expect(await weight(distributionToggle(page))).toBe('700');
  // The map is listed in the distributions' menu.
  await page.goto('/map/funding-countries');
  expect(await weight(distributionToggle(page))).toBe('700');
  await page.goto('/');
  expect(await weight(growthToggle(page))).toBe('400');
});

test('dropdowns open by click', async ({ page }) => {
  await page.goto('/');
  await page.mouse.move(5, 600);
  await growthToggle(page).click();
  const menu = page.locator('[data-category="growth"] .ps-dropdown-menu');
  await expect(menu).toBeVisible();
  await expect(growthToggle(page)).toHaveAttribute('aria-expanded', 'true');
});

test('dropdowns open and are used by keyboard', async ({ page }) => {
  await page.goto('/');
  await page.mouse.move(5, 600);
  await growthToggle(page).focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.locator('[data-category="growth"] .ps-dropdown-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(growthToggle(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').first()).toBeFocused();
  const first = CHART_LIST.filter((c) => c.kind === 'growth')[0]!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/growth/${first.key}$`));
});

test('the bar collapses behind a toggle below 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1279, height: 900 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toBeVisible();
  await expect(growthToggle(page)).toBeHidden();
  await toggle.click();
  await expect(growthToggle(page)).toBeVisible();
  await growthToggle(page).click();
  await page
    .locator('[data-category="growth"] .ps-dropdown-menu')
    .getByRole('link', { name: 'Experimental Method' })
    .click();
  await expect(page).toHaveURL(/\/growth\/experimental-method$/);
  await expect(growthToggle(page)).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(toggle).toBeHidden();
  await expect(growthToggle(page)).toBeVisible();
});

test('a new page opens at its top; Back and Forward return to where each page was scrolled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const bottom = await page.evaluate(() => {
    window.scrollTo(0, document.scrollingElement!.scrollHeight);
    return Math.round(window.scrollY);
  });
  expect(bottom, 'the chart page is longer than the window').toBeGreaterThan(150);

  // A menu of the sticky bar, used far down the page.
  await growthToggle(page).click();
  await page
    .locator('[data-category="growth"] .ps-dropdown-menu')
    .getByRole('link', { name: 'Experimental Method' })
    .click();
  await expect(page).toHaveURL(/\/growth\/experimental-method$/);
  await waitForChart(page);
  expect(await scrollY(), 'the new page opens at its top').toBe(0);

  // A setting of the same page (its URL's query only) keeps the place.
  const line = page.getByRole('button', { name: 'Line' });
  await line.scrollIntoViewIfNeeded();
  const place = await scrollY();
  expect(place, 'the setting lies below the first screen').toBeGreaterThan(0);
  await line.click();
  await expect(page).toHaveURL(/chart=line/);
  expect(await scrollY(), 'a setting of the page keeps its place').toBe(place);

  await page.goBack();
  await expect(page).toHaveURL(/\/growth\/experimental-method$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/distribution\/resolution$/);
  await expect.poll(scrollY, { message: 'Back returns to where the page was' }).toBe(bottom);

  await page.goForward();
  await expect(page).toHaveURL(/\/growth\/experimental-method$/);
  await expect.poll(scrollY, { message: 'Forward returns to where that page was' }).toBe(place);
});

/** The boxes of the bar's visible parts: title, badge, toggle and the items of its top row. */
async function barBoxes(page: import('@playwright/test').Page) {
  return page
    .locator('.ps-brand, .ps-demo-badge, .ps-nav-toggle, .ps-nav-list > .ps-nav-item > .ps-nav-link')
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { name: e.textContent!.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
    );
}

test('from 1200 to 1440 px, every 20 px, the bar and the page stay inside the window, the full bar in one row', async ({
  page,
}) => {
  for (let width = 1200; width <= 1440; width += 20) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 1200) await page.goto('/trend/resolution-by-year');
    const collapsed = await page.getByRole('button', { name: 'Toggle navigation' }).isVisible();
    expect(collapsed, `${width} px: collapsed below 1280 px only`).toBe(width < 1280);
    for (const box of await barBoxes(page)) {
      expect(box.left, `${width} px: ${box.name}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${width} px: ${box.name}`).toBeLessThanOrEqual(width);
      expect(box.bottom, `${width} px: ${box.name} in the bar's one row`).toBeLessThanOrEqual(52);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});

for (const width of [1280, 1366, 1440]) {
  test(`at ${width} px the bar is one row whose items neither overlap nor leave the window, and each menu opens inside it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/trend/resolution-by-year');
    const boxes = await barBoxes(page);
    expect(boxes.map((b) => b.name)).toContain('Colors');
    for (const [i, box] of boxes.entries()) {
      expect(box.left, box.name).toBeGreaterThanOrEqual(0);
      expect(box.right, box.name).toBeLessThanOrEqual(width);
      expect(box.bottom, `${box.name} in the bar's one row`).toBeLessThanOrEqual(52);
      const next = boxes[i + 1];
      if (next) expect(next.left, `${next.name} after ${box.name}`).toBeGreaterThanOrEqual(box.right);
    }
    for (const name of ['Data Growth', 'Data Distribution', 'Distribution over Time']) {
      const toggle = page.getByRole('button', { name: new RegExp(`^${name}`) });
      await toggle.click();
      const menu = (await page.locator('.ps-dropdown-open .ps-dropdown-menu').boundingBox())!;
      expect(menu.x, `${name}: menu`).toBeGreaterThanOrEqual(0);
      expect(menu.x + menu.width, `${name}: menu`).toBeLessThanOrEqual(width);
      await toggle.click();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

for (const width of [768, 1000, 1200, 1279]) {
  test(`collapsed at ${width} px: opening keeps the top row in place, the open bar scrolls within the window, the focus goes title, toggle, menus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/trend/resolution-by-year');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const closed = await barBoxes(page);
    await toggle.click();
    const open = await barBoxes(page);
    for (const name of [closed[0]!.name, 'Demo data', '☰']) {
      const before = closed.find((b) => b.name === name);
      const after = open.find((b) => b.name === name);
      // Within half a pixel: the toggle's own height is fractional.
      expect(after!.top, `${name} stays in place when the bar opens`).toBeCloseTo(before!.top, 0);
    }
    expect(Math.max(...open.map((b) => b.right)), 'the open bar overflows').toBeLessThanOrEqual(width);

    // The longest menu open: the bar's last item is reached by scrolling the bar, the page stays put.
    await page.getByRole('button', { name: /^Data Distribution/ }).click();
    const nav = (await page.locator('.ps-nav').boundingBox())!;
    expect(nav.y + nav.height, 'the open bar ends inside the window').toBeLessThanOrEqual(700);
    const colors = page.getByRole('button', { name: 'Colors' });
    await colors.scrollIntoViewIfNeeded();
    const box = (await colors.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    expect(await page.evaluate(() => window.scrollY), 'the page under the bar scrolled').toBe(0);

    // The focus on a fresh page: the skip link, the title, the toggle, then (open) the menus in order.
    await page.goto('/trend/resolution-by-year');
    const focused = async () => {
      await page.keyboard.press('Tab');
      return page.evaluate(() => {
        const e = document.activeElement!;
        return e.getAttribute('aria-label') ?? e.textContent!.trim();
      });
    };
    expect([await focused(), await focused(), await focused()]).toEqual([
      'Skip to content',
      'PDB Statistics',
      'Toggle navigation',
    ]);
    await page.keyboard.press('Enter');
    expect([await focused(), await focused()]).toEqual(['Data Growth ▾', 'Data Distribution ▾']);
  });
}
