import { COLOR_SCHEMES, OTHER_COLOR } from '../packages/web/src/settings/colors.ts';
import { expect, test, type Page } from '@playwright/test';
import { chartMenuButton, chooseInChartMenu, openSettingsFromNav } from './support/chart-controls.ts';
import { waitForChart, withRootConfig } from './support/helpers.ts';

const firstBarFill = (page: Page) => page.locator('.ps-plot-chart .ps-bar').first().getAttribute('fill');

/** The colour settings open from the navigation bar (the chart's toolbar has no second way). */
async function openSettings(page: Page) {
  const dialog = await openSettingsFromNav(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the settings modal: one tab, 40% wide, stacking level 1050, two close buttons', async ({ page }) => {
  await page.goto('/growth/overall-structures');
  await waitForChart(page);
  const dialog = await openSettings(page);
  await expect(dialog.getByRole('tab', { name: 'Color Scheme Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog).toHaveAttribute('data-modal-type', 'settings');
  expect(await dialog.evaluate((el) => el.style.width)).toBe('40%');
  expect(await page.locator('.ps-modal-backdrop').evaluate((el) => getComputedStyle(el).zIndex)).toBe('1050');
  await expect(dialog.getByText('Current: Default')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await openSettings(page);
  await page.locator('.ps-modal-header').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a scheme change recolours the chart at once, without fetching again', async ({ page }) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  expect(await firstBarFill(page)).toBe(COLOR_SCHEMES.default[0]);
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/rcsbsearch/v2/query')) requests++;
  });
  const dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Color Blind Friendly' }).check();
  await expect(dialog.getByText('Current: Color Blind Friendly')).toBeVisible();
  expect(await firstBarFill(page)).toBe(COLOR_SCHEMES.achromatic[0]);
  const second = page.locator('.ps-plot-chart .ps-bar[data-series]').nth(1);
  const colours = await page
    .locator('.ps-plot-chart .ps-bar')
    .evaluateAll((rects) => [...new Set(rects.map((r) => r.getAttribute('fill')))]);
  // Each series in the scheme's colours, "Other" in its grey.
  for (const colour of colours) expect([...COLOR_SCHEMES.achromatic, OTHER_COLOR]).toContain(colour);
  await expect(second).toBeAttached();
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  expect(await firstBarFill(page)).toBe(COLOR_SCHEMES.custom[0]);
  expect(requests).toBe(0);
});

test('custom colours are edited with a picker below the swatches', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const dialog = await openSettings(page);
  await expect(
    dialog.getByText(
      'Create a custom color scheme, click on the color you would like to change and use the color picker.',
    ),
  ).toBeVisible();
  const swatch = dialog.locator('.ps-swatch-button[data-index="0"]');
  await expect(swatch).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await swatch.click();
  const picker = dialog.getByRole('group', { name: 'Custom color 1 picker' });
  await expect(picker).toBeVisible();
  const box = await swatch.boundingBox();
  const pickerBox = await picker.boundingBox();
  expect(pickerBox!.y).toBeGreaterThan(box!.y + box!.height - 1);

  const hex = picker.getByLabel('Hex');
  const firstBar = page.locator('.ps-plot-chart .ps-bar').first();
  await hex.fill('not a colour');
  // The same input handler marks the text invalid and would apply a colour: once it is marked,
  // nothing else is coming.
  await expect(hex).toHaveAttribute('aria-invalid', 'true');
  await expect(hex).toHaveValue('not a colour');
  expect(await firstBarFill(page)).toBe(COLOR_SCHEMES.custom[0]);
  await expect(swatch).toHaveAttribute('aria-label', `Custom color 1: ${COLOR_SCHEMES.custom[0]}`);
  await hex.fill('123456');
  await expect(firstBar).toHaveAttribute('fill', '#123456');
  await expect(swatch).toHaveAttribute('aria-label', 'Custom color 1: #123456');
  await picker.getByLabel('R', { exact: true }).fill('255');
  await expect(firstBar).toHaveAttribute('fill', '#ff3456');
  await picker.getByLabel('Alpha %').fill('50');
  await expect(firstBar).toHaveAttribute('fill', '#ff345680');

  await dialog.getByText('Current: Custom').click();
  await expect(picker).toBeHidden();
});

test('the information modal shows sanitized notes and runs no injected script', async ({ page }) => {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await withRootConfig(page, (origin) => ({
    basename: '/',
    sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
    statsNotes: {
      resolution:
        '<p>Safe note</p><img src=x onerror="window.__xss = 1; alert(1)"><script>window.__xss = 2</script>' +
        '<a href="javascript:window.__xss=3">bad link</a><a href="https://example.org/">good link</a>',
    },
  }));
  // The good link's page, served here: the test needs no network.
  await page
    .context()
    .route('https://example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>example</title>' }),
    );
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await page.getByRole('button', { name: 'About this chart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Safe note')).toBeVisible();
  expect(await dialog.evaluate((el) => el.style.width)).toBe('60%');
  const notes = dialog.locator('.ps-stats-notes');
  await expect(notes.locator('script')).toHaveCount(0);
  await expect(notes.locator('[onerror]')).toHaveCount(0);
  await expect(notes.locator('a', { hasText: 'bad link' })).not.toHaveAttribute('href', /javascript/);
  await expect(notes.getByRole('link', { name: 'good link' })).toHaveAttribute('rel', 'noopener noreferrer');
  const xss = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

  // The image stays, without its handler: once it has failed to load, an onerror would have run.
  const image = notes.locator('img');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  expect(await xss()).toBeUndefined();

  // A click on the good link after the bad one: once its tab opens, the page has acted on the
  // clicks, and a javascript: link would have run.
  await dialog.getByText('bad link').click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByText('good link').click()]);
  await popup.close();
  expect(await xss()).toBeUndefined();
  expect(alerts).toEqual([]);
});

test("the information modal shows the chart's long description", async ({ page }) => {
  await page.goto('/growth/unique-uniprot-entries');
  await waitForChart(page);
  await page.getByRole('button', { name: 'About this chart' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'UniProtKB' })).toHaveAttribute(
    'href',
    'https://www.uniprot.org',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the fullscreen modal is 100% wide and holds the chart', async ({ page }) => {
  await page.goto('/distribution/atom-count');
  await waitForChart(page);
  await chooseInChartMenu(page, 'Fullscreen');
  const dialog = page.getByRole('dialog');
  expect(await dialog.evaluate((el) => el.style.width)).toBe('100%');
  await expect(dialog.locator('svg.ps-chart .ps-bar').first()).toBeAttached();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
});

test('the snapshot modal opens from a chart, 60% wide, and closes with Escape and both close buttons', async ({
  page,
}) => {
  await page.goto('/growth/overall-structures');
  await waitForChart(page);
  for (const close of ['escape', 'header', 'footer'] as const) {
    await chooseInChartMenu(page, 'Data snapshot');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAttribute('data-modal-type', 'snapshot');
    expect(await dialog.evaluate((el) => el.style.width)).toBe('60%');
    await expect(dialog.getByRole('table')).toBeVisible();
    await expect(dialog.getByText('Snapshot Modal Content')).toHaveCount(0);
    if (close === 'escape') await page.keyboard.press('Escape');
    else if (close === 'header')
      await page.locator('.ps-modal-header').getByRole('button', { name: 'Close' }).click();
    else await dialog.locator('.ps-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});

test('the fullscreen modal closes with Escape and gives focus back to the menu button it came from', async ({
  page,
}) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await chooseInChartMenu(page, 'Fullscreen');
  await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-type', 'fullscreen');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // The menu entry is gone with the menu: focus goes back to the menu's button.
  await expect(chartMenuButton(page)).toBeFocused();
});

test("hovering or focusing the navigation's 'Colors' loads the settings modal's code before the click", async ({
  page,
}) => {
  for (const reach of ['hover', 'focus'] as const) {
    await page.goto('/growth/overall-structures');
    await waitForChart(page);
    const chunk = page.waitForRequest(/\/settings-modal-[^/]*\.js$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Colors' })[reach]();
    await chunk;
  }
});
