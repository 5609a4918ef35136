import {
  CHARTS,
  CHART_LIST,
  chartFacetRequest,
  clickRequest,
  toDistributionData,
  toGrowthData,
  advancedSearchUrl,
  queryEditorUrl,
} from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { openChartMenu } from './support/chart-controls.ts';
import {
  barValues,
  chartData,
  expectChartTitled,
  largestBar,
  requestOf,
  waitForBarsGrown,
  waitForChart,
  withoutServerRendering,
} from './support/helpers.ts';

/** Opens a chart and waits for it; the page reaches only the service under test. */
async function openChart(page: Page, path: string) {
  await page.goto(path);
  await waitForChart(page);
}

// Trend charts draw points and 100 % stacks: trend.spec.ts checks them. A test opens several charts
// one after the other, each checked in a step of its own: a fresh browser context per chart fetched
// and compiled the scripts again, some 4-5 s a chart against 1-2 s.
const BAR_CHARTS = CHART_LIST.filter((c) => c.kind !== 'trend');
const GROUPS = 3;
for (let group = 0; group < GROUPS; group++) {
  const charts = BAR_CHARTS.filter((_, i) => i % GROUPS === group);
  test(`${charts.map((c) => c.key).join(', ')}: its title, and every bar carries the value the API returned`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(charts.length * 15_000);
    for (const chart of charts)
      await test.step(`${chart.key}: its title, and every bar carries the value the API returned`, async () => {
        const response = await chartData(baseURL!, chart.query);
        await openChart(page, `/${chart.kind}/${chart.key}`);
        await expectChartTitled(page, chart.title);
        const drawn = await barValues(page);
        const expected = new Map<string, number>();
        if (chart.kind === 'growth') {
          const data = toGrowthData(response, chart.query);
          const multi = data.series.length > 1;
          for (const series of data.series)
            data.years.forEach((year, i) => {
              const value = series.cumulative[i] ?? 0;
              if (value > 0) expected.set(`${year}|${multi ? series.label : ''}`, value);
            });
        } else if (chart.kind === 'distribution') {
          const data = toDistributionData(response, chart.query, { truncate: chart.truncateViewData });
          for (const bar of data.bars) expected.set(`${bar.label}|`, bar.value);
        }
        expect(drawn).toEqual(expected);
        if (response === null)
          await expect(page.getByText('The search service has no data for this chart.')).toBeVisible();
      });
  });
}

test('growth bars switch to the annual values', async ({ page, baseURL }) => {
  const chart = CHARTS['overall-structures'];
  const data = toGrowthData(await chartData(baseURL!, chart.query), chart.query);
  await openChart(page, '/growth/overall-structures');
  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page).toHaveURL(/view=annual/);
  const drawn = await barValues(page);
  const series = data.series[0]!;
  expect(drawn).toEqual(
    new Map(data.years.map((y, i) => [`${y}|`, series.annual[i]!] as const).filter(([, v]) => v > 0)),
  );
});

/** How many bars of the chart are being animated now. */
const growingBars = (page: Page) =>
  page.evaluate(
    () =>
      document.getAnimations().filter((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return target instanceof Element && target.classList.contains('ps-bar');
      }).length,
  );

// The suite asks for reduced motion (playwright.config.ts): these two tests say what each wish gives.
test.describe('for a visitor who has not asked for reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('bars drawn in the browser grow in, then stand still', async ({ page }) => {
    await openChart(page, '/growth/overall-structures');
    await page.getByRole('button', { name: 'Annual' }).click();
    await expect.poll(() => growingBars(page)).toBeGreaterThan(0);
    await waitForBarsGrown(page);
    await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeVisible();
  });
});

test('for a visitor who asked for reduced motion, bars appear without growing', async ({ page }) => {
  await openChart(page, '/growth/overall-structures');
  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page).toHaveURL(/view=annual/);
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeVisible();
  expect(await growingBars(page)).toBe(0);
});

test('a click on a stacked segment opens the query editor with that year and series only', async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['experimental-method'];
  await openChart(page, '/growth/experimental-method');
  const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-series]');
  const year = (await bar.getAttribute('data-x'))!;
  const series = (await bar.getAttribute('data-series'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  const expected = clickRequest(chart, { x: year, series, view: 'cumulative' }, chart.query);
  expect(popup.url().startsWith(`${baseURL}/search?request=`)).toBe(true);
  expect(requestOf(popup.url())).toEqual(expected);
  expect(expected.query).toEqual({
    type: 'group',
    logical_operator: 'and',
    nodes: [
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_accession_info.initial_release_date',
          operator: 'less_or_equal',
          value: `${year}-12-31`,
        },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.experimental_method',
          operator: 'exact_match',
          value: series,
        },
      },
    ],
  });
  expect(expected.request_info?.src).toBe('ui');
  expect(expected.request_options).toEqual({
    paginate: { start: 0, rows: 0 },
    results_content_type: ['experimental'],
  });
  await popup.close();

  // The panel links the same results first, then the same search in the query editor.
  const links = page.getByTestId('selection').getByRole('link');
  await expect(links.first()).toHaveText(/^See the [\d,]+ entries$/);
  await expect(links.first()).toHaveAttribute(
    'href',
    advancedSearchUrl(baseURL!, expected, '/growth/experimental-method'),
  );
  await expect(links.nth(1)).toHaveText('Edit the search in the query editor');
  await expect(links.nth(1)).toHaveAttribute(
    'href',
    queryEditorUrl(baseURL!, expected, '/growth/experimental-method'),
  );
});

test('an annual click filters the whole year', async ({ page }) => {
  const chart = CHARTS['molecular-composition'];
  await openChart(page, '/growth/molecular-composition?view=annual');
  const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-series]');
  const year = (await bar.getAttribute('data-x'))!;
  const series = (await bar.getAttribute('data-series'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  expect(requestOf(popup.url())).toEqual(
    clickRequest(chart, { x: year, series, view: 'annual' }, chart.query),
  );
  expect(JSON.stringify(requestOf(popup.url()).query)).toContain(
    `{"from":"${year}-01-01","to":"${year}-12-31","include_lower":true,"include_upper":true}`,
  );
});

test('a click on a range bin searches that bin', async ({ page }) => {
  const chart = CHARTS.resolution;
  await openChart(page, '/distribution/resolution');
  const bar = page.locator('.ps-plot-chart .ps-bar[data-x="1.0–1.2 Å"]');
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
  const request = requestOf(popup.url());
  expect(request).toEqual(clickRequest(chart, { x: '1.0–1.2 Å', view: 'cumulative' }, chart.query));
  expect(request.query).toEqual({
    type: 'group',
    logical_operator: 'and',
    nodes: [
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'range',
          value: { from: 1, to: 1.2, include_lower: true, include_upper: false },
        },
      },
    ],
  });
});

test('a click on a table value of a small-molecule chart links the chemical search', async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['molecular-weight-small-molecules'];
  await openChart(page, '/distribution/molecular-weight-small-molecules');
  await page.getByText('Data table').click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^< 100 Da: .*search$/ }).click(),
  ]);
  const expected = clickRequest(chart, { x: '< 100 Da', view: 'cumulative' }, chart.query);
  expect(requestOf(popup.url())).toEqual(expected);
  expect(popup.url()).toMatch(new RegExp(`^${baseURL}/search/chemical/\\?request=`));
  await expect(page.getByTestId('selection').getByRole('link', { name: /^See the / })).toHaveAttribute(
    'href',
    new RegExp(`^${baseURL}/search/chemical/\\?request=`),
  );
});

test("a click on a term searches it with the chart's filters", async ({ page }) => {
  const chart = CHARTS['assembly-symmetry-distribution'];
  await openChart(page, '/distribution/assembly-symmetry-distribution');
  const bar = page.locator('.ps-plot-chart .ps-bar').first();
  const label = (await bar.getAttribute('data-x'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  expect(requestOf(popup.url())).toEqual(clickRequest(chart, { x: label, view: 'cumulative' }, chart.query));
});

test("the menu's query-editor link carries the facet request, with only the visible series", async ({
  page,
  baseURL,
}) => {
  const chart = CHARTS['assembly-symmetry'];
  await openChart(page, '/growth/assembly-symmetry');
  const link = (await openChartMenu(page)).getByTestId('facet-request-link');
  await expect(link).toHaveAccessibleName('Open in query editor');
  await expect(link).toHaveAttribute('href', queryEditorUrl(baseURL!, chartFacetRequest(chart.query)));
  await page.keyboard.press('Escape');
  const boxes = page.locator('.ps-legend input[type="checkbox"]');
  const labels = await boxes.evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-series')!));
  test.skip(labels.length < 2, 'the archive has a single symmetry type');
  await boxes.first().uncheck();
  await expect(page).toHaveURL(/hide=/);
  await expect(page.locator(`.ps-plot-chart .ps-bar[data-series="${labels[0]}"]`)).toHaveCount(0);
  await openChartMenu(page);
  const request = requestOf((await link.getAttribute('href'))!);
  expect(request).toEqual(
    chartFacetRequest(chart.query, { series: { all: labels, visible: labels.slice(1) } }),
  );
});

test('the unique-uniprot click searches polymer entities grouped by UniProt accession', async ({ page }) => {
  const chart = CHARTS['unique-uniprot-entries'];
  await openChart(page, '/growth/unique-uniprot-entries');
  const bar = await largestBar(page);
  const year = (await bar.getAttribute('data-x'))!;
  const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
  const request = requestOf(popup.url());
  expect(request).toEqual(clickRequest(chart, { x: year, view: 'cumulative' }, chart.query));
  expect(request.return_type).toBe('polymer_entity');
  expect(request.request_options?.group_by?.aggregation_method).toBe('matching_uniprot_accession');
});

test('variants are kept in the URL and change the request', async ({ page }) => {
  await openChart(page, '/growth/unique-protein-sequences');
  await page.getByLabel('Sequence identity').selectOption('50');
  await expect(page).toHaveURL(/identity=50/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Unique Protein Sequences within Released PDB Structures (50% Sequence Identity)',
  );
  await waitForChart(page);
});

test('an API failure shows the error screen', async ({ page }) => {
  await withoutServerRendering(page);
  await page.route('**/rcsbsearch/v2/query', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"engine on fire"}' }),
  );
  await page.goto('/distribution/resolution');
  const alert = page.locator('.ps-data-error');
  await expect(alert.getByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(alert).toContainText('Error loading data: 500 engine on fire');
});

test('a 204 answer draws an empty chart, not an error', async ({ page }) => {
  await withoutServerRendering(page);
  await page.route('**/rcsbsearch/v2/query', (route) => route.fulfill({ status: 204 }));
  await openChart(page, '/growth/experimental-method');
  await expect(page.getByText('The search service has no data for this chart.')).toBeVisible();
  await expect(page.locator('.ps-data-error')).toHaveCount(0);
});

test('screenshots of a growth and a distribution chart', async ({ page }) => {
  await openChart(page, '/growth/experimental-method');
  await waitForBarsGrown(page);
  await page.screenshot({ path: 'test-results/screenshots/growth-experimental-method.png', fullPage: true });
  await openChart(page, '/distribution/resolution');
  await waitForBarsGrown(page);
  await page.screenshot({ path: 'test-results/screenshots/distribution-resolution.png', fullPage: true });
  await openChart(page, '/distribution/taxonomy');
  await waitForBarsGrown(page);
  await page.screenshot({ path: 'test-results/screenshots/distribution-taxonomy.png', fullPage: true });
});
