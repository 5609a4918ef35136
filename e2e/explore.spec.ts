import { readFile } from 'node:fs/promises';
import {
  fetchChartAnswer,
  readExplore,
  resolveExplore,
  toDistributionData,
  toGrowthData,
  type ExploreAttribute,
  type GrowthQuery,
} from '@pdb-stats/charts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { expect, test, type Page } from '@playwright/test';
import { openChartMenu } from './support/chart-controls.ts';
import {
  barValues,
  countOf,
  csvTable,
  largestBar,
  expectBarSearchCount,
  search,
  tableText,
  waitForBarsGrown,
  waitForChart,
} from './support/helpers.ts';

/**
 * The chart explorer: an attribute picked with the query builder's picker, what is counted, the
 * grouping and its numbers, a second attribute stacking the years; every choice in the URL (Back and
 * a reload give the same chart), bars equal to the service's own facet answer, a bar's search
 * finding its number, the download equal to the chart data API's, the embedded chart, and refused
 * parameters said next to the builder.
 */

/** The attributes used here, as the catalogue has them (names do not matter to the counts; a unit is in bin labels). */
const ATTRIBUTES: ExploreAttribute[] = [
  {
    path: 'rcsb_entry_info.resolution_combined',
    level: 'entry',
    type: 'number',
    contexts: ['default-match'],
    name: 'r',
    unit: 'Å',
  },
  {
    path: 'rcsb_accession_info.initial_release_date',
    level: 'entry',
    type: 'date',
    contexts: ['default-match'],
    name: 'd',
  },
  {
    path: 'entity_poly.rcsb_entity_polymer_type',
    level: 'polymer_entity',
    type: 'string',
    contexts: ['exact-match'],
    name: 't',
  },
  {
    path: 'rcsb_entry_info.experimental_method',
    level: 'entry',
    type: 'string',
    contexts: ['exact-match'],
    name: 'm',
  },
  {
    path: 'rcsb_entry_info.polymer_entity_count',
    level: 'entry',
    type: 'integer',
    contexts: ['default-match'],
    name: 'c',
  },
];

/** The bars a page URL's explore chart should show, from the service's own facet answer. */
async function expectedBars(baseURL: string, url: string): Promise<Map<string, number>> {
  const params = new URL(url).searchParams;
  const spec = readExplore(params, (path) => ATTRIBUTES.find((a) => a.path === path)).spec!;
  const chart = resolveExplore(spec);
  // Fetched as the page fetches it: a top-N terms chart's "Other" bar is a second search.
  const { response } = await fetchChartAnswer((request) => search(baseURL, request), chart);
  if (chart.kind === 'distribution') {
    const data = toDistributionData(response, chart.query);
    if (!data.segments) return new Map(data.bars.map((b) => [`${b.label}|`, b.value]));
    // Split bars draw their segments: a stack has no empty segment, side by side every one stands.
    return new Map(
      data.segments
        .flatMap((s) => data.bars.map((b, i) => [`${b.label}|${s.label}`, s.values[i] ?? 0] as const))
        .filter(([, value]) => spec.stack === 'grouped' || value > 0),
    );
  }
  const data = toGrowthData(response, chart.query as GrowthQuery);
  const stacked = spec.by !== undefined;
  // A stacked chart draws no segment for a series' empty total.
  return new Map(
    data.series
      .flatMap((s) =>
        data.years.map((year, i) => [`${year}|${stacked ? s.label : ''}`, s.cumulative[i] ?? 0] as const),
      )
      .filter(([, value]) => value > 0),
  );
}

const builder = (page: Page) => page.getByTestId('explore-builder');

async function pick(page: Page, label: string, words: string, path: string) {
  await builder(page).getByRole('combobox', { name: label }).fill(words);
  await builder(page).getByRole('option').filter({ hasText: path }).first().click();
}

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  const phone = width < 768;
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    for (const javaScriptEnabled of [true, false])
      test(`the landing: a heading, a sentence and example charts drawn with the page, each drawing its chart${javaScriptEnabled ? '' : ' (no JavaScript)'}`, async ({
        browser,
      }, info) => {
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto('/explore');
        const landing = page.getByTestId('explore-landing');
        await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Explore the archive');
        await expect(page.getByTestId('explore-start')).toContainText('Chart any attribute');
        const cards = landing.getByTestId('explore-example');
        await expect(cards).toHaveCount(8);
        // Each card shows the shape of its chart: bars with a height, drawn before any script runs.
        for (const card of await cards.all()) {
          const heights = await card
            .locator('svg rect')
            .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
          expect(heights.filter((h) => h > 0).length).toBeGreaterThan(2);
          const box = (await card.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await page.screenshot({
          path: info.outputPath(`explore-landing-${width}${javaScriptEnabled ? '' : '-nojs'}.png`),
          fullPage: true,
        });
        // A card is a link to its whole address, which draws the chart it named.
        const title = await cards.nth(1).locator('.ps-example-title').innerText();
        await cards.nth(1).getByRole('link').click();
        await expect(page).toHaveURL(/\/explore\?attribute=rcsb_entry_info\.resolution_combined&.*end=4\.6/);
        expect(title).toBe('Resolution of entries');
        await expect(page.locator('h1')).toHaveText('Entries by Resolution');
        await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
        // Its bins changed in the builder, with or without scripts: the same chart, wider bins.
        await builder(page).getByRole('textbox', { name: 'Step' }).fill('0.4');
        await builder(page).getByRole('button', { name: 'Apply' }).click();
        await expect(page).toHaveURL(/\/explore\?attribute=rcsb_entry_info\.resolution_combined&.*step=0\.4/);
        await expect(page.locator('h1')).toHaveText('Entries by Resolution');
        await expect(page.locator('.ps-plot-chart .ps-bar[data-x="1.0–1.4 Å"]').first()).toBeAttached();
        await context.close();
      });

    for (const javaScriptEnabled of [true, false])
      test(`the builder's menus redraw the chart${javaScriptEnabled ? '' : ' without JavaScript'}`, async ({
        browser,
      }, info) => {
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
        const page = await context.newPage();
        const shot = (name: string) =>
          page.screenshot({
            path: info.outputPath(`explore-menus-${name}-${width}${javaScriptEnabled ? '' : '-nojs'}.png`),
            fullPage: true,
          });
        await page.goto('/explore?attribute=rcsb_entry_info.resolution_combined');
        await expect(page.locator('h1')).toHaveText('Entries by Resolution');
        // One set of controls shows: the typed picker with scripts, the server's menu without.
        const attribute = builder(page).getByRole('combobox', { name: 'Attribute' });
        await expect(attribute).toBeVisible();
        expect(await attribute.evaluate((e) => e.tagName)).toBe(javaScriptEnabled ? 'INPUT' : 'SELECT');
        await expect(builder(page).getByRole('button', { name: 'Show' })).toHaveCount(
          javaScriptEnabled ? 0 : 2,
        );
        const show = (form: string) => page.getByTestId(form).getByRole('button', { name: 'Show' }).click();
        await shot('start');
        // Another attribute: its own chart, counted and grouped as its own.
        if (javaScriptEnabled) await pick(page, 'Attribute', 'experimental method', 'exptl.method');
        else {
          await builder(page).getByRole('combobox', { name: 'Attribute' }).selectOption('exptl.method');
          await show('explore-choice');
        }
        await expect(page).toHaveURL(
          /\/explore\?attribute=exptl\.method&count=entry&dimension=terms&top=\d+$/,
        );
        await expect(page.locator('h1')).toHaveText('Entries by Experimental method');
        await expect(
          page.locator('.ps-plot-chart .ps-bar[data-x="X-RAY DIFFRACTION"]').first(),
        ).toBeAttached();
        // Counted otherwise: polymer entities by their entry's method.
        await builder(page).getByTestId('explore-count').selectOption({ label: 'Polymer Entities' });
        if (!javaScriptEnabled) await show('explore-choice');
        await expect(page).toHaveURL(/attribute=exptl\.method&count=polymer_entity&dimension=terms&top=\d+$/);
        await expect(page.locator('h1')).toHaveText('Polymer Entities by Experimental method');
        // Stacked by a second attribute, then no longer.
        if (javaScriptEnabled)
          await pick(page, 'Stack by (optional)', 'polymer type', 'entity_poly.rcsb_entity_polymer_type');
        else {
          await builder(page)
            .getByRole('combobox', { name: 'Stack by (optional)' })
            .selectOption('entity_poly.rcsb_entity_polymer_type');
          await show('explore-stacking');
        }
        await expect(page).toHaveURL(/&by=entity_poly\.rcsb_entity_polymer_type&stack=stacked$/);
        await expect(page.locator('.ps-plot-chart .ps-bar[data-series="Protein"]').first()).toBeAttached();
        await shot('stacked');
        await builder(page).getByRole('link', { name: 'No stacking' }).click();
        await expect(page).toHaveURL(/attribute=exptl\.method&count=polymer_entity&dimension=terms&top=\d+$/);
        await expect(page.locator('.ps-plot-chart .ps-bar[data-series="Protein"]')).toHaveCount(0);
        await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
        // No part of the builder runs off a phone's screen.
        for (const box of await builder(page)
          .locator('select, button, a')
          .evaluateAll((all) =>
            all.filter((e) => e.getClientRects().length > 0).map((e) => e.getBoundingClientRect().right),
          ))
          expect(box).toBeLessThanOrEqual(width);
        await context.close();
      });

    test('bins of a number: picked, edited, refused, Back, and a bar’s search', async ({
      page,
      baseURL,
    }, info) => {
      await page.goto('/explore');
      await expect(page.getByTestId('explore-start')).toBeVisible();
      await pick(page, 'Attribute', 'resolution', 'rcsb_entry_info.resolution_combined');
      await expect(page).toHaveURL(
        /\?attribute=rcsb_entry_info\.resolution_combined&count=entry&dimension=bins&start=[\d.]+&step=[\d.]+&end=[\d.]+$/,
      );
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(/^Entries by /);
      await expect.poll(() => barValues(page)).toEqual(await expectedBars(baseURL!, page.url()));
      const firstUrl = page.url();

      // Bins edited and applied together.
      const numbers = page.getByTestId('explore-numbers');
      await numbers.getByRole('textbox', { name: 'From' }).fill('1');
      await numbers.getByRole('textbox', { name: 'Step' }).fill('0.5');
      await numbers.getByRole('textbox', { name: 'To' }).fill('4');
      await numbers.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/&start=1&step=0\.5&end=4$/);
      await waitForChart(page);
      const bins = await expectedBars(baseURL!, page.url());
      expect([...bins.keys()]).toEqual([
        '< 1.0 Å|',
        '1.0–1.5 Å|',
        '1.5–2.0 Å|',
        '2.0–2.5 Å|',
        '2.5–3.0 Å|',
        '3.0–3.5 Å|',
        '3.5–4.0 Å|',
        '≥ 4.0 Å|',
      ]);
      await expect.poll(() => barValues(page)).toEqual(bins);
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-bins-${width}.png`), fullPage: true });

      // A bar's search finds its number.
      const bar = await largestBar(page);
      const value = Number(await bar.getAttribute('data-value'));
      await expectBarSearchCount(page, bar, value, phone);

      // A refused step is said next to the builder, naming the parameter.
      await numbers.getByRole('textbox', { name: 'Step' }).fill('0');
      await numbers.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('explore-problems')).toContainText('step: must be > 0');
      await page.screenshot({ path: info.outputPath(`explore-refused-${width}.png`), fullPage: true });

      // Back steps through the charts built; a reload draws the same chart.
      await page.goBack();
      await expect(page).toHaveURL(/&start=1&step=0\.5&end=4$/);
      await expect.poll(() => barValues(page)).toEqual(bins);
      await page.goBack();
      expect(page.url()).toBe(firstUrl);
      await page.reload();
      await waitForChart(page);
      await expect.poll(() => barValues(page)).toEqual(await expectedBars(baseURL!, firstUrl));

      // Another grouping: the most frequent values.
      await builder(page).getByTestId('explore-dimension').selectOption('terms');
      await expect(page).toHaveURL(/&dimension=terms&top=25$/);
      await waitForChart(page);
    });

    test('years stacked by a second attribute, counting polymer entities; the download is the API’s', async ({
      page,
      baseURL,
    }, info) => {
      await page.goto('/explore?attribute=rcsb_accession_info.initial_release_date');
      await waitForChart(page);
      await builder(page).getByTestId('explore-count').selectOption('polymer_entity');
      await expect(page).toHaveURL(/&count=polymer_entity&dimension=years$/);
      await pick(page, 'Stack by (optional)', 'polymer type', 'entity_poly.rcsb_entity_polymer_type');
      await expect(page).toHaveURL(/&by=entity_poly\.rcsb_entity_polymer_type$/);
      await waitForChart(page);
      const expected = await expectedBars(baseURL!, page.url());
      expect(new Set([...expected.keys()].map((k) => k.split('|')[1])).size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(expected);
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-stacked-${width}.png`), fullPage: true });

      // The downloaded CSV is the chart data API's for the same parameters, under the same name.
      const menu = await openChartMenu(page);
      const item = menu.getByRole('group', { name: 'Download' }).getByRole('menuitem', { name: /CSV/ });
      const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
      const downloaded = csvTable(await readFile((await file.path())!, 'utf8'));
      const api = await fetch(`${baseURL}/api/charts/explore.csv${new URL(page.url()).search}`);
      expect(api.status).toBe(200);
      expect(await api.text()).toBe(downloaded);
      expect(/filename="([^"]+)"/.exec(api.headers.get('content-disposition') ?? '')?.[1]).toBe(
        file.suggestedFilename(),
      );
      // The API names the chart as the page does (the attributes' names from the same schema).
      const json = await fetch(`${baseURL}/api/charts/explore.json${new URL(page.url()).search}`);
      expect((await json.json()).title).toBe(await page.locator('h1').textContent());
    });

    test('terms split by a second attribute: stacked, then side by side; the legend, the table and the API agree', async ({
      page,
      baseURL,
    }, info) => {
      await page.goto('/explore?attribute=rcsb_entry_info.experimental_method');
      await expect(page).toHaveURL(/&dimension=terms&top=25$/);
      await waitForChart(page);
      await pick(page, 'Stack by (optional)', 'polymer entity count', 'rcsb_entry_info.polymer_entity_count');
      await expect(page).toHaveURL(/&top=25&by=rcsb_entry_info\.polymer_entity_count&stack=stacked$/);
      await waitForChart(page);
      const stacked = await expectedBars(baseURL!, page.url());
      const values = new Set([...stacked.keys()].map((k) => k.split('|')[1]));
      expect(values.size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(stacked);
      // The legend lists the segments drawn, under the second attribute's name.
      const legend = page.locator('.ps-legend');
      await expect(legend.locator('legend')).toHaveText(/Polymer Entity Count/i);
      expect(
        new Set(
          await legend
            .locator('input[data-series]')
            .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-series'))),
        ),
      ).toEqual(values);
      await expect(page.getByTestId('chart-subtitle')).toContainText(', split by ');
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-terms-stacked-${width}.png`), fullPage: true });

      // The page's table is the chart data API's: the bar's count, then a column per segment.
      await page.getByText('Data table').click();
      const table = await tableText(page.locator('.ps-data-details table'));
      const api = await fetch(`${baseURL}/api/charts/explore.csv${new URL(page.url()).search}`);
      expect(api.status).toBe(200);
      const [columns, ...rows] = (await api.text())
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
      expect(table.columns).toEqual(columns);
      expect(columns!.length).toBe(2 + values.size);
      expect(table.rows.map(([label, cells]) => [label, ...cells.map((c) => c.replace(/,/g, ''))])).toEqual(
        rows,
      );

      // Side by side: every segment stands on the axis, zeros too.
      await builder(page).getByTestId('explore-stack').selectOption('grouped');
      await expect(page).toHaveURL(/&stack=grouped$/);
      await waitForChart(page);
      const grouped = await expectedBars(baseURL!, page.url());
      expect(grouped.size).toBeGreaterThanOrEqual(stacked.size);
      await expect.poll(() => barValues(page)).toEqual(grouped);
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-terms-grouped-${width}.png`), fullPage: true });
    });

    test('bins split by a second attribute: a segment’s search finds scope AND bar AND segment', async ({
      page,
      baseURL,
    }, info) => {
      await page.goto(
        '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4',
      );
      await waitForChart(page);
      await pick(page, 'Stack by (optional)', 'experimental method', 'rcsb_entry_info.experimental_method');
      await expect(page).toHaveURL(/&end=4&by=rcsb_entry_info\.experimental_method&stack=stacked$/);
      await waitForChart(page);
      const expected = await expectedBars(baseURL!, page.url());
      expect(new Set([...expected.keys()].map((k) => k.split('|')[1])).size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(expected);
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-bins-stacked-${width}.png`), fullPage: true });

      // The largest segment's search counts that bin AND that method, not the whole bin.
      const bar = await largestBar(page);
      const value = Number(await bar.getAttribute('data-value'));
      const x = (await bar.getAttribute('data-x'))!;
      const binTotal = [...expected]
        .filter(([key]) => key.startsWith(`${x}|`))
        .reduce((a, [, v]) => a + v, 0);
      expect(value).toBeLessThan(binTotal);
      await expectBarSearchCount(page, bar, value, phone);

      // A segment hidden in the legend leaves the chart.
      const first = [...expected.keys()][0]!.split('|')[1]!;
      await page.locator(`.ps-legend input[data-series="${first}"]`).click();
      await expect
        .poll(async () => [...(await barValues(page)).keys()].some((k) => k.endsWith(`|${first}`)))
        .toBe(false);
    });

    test('split bars in percent of each bar: stacked ones reach 100 %, side by side ones share their group; the table and the API follow; a segment searches its count', async ({
      page,
      baseURL,
    }, info) => {
      await page.goto(
        '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=rcsb_entry_info.experimental_method&stack=stacked',
      );
      await waitForChart(page);
      const counts = await expectedBars(baseURL!, page.url());
      /** Each segment's share of its bar (the sum of its segments), to six decimals. */
      const sharesOf = (bars: Map<string, number>) => {
        const totals = new Map<string, number>();
        for (const [key, value] of bars) {
          const x = key.split('|')[0]!;
          totals.set(x, (totals.get(x) ?? 0) + value);
        }
        return new Map(
          [...bars].map(([key, value]) => [
            key,
            round6((value / totals.get(key.split('|')[0]!)!) * 100 || 0),
          ]),
        );
      };
      const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
      const drawn = async () =>
        new Map([...(await barValues(page))].map(([key, value]) => [key, round6(value)]));

      // The measure switch of the registry's charts: the same parameter, percent of each bar here.
      const toolbar = page.getByRole('toolbar', { name: 'Chart options' });
      await toolbar.getByRole('button', { name: 'Percent' }).click();
      await expect(page).toHaveURL(/&stack=stacked&measure=percent$/);
      await expect(toolbar.getByRole('button', { name: 'Percent' })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(drawn).toEqual(sharesOf(counts));
      const stacks = new Map<string, number>();
      for (const [key, value] of await drawn())
        stacks.set(key.split('|')[0]!, (stacks.get(key.split('|')[0]!) ?? 0) + value);
      expect([...stacks.values()].filter((sum) => sum > 0).length).toBeGreaterThan(2);
      for (const sum of stacks.values()) if (sum > 0) expect(Math.abs(sum - 100)).toBeLessThan(1e-4);
      await expect(page.locator('.ps-plot-chart .ps-axis-label')).toContainText([
        'Number of Entries (% of each bar)',
      ]);
      await expect(page.getByTestId('chart-subtitle')).toHaveText(
        /, split by .*, percent of each bar\. [\d,]+ [a-z ]+ in the archive\.$/,
      );
      await waitForBarsGrown(page);
      await page.screenshot({
        path: info.outputPath(`explore-bins-percent-stacked-${width}.png`),
        fullPage: true,
      });

      // A segment's search counts what it holds, not its percent.
      const bar = await largestBar(page);
      const key = `${await bar.getAttribute('data-x')}|${await bar.getAttribute('data-series')}`;
      await expectBarSearchCount(page, bar, counts.get(key)!, phone);
      if (phone) {
        await expect(page.getByTestId('selection')).toContainText(String(counts.get(key)));
        await page.getByTestId('selection').getByRole('button', { name: 'Close' }).click();
      }

      // The page's table: each bar's count, then each segment's share, as the chart data API gives them.
      await page.getByText('Data table').click();
      const table = await tableText(page.locator('.ps-data-details table'));
      const api = await fetch(`${baseURL}/api/charts/explore.csv${new URL(page.url()).search}`);
      expect(api.status).toBe(200);
      expect(api.headers.get('content-disposition')).toMatch(/-percent-/);
      const [columns, ...rows] = (await api.text())
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
      const segments = table.columns.length - 2;
      expect(table.columns.slice(2)).toEqual(columns!.slice(-segments));
      expect(table.columns.slice(2).every((column) => column.endsWith(' (%)'))).toBe(true);
      table.rows.forEach(([label, cells], i) => {
        expect(label).toBe(rows[i]![0]);
        expect(cells[0]!.replace(/,/g, '')).toBe(rows[i]!.at(-segments - 1));
        cells.slice(1).forEach((cell, j) => {
          expect(cell).toMatch(/%$/);
          expect(Math.abs(parseFloat(cell) - Number(rows[i]!.at(-segments + j)))).toBeLessThan(0.06);
        });
      });

      // Side by side: each group's bars share out their bar, zeros standing too.
      await builder(page).getByTestId('explore-stack').selectOption('grouped');
      await expect(page).toHaveURL(/&stack=grouped&measure=percent$/);
      await waitForChart(page);
      const grouped = await expectedBars(baseURL!, page.url());
      await expect.poll(drawn).toEqual(sharesOf(grouped));
      await waitForBarsGrown(page);
      await page.screenshot({
        path: info.outputPath(`explore-bins-percent-grouped-${width}.png`),
        fullPage: true,
      });

      // Counts again: the bars are counts.
      await toolbar.getByRole('button', { name: 'Counts' }).click();
      await expect(page).toHaveURL(/&stack=grouped$/);
      await expect.poll(drawn).toEqual(grouped);
    });

    test('the most frequent values and an Other bar: last, muted, explained, its search finds its number, switched off', async ({
      page,
      baseURL,
    }, info) => {
      const address =
        '/explore?attribute=entity_poly.rcsb_entity_polymer_type&count=polymer_entity&dimension=terms&top=1';
      await page.goto(address);
      await waitForChart(page);
      // The builder's menus show their choices whole ("Most frequent values" was cut at 375 px), and
      // every control is on the screen.
      const controls = await builder(page)
        .locator('select, input, button, .ps-switch')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            let needed = 0;
            if (element instanceof HTMLSelectElement) {
              // Its width when nothing holds it in: that of its longest choice.
              const style = element.getAttribute('style');
              Object.assign(element.style, { width: 'auto', maxWidth: 'none', position: 'absolute' });
              needed = element.getBoundingClientRect().width;
              if (style === null) element.removeAttribute('style');
              else element.setAttribute('style', style);
            }
            return { right: box.right, cut: needed - box.width };
          }),
        );
      for (const control of controls) {
        expect(control.right).toBeLessThanOrEqual(width);
        expect(control.cut).toBeLessThanOrEqual(0.5);
      }
      const expected = await expectedBars(baseURL!, page.url());
      const label = 'Other (none of the 1 shown)';
      expect([...expected.keys()].at(-1)).toBe(`${label}|`);
      expect(expected.get(`${label}|`)).toBeGreaterThan(0);
      await expect.poll(() => barValues(page)).toEqual(expected);
      const bars = page.locator('.ps-plot-chart .ps-bar');
      await expect(bars.last()).toHaveAttribute('data-x', label);
      await expect(page.locator('.ps-plot-chart .ps-bar-other')).toHaveCount(1);
      await expect(page.locator('.ps-plot-chart .ps-bar-other')).toHaveAttribute('stroke-dasharray', '4 3');
      await expect(page.locator('.ps-other-note')).toContainText(
        /^Other \(none of the 1 shown\): Polymer Entities with a value of .+ but none of the 1 shown/,
      );
      await waitForBarsGrown(page);
      await page.screenshot({ path: info.outputPath(`explore-other-${width}.png`), fullPage: true });

      // The bar's search finds its number.
      const other = page.locator('.ps-plot-chart .ps-bar-other');
      const value = Number(await other.getAttribute('data-value'));
      await expectBarSearchCount(page, other, value, phone);

      // Switched off in the builder: in the address, and the bar is gone.
      await builder(page).getByTestId('explore-other').uncheck();
      await expect(page).toHaveURL(/&top=1&other=off$/);
      await expect(page.locator('.ps-plot-chart .ps-bar-other')).toHaveCount(0);
      await expect.poll(() => barValues(page)).toEqual(await expectedBars(baseURL!, page.url()));
      await builder(page).getByTestId('explore-other').check();
      await expect(page).toHaveURL(/&top=1$/);
      await expect(page.locator('.ps-plot-chart .ps-bar-other')).toHaveCount(1);
    });

    test('embedded: the chart alone, from the same parameters', async ({ page, baseURL }) => {
      const search =
        '?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4';
      await page.goto(`/embed/explore${search}`);
      await waitForChart(page);
      await expect(builder(page)).toHaveCount(0);
      await expect(page.locator('h1')).toHaveText(/^Entries by /);
      await expect.poll(() => barValues(page)).toEqual(await expectedBars(baseURL!, page.url()));
    });
  });
}

test('cohorts compared on a top-N chart: one Other per cohort, each its search’s count', async ({
  page,
  baseURL,
}) => {
  const cohorts = [
    { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    { attribute: 'rcsb_entry_info.resolution_combined', operator: 'greater_or_equal', value: 2.5 },
  ].map(
    (parameters) =>
      `&query=${encodeURIComponent(JSON.stringify({ type: 'terminal', service: 'text', parameters }))}`,
  );
  const params = 'attribute=entity_poly.rcsb_entity_polymer_type&count=polymer_entity&dimension=terms&top=1';
  await page.goto(`/explore?${params}${cohorts.join('')}`);
  await waitForChart(page);
  const others = page.locator('.ps-plot-chart .ps-bar-other');
  await expect(others).toHaveCount(2);
  // The same numbers as the chart data API's, whose Other searches count them.
  const api = await (await fetch(`${baseURL}/api/charts/explore.json?${params}${cohorts.join('')}`)).json();
  const row = api.rows.at(-1) as [string, number, number];
  expect(row[0]).toBe('Other (none of the 1 shown)');
  expect(
    await others.evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-value')))),
  ).toEqual(row.slice(1));
  for (const [i, request] of (api.other_requests as SearchRequest[]).entries())
    expect(await countOf(baseURL!, request)).toBe(row[i + 1]);
});

test('an address the explorer cannot draw names the parameter and the reason', async ({ page }) => {
  await page.goto(
    '/explore?attribute=rcsb_entry_info.resolution_combined&count=mol_definition&start=1&step=0.5&end=4',
  );
  await expect(page.getByTestId('explore-problems')).toContainText('count: must be one of "entry"');
  await page.goto('/explore?attribute=no.such.attribute');
  await expect(page.getByTestId('explore-problems')).toContainText(
    'attribute: "no.such.attribute" is not a facetable attribute of the catalogue',
  );
});

test('a link naming only the attribute draws the chart the builder would have chosen, and says so in its address', async ({
  page,
  baseURL,
}) => {
  await page.goto('/explore?attribute=rcsb_entry_info.resolution_combined&view=annual');
  await expect(page).toHaveURL(/count=entry&dimension=bins&start=[\d.]+&step=[\d.]+&end=[\d.]+&view=annual$/);
  await expect(page.getByTestId('explore-problems')).toHaveCount(0);
  await expect.poll(() => barValues(page)).toEqual(await expectedBars(baseURL!, page.url()));
  // The written-out address replaced the link's: Back leaves the explorer.
  await page.goto('/explore?attribute=exptl.method');
  await expect(page).toHaveURL(/attribute=exptl.method&count=entry&dimension=terms&top=25$/);
  await page.goBack();
  await expect(page).toHaveURL(/dimension=bins/);
});
