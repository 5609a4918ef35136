import { expect, test, type Page } from '@playwright/test';

/**
 * A chart page read without JavaScript: its switches (data view, log scale, bars or line, events,
 * years) are forms the server answers with the page in that state, and its downloads are the
 * server's files; the navigation's menus open on hover and focus; what needs scripts (the colours,
 * the about box) is not offered. With JavaScript the
 * same switches change the page in place. At 1280 and 375 px.
 */

const toolbar = (page: Page) => page.locator('.ps-toolbar:visible');

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('without JavaScript, the switches reload the page in their state and the downloads are links', async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/growth/experimental-method?hide=NMR');
      const subtitle = page.getByTestId('chart-subtitle');
      await expect(subtitle).toContainText('in total at the end of each year');

      await toolbar(page).getByRole('button', { name: 'Annual' }).click();
      await expect(page).toHaveURL(/[?&]view=annual/);
      // The page's other parameters come along.
      await expect(page).toHaveURL(/[?&]hide=NMR/);
      await expect(subtitle).toContainText('released each year');
      await expect(toolbar(page).getByRole('button', { name: 'Annual' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await toolbar(page).getByRole('switch', { name: 'Log scale' }).check();
      await toolbar(page).getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/[?&]scale=log/);
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-scale', 'log');
      await expect(page).toHaveURL(/[?&]view=annual/);

      const views = page.getByRole('group', { name: 'Growth view' });
      await views.getByRole('button', { name: 'Line' }).click();
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-chart-type', 'line');
      await views.getByRole('switch', { name: 'Events' }).check();
      await views.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/[?&]events=on/);
      await expect(page).toHaveURL(/[?&]scale=log/);
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-chart-type', 'line');

      // What needs scripts is not offered; the server's files are.
      await expect(page.getByRole('button', { name: /Download & share/ })).toBeHidden();
      await expect(page.getByRole('button', { name: 'About this chart' })).toBeHidden();
      const csv = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
      const answer = await fetch(new URL(csv!, baseURL).href);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/csv');
      // The chart as shown: its hidden series left out.
      const text = await answer.text();
      expect(text).toContain('X-ray');
      expect(text).not.toContain('NMR');
      const png = await page.getByRole('link', { name: 'PNG' }).getAttribute('href');
      const picture = await fetch(new URL(png!, baseURL).href);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${test.info().outputDir}/no-script-${width}.png`, fullPage: true });
      await context.close();
    });

    test('without JavaScript, a menu of the navigation opens on a tap and leads to its charts', async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/growth/experimental-method');
      // No toggle that cannot open anything, no colours' dialog: the bar's items themselves.
      await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Colors' })).toBeHidden();
      const menu = page.locator('[data-category="distribution"] .ps-dropdown-menu');
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: /^Data Distribution/ }).click();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Resolution', exact: true }).click();
      await expect(page).toHaveURL(/\/distribution\/resolution$/);
      await expect(page.getByTestId('chart-subtitle')).toBeVisible();
      await context.close();
    });

    test('with JavaScript, the same switches change the page in place and no file links are shown', async ({
      page,
    }) => {
      await page.goto('/growth/experimental-method');
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('.ps-plot-chart svg.ps-chart') ?? {}).some((k) =>
          k.startsWith('__reactFiber$'),
        ),
      );
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await toolbar(page).getByRole('button', { name: 'Annual' }).click();
      await expect(page).toHaveURL(/[?&]view=annual/);
      await expect(page.getByTestId('chart-subtitle')).toContainText('released each year');
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'CSV' })).toHaveCount(0);
      await expect(toolbar(page).getByRole('button', { name: /Download & share/ })).toBeVisible();
    });
  });
}
