import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chartMenuButton } from './support/chart-controls.ts';
import {
  countOf,
  largestBar,
  parseCount,
  tableText,
  waitForBarsGrown,
  waitForChart,
} from './support/helpers.ts';

/**
 * Cohorts compared on one chart: `query` repeated (each with an optional `label`), drawn as groups of
 * bars, one colour per cohort, in counts or percent of each cohort (`measure=percent`).
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const method = (value: string) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
});
const XRAY = method('X-RAY DIFFRACTION');
const EM = method('ELECTRON MICROSCOPY');

/** The address of a chart compared over cohorts, `[node, label?]` each. */
export function comparedPath(path: string, cohorts: [object, string?][], extra = ''): string {
  const params = new URLSearchParams();
  for (const [node] of cohorts) params.append('query', JSON.stringify(node));
  if (cohorts.some(([, label]) => label))
    for (const [, label] of cohorts) params.append('label', label ?? '');
  return `${path}?${params}${extra}`;
}

const RESOLUTION = comparedPath('/distribution/resolution', [
  [XRAY, 'X-ray'],
  [EM, 'Cryo-EM'],
]);

async function openTable(page: Page) {
  await page.locator('.ps-data-details summary').click();
  return page.locator('.ps-data-details table');
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('X-ray and cryo-EM resolutions side by side, in counts and in percent of each', async ({ page }) => {
      await page.goto(RESOLUTION);
      await waitForChart(page);
      await waitForBarsGrown(page);

      // Two legend entries, one per cohort, and each bin a group of two bars in two colours.
      const legend = page.locator('.ps-legend');
      await expect(legend.locator('legend')).toHaveText('Cohorts');
      await expect(legend.locator('input[type=checkbox]')).toHaveCount(2);
      await expect(legend).toContainText('X-ray');
      await expect(legend).toContainText('Cryo-EM');
      const bars = page.locator('.ps-plot-chart .ps-bar');
      const cohorts = await bars.evaluateAll((rects) => rects.map((r) => r.getAttribute('data-cohort')));
      expect(new Set(cohorts)).toEqual(new Set(['X-ray', 'Cryo-EM']));
      const colors = await bars.evaluateAll((rects) =>
        Object.fromEntries(rects.map((r) => [r.getAttribute('data-cohort'), r.getAttribute('data-color')])),
      );
      expect(colors['X-ray']).not.toBe(colors['Cryo-EM']);
      // Bars of one bin sit side by side, not on top of each other.
      const bin = await bars.evaluateAll((rects) => {
        const first = rects.find((r) => Number(r.getAttribute('data-value')) > 0)!;
        const x = first.getAttribute('data-x');
        return rects
          .filter((r) => r.getAttribute('data-x') === x)
          .map((r) => {
            const b = r.getBoundingClientRect();
            return { left: b.left, right: b.right };
          });
      });
      expect(bin).toHaveLength(2);
      expect(bin[0]!.right).toBeLessThanOrEqual(bin[1]!.left + 0.5);
      await expect(page.getByTestId('chart-subtitle')).toHaveText(
        'Number of Entries by Resolution (Å) — X-ray vs Cryo-EM',
      );

      // The table: one count column per cohort, named with its label.
      let table = await tableText(await openTable(page));
      expect(table.columns.slice(-2)).toEqual(['X-ray', 'Cryo-EM']);

      // Percent: the switch writes measure=percent, every cohort's column sums to about 100 %.
      const toolbar = page.getByRole('toolbar', { name: 'Chart options' });
      await toolbar.getByRole('button', { name: 'Percent' }).click();
      await expect(page).toHaveURL(/measure=percent/);
      await expect(toolbar.getByRole('button', { name: 'Percent' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('chart-subtitle')).toHaveText(
        'Number of Entries by Resolution (Å) — X-ray vs Cryo-EM, percent of each',
      );
      await expect(page.locator('.ps-data-details thead th').last()).toHaveText('Cryo-EM (%)');
      table = await tableText(page.locator('.ps-data-details table'));
      expect(table.columns.slice(-2)).toEqual(['X-ray (%)', 'Cryo-EM (%)']);
      const n = table.columns.length - 1;
      for (const column of [n - 2, n - 1]) {
        const sum = table.rows.reduce((s, [, cells]) => s + Number(cells[column]!.replace('%', '')), 0);
        // Each value is written to two decimals.
        expect(Math.abs(sum - 100)).toBeLessThan(0.005 * table.rows.length + 1e-9);
      }
      // The value axis speaks percent.
      await expect(page.locator('.ps-plot-chart .ps-axis-left .ps-tick text').last()).toHaveText(/%$/);

      // Back returns to counts, Forward to percent.
      await page.goBack();
      await expect(page).not.toHaveURL(/measure=percent/);
      await expect(page.locator('.ps-data-details thead th').last()).toHaveText('Cryo-EM');
      await page.goForward();
      await expect(page.locator('.ps-data-details thead th').last()).toHaveText('Cryo-EM (%)');

      if (process.env.CHART_SHOTS_DIR) {
        mkdirSync(process.env.CHART_SHOTS_DIR, { recursive: true });
        await page.screenshot({
          path: join(process.env.CHART_SHOTS_DIR, `compare-resolution-${size.name}.png`),
          fullPage: true,
        });
      }
    });

    test('a bar of the second cohort opens "that cohort AND that bar", whose results count is the bar', async ({
      page,
    }) => {
      await page.goto(RESOLUTION);
      await waitForChart(page);
      const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-cohort="Cryo-EM"]');
      const value = Number(await bar.getAttribute('data-value'));
      expect(value).toBeGreaterThan(0);
      let editor: Page;
      if (size.name === 'phone') {
        // A tap shows the value first; its panel opens the search.
        await bar.click({ force: true });
        const panel = page.getByTestId('selection');
        await expect(panel).toContainText('Cryo-EM');
        [editor] = await Promise.all([
          page.waitForEvent('popup'),
          panel.getByRole('link', { name: /^See the / }).click(),
        ]);
      } else {
        [editor] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
      }
      await expect(editor.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
      const request = JSON.parse(new URL(editor.url()).searchParams.get('request')!) as {
        query: { nodes: unknown[] };
      };
      expect(request.query.nodes[0]).toEqual(EM);
      // The query editor, one link further, counts the same.
      await editor.getByRole('link', { name: 'Edit the request in the query editor' }).click();
      await expect(editor.getByTestId('result-count')).toHaveAttribute('data-count', String(value));
    });

    test('"Compare with…" on a scoped chart builds a second cohort, drawn beside the first', async ({
      page,
    }) => {
      await page.goto(comparedPath('/distribution/resolution', [[XRAY]]));
      await waitForChart(page);
      const bar = page.getByTestId('scope-bar');
      await bar.getByRole('button', { name: 'Compare with…' }).click();
      const builder = page.getByRole('group', { name: 'Query builder: Cohort 2' });
      await expect(builder).toBeVisible();
      const editor = builder.getByTestId('condition-editor');
      await editor.getByRole('combobox', { name: 'Attribute' }).fill('experimental method');
      await editor.getByRole('option').filter({ hasText: 'exptl.method' }).first().click();
      await editor.getByRole('combobox', { name: 'Value' }).fill('ELECTRON MICROSCOPY');
      await editor.getByRole('option', { name: /^ELECTRON MICROSCOPY/ }).click();
      await editor.getByTestId('condition-apply').click();
      await expect
        .poll(() => new URL(page.url()).searchParams.getAll('query').map((q) => JSON.parse(q) as unknown))
        .toEqual([XRAY, EM]);
      await bar.getByRole('button', { name: 'Close builder' }).click();
      // Two cohorts, each a row of chips, each a colour of bars named by its conditions.
      await expect(bar.locator('.ps-scope-row')).toHaveCount(2);
      await waitForChart(page);
      await expect(page.getByTestId('chart-subtitle')).toHaveText(
        'Number of Entries by Resolution (Å) — Experimental method: X-RAY DIFFRACTION vs Experimental method: ELECTRON MICROSCOPY',
      );
      const cohorts = await page
        .locator('.ps-plot-chart .ps-bar')
        .evaluateAll((rects) => [...new Set(rects.map((r) => r.getAttribute('data-cohort')))].sort());
      expect(cohorts).toEqual([
        'Experimental method: ELECTRON MICROSCOPY',
        'Experimental method: X-RAY DIFFRACTION',
      ]);
      await page.screenshot({
        path: test.info().outputPath(`compare-with-${size.name}.png`),
        fullPage: true,
      });
    });

    test('the JSON download of a compared chart holds every cohort and its request, as the API does', async ({
      page,
      baseURL,
    }) => {
      const path = `${RESOLUTION}&measure=percent`;
      await page.goto(path);
      await waitForChart(page);
      await chartMenuButton(page).click();
      const item = page
        .getByRole('menu')
        .getByRole('group', { name: 'Download' })
        .getByRole('menuitem', { name: /JSON/ });
      const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
      const document = JSON.parse(await readFile((await file.path())!, 'utf8')) as Record<string, unknown>;
      const api = await fetch(`${baseURL}/api/charts/resolution.json${new URL(path, baseURL).search}`);
      expect(api.status).toBe(200);
      const answer = (await api.json()) as Record<string, unknown>;
      expect(document).toMatchObject({
        scope: null,
        cohorts: [
          { label: 'X-ray', query: XRAY },
          { label: 'Cryo-EM', query: EM },
        ],
        measure: 'percent',
      });
      expect(document.cohorts).toEqual(answer.cohorts);
      expect(document.requests).toEqual(answer.requests);
      expect(document).not.toHaveProperty('request');
      // Named as the API names the same file: the cohorts' tag and the measure.
      const named = /filename="([^"]+)"/.exec(api.headers.get('content-disposition')!)![1]!;
      expect(named).toMatch(/^resolution-cohorts-[0-9a-f]{8}-percent-\d{4}-\d{2}-\d{2}\.json$/);
      expect(file.suggestedFilename()).toBe(named);
    });

    test('a trend chart refuses to compare cohorts, says why, and offers to keep one', async ({ page }) => {
      await page.goto(
        comparedPath('/trend/resolution-by-year', [
          [XRAY, 'X-ray'],
          [EM, 'Cryo-EM'],
        ]),
      );
      const error = page.getByTestId('scope-error');
      await expect(error).toContainText('medians and shares, not counts: cohorts are not compared on it');
      await expect(page.getByTestId('scope-blocked')).toBeVisible();
      await expect(page.locator('.ps-plot-chart .ps-bar, .ps-plot-chart .ps-point')).toHaveCount(0);
      await expect(page.getByTestId('scope-bar').getByRole('button', { name: 'Compare with…' })).toHaveCount(
        0,
      );
      await page.screenshot({ path: test.info().outputPath(`trend-refused-${size.name}.png`) });
      await error.getByRole('button', { name: 'Keep the first cohort only' }).click();
      await waitForChart(page);
      expect(new URL(page.url()).searchParams.getAll('query').map((q) => JSON.parse(q) as unknown)).toEqual([
        XRAY,
      ]);
      await expect(page.getByTestId('scope-error')).toHaveCount(0);
      // One cohort is a scope: the trend chart is drawn over it, and offers no comparison.
      await expect(page.getByTestId('scope-bar').getByRole('button', { name: 'Compare with…' })).toHaveCount(
        0,
      );
    });

    test('growth: one bar per cohort each year, a stacked chart compares its yearly totals', async ({
      page,
    }) => {
      await page.goto(comparedPath('/growth/experimental-method', [[XRAY], [EM]], '&view=annual'));
      await waitForChart(page);
      await waitForBarsGrown(page);
      // Unlabelled cohorts are named by their conditions.
      const legend = page.locator('.ps-legend');
      await expect(legend.locator('input[type=checkbox]')).toHaveCount(2);
      await expect(legend).toContainText('X-RAY DIFFRACTION');
      await expect(page.getByTestId('chart-subtitle')).toContainText(
        'totals (not split by Experimental Method)',
      );
      const table = await tableText(await openTable(page));
      expect(table.columns).toHaveLength(3);
      // Hiding a cohort in the legend leaves its bars and column out.
      await legend.locator('input[type=checkbox]').first().click();
      await expect(page.locator('.ps-data-details thead th')).toHaveCount(2);
      const cohorts = await page
        .locator('.ps-plot-chart .ps-bar')
        .evaluateAll((rects) => new Set(rects.map((r) => r.getAttribute('data-cohort'))).size);
      expect(cohorts).toBe(1);
    });
  });
}

test('a fifth cohort is refused with a message naming the limit', async ({ page }) => {
  const five: [object][] = [
    'X-RAY DIFFRACTION',
    'ELECTRON MICROSCOPY',
    'SOLUTION NMR',
    'NEUTRON DIFFRACTION',
    'SOLID-STATE NMR',
  ].map((m) => [method(m)]);
  await page.goto(comparedPath('/distribution/resolution', five));
  await expect(page.getByText(/at most 4 cohorts/)).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test(`a compared growth table is newest year first with a total row, as a single chart's (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(
      comparedPath(
        '/growth/overall-structures',
        [
          [XRAY, 'X-ray'],
          [EM, 'Cryo-EM'],
        ],
        '&view=annual',
      ),
    );
    if (javaScriptEnabled) await waitForChart(page);
    const table = page.locator('.ps-data-details table');
    await page.locator('.ps-data-details summary').click();
    await expect(table).toBeVisible();
    const { columns, rows } = await tableText(table);
    expect(columns).toEqual(['Year', 'X-ray', 'Cryo-EM']);
    const years = rows.slice(0, -1).map(([label]) => Number(label));
    expect(years.length).toBeGreaterThan(10);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const [totalLabel, totals] = rows.at(-1)!;
    expect(totalLabel).toBe(`Total ${years.at(-1)}–${years[0]}`);
    // Every entry is released in one year: a cohort's years add up to its entries.
    for (const [i, node] of [XRAY, EM].entries())
      expect(parseCount(totals[i]!)).toBe(
        await countOf(baseURL!, { query: node, return_type: 'entry' } as never),
      );
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${test.info().outputDir}/compared-table.png` });
    await context.close();
  });
}
