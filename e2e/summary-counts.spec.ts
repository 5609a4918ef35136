/**
 * The figures of the home, data snapshot and other-statistics pages are the service's counts: each
 * is compared with a count the test asks the Search API for itself. Looking like a number is not
 * enough: a 0, a stale figure or one of another level would look like one too.
 */
import type { ReturnType } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { countOf, experimentalCount, linkedCounts, parseCount, tableText } from './support/helpers.ts';

const METHOD = 'rcsb_entry_info.experimental_method';
const POLYMER_TYPES = 'rcsb_entry_info.selected_polymer_entity_types';

/** Waits until the figure at `selector` is a count, then returns it. */
async function shownCount(page: Page, selector: string): Promise<number> {
  const figure = page.locator(selector);
  await expect.poll(async () => parseCount(await figure.textContent()), { message: selector }).not.toBeNaN();
  return parseCount(await figure.textContent());
}

test('home: each headline count is the service’s count of its level', async ({ page, baseURL }) => {
  await page.goto('/');
  const headlines = page.locator('.ps-headline[data-count]');
  await expect(headlines).toHaveCount(4);
  const levels = await headlines.evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-count')!),
  );
  for (const level of levels) {
    const expected = await countOf(baseURL!, experimentalCount(level as ReturnType));
    expect(expected, level).toBeGreaterThan(0);
    expect(await shownCount(page, `[data-count="${level}"] .ps-headline-value`), level).toBe(expected);
  }
});

test('home: every cell and total of the holdings table is the service’s count', async ({ page, baseURL }) => {
  await page.goto('/');
  const table = page.locator('.ps-holdings-table');
  await shownCount(page, '.ps-holdings-table tfoot td:last-child');
  const { columns, rows } = await tableText(table);
  expect(columns[0]).toBe('Experimental method');
  expect(columns.at(-1)).toBe('Total');
  const types = columns.slice(1, -1);
  expect(types.length).toBeGreaterThan(1);
  expect(rows.length).toBeGreaterThan(2);

  const count = (method: string | undefined, type: string | undefined) =>
    countOf(
      baseURL!,
      experimentalCount('entry', [
        ...(method === undefined ? [] : [{ attribute: METHOD, value: method }]),
        ...(type === undefined ? [] : [{ attribute: POLYMER_TYPES, value: type }]),
      ]),
    );
  const shown: Record<string, number> = {};
  const expected: Record<string, number> = {};
  await Promise.all(
    rows.flatMap(([header, cells]) => {
      const method = header === 'Total' ? undefined : header;
      return [...types, undefined].map(async (type, i) => {
        const key = `${header} | ${type ?? 'Total'}`;
        shown[key] = parseCount(cells[i] ?? null);
        expected[key] = await count(method, type);
      });
    }),
  );
  expect(shown).toEqual(expected);
  // Every entry has one method, so the rows miss none: their totals add up to all entries.
  const methodTotals = rows
    .filter(([header]) => header !== 'Total')
    .map(([, cells]) => parseCount(cells.at(-1)!));
  expect(methodTotals.reduce((a, b) => a + b, 0)).toBe(await count(undefined, undefined));
});

test('data snapshot: each level’s searchable and snapshot counts are the service’s', async ({
  page,
  baseURL,
}) => {
  const archive = (await (await fetch(`${baseURL}/rcsbsearch/v2/archive`)).json()) as {
    counts: Record<string, number>;
  };
  await page.goto('/pdb-data-snapshot');
  const rows = page.locator('tr[data-level]');
  await expect(rows).toHaveCount(6);
  const levels = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-level')!));
  for (const level of levels) {
    const searchable = await countOf(baseURL!, experimentalCount(level as ReturnType));
    expect(await shownCount(page, `tr[data-level="${level}"] td:nth-of-type(1)`), level).toBe(searchable);
    expect(archive.counts[level], level).toBeGreaterThan(0);
    expect(await shownCount(page, `tr[data-level="${level}"] td:nth-of-type(2)`), level).toBe(
      archive.counts[level],
    );
  }
});

for (const title of [
  'Structures released in the last 10 years, by experimental method',
  'Polymer entities by type',
]) {
  test(`other statistics: each number of “${title}” is the count of the search it links to`, async ({
    page,
    baseURL,
  }) => {
    await page.goto('/other-statistics');
    const section = page.locator('section', { has: page.getByRole('heading', { name: title }) });
    await expect(section.locator('table a').first()).toBeVisible();
    const links = await linkedCounts(section.locator('table'));
    expect(links.length).toBeGreaterThan(3);
    const counts = await Promise.all(links.map(({ request }) => countOf(baseURL!, request)));
    expect(links.map(({ shown }) => shown)).toEqual(counts);
    expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
  });
}
