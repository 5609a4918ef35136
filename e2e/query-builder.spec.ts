import type { QueryNode, SearchRequest } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { queryEditorUrl } from '@pdb-stats/charts';
import { countOf } from './support/helpers.ts';

/**
 * The visual query builder of the query editor, used as a visitor uses it: a query built from nothing
 * by typing and picking, the JSON following every step, the builder following the JSON, the search
 * run with the service's own count, and "Chart these results" carrying the same query node.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

const RESOLUTION = 'rcsb_entry_info.resolution_combined';
const METHOD = 'exptl.method';

const condition = (attribute: string, operator: string, value: unknown, negation?: boolean): QueryNode =>
  ({
    type: 'terminal',
    service: 'text',
    parameters: { attribute, operator, ...(negation && { negation }), value },
  }) as QueryNode;

/** The request in the JSON editor, parsed. */
async function editorRequest(page: Page): Promise<SearchRequest> {
  const text = await page.getByRole('textbox', { name: 'Search request (JSON)' }).innerText();
  return JSON.parse(text) as SearchRequest;
}

/** Picks an attribute in the open condition editor by typing words of its name. */
async function pickAttribute(page: Page, words: string, path: string) {
  const editor = page.getByTestId('condition-editor');
  const box = editor.getByRole('combobox', { name: 'Attribute' });
  await box.fill(words);
  await editor.getByRole('option').filter({ hasText: path }).first().click();
}

/** Picks a value from the archive's values the open condition editor suggests. */
async function pickSuggested(page: Page, value: string) {
  const editor = page.getByTestId('condition-editor');
  const box = editor.getByRole('combobox', { name: 'Value' });
  await box.click();
  const option = editor.getByRole('option', { name: new RegExp(`^${value}`) });
  await expect(option).toBeVisible();
  // Suggestions are counted by the archive: each carries the number of entries that hold it.
  await expect(option).toContainText(/\d/);
  await page.screenshot({ path: test.info().outputPath(`suggestions-${value}.png`) });
  await option.click();
  await expect(box).toHaveValue(value);
}

for (const viewport of VIEWPORTS) {
  test.describe(`query builder (${viewport.name}, ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a query built from nothing, in step with the JSON both ways, run and charted', async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto(queryEditorUrl('', { return_type: 'entry' }));
      const builder = page.getByTestId('query-builder');
      await expect(builder.getByTestId('builder-empty')).toBeVisible();

      // Resolution below 2 Å, the attribute found by typing, its unit shown beside the value.
      await builder.getByTestId('add-condition').click();
      await pickAttribute(page, 'resolution', RESOLUTION);
      const editor = page.getByTestId('condition-editor');
      const operators = await editor
        .getByTestId('operator-select')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(operators).toEqual([
        'equals',
        'greater',
        'greater_or_equal',
        'less',
        'less_or_equal',
        'range',
        'in',
        'exists',
      ]);
      await editor.getByTestId('operator-select').selectOption('less');
      await expect(editor.getByText('Å', { exact: true })).toBeVisible();
      await editor.getByTestId('value-value').fill('2');
      await editor.getByTestId('condition-apply').click();
      await expect(builder.getByTestId('builder-condition')).toHaveText(/Resolution below 2 Å/);
      expect((await editorRequest(page)).query).toEqual(condition(RESOLUTION, 'less', 2));

      // An or-group of experimental methods picked from the archive's own values.
      await builder.getByTestId('add-group').click();
      await page.getByTestId('condition-editor').getByRole('combobox', { name: 'Attribute' }).fill('method');
      await page.screenshot({ path: testInfo.outputPath(`attribute-list-${viewport.name}.png`) });
      await pickAttribute(page, 'experimental method', METHOD);
      await pickSuggested(page, 'X-RAY DIFFRACTION');
      await page.getByTestId('condition-editor').getByTestId('condition-apply').click();
      const inner = builder.getByTestId('builder-group').nth(1);
      await expect(inner).toHaveAttribute('data-operator', 'or');
      await inner.getByTestId('add-condition').click();
      await pickAttribute(page, 'experimental method', METHOD);
      await pickSuggested(page, 'ELECTRON MICROSCOPY');
      await page.getByTestId('condition-editor').getByTestId('condition-apply').click();

      // One negated.
      await builder.getByRole('button', { name: /^Negate: .*X-RAY DIFFRACTION/ }).click();
      const built: QueryNode = {
        type: 'group',
        logical_operator: 'and',
        nodes: [
          condition(RESOLUTION, 'less', 2),
          {
            type: 'group',
            logical_operator: 'or',
            nodes: [
              condition(METHOD, 'exact_match', 'X-RAY DIFFRACTION', true),
              condition(METHOD, 'exact_match', 'ELECTRON MICROSCOPY'),
            ],
          },
        ],
      };
      await expect.poll(async () => (await editorRequest(page)).query).toEqual(built);
      await page.screenshot({ path: testInfo.outputPath(`builder-${viewport.name}.png`), fullPage: true });

      // The JSON edited by hand: the builder follows.
      const edited: SearchRequest = {
        query: {
          type: 'group',
          logical_operator: 'and',
          nodes: [condition(RESOLUTION, 'less', 2.5), (built as { nodes: QueryNode[] }).nodes[1]!],
        },
        return_type: 'entry',
      };
      await page
        .getByRole('textbox', { name: 'Search request (JSON)' })
        .fill(JSON.stringify(edited, null, 2));
      await expect(builder.getByTestId('builder-condition').first()).toHaveText(/Resolution below 2\.5 Å/);
      await expect(builder.getByTestId('builder-condition').nth(1)).toHaveText(/not Experimental Method/i);

      // Run: the count is the service's own for the same request.
      await page.getByRole('button', { name: 'Run' }).click();
      const expected = await countOf(baseURL!, edited);
      expect(expected).toBeGreaterThan(0);
      await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(expected));

      // Chart these results: the statistics over the same query node.
      await page.getByTestId('chart-results').click();
      await expect(page).not.toHaveURL(/query-editor/);
      const query = new URL(page.url()).searchParams.get('query');
      expect(JSON.parse(query ?? 'null')).toEqual(edited.query);
      // The statistics open at their top (once drawn: the editor stays until the new page is ready).
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`charted-${viewport.name}.png`) });
    });

    test('the attribute list works from the keyboard, grouped, and says when nothing matches', async ({
      page,
    }) => {
      await page.goto(queryEditorUrl('', { return_type: 'entry' }));
      await page.getByTestId('add-condition').click();
      const box = page.getByRole('combobox', { name: 'Attribute' });
      await expect(box).toBeFocused();
      await box.pressSequentially('release date');
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('listbox', { name: 'Attribute' }).getByRole('group').first()).toBeVisible();
      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(active).toBeTruthy();
      const first = page.locator(`[id="${active}"]`);
      await expect(first).toHaveAttribute('aria-selected', 'true');
      const path = await first.locator('code').innerText();
      await box.press('Enter');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      // A date attribute: a date input, and the range operator first.
      await expect(page.getByTestId('operator-select')).toHaveValue('range');
      await expect(page.getByTestId('value-from')).toHaveAttribute('type', 'date');
      await page.getByTestId('value-from').fill('2015-01-01');
      await page.getByTestId('condition-apply').click();
      const request = await editorRequest(page);
      expect(request.query).toMatchObject({
        parameters: { attribute: path, operator: 'range', value: { from: '2015-01-01' } },
      });

      await page.getByTestId('add-condition').click();
      const again = page.getByTestId('condition-editor').getByRole('combobox', { name: 'Attribute' });
      await again.fill('zzzz qqqq');
      await expect(page.getByText('No attribute matches these words.')).toBeVisible();
      // Apply without an attribute names the field.
      await page.getByTestId('condition-editor').getByTestId('condition-apply').click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Attribute: choose one from the list' }),
      ).toBeVisible();
    });

    test('values that fit: a list of numbers typed with Enter, a range with its inclusive flags, edited in place', async ({
      page,
    }) => {
      await page.goto(queryEditorUrl('', { return_type: 'entry' }));
      await page.getByTestId('add-condition').click();
      await pickAttribute(page, 'resolution', RESOLUTION);
      const editor = page.getByTestId('condition-editor');
      await editor.getByTestId('operator-select').selectOption('in');
      const add = editor.getByTestId('value-add a value');
      await add.fill('1.5');
      await add.press('Enter');
      await add.fill('2');
      await add.press('Enter');
      await expect(editor.getByRole('list', { name: 'Values' }).getByRole('listitem')).toHaveCount(2);
      await editor.getByTestId('condition-apply').click();
      await expect
        .poll(async () => (await editorRequest(page)).query)
        .toEqual(condition(RESOLUTION, 'in', [1.5, 2]));

      // Edited in place: a range from 1 (included) to 2 (excluded).
      await page.getByRole('button', { name: /^Edit: Resolution/ }).click();
      await editor.getByTestId('operator-select').selectOption('range');
      await editor.getByTestId('value-from').fill('1');
      await editor.getByTestId('value-to').fill('2');
      await editor.getByRole('checkbox', { name: 'including' }).nth(1).uncheck();
      await editor.getByTestId('condition-apply').click();
      await expect
        .poll(async () => (await editorRequest(page)).query)
        .toEqual(
          condition(RESOLUTION, 'range', { from: 1, to: 2, include_lower: true, include_upper: false }),
        );
      await expect(page.getByTestId('builder-condition')).toHaveText(/Resolution from 1 to 2 Å/);

      // A value that does not fit is named, and nothing is written.
      await page.getByRole('button', { name: /^Edit: Resolution/ }).click();
      await editor.getByTestId('value-to').fill('0.5');
      await editor.getByTestId('condition-apply').click();
      await expect(editor.getByRole('alert')).toHaveText('To: 0.5 is below the lower bound 1');
      expect((await editorRequest(page)).query).toMatchObject({ parameters: { value: { to: 2 } } });
    });

    test('a node the builder cannot show stays, read-only, with "edit as JSON"', async ({ page }) => {
      const request: SearchRequest = {
        query: {
          type: 'group',
          logical_operator: 'and',
          nodes: [
            {
              type: 'terminal',
              service: 'full_text',
              parameters: { value: 'kinase' },
            } as unknown as QueryNode,
            condition(RESOLUTION, 'less', 2),
          ],
        },
        return_type: 'entry',
      };
      await page.goto(queryEditorUrl('', request));
      const opaque = page.getByTestId('builder-opaque');
      await expect(opaque).toContainText('"full_text" search');
      await expect(opaque).toContainText('kinase');
      // An edit elsewhere in the builder keeps it.
      await page.getByRole('button', { name: /^Negate: Resolution/ }).click();
      await expect
        .poll(async () => (await editorRequest(page)).query)
        .toEqual({
          ...request.query,
          nodes: [(request.query as { nodes: QueryNode[] }).nodes[0], condition(RESOLUTION, 'less', 2, true)],
        });
      await opaque.getByRole('button', { name: 'Edit as JSON' }).click();
      const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
      expect(selected).toContain('full_text');
    });
  });
}

test('"Chart these results" on the results page opens the statistics of its query node', async ({ page }) => {
  const query = condition(METHOD, 'exact_match', 'ELECTRON MICROSCOPY');
  await page.goto(
    `/search?request=${encodeURIComponent(JSON.stringify({ query, return_type: 'polymer_entity' }))}`,
  );
  await page.getByTestId('chart-results').click();
  await expect(page).not.toHaveURL(/\/search/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('query') ?? 'null')).toEqual(query);
});
