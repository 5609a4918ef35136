import { expect, test, type Page } from '@playwright/test';

/**
 * A chart's legend read without JavaScript: drawn beside or under the chart, readable, and each
 * entry a link that hides or shows its series (its checkbox, which changes nothing without scripts,
 * is not offered), the server drawing the page in that state.
 */

test.use({ javaScriptEnabled: false });

const entry = (page: Page, series: string) => page.locator(`.ps-legend a[data-series="${series}"]`);
const barsOf = (page: Page, series: string) =>
  page.locator(`.ps-plot-chart .ps-bar[data-series="${series}"]`);

test('without JavaScript the legend is drawn, readable at 375 and 1280 px, and its entries hide and show series', async ({
  page,
}, testInfo) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/growth/experimental-method');
    const legend = page.locator('.ps-legend');
    await expect(legend).toBeVisible();
    for (const series of ['X-ray', 'EM', 'NMR']) {
      const link = entry(page, series);
      await expect(link, `${series} at ${width} px`).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const size = await link.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(12);
    }
    // No inert checkbox is offered.
    await expect(legend.getByRole('checkbox')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`legend-nojs-${width}.png`), fullPage: true });
  }

  // At 375 px: NMR's entry hides its bars, the page's address saying so; again, it shows them.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/growth/experimental-method?view=annual');
  expect(await barsOf(page, 'NMR').count()).toBeGreaterThan(0);
  await entry(page, 'NMR').click();
  await expect(page).toHaveURL(/[?&]hide=NMR(&|$)/);
  await expect(page).toHaveURL(/[?&]view=annual/);
  await expect(barsOf(page, 'NMR')).toHaveCount(0);
  expect(await barsOf(page, 'X-ray').count()).toBeGreaterThan(0);
  await expect(entry(page, 'NMR')).toHaveAttribute('data-hidden', 'true');
  await expect(entry(page, 'NMR')).toContainText('hidden; show it');
  await entry(page, 'NMR').click();
  await expect(page).not.toHaveURL(/hide=/);
  expect(await barsOf(page, 'NMR').count()).toBeGreaterThan(0);
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('the legend’s entries are checkboxes; the links for pages without scripts are not shown', async ({
    page,
  }) => {
    await page.goto('/growth/experimental-method');
    const legend = page.locator('.ps-legend');
    await expect(legend.getByRole('checkbox', { name: 'NMR' })).toBeVisible();
    await expect(legend.getByRole('link')).toHaveCount(0);
  });
});
