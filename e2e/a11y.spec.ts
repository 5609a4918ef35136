import { expect, test, type Page } from '@playwright/test';
import { axeScan } from './support/axe.ts';
import { openSettingsFromNav } from './support/chart-controls.ts';
import { ALL_CHARTS, OTHER_ROUTES } from './support/route-kinds.ts';

/** Serious and critical axe-core violations on the page as it is now, with where they are. */
async function seriousViolations(page: Page) {
  const results = await axeScan(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

// A test scans several routes one after the other, each in a step of its own: a fresh browser
// context per route fetched and compiled the scripts again, 1-2 s a route on a busy machine.
const ROUTES = [...OTHER_ROUTES, ...ALL_CHARTS];
const GROUPS = 6;
for (let group = 0; group < GROUPS; group++) {
  const routes = ROUTES.filter((_, i) => i % GROUPS === group);
  test(`axe: no serious or critical violations on ${routes.map((r) => r.name).join(', ')}`, async ({
    page,
  }) => {
    test.setTimeout(routes.length * 30_000);
    for (const route of routes)
      await test.step(`axe: no serious or critical violations on ${route.name}`, async () => {
        await page.goto(route.path);
        await route.ready(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
  });
}

test('axe: the chart page with its data table open, log scale and pattern fills', async ({ page }) => {
  await page.goto('/growth/experimental-method?scale=log');
  await ALL_CHARTS[0]!.ready(page);
  await page.getByText('Data table').click();
  await expect(page.locator('.ps-table').first()).toBeVisible();
  await (await openSettingsFromNav(page)).getByRole('checkbox', { name: 'Pattern fills' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.locator('.ps-plot-chart pattern').first()).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the settings modal open, with the custom picker and a contrast warning', async ({ page }) => {
  await page.goto('/distribution/resolution');
  const dialog = await openSettingsFromNav(page);
  await expect(dialog.getByRole('radio', { name: 'Default' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.locator('.ps-swatch-button[data-index="3"]').click();
  await expect(dialog.getByTestId('contrast-warning')).toContainText('Low contrast');
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the navigation menu open', async ({ page }) => {
  await page.goto('/');
  await OTHER_ROUTES[0]!.ready(page);
  await page.getByRole('button', { name: 'Data Distribution' }).click();
  await expect(page.getByRole('link', { name: /resolution/i }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the query builder with groups, and a condition being written with its lists open', async ({
  page,
}) => {
  const condition = (attribute: string, operator: string, value: unknown, negation?: boolean) => ({
    type: 'terminal',
    service: 'text',
    parameters: { attribute, operator, value, ...(negation && { negation }) },
  });
  const request = {
    query: {
      type: 'group',
      logical_operator: 'and',
      nodes: [
        condition('rcsb_entry_info.resolution_combined', 'less', 2),
        {
          type: 'group',
          logical_operator: 'or',
          nodes: [condition('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', true)],
        },
        { type: 'terminal', service: 'full_text', parameters: { value: 'kinase' } },
      ],
    },
    return_type: 'entry',
  };
  await page.goto(`/query-editor.html?json=${encodeURIComponent(JSON.stringify(request))}`);
  await expect(page.getByTestId('builder-condition')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('add-condition').last().click();
  await page.getByRole('combobox', { name: 'Attribute' }).fill('experimental method');
  await page.getByRole('option').filter({ hasText: 'exptl.method' }).first().click();
  await page.getByRole('combobox', { name: 'Value' }).click();
  await expect(page.getByRole('option', { name: /ELECTRON MICROSCOPY/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
