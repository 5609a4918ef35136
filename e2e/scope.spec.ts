import type { QueryNode } from '@pdb-stats/search-model';
import {
  CHARTS,
  chartFacetRequest,
  clickRequest,
  finalizeRequest,
  toDistributionData,
  toGrowthData,
} from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import {
  barValues,
  countOf,
  largestBar,
  requestOf,
  search,
  waitForChart,
  waitForHydration,
} from './support/helpers.ts';

/**
 * A scope on every chart: the chart of a search, from its address (`query=<JSON of a query node>`),
 * shown as chips that can be edited, removed and cleared, kept while browsing, and clicked through
 * to scope AND bar.
 */

const EM: QueryNode = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.experimental_method', operator: 'exact_match', value: 'X-ray' },
};
const RECENT: QueryNode = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
};
const SCOPE: QueryNode = { type: 'group', logical_operator: 'and', nodes: [EM, RECENT] };
const scoped = (path: string, node: unknown = SCOPE) =>
  `${path}${path.includes('?') ? '&' : '?'}query=${encodeURIComponent(JSON.stringify(node))}`;

const chips = (page: Page) => page.getByTestId('scope-chip');

/** In the open condition editor: an attribute picked by words of its name, a value from the archive's. */
async function buildCondition(page: Page, words: string, path: string, value: string) {
  const editor = page.getByTestId('condition-editor');
  await editor.getByRole('combobox', { name: 'Attribute' }).fill(words);
  await editor.getByRole('option').filter({ hasText: path }).first().click();
  const box = editor.getByRole('combobox', { name: 'Value' });
  await box.fill(value);
  await editor.getByRole('option', { name: new RegExp(`^${value}`) }).click();
  await expect(box).toHaveValue(value);
  await editor.getByTestId('condition-apply').click();
}
const scopeOf = (url: string) => new URL(url).searchParams.get('query');

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('a scope matching nothing says so in words, with an edit link, and draws no axes, bars or table', async ({
      page,
    }) => {
      const none: QueryNode = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 0.01 },
      };
      await page.goto(scoped('/distribution/resolution', none));
      const empty = page.getByTestId('scope-empty');
      await expect(empty).toContainText(
        /^No entries match .*Resolution.*\. Edit the search or change it above\.$/,
        { useInnerText: true },
      );
      await expect(empty.getByRole('link', { name: 'Edit the search' })).toHaveAttribute(
        'href',
        /query-editor\.html\?json=/,
      );
      await expect(page.locator('.ps-plot-chart svg')).toHaveCount(0);
      await expect(page.locator('.ps-bar')).toHaveCount(0);
      await expect(page.getByText('Data table')).toHaveCount(0);
      await expect(page.getByText(/Click a bar|Tap a bar/)).toHaveCount(0);
      // Nor a scale for bars there are none of.
      await expect(page.getByText('Log scale')).toHaveCount(0);
      await page.screenshot({ path: `${test.info().outputDir}/scope-empty-${width}.png`, fullPage: true });
    });

    test('without JavaScript, "Edit the search" on a scope matching nothing leads to the search, editable there', async ({
      browser,
    }, info) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
      const page = await context.newPage();
      const none: QueryNode = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 0.01 },
      };
      await page.goto(scoped('/distribution/resolution?scale=log', none));
      const empty = page.getByTestId('scope-empty');
      await expect(empty.getByRole('status')).toHaveText(
        /^No entries match .*\. Edit the search or clear it above\.$/,
        { useInnerText: true },
      );
      // No button that needs scripts: clearing is the change the scope bar offers here.
      await expect(page.getByRole('button', { name: 'Add condition' })).toBeHidden();
      await expect(page.getByRole('button', { name: /^Compare with/ })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Clear scope' })).toBeVisible();
      // Not the query editor, which needs scripts: the search itself, under the message.
      const edit = empty.getByRole('link', { name: 'Edit the search' });
      await expect(edit).toHaveCount(1);
      await edit.click();
      const search = page.getByRole('textbox', { name: /^The search/ });
      await expect(search).toBeVisible();
      await expect(search).toBeInViewport();
      expect(JSON.parse(await search.inputValue())).toEqual(none);
      const box = (await search.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: info.outputPath(`scope-empty-nojs-${width}.png`), fullPage: true });
      // Edited and sent: the same chart, over the search as edited.
      await search.fill(JSON.stringify({ ...none, parameters: { ...none.parameters, value: 2 } }));
      await page.getByRole('button', { name: 'Redraw the chart' }).click();
      await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
      await expect(page.getByTestId('scope-empty')).toHaveCount(0);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/distribution/resolution');
      expect(url.searchParams.get('scale')).toBe('log');
      expect(JSON.parse(url.searchParams.get('query')!)).toMatchObject({ parameters: { value: 2 } });
      await context.close();
    });

    test('a chart over a scope: chips, its own bars, a bar clicking through to scope AND bar', async ({
      page,
      baseURL,
    }) => {
      const chart = CHARTS['experimental-method'];
      await page.goto(scoped('/growth/experimental-method?view=annual'));
      await waitForChart(page);
      await expect(chips(page)).toHaveText([/^Experimental method: X-ray×$/, /^Resolution < 2\.5 Å×$/]);
      await expect(page.getByTestId('data-as-of')).toContainText(
        'Scope: Experimental method “X-ray”, Resolution below 2.5 Å.',
      );
      // A short chip; its sentence on hover.
      await expect(page.getByRole('button', { name: 'Edit condition: Resolution < 2.5 Å' })).toHaveAttribute(
        'title',
        'Resolution below 2.5 Å: click to edit',
      );
      // The bars are the scope's: those of the scoped facet answer, which differ from the archive's.
      const answer = await search(baseURL!, chartFacetRequest(chart.query, { scope: SCOPE }));
      const data = toGrowthData(answer, chart.query);
      // One series left (X-ray): its bars carry no series name.
      const single = data.series.length === 1;
      const expected = new Map<string, number>(
        data.series.flatMap((series) =>
          data.years.map(
            (year, i) => [`${year}|${single ? '' : series.label}`, series.annual[i] ?? 0] as const,
          ),
        ),
      );
      expect(data.series.map((series) => series.label)).toEqual(['X-ray']);
      const bars = await barValues(page);
      expect(bars.size).toBeGreaterThan(0);
      for (const [key, value] of bars) expect(value, key).toBe(expected.get(key));
      const whole = toGrowthData(await search(baseURL!, chartFacetRequest(chart.query)), chart.query);
      expect(whole.series.length).toBeGreaterThan(data.series.length);

      const bar = await largestBar(page);
      const value = Number(await bar.getAttribute('data-value'));
      const x = (await bar.getAttribute('data-x'))!;
      const series = (await bar.getAttribute('data-series')) ?? undefined;
      expect(value).toBeGreaterThan(0);
      await page.screenshot({ path: `${test.info().outputDir}/scoped-chart-${width}.png` });
      const request = clickRequest(chart, { x, series, view: 'annual' }, chart.query, SCOPE);
      expect(await countOf(baseURL!, request)).toBe(value);
      if (width >= 600) {
        // A click opens the results of that very search, scope AND bar, counting the bar.
        const [editor] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
        expect(requestOf(editor.url())).toEqual(request);
        await expect(editor.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
        await editor.close();
      }
      // Its results page counts the bar's number.
      await page.goto(`/search?request=${encodeURIComponent(JSON.stringify(request))}`);
      await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
    });

    test('start a scope from an unscoped chart: build a condition, the chart and a bar’s count follow', async ({
      page,
      baseURL,
    }) => {
      const chart = CHARTS.resolution;
      await page.goto('/distribution/resolution');
      await waitForChart(page);
      const before = await barValues(page);
      // Without a scope, one quiet line: no chips, nothing to clear, a way to start one.
      const bar = page.getByTestId('scope-bar');
      await expect(bar).toContainText('Scope: whole archive');
      await expect(chips(page)).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Clear scope' })).toHaveCount(0);
      await page.screenshot({ path: `${test.info().outputDir}/unscoped-${width}.png` });

      // "Add condition" opens the builder with a new condition's editor already open.
      await bar.getByRole('button', { name: 'Add condition' }).click();
      await expect(page.getByTestId('query-builder')).toBeVisible();
      await buildCondition(page, 'experimental method', 'exptl.method', 'X-RAY DIFFRACTION');
      const node: QueryNode = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' },
      };
      await expect.poll(() => JSON.parse(scopeOf(page.url()) ?? 'null')).toEqual(node);
      // The chip names the attribute as the builder does.
      await expect(chips(page)).toHaveText([/^Experimental method: X-RAY DIFFRACTION×$/]);
      await expect(page.getByTestId('builder-condition')).toHaveText([
        /Experimental method “X-RAY DIFFRACTION”/,
      ]);
      await page.screenshot({ path: `${test.info().outputDir}/scope-started-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Close builder' }).click();
      await expect(page.getByTestId('query-builder')).toHaveCount(0);

      // The chart is the scope's: the scoped facet answer's bars.
      await waitForChart(page);
      const expected = toDistributionData(
        await search(baseURL!, chartFacetRequest(chart.query, { scope: node })),
        chart.query,
      );
      await expect
        .poll(async () => barValues(page))
        .toEqual(new Map(expected.bars.filter((b) => b.value > 0).map((b) => [`${b.label}|`, b.value])));
      expect(await barValues(page)).not.toEqual(before);
      // A bar's search is scope AND bar, and counts the bar.
      const largest = await largestBar(page);
      const value = Number(await largest.getAttribute('data-value'));
      const x = (await largest.getAttribute('data-x'))!;
      const request = clickRequest(chart, { x, view: 'cumulative' }, chart.query, node);
      expect(await countOf(baseURL!, request)).toBe(value);
      await page.goto(`/search?request=${encodeURIComponent(JSON.stringify(request))}`);
      await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
    });

    test('start a scope from the home page: its figures follow', async ({ page, baseURL }) => {
      await page.goto('/');
      await expect(page.getByTestId('scope-bar')).toContainText('Scope: whole archive');
      // The server drew the page: its button works once React has taken it over.
      await waitForHydration(page, '[data-testid="scope-bar"] button');
      await page.getByTestId('scope-bar').getByRole('button', { name: 'Add condition' }).click();
      await buildCondition(page, 'experimental method', 'exptl.method', 'X-RAY DIFFRACTION');
      await expect(chips(page)).toHaveText([/^Experimental method: X-RAY DIFFRACTION×$/]);
      const node = JSON.parse(scopeOf(page.url())!) as QueryNode;
      const entries = await countOf(baseURL!, { query: node, return_type: 'entry' });
      await expect(page.locator('[data-count="entry"] .ps-headline-value')).toHaveText(
        entries.toLocaleString('en-US'),
      );
      await page.screenshot({ path: `${test.info().outputDir}/home-scope-started-${width}.png` });
    });

    test('a scoped home page counts every figure; small molecules are those of the scoped structures', async ({
      page,
      baseURL,
    }) => {
      await page.goto(scoped('/'));
      await expect(chips(page)).toHaveCount(2);
      for (const returnType of ['entry', 'polymer_entity', 'assembly', 'mol_definition'] as const) {
        const expected = await countOf(baseURL!, finalizeRequest({ query: SCOPE, return_type: returnType }));
        expect(expected, returnType).toBeGreaterThan(0);
        await expect(page.locator(`[data-count="${returnType}"] .ps-headline-value`)).toHaveText(
          expected.toLocaleString('en-US'),
        );
      }
      // What a scoped count of chemical components means, on hover.
      await expect(page.locator('[data-count="mol_definition"] a')).toHaveAttribute(
        'title',
        'Chemical components found in the structures of this scope',
      );
      await page.screenshot({ path: `${test.info().outputDir}/scoped-home-figures-${width}.png` });
    });

    test('edit a chip in place, remove one, clear the scope; Back and Forward step through them', async ({
      page,
    }) => {
      await page.goto(scoped('/distribution/resolution'));
      await waitForChart(page);
      const before = await barValues(page);

      // Edit: Escape cancels, Enter applies.
      await page.getByRole('button', { name: 'Edit condition: Resolution < 2.5 Å' }).click();
      const value = page.getByRole('textbox', { name: 'Value' });
      await value.fill('1.5');
      await value.press('Escape');
      await expect(chips(page)).toHaveText([/X-ray/, /^Resolution < 2\.5 Å×$/]);
      await page.getByRole('button', { name: 'Edit condition: Resolution < 2.5 Å' }).click();
      await page.getByRole('combobox', { name: 'Operator' }).selectOption('less_or_equal');
      await page.getByRole('textbox', { name: 'Value' }).fill('1.5');
      await page.getByRole('textbox', { name: 'Value' }).press('Enter');
      await expect(chips(page)).toHaveText([/X-ray/, /^Resolution ≤ 1\.5 Å×$/]);
      expect(JSON.parse(scopeOf(page.url())!)).toEqual({
        ...SCOPE,
        nodes: [
          EM,
          { ...RECENT, parameters: { ...RECENT.parameters, operator: 'less_or_equal', value: 1.5 } },
        ],
      });
      await waitForChart(page);
      await expect.poll(async () => barValues(page)).not.toEqual(before);
      if (width < 600) await page.screenshot({ path: `${test.info().outputDir}/chip-edited-${width}.png` });

      // "Add condition" opens the visual query builder on the scope.
      await page.getByRole('button', { name: 'Add condition' }).click();
      await expect(page.getByTestId('query-builder')).toBeVisible();
      await page.getByRole('button', { name: 'Close builder' }).click();
      await expect(page.getByTestId('query-builder')).toHaveCount(0);

      // Remove a chip, then clear the scope.
      await page.getByRole('button', { name: 'Remove condition: Resolution ≤ 1.5 Å' }).click();
      await expect(chips(page)).toHaveText([/X-ray/]);
      await page.getByRole('button', { name: 'Clear scope' }).click();
      await expect(chips(page)).toHaveCount(0);
      expect(scopeOf(page.url())).toBeNull();
      await waitForChart(page);
      await expect(page.getByTestId('data-as-of')).not.toContainText('Scope:');

      // Back: the one chip; Back: the edited scope; Forward: the one chip again.
      await page.goBack();
      await expect(chips(page)).toHaveText([/X-ray/]);
      await page.goBack();
      await expect(chips(page)).toHaveText([/X-ray/, /^Resolution ≤ 1\.5 Å×$/]);
      await page.goForward();
      await expect(chips(page)).toHaveText([/X-ray/]);
    });

    test('the scope is kept while browsing: chart menu, home page figures and directory', async ({
      page,
      baseURL,
    }) => {
      await page.goto(scoped('/distribution/resolution'));
      await waitForChart(page);
      // To the home page: its figures are the scope's.
      if (width < 600) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('link', { name: 'PDB Statistics' }).first().click();
      await expect(page).toHaveURL(/\/\?query=/);
      expect(JSON.parse(scopeOf(page.url())!)).toEqual(SCOPE);
      await expect(chips(page)).toHaveCount(2);
      const entries = await countOf(baseURL!, { query: SCOPE, return_type: 'entry' });
      await expect(page.locator('[data-count="entry"] .ps-headline-value')).toHaveText(
        entries.toLocaleString('en-US'),
      );
      await page.screenshot({ path: `${test.info().outputDir}/scoped-home-${width}.png`, fullPage: false });
      // From the directory to a chart: still scoped.
      await page.locator('[data-chart-link="journal"]').click();
      await expect(page).toHaveURL(/\/distribution\/journal\?query=/);
      await waitForChart(page);
      await expect(chips(page)).toHaveCount(2);
      const journal = toDistributionData(
        await search(baseURL!, chartFacetRequest(CHARTS.journal.query, { scope: SCOPE })),
        CHARTS.journal.query,
      );
      const shown = await barValues(page);
      for (const bar of journal.bars.slice(0, 5)) expect(shown.get(`${bar.label}|`)).toBe(bar.value);
      // Back to the home page, still scoped.
      await page.goBack();
      await expect(page).toHaveURL(/\/\?query=/);
      await expect(chips(page)).toHaveCount(2);
    });

    test('an invalid scope shows the reason next to the chips, not an error screen', async ({
      page,
      browser,
    }) => {
      // A node the service refuses: its 400 message, next to the scope, drawn by the server (the
      // status says the address is wrong) and hydrated as drawn.
      const refused = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'exact_match', value: 'x' },
      };
      // Neither asked again nor drawn anew: no search, and no error but the page's own 400.
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.location().url !== page.url()) errors.push(message.text());
      });
      const searches: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rcsbsearch/v2/query')) searches.push(request.url());
      });
      const answer = await page.goto(scoped('/distribution/resolution', refused));
      expect(answer?.status()).toBe(400);
      await waitForHydration(page, '[data-testid="scope-error"]');
      await expect(page.getByTestId('scope-error')).toContainText(
        'The search service refuses this scope: 400',
      );
      await expect(page.getByTestId('scope-error')).toContainText('query.parameters.operator');
      await expect(page.getByTestId('scope-blocked')).toContainText('cannot be drawn for this scope');
      await expect(page.locator('.ps-data-error')).toHaveCount(0);
      await page.screenshot({ path: `${test.info().outputDir}/refused-scope-${width}.png` });
      expect(errors).toEqual([]);
      expect(searches).toEqual([]);

      // Without scripts, an attribute the service does not know: the same page, not a blank one.
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
      const plain = await context.newPage();
      const unknown = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'no.such_attribute', operator: 'exact_match', value: 'x' },
      };
      expect((await plain.goto(scoped('/distribution/resolution', unknown)))?.status()).toBe(400);
      await expect(plain.locator('h1')).toHaveText('PDB Data Distribution by Resolution');
      await expect(plain.getByTestId('scope-error')).toContainText(
        'The search service refuses this scope: 400 query.parameters.attribute: unknown attribute',
      );
      await expect(plain.getByTestId('scope-blocked')).toContainText('cannot be drawn for this scope');
      await plain.screenshot({ path: `${test.info().outputDir}/unknown-attribute-scope-${width}.png` });
      // Cleared without scripts too: the chart of the whole archive.
      await plain.getByRole('button', { name: 'Clear scope' }).click();
      expect(new URL(plain.url()).search).toBe('');
      await expect(plain.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
      await expect(plain.getByTestId('scope-error')).toHaveCount(0);
      await context.close();

      // Not JSON at all: said with the parameter, and nothing is asked.
      await page.goto('/distribution/resolution?query=%7Bnot%20json');
      await expect(page.getByTestId('scope-error')).toContainText('query: not valid JSON');
      await expect(page.getByTestId('scope-blocked')).toBeVisible();
      await page.getByRole('button', { name: 'Clear scope' }).click();
      await waitForChart(page);
      await expect(page.getByTestId('scope-error')).toHaveCount(0);
    });
  });
}
