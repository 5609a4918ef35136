import type { AttributeParameters, SearchRequest, TerminalNode } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { queryEditorUrl } from '@pdb-stats/charts';
import { search, withRootConfig } from './support/helpers.ts';

/**
 * The results page and the query editor as pages of the dashboard: React, the dashboard's header,
 * and what they add (sorting by a heading, a page to jump to, links to the archive's pages, the
 * request in plain words, a JSON editor with highlighting and bracket matching, plain messages).
 */

const ALL_ENTRIES: SearchRequest = { return_type: 'entry' };

/** A condition on one attribute, as the charts' requests write it. */
const terminal = (parameters: AttributeParameters): TerminalNode => ({
  type: 'terminal',
  service: 'text',
  parameters,
});

const resultsUrl = (request: SearchRequest) =>
  `/search?request=${encodeURIComponent(JSON.stringify(request))}`;

const identifiers = (answer: Awaited<ReturnType<typeof search>>) =>
  (answer?.result_set ?? []).map((item) => (typeof item === 'string' ? item : item.identifier));

/** The identifiers the results table shows, once its rows are there. */
const rowHeads = (page: Page) => page.getByTestId('results-table').locator('tbody th');

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`search pages (${viewport.name}, ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('both pages run on React, inside the dashboard’s header', async ({ page }) => {
      for (const path of [resultsUrl(ALL_ENTRIES), queryEditorUrl('', ALL_ENTRIES)]) {
        await page.goto(path);
        await expect(page.getByTestId('back-to-chart')).toBeVisible();
        await expect(page.locator('.ps-navbar')).toBeVisible();
        const reactRoot = await page.evaluate(() =>
          Object.keys(document.getElementById('statsroot') ?? {}).some((key) =>
            key.startsWith('__reactContainer$'),
          ),
        );
        expect(reactRoot, path).toBe(true);
      }
    });

    for (const javaScriptEnabled of [true, false])
      test(`the results fit the screen, every value named${javaScriptEnabled ? '' : ' (without JavaScript)'}`, async ({
        browser,
      }, info) => {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          javaScriptEnabled,
        });
        const page = await context.newPage();
        const phone = viewport.width < 600;
        for (const request of [ALL_ENTRIES, { return_type: 'polymer_entity' } as SearchRequest]) {
          await page.goto(resultsUrl(request));
          const table = page.getByTestId('results-table');
          await expect(table.locator('tbody tr').first()).toBeVisible();
          // Neither the page nor the table scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          const region = page.getByRole('region', { name: /^Page 1 of/ });
          expect(await region.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
          const first = table.locator('tbody tr').first();
          const released = first.locator('td[data-label="Released"]');
          await expect(released).toBeVisible();
          // On a phone each result is a block, its values named; else a row under the headings.
          const label = await released.evaluate((e) => getComputedStyle(e, '::before').content);
          expect(await released.innerText()).toMatch(/^\d{4}-\d\d-\d\d$/);
          if (phone) expect(label).toBe('"Released: "');
          else {
            expect(label).toBe('none');
            await expect(table.getByRole('columnheader', { name: 'Identifier' })).toBeVisible();
          }
          for (const box of await table
            .locator('tbody :is(th, td)')
            .evaluateAll((cells) =>
              cells.filter((c) => c.getClientRects().length > 0).map((c) => c.getBoundingClientRect().right),
            ))
            expect(box).toBeLessThanOrEqual(viewport.width);
          await page.screenshot({
            path: info.outputPath(
              `results-${request.return_type}-${viewport.width}${javaScriptEnabled ? '' : '-nojs'}.png`,
            ),
          });
        }
        await context.close();
      });

    test('a click on a heading sorts the results by that column, a second click the other way', async ({
      page,
      baseURL,
    }) => {
      await page.goto(resultsUrl(ALL_ENTRIES));
      await expect(page.getByTestId('total-count')).not.toHaveAttribute('data-count', '0');
      const unsorted = await rowHeads(page).allTextContents();
      const heading = page.getByRole('columnheader', { name: /Resolution/ });
      await heading.getByRole('button').click();
      await expect(page).toHaveURL(/sort=resolution(&|$)/);
      await expect(heading).toHaveAttribute('aria-sort', 'ascending');
      const order = (direction: 'asc' | 'desc') =>
        search(baseURL!, {
          return_type: 'entry',
          request_options: {
            paginate: { start: 0, rows: 25 },
            sort: [{ sort_by: 'rcsb_entry_info.resolution_combined', direction }],
          },
        });
      const ascending = identifiers(await order('asc'));
      await expect(rowHeads(page)).toHaveText(ascending);
      expect(ascending).not.toEqual(unsorted);

      await heading.getByRole('button').click();
      await expect(page).toHaveURL(/sort=resolution-desc/);
      await expect(heading).toHaveAttribute('aria-sort', 'descending');
      const descending = identifiers(await order('desc'));
      expect(descending).not.toEqual(ascending);
      await expect(rowHeads(page)).toHaveText(descending);
      // The select says the same order.
      await expect(page.getByLabel('Sort by')).toHaveValue('resolution-desc');
    });

    test('a page can be jumped to: its identifiers are the service’s for that page', async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto(resultsUrl(ALL_ENTRIES));
      const total = Number(await page.getByTestId('total-count').getAttribute('data-count'));
      expect(total).toBeGreaterThan(75);
      await page.getByLabel('Go to page').fill('3');
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await expect(page).toHaveURL(/page=3/);
      await expect(page.getByRole('status')).toContainText('showing 51–75');
      const expected = identifiers(
        await search(baseURL!, {
          return_type: 'entry',
          request_options: { paginate: { start: 50, rows: 25 } },
        }),
      );
      expect(expected).toHaveLength(25);
      await expect(rowHeads(page)).toHaveText(expected);
      await expect(page.getByTestId('results-table').locator('caption')).toContainText('Page 3 of');

      // Without scripts: the page to jump to and the order are forms that keep the search.
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        javaScriptEnabled: false,
      });
      const plain = await context.newPage();
      await plain.goto(resultsUrl(ALL_ENTRIES));
      await plain.getByLabel('Go to page').fill('3');
      await plain.getByRole('button', { name: 'Go', exact: true }).click();
      await expect(plain).toHaveURL(/\?request=.*&page=3$/);
      await expect(plain.getByRole('status')).toContainText('showing 51–75');
      await expect(rowHeads(plain)).toHaveText(expected);
      const order = plain.getByLabel('Sort by');
      const choice = await order.locator('option').nth(1).getAttribute('value');
      await order.selectOption(choice!);
      await plain.getByRole('button', { name: 'Sort', exact: true }).click();
      const sent = new URL(plain.url()).searchParams;
      expect([sent.get('request'), sent.get('sort'), sent.get('page')]).toEqual([
        JSON.stringify(ALL_ENTRIES),
        choice,
        null,
      ]);
      await expect(plain.getByRole('status')).toContainText('showing 1–25');
      await expect(plain.getByLabel('Sort by')).toHaveValue(choice!);
      await context.close();
    });

    test('a value the archive lacks shows "—", and the default order is not called a score', async ({
      page,
      baseURL,
    }) => {
      const unresolved: SearchRequest = {
        query: terminal({
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'exists',
          negation: true,
        }),
        return_type: 'entry',
      };
      const answer = await search(baseURL!, unresolved);
      expect(answer?.total_count ?? 0, 'the demo archive holds entries without a resolution').toBeGreaterThan(
        0,
      );
      await page.goto(resultsUrl(unresolved));
      await expect(rowHeads(page).first()).toBeVisible();
      const resolutionIndex = await page
        .getByTestId('results-table')
        .locator('thead th')
        .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.includes('Resolution')));
      expect(resolutionIndex).toBeGreaterThan(0);
      const cells = page
        .getByTestId('results-table')
        .locator(`tbody tr > :nth-child(${resolutionIndex + 1})`);
      await expect(cells.first()).toHaveText('—');
      for (const text of await cells.allTextContents()) expect(text).toBe('—');
      // Titles are there: the dash marks a missing value, not a missing lookup.
      await expect(page.getByTestId('results-table').locator('tbody td.ps-sp-wide').first()).not.toHaveText(
        '—',
      );
      const options = await page.getByLabel('Sort by').locator('option').allTextContents();
      expect(options[0]).toBe('Default order');
      expect(options).not.toContain('Score');
    });

    test('a demo archive’s identifiers link to their entry pages here, never to the public archive', async ({
      page,
    }) => {
      await page.goto(resultsUrl(ALL_ENTRIES));
      const links = rowHeads(page).locator('a');
      await expect(links).toHaveCount(25);
      for (const link of await links.all())
        expect(await link.getAttribute('href')).toBe(`/entry/${await link.textContent()}`);
      // Entities link to their entry's page.
      await page.goto(resultsUrl({ return_type: 'polymer_entity' }));
      const entity = rowHeads(page).locator('a').first();
      expect(await entity.getAttribute('href')).toBe(`/entry/${(await entity.textContent())!.split('_')[0]}`);

      // A demo chemical component has no page here, and its public page is another component's.
      await page.goto(
        `/search/chemical/?request=${encodeURIComponent(JSON.stringify({ return_type: 'mol_definition' }))}`,
      );
      await expect(rowHeads(page).first()).toBeVisible();
      await expect(rowHeads(page).locator('a')).toHaveCount(0);

      // A configured archive page is no reason to link a made-up id to it.
      await withRootConfig(page, (origin) => ({
        sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
        archivePages: { structure: 'https://www.ebi.ac.uk/pdbe/entry/pdb/' },
      }));
      await page.goto(resultsUrl(ALL_ENTRIES));
      await expect(rowHeads(page).locator('a')).toHaveCount(25);
      await expect(page.getByTestId('results-table').locator('a[href^="http"]')).toHaveCount(0);
    });

    test('the query editor says the request in plain words above its JSON', async ({ page }) => {
      const cases: [SearchRequest, string][] = [
        [
          {
            query: terminal({
              attribute: 'rcsb_entry_info.resolution_combined',
              operator: 'range',
              value: { from: 2, to: 2.2, include_lower: true, include_upper: false },
            }),
            return_type: 'entry',
          },
          'Resolution from 2 to 2.2 Å, entries',
        ],
        [
          {
            query: {
              type: 'group',
              logical_operator: 'and',
              nodes: [
                terminal({
                  attribute: 'rcsb_accession_info.initial_release_date',
                  operator: 'range',
                  value: { from: '2010-01-01', to: '2010-12-31', include_lower: true, include_upper: true },
                }),
                terminal({
                  attribute: 'rcsb_entry_info.experimental_method',
                  operator: 'exact_match',
                  value: 'X-ray',
                }),
              ],
            },
            return_type: 'entry',
          },
          'Release date from 2010-01-01 to 2010-12-31, Experimental method “X-ray”, entries',
        ],
        [{ return_type: 'mol_definition' }, 'All chemical components'],
      ];
      for (const [request, words] of cases) {
        await page.goto(queryEditorUrl('', request));
        const summary = page.getByTestId('request-summary');
        await expect(summary).toHaveText(words);
        // Above the JSON.
        const editor = page.getByRole('textbox', { name: 'Search request (JSON)' });
        expect((await summary.boundingBox())!.y).toBeLessThan((await editor.boundingBox())!.y);
      }
      // An edit changes the words at once.
      const editor = page.getByRole('textbox', { name: 'Search request (JSON)' });
      await editor.fill(JSON.stringify({ return_type: 'assembly' }));
      await expect(page.getByTestId('request-summary')).toHaveText('All assemblies');
    });

    test('the JSON is highlighted, and the bracket matching the cursor’s is marked', async ({ page }) => {
      await page.goto(
        queryEditorUrl('', { return_type: 'entry', request_options: { paginate: { start: 0, rows: 3 } } }),
      );
      const editor = page.getByRole('textbox', { name: 'Search request (JSON)' });
      await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', /^[1-9]\d*$/);
      // Property names, strings and numbers are tokens of their own (CodeMirror's token classes),
      // each in its own colour.
      const tokens = await editor.evaluate((content) => {
        const token = (text: string) => {
          const span = Array.from(content.querySelectorAll('span')).find((s) => s.textContent === text);
          return span ? { className: span.className, colour: getComputedStyle(span).color } : undefined;
        };
        return {
          property: token('"return_type"'),
          string: token('"entry"'),
          number: token('3'),
          plain: getComputedStyle(content).color,
        };
      });
      expect(tokens.property?.className).toBe('tok-propertyName');
      expect(tokens.string?.className).toBe('tok-string');
      expect(tokens.number?.className).toBe('tok-number');
      expect(
        new Set([tokens.property!.colour, tokens.string!.colour, tokens.number!.colour, tokens.plain]).size,
      ).toBe(4);

      // The cursor after the last closing brace: it and the first line's opening brace are marked.
      await editor.click();
      await page.keyboard.press('Control+End');
      const marked = page.locator('.cm-matchingBracket');
      await expect(marked).toHaveCount(2);
      await expect(marked).toHaveText(['{', '}']);
      // After the paginate object's opening brace: its own pair.
      await page.getByText('"paginate"').click();
      await page.keyboard.press('End');
      await expect(marked).toHaveCount(2);
      await expect(marked).toHaveText(['{', '}']);
      const [open, close] = await marked.evaluateAll((spans) =>
        spans.map((span) => span.closest('.cm-line')?.textContent?.trim()),
      );
      expect([open, close]).toEqual(['"paginate": {', '}']);
      await expect(page.locator('.cm-nonmatchingBracket')).toHaveCount(0);
    });

    test('plain words for a search that finds nothing and for text that is not JSON', async ({ page }) => {
      // Resolutions of no structure: the service answers 204.
      const none: SearchRequest = {
        query: terminal({
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'range',
          value: { from: 100, to: 200 },
        }),
        return_type: 'entry',
      };
      await page.goto(queryEditorUrl('', none));
      await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '0');
      await expect(page.getByTestId('no-results')).toHaveText(
        'No entries match this request. Loosen a condition (a wider range, fewer filters) to find some.',
      );

      const editor = page.getByRole('textbox', { name: 'Search request (JSON)' });
      await editor.fill('{\n"return_type": "entry"\n"request_options": {}\n}');
      await page.getByRole('button', { name: 'Run' }).click();
      const error = page.getByTestId('request-error');
      await expect(error).toContainText('The request is not valid JSON');
      await expect(error).toContainText('Line 3, column 1: a comma or a closing } is missing after a value.');
      await expect(editor).toHaveAttribute('aria-invalid', 'true');
      // The place is selected in the text.
      expect(await page.evaluate(() => getSelection()?.toString())).toBe('"');
      await expect(page.getByTestId('result-count')).toHaveCount(0);
      await expect(page.getByTestId('results-link')).toHaveCount(0);
    });
  });
}
