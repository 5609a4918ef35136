import type { SearchRequest } from '@pdb-stats/search-model';
import { CHARTS, queryEditorUrl } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { openChartMenu } from './support/chart-controls.ts';
import { chartData, largestBar, requestOf, search, waitForChart, withRootConfig } from './support/helpers.ts';

/** Every bar is its search: the results page a click opens and the query editor show the bar's number. */

const BAD_ATTRIBUTE = 'rcsb_entry_info.no_such_attribute';

/**
 * Served HTML carries no inline script (a CSP without 'unsafe-inline' must not break the pages); the
 * answers a page drawn on the server was drawn from are data (JSON), which no policy runs.
 */
async function expectNoInlineScripts(page: Page) {
  await expect(page.locator('script:not([src]):not([type="application/json"])')).toHaveCount(0);
}

/** The request's text as the query editor shows it. */
function editorBox(page: Page) {
  return page.getByRole('textbox', { name: 'Search request (JSON)' });
}

/** Titles (or names) of the results table, one per row. */
function titleCells(page: Page) {
  return page.getByTestId('results-table').locator('tbody tr td.ps-sp-wide');
}

test('a bar click lands on its results page with the bar’s count, and its query editor shows it too', async ({
  page,
  baseURL,
}) => {
  await page.goto('/growth/experimental-method?view=annual');
  await waitForChart(page);
  const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-series]');
  const value = Number(await bar.getAttribute('data-value'));
  expect(value).toBeGreaterThan(0);

  const [results] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  expect(results.url().startsWith(`${baseURL}/search?request=`)).toBe(true);
  expect(new URL(results.url()).searchParams.get('chart')).toBe('/growth/experimental-method?view=annual');
  await expect(results).toHaveTitle('PDB Statistics: Search Results');
  await expect(results.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
  await expect(results.getByTestId('total-count')).toHaveText(value.toLocaleString('en-US'));
  const rows = results.getByTestId('results-table').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(value, 25));
  for (const title of await titleCells(results).allTextContents()) expect(title.trim()).not.toMatch(/^(—)?$/);
  await expectNoInlineScripts(results);

  // The results are those of the Search API.
  const request = requestOf(results.url());
  const first = await search(baseURL!, {
    ...request,
    request_options: { ...request.request_options, paginate: { start: 0, rows: 25 } },
  });
  const identifiers = first!.result_set!.map((item) => (typeof item === 'string' ? item : item.identifier));
  expect(await rows.locator('th').allTextContents()).toEqual(identifiers);

  // The query editor is one link further, with the same search and count.
  await results.getByRole('link', { name: 'Edit the request in the query editor' }).click();
  await expect(results).toHaveURL(/\/query-editor\.html\?json=/);
  await expect(results).toHaveTitle('PDB Statistics: Query Editor');
  await expect(results.getByTestId('result-count')).toHaveAttribute('data-count', String(value));
  // The request is shown formatted, and the first identifiers come with their titles.
  const shown = JSON.parse(await editorBox(results).innerText()) as SearchRequest;
  expect(shown).toEqual(request);
  await expect(titleCells(results).first()).not.toBeEmpty();
  await expect(titleCells(results).first()).not.toHaveText('—');
  await expectNoInlineScripts(results);
  await results.getByTestId('back-to-chart').click();
  await expect(results).toHaveURL(/\/growth\/experimental-method\?view=annual$/);
  await waitForChart(results);
});

test('a small-molecule bar lands on the chemical results page with the same count', async ({ page }) => {
  await page.goto('/distribution/molecular-weight-small-molecules');
  await waitForChart(page);
  const bar = await largestBar(page);
  const value = Number(await bar.getAttribute('data-value'));
  const [results] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
  await expect(results).toHaveURL(/\/search\/chemical\/\?request=/);
  await expect(results.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
  await expect(results.getByTestId('results-table').locator('thead')).toContainText('Formula weight');
  await expect(titleCells(results).first()).not.toBeEmpty();
  await expect(titleCells(results).first()).not.toHaveText('—');
});

test('the results page sorts and pages through the identifiers', async ({ page, baseURL }) => {
  const request: SearchRequest = { return_type: 'entry' };
  await page.goto(`/search?request=${encodeURIComponent(JSON.stringify(request))}`);
  const total = Number(await page.getByTestId('total-count').getAttribute('data-count'));
  expect(total).toBeGreaterThan(50);
  await page.getByLabel('Sort by').selectOption({ label: 'Release date, newest first' });
  await expect(page).toHaveURL(/sort=release-desc/);
  await page.getByRole('link', { name: 'Next →' }).first().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(total));
  await expect(page.getByRole('status')).toContainText('showing 26–50');
  const expected = await search(baseURL!, {
    return_type: 'entry',
    request_options: {
      paginate: { start: 25, rows: 25 },
      sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' }],
    },
  });
  const ids = expected!.result_set!.map((item) => (typeof item === 'string' ? item : item.identifier));
  // toHaveText retries until the page's rows are rendered; allTextContents would read them too early.
  await expect(page.getByTestId('results-table').locator('tbody th')).toHaveText(ids);
  const dates = await page.getByTestId('results-table').locator('tbody td:last-child').allTextContents();
  expect(dates).toEqual([...dates].sort().reverse());
  // Without a chart to return to, the page links to the dashboard's home.
  await expect(page.getByTestId('back-to-chart')).toHaveAttribute('href', '/');
});

test('an invalid request names the faulty field on the results page and in the editor', async ({ page }) => {
  const bad: SearchRequest = {
    query: {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: BAD_ATTRIBUTE, operator: 'exact_match', value: 'X-ray' },
    },
    return_type: 'entry',
  };
  await page.goto(`/search?request=${encodeURIComponent(JSON.stringify(bad))}`);
  await expect(page.getByTestId('request-error')).toContainText(`unknown attribute "${BAD_ATTRIBUTE}"`);
  await expect(page.getByTestId('error-field')).toHaveText('query.parameters.attribute');

  await page.goto('/search?request=%7Bnot%20json');
  await expect(page.getByTestId('request-error')).toContainText('request is not valid JSON');
  await expect(page.getByTestId('error-field')).toHaveText('request');

  // In the editor: a good request runs; an edit that breaks a field points at it; a fix runs again.
  const good: SearchRequest = {
    query: {
      type: 'group',
      logical_operator: 'and',
      nodes: [
        {
          type: 'terminal',
          service: 'text',
          parameters: {
            attribute: 'rcsb_entry_info.experimental_method',
            operator: 'exact_match',
            value: 'X-ray',
          },
        },
      ],
    },
    return_type: 'entry',
    request_options: { paginate: { start: 0, rows: 0 } },
  };
  await page.goto(queryEditorUrl('', good));
  const count = page.getByTestId('result-count');
  await expect(count).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const editor = editorBox(page);
  const text = await editor.innerText();
  await editor.fill(text.replace('rcsb_entry_info.experimental_method', BAD_ATTRIBUTE));
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('error-field')).toHaveText('query.nodes[0].parameters.attribute');
  await expect(page.getByTestId('request-error')).toContainText('line 10');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  const selected = await page.evaluate(() => getSelection()?.toString());
  expect(selected).toBe(`"attribute": "${BAD_ATTRIBUTE}"`);
  await expect(page.getByTestId('results-link')).toBeHidden();

  await editor.fill(text);
  await editor.press('Control+Enter');
  await expect(page.getByTestId('request-error')).toHaveCount(0);
  await expect(count).toHaveAttribute('data-count', /^[1-9]\d*$/);
  await expect(page.getByTestId('results-link')).toBeVisible();
  expect(requestOf(page.url())).toEqual(good);
});

test('the editor shows the facets of a chart request as a table', async ({ page, baseURL }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const [editor] = await Promise.all([
    page.waitForEvent('popup'),
    openChartMenu(page).then((menu) => menu.getByTestId('facet-request-link').click()),
  ]);
  const facets = editor.getByTestId('facets-table');
  await expect(facets.locator('tbody tr').first()).toBeVisible();
  const [facet] = (await chartData(baseURL!, CHARTS.resolution.query))!.facets!;
  const expected = 'buckets' in facet! ? facet.buckets : [];
  expect(expected.length).toBeGreaterThan(0);
  const rows = await facets
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
  expect(rows).toEqual(expected.map((b) => [facet!.name, b.label, b.population.toLocaleString('en-US')]));
});

test('with the advanced search pointed at the public archive, search links go there', async ({ page }) => {
  await withRootConfig(page, (origin) => ({
    sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: 'https://www.rcsb.org' },
  }));
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  const bar = await largestBar(page);
  // Tests reach only this machine: the public site's page is answered here.
  await page.context().route('https://www.rcsb.org/**', (route) => route.fulfill({ body: '' }));
  const [results] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
  expect(results.url()).toMatch(/^https:\/\/www\.rcsb\.org\/search\?request=%7B/);
  await results.close();
  const advanced = page.getByTestId('selection').getByRole('link', { name: /^See the / });
  await expect(advanced).toHaveAttribute('href', /^https:\/\/www\.rcsb\.org\/search\?request=%7B/);
});

test('a search that finds nothing (204) shows 0 on both pages', async ({ page }) => {
  const none: SearchRequest = {
    query: {
      type: 'terminal',
      service: 'text',
      parameters: {
        attribute: 'rcsb_entry_info.experimental_method',
        operator: 'exact_match',
        value: 'None such',
      },
    },
    return_type: 'entry',
  };
  await page.goto(`/search?request=${encodeURIComponent(JSON.stringify(none))}`);
  await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', '0');
  await expect(page.getByRole('status')).toContainText('the search found nothing');
  await page.goto(queryEditorUrl('', none));
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('no-results')).toContainText('No entries match this request');
});
