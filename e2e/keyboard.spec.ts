import { CHARTS, clickRequest } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { requestOf, waitForChart } from './support/helpers.ts';

const NUMBER = new Intl.NumberFormat('en-US');

/** Presses Tab until `matches` holds for the focused element; fails after `limit` presses. */
async function tabTo(page: Page, matches: (el: Element) => boolean, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

const focused = (page: Page) => page.locator(':focus');

test('chart bars are reached by Tab, named by label, series and value, moved by arrows', async ({
  page,
  baseURL,
}) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await expect(page.locator('.ps-plot-chart .ps-bar[tabindex="0"]')).toHaveCount(1);
  await tabTo(page, (el) => el.classList.contains('ps-bar'));
  const bar = focused(page);
  const first = {
    year: (await bar.getAttribute('data-x'))!,
    series: (await bar.getAttribute('data-series'))!,
    value: Number(await bar.getAttribute('data-value')),
  };
  await expect(bar).toHaveAccessibleName(`${first.year}, ${first.series}: ${NUMBER.format(first.value)}`);
  await expect(bar).toHaveRole('button');
  // A focused bar is drawn with a visible edge, and its tooltip shows.
  expect(await bar.evaluate((el) => getComputedStyle(el).strokeWidth)).toBe('3px');
  await expect(page.locator('.ps-tooltip')).toContainText(first.year);

  await page.keyboard.press('ArrowRight');
  const next = focused(page);
  expect(Number(await next.getAttribute('data-x'))).toBeGreaterThan(Number(first.year));
  await expect(next).toHaveAttribute('tabindex', '0');
  await expect(page.locator('.ps-plot-chart .ps-bar[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('End');
  const last = focused(page);
  await expect(last).toHaveAttribute(
    'data-x',
    (await page.locator('.ps-plot-chart .ps-bar').last().getAttribute('data-x'))!,
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const target = focused(page);
  const year = (await target.getAttribute('data-x'))!;
  const series = (await target.getAttribute('data-series'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  expect(popup.url().startsWith(`${baseURL}/search?request=`)).toBe(true);
  const chart = CHARTS['experimental-method'];
  expect(requestOf(popup.url())).toEqual(
    clickRequest(chart, { x: year, series, view: 'cumulative' }, chart.query),
  );
});

test('a horizontal distribution chart is read bar by bar with the arrow keys', async ({ page }) => {
  await page.goto('/distribution/taxonomy');
  await waitForChart(page);
  await tabTo(page, (el) => el.classList.contains('ps-bar'));
  const labels = await page
    .locator('.ps-plot-chart .ps-bar')
    .evaluateAll((rects) => rects.map((r) => r.getAttribute('aria-label')));
  expect(labels.length).toBeGreaterThan(2);
  await expect(focused(page)).toHaveAccessibleName(labels[0]!);
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(labels[1]!);
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(labels[2]!);
  await page.keyboard.press('ArrowUp');
  await expect(focused(page)).toHaveAccessibleName(labels[1]!);
  const value = Number(await focused(page).getAttribute('data-value'));
  expect(labels[1]).toMatch(new RegExp(`: ${NUMBER.format(value)}$`));
  // Tab leaves the chart: only one bar is in the tab order.
  await page.keyboard.press('Tab');
  await expect(focused(page)).not.toHaveClass(/ps-bar/);
});

test('the first Tab shows a skip link that takes the keyboard past the navigation, with and without JavaScript', async ({
  page,
  browser,
}) => {
  const skipFrom = async (target: Page) => {
    await target.keyboard.press('Tab');
    const skip = target.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await target.keyboard.press('Enter');
    await expect(target.locator('main')).toBeFocused();
    await target.keyboard.press('Tab');
    // The next stop is the page's own, not the navigation's.
    expect(await target.evaluate(() => document.activeElement?.closest('main') != null)).toBe(true);
  };
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await skipFrom(page);
  // The router does not take the skip for a navigation: the address is the page's.
  expect(new URL(page.url()).hash).toBe('');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const withoutScripts = await context.newPage();
  await withoutScripts.goto('/growth/experimental-method');
  await skipFrom(withoutScripts);
  await context.close();
});

test('the navigation dropdowns work with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await tabTo(page, (el) => el.textContent?.trim().startsWith('Data Distribution') ?? false);
  const toggle = page.getByRole('navigation').getByRole('button', { name: 'Data Distribution' });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The focus ring is visible on the dark bar.
  expect(await toggle.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('ArrowDown');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const items = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"] a`);
  await expect(focused(page)).toHaveText((await items.first().textContent())!);
  await page.keyboard.press('ArrowDown');
  const second = (await items.nth(1).getAttribute('href'))!;
  await expect(focused(page)).toHaveAttribute('href', second);
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAttribute('href', second);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${second}$`));
  await waitForChart(page);
});

test('the settings modal works with the keyboard alone', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await tabTo(page, (el) => el.classList.contains('ps-nav-settings'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, on its close button.
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeFocused();
  // The modal's body is a chunk of its own: Tab before it has arrived skips to the footer.
  await expect(dialog.getByRole('radio', { name: 'Default' })).toBeVisible();
  await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === 'radio', 10);
  await expect(focused(page)).toHaveAccessibleName('Default');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Color Blind Friendly' })).toBeChecked();
  await expect(page).toHaveURL(/scheme=achromatic/);
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Enter');
  const picker = dialog.getByRole('group', { name: 'Custom color 1 picker' });
  await expect(picker).toBeVisible();
  await tabTo(page, (el) => el.classList.contains('ps-hex-input'), 10);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('00ffff');
  await expect(picker.getByRole('status')).toContainText('Low contrast');
  // Escape closes the picker first (focus back on its swatch), then the modal.
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(focused(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toHaveAttribute('data-color', '#00ffff');
});

test('Tab and Shift+Tab stay inside an open modal', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  await page.getByRole('button', { name: 'About this chart' }).click();
  const dialog = page.getByRole('dialog');
  const [x, footer] = [
    dialog.getByRole('button', { name: 'Close' }).first(),
    dialog.locator('.ps-modal-footer button'),
  ];
  await expect(x).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(footer).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(x).toBeFocused();
  // Round the whole dialog: every Tab stays in it and one comes back to the start.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    if (await x.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(x).toBeFocused();
});

test('the data table is reached and used by keyboard, with caption and header scopes', async ({
  page,
  baseURL,
}) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await tabTo(page, (el) => el.tagName === 'SUMMARY');
  await page.keyboard.press('Enter');
  const table = page.locator('.ps-table');
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toHaveText('PDB Data Distribution by Resolution');
  await expect(table.locator('thead th[scope="col"]')).toHaveCount(2);
  const rows = await table.locator('tbody tr').count();
  await expect(table.locator('tbody th[scope="row"]')).toHaveCount(rows);
  await tabTo(page, (el) => el.classList.contains('ps-value'), 5);
  const label = (await table.locator('tbody th').first().textContent())!;
  const value = (await table.locator('tbody .ps-value').first().textContent())!;
  await expect(focused(page)).toHaveAccessibleName(`${label}: ${value}, search`);
  const chart = CHARTS.resolution;
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  expect(popup.url().startsWith(`${baseURL}/search?request=`)).toBe(true);
  expect(requestOf(popup.url())).toEqual(clickRequest(chart, { x: label, view: 'cumulative' }, chart.query));
});

test('buttons and links show a focus ring when reached by keyboard', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const isBar = el.classList.contains('ps-bar');
      return {
        what: `${el.tagName}.${el.className}`,
        visible: isBar
          ? style.strokeWidth === '3px'
          : style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
    expect(ring.visible, ring.what).toBe(true);
  }
});

test('the results page and the query editor show a focus ring too', async ({ page }) => {
  const request = encodeURIComponent(JSON.stringify({ return_type: 'entry' }));
  for (const path of [`/search?request=${request}`, `/query-editor.html?json=${request}`]) {
    await page.goto(path);
    await expect(page.getByTestId('back-to-chart')).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          what: `${el.tagName}.${el.className}`,
          style: style.outlineStyle,
          width: style.outlineWidth,
        };
      });
      expect(ring, `${path}: ${ring.what}`).toMatchObject({ style: 'solid', width: '2px' });
    }
  }
});
