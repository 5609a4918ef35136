import { expect, type Locator, type Page } from '@playwright/test';

/** The chart page's "Download & share" menu button. */
export const chartMenuButton = (page: Page): Locator =>
  page.getByRole('toolbar', { name: 'Chart options' }).getByRole('button', { name: 'Download & share' });

/** Opens the "Download & share" menu and returns it. */
export async function openChartMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu', { name: 'Download & share' });
  if (!(await menu.isVisible())) await chartMenuButton(page).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Picks an entry of the "Download & share" menu by its name. */
export async function chooseInChartMenu(page: Page, name: string | RegExp): Promise<void> {
  const menu = await openChartMenu(page);
  await menu.getByRole('menuitem', { name }).click();
}

/** Opens the settings modal from the navigation bar, through the phone menu when the bar is collapsed. */
export async function openSettingsFromNav(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Colors' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-modal-type', 'settings');
  return dialog;
}
