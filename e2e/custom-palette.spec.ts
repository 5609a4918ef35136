import { COLOR_SCHEMES } from '../packages/web/src/settings/colors.ts';
import { STORAGE_KEY } from '../packages/web/src/settings/storage.ts';
import { expect, test } from '@playwright/test';
import { openSettingsFromNav } from './support/chart-controls.ts';
import { waitForChart } from './support/helpers.ts';

/**
 * A custom palette is checked as the built-in ones are: two colours that look alike to everyone, or
 * with a colour-vision deficiency, are named under its swatches, and the two swatches are marked.
 */

test('the starting custom palette is flagged: its two colours that look alike are named and marked', async ({
  page,
}) => {
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  const dialog = await openSettingsFromNav(page);
  const warning = dialog.getByTestId('color-vision-warning');
  // Its red and dark green are one colour to eyes without red cones.
  await expect(warning).toHaveText(
    /^Colour 1 and colour 8 look alike to people without red cones \(protanopia\): charts drawn in this scheme are not colour-blind safe\./,
  );
  // The only warning: the built-in schemes pass.
  await expect(dialog.locator('[data-testid="color-vision-warning"]:not(:empty)')).toHaveCount(1);
  await expect(dialog.locator('[data-scheme="custom"]')).toContainText('Colour 1 and colour 8');
  const marked = await dialog
    .locator('.ps-swatch-button[data-alike]')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-index')));
  expect(marked).toEqual(['0', '7']);
  const describedBy = await dialog
    .locator('.ps-swatch-button[data-index="0"]')
    .getAttribute('aria-describedby');
  expect(await warning.getAttribute('id')).toBe(describedBy);
});

test('an edit that makes two custom colours alike is flagged at once; a safe palette is not', async ({
  page,
}) => {
  // A custom palette of the colour-blind-safe default colours, remembered from an earlier visit.
  await page.addInitScript(
    ([key, colors]) =>
      window.localStorage.setItem(
        key,
        JSON.stringify({ schemeName: 'custom', custom: colors, patterns: false }),
      ),
    [STORAGE_KEY, COLOR_SCHEMES.default] as const,
  );
  await page.goto('/growth/experimental-method');
  await waitForChart(page);
  const dialog = await openSettingsFromNav(page);
  const warning = dialog.getByTestId('color-vision-warning');
  await expect(dialog.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(warning).toBeEmpty();
  await expect(dialog.locator('.ps-swatch-button[data-alike]')).toHaveCount(0);

  await dialog.locator('.ps-swatch-button[data-index="1"]').click();
  // Colour 2 a shade away from colour 1.
  await dialog.getByRole('group', { name: 'Custom color 2 picker' }).getByLabel('Hex').fill('5ab0e0');
  await expect(warning).toHaveText(/^Colour 1 and colour 2 look alike to anyone:/);
  await expect(dialog.locator('.ps-swatch-button[data-alike]')).toHaveCount(2);
  await page.screenshot({ path: `${test.info().outputDir}/custom-alike.png` });
});
