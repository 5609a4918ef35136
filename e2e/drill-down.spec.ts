import {
  CHARTS,
  chartFacetRequest,
  idOfNamedLabel,
  readLevel,
  resolveChart,
  toDistributionData,
  fetchChartAnswer,
} from '@pdb-stats/charts';
import { EC_CLASS_NAMES } from '@pdb-stats/search-model';
import { axeScan } from './support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import {
  barValues,
  tableText,
  expectBarSearchCount,
  search,
  waitForBarsGrown,
  waitForChart,
} from './support/helpers.ts';

/**
 * Drill-down on EC classes: a bar's panel opens the level below it (a link: its own address), the
 * breadcrumb leads back, Back and Forward step through the levels, each level's bars are the
 * children of its class as the service counts them, and a child bar's search finds its number.
 */

const EC = CHARTS['enzyme-classification'];
const PATH = '/distribution/enzyme-classification';

/** Presses Tab until `matches` holds for the focused element; fails after `limit` presses. */
async function tabTo(page: Page, matches: (el: Element) => boolean, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

const trail = (page: Page) => page.getByTestId('drill-trail').locator('li');
const parentOf = (url: string) => new URL(url).searchParams.get('parent');

const SCOP = CHARTS['scop-classification'];
const SCOP_PATH = '/distribution/scop-classification';

const TAXONOMY = CHARTS.taxonomy;
const TAXONOMY_PATH = '/distribution/taxonomy';

/**
 * The level's bars as the service counts them: the facet answer of that level, children only (a
 * taxonomy group's organisms kept by their second search), as many as the chart draws.
 */
async function expectedBars(baseURL: string, parent: string | undefined, definition = EC) {
  const chart = resolveChart(definition, undefined, parent);
  const { response } = await fetchChartAnswer((request) => search(baseURL, request), chart);
  const data = toDistributionData(response, chart.query, { truncate: definition.truncateViewData });
  return new Map(data.bars.map((bar) => [`${bar.label}|`, bar.value] as const));
}

/** The largest bar of a level that has a level below, by label, with its count. */
function largestOpenable(bars: Map<string, number>, parent: string | undefined) {
  const [key, value] = [...bars]
    .filter(([key]) => SCOP.hierarchy!.childOf(key.split('|')[0]!, parent) !== undefined)
    .sort((a, b) => b[1] - a[1])[0]!;
  return { label: key.split('|')[0]!, value };
}

/** The name in a bar's label `<sunid> <name>`. */
const nameOf = (label: string) => label.slice(label.indexOf(' ') + 1);

const SCOPE = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 3 },
} as const;

/** A level's bars and what its answer tells of them (which open a level below), as the service answers it. */
async function levelOf(baseURL: string, parent: string, definition = EC, scope?: typeof SCOPE) {
  const chart = resolveChart(definition, undefined, parent);
  const response = await search(baseURL, chartFacetRequest(chart.query, { scope }));
  return {
    bars: toDistributionData(response, chart.query).bars,
    level: readLevel(chart, [response], scope !== undefined),
  };
}

/** An EC level (over the scope) whose bars are classes both with and without a level below (incomplete EC numbers). */
async function mixedEcLevel(baseURL: string) {
  for (const top of Object.keys(EC_CLASS_NAMES)) {
    for (const bar of (await levelOf(baseURL, top, EC, SCOPE)).bars) {
      const parent = idOfNamedLabel(bar.label);
      const { bars, level } = await levelOf(baseURL, parent, EC, SCOPE);
      const opening = bars.filter((b) => level.opens(b.label) !== undefined);
      if (opening.length > 0 && opening.length < bars.length) return { parent, bars, level };
    }
  }
  throw new Error('no EC level with classes both with and without a level below');
}

/** The parameters of an address other than `parent`, sorted: what opening another level keeps. */
const otherParams = (url: string) =>
  [...new URL(url).searchParams].filter(([name]) => name !== 'parent').sort(([a], [b]) => a.localeCompare(b));

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  const phone = width < 768;
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    /** Chooses a bar as the visitor does: a click (its search opens in a tab, closed here) or a tap. */
    async function choose(page: Page, label: string) {
      // Quoted as a CSS string: SCOP names hold double quotes ('"Winged helix" DNA-binding domain').
      const bar = page.locator(`.ps-plot-chart .ps-bar[data-x=${JSON.stringify(label)}]`);
      await waitForBarsGrown(page);
      if (phone) await bar.click({ force: true });
      else {
        const [popup] = await Promise.all([page.waitForEvent('popup'), bar.click({ force: true })]);
        await popup.close();
      }
      await expect(page.getByTestId('selection')).toBeVisible();
    }

    test('two levels down and back: breadcrumb, Back and Forward, and a child bar’s search', async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto(PATH);
      await waitForChart(page);
      await expect(page.getByTestId('drill-trail')).toHaveCount(0);

      // Top level: Hydrolases opens its level below, EC 3.
      await choose(page, 'Hydrolases');
      const open = page.getByTestId('drill-down');
      await expect(open).toHaveText('Open level below Hydrolases');
      await open.click();
      await expect(page).toHaveURL(/[?&]parent=3$/);
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(`${EC.title}: Hydrolases`);
      await expect(trail(page)).toHaveText(['All classes', 'Hydrolases']);
      const firstLevel = await expectedBars(baseURL!, '3');
      expect(firstLevel.size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(firstLevel);

      // Second level: the largest child opens its own level below.
      const [child] = [...firstLevel].sort((a, b) => b[1] - a[1])[0]!;
      // Its bar is named where the archive names its classes: '3.4 Acting on peptide bonds (peptidases)'.
      const childLabel = child.split('|')[0]!;
      const childId = idOfNamedLabel(childLabel);
      expect(childLabel).toMatch(new RegExp(`^${childId.replace('.', '\\.')} \\S`));
      await choose(page, childLabel);
      await expect(page.getByTestId('drill-down')).toHaveText(`Open level below ${childLabel}`);
      await page.getByTestId('drill-down').click();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${childId.replace('.', '\\.')}$`));
      await waitForChart(page);
      // A deeper class is named as the archive names it, beside its number.
      await expect(trail(page)).toHaveText(['All classes', 'Hydrolases', childLabel]);
      await expect(page.locator('h1')).toHaveText(`${EC.title}: Hydrolases › ${childLabel}`);
      const secondLevel = await expectedBars(baseURL!, childId);
      expect(secondLevel.size).toBeGreaterThan(0);
      await expect.poll(() => barValues(page)).toEqual(secondLevel);
      for (const key of secondLevel.keys()) expect(idOfNamedLabel(key).startsWith(`${childId}.`)).toBe(true);
      await waitForBarsGrown(page);
      await page.screenshot({ path: testInfo.outputPath(`drill-${width}.png`), fullPage: true });

      // A child bar's search finds its number: in the query editor a click opens, or the panel's link.
      const [grandchild, value] = [...secondLevel].sort((a, b) => b[1] - a[1])[0]!;
      const grandchildLabel = grandchild.split('|')[0]!;
      const grandchildId = idOfNamedLabel(grandchildLabel);
      const bar = page.locator(`.ps-plot-chart .ps-bar[data-x="${grandchildLabel}"]`);
      await expectBarSearchCount(page, bar, value, phone);
      // Serial numbers are the last level: nothing below them to open (the panel a tap opened says so).
      if (phone && grandchildId.split('.').length === 4) {
        await expect(page.getByTestId('drill-down')).toHaveCount(0);
      }

      // The breadcrumb leads back up; Back and Forward step through the levels.
      await trail(page).getByRole('link', { name: 'Hydrolases' }).click();
      await expect(page).toHaveURL(/[?&]parent=3$/);
      await waitForChart(page);
      await expect.poll(() => barValues(page)).toEqual(firstLevel);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${childId.replace('.', '\\.')}$`));
      await expect.poll(() => barValues(page)).toEqual(secondLevel);
      await page.goForward();
      await expect(page).toHaveURL(/[?&]parent=3$/);
      await expect.poll(() => barValues(page)).toEqual(firstLevel);
      await trail(page).getByRole('link', { name: 'All classes' }).click();
      await expect(page).toHaveURL(new RegExp(`${PATH}$`));
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(EC.title);
      await expect(page.getByTestId('drill-trail')).toHaveCount(0);
      expect(parentOf(page.url())).toBeNull();
    });

    test('a level opened by address is drawn by the server, with its table and downloads', async ({
      page,
      baseURL,
    }) => {
      const response = await page.goto(`${PATH}?parent=3`);
      // The server's page already holds the level's bars and breadcrumb.
      const html = (await response!.text()) as string;
      expect(html).toContain('data-testid="drill-trail"');
      expect(html).toContain('data-x="3.');
      await waitForChart(page);
      await page.getByText('Data table').click();
      const table = page.locator('.ps-data-details table');
      const expected = await expectedBars(baseURL!, '3');
      await expect(table.locator('tbody tr')).toHaveCount(expected.size);
      const csv = await page.request.get(`/api/charts/enzyme-classification.csv?parent=3`);
      expect(csv.status()).toBe(200);
      const rows = (await csv.text()).trim().split('\r\n').slice(1);
      // Each row starts with its bar's label (quoted when the name holds a comma) and ends with its count.
      expect(rows.map((row) => Number(row.slice(row.lastIndexOf(',') + 1)))).toEqual([...expected.values()]);
      expect(rows.map((row) => idOfNamedLabel(row.replace(/^"/, '')))).toEqual(
        [...expected.keys()].map((k) => idOfNamedLabel(k.split('|')[0]!)),
      );
    });

    test('SCOP: two levels down by sunid paths, named breadcrumb, Back and Forward, and a bar’s search', async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto(SCOP_PATH);
      await waitForChart(page);
      const top = largestOpenable(await expectedBars(baseURL!, undefined, SCOP), undefined);
      const classId = SCOP.hierarchy!.childOf(top.label, undefined)!;
      await choose(page, top.label);
      await expect(page.getByTestId('drill-down')).toHaveText(`Open level below ${top.label}`);
      await page.getByTestId('drill-down').click();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${classId}$`));
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(`${SCOP.title}: ${top.label}`);
      await expect(trail(page)).toHaveText(['All classes', top.label]);
      const firstLevel = await expectedBars(baseURL!, classId, SCOP);
      expect(firstLevel.size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(firstLevel);

      // A fold, named by the archive's lineage ('<sunid> <name>'), opens its superfamilies.
      const fold = largestOpenable(firstLevel, classId);
      expect(fold.label).toMatch(/^\d+ \S/);
      const foldPath = `${classId}.${idOfNamedLabel(fold.label)}`;
      await choose(page, fold.label);
      await page.getByTestId('drill-down').click();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${foldPath.replace('.', '\\.')}$`));
      await waitForChart(page);
      // The breadcrumb and title name the classes, not their sunids.
      await expect(trail(page)).toHaveText(['All classes', top.label, nameOf(fold.label)]);
      await expect(page.locator('h1')).toHaveText(`${SCOP.title}: ${top.label} › ${nameOf(fold.label)}`);
      const secondLevel = await expectedBars(baseURL!, foldPath, SCOP);
      expect(secondLevel.size).toBeGreaterThan(0);
      await expect.poll(() => barValues(page)).toEqual(secondLevel);
      await waitForBarsGrown(page);
      await page.screenshot({ path: testInfo.outputPath(`scop-drill-${width}.png`), fullPage: true });

      // A superfamily bar's search finds its count.
      const [superfamily, value] = [...secondLevel].sort((a, b) => b[1] - a[1])[0]!;
      const bar = page.locator(
        `.ps-plot-chart .ps-bar[data-x=${JSON.stringify(superfamily.split('|')[0]!)}]`,
      );
      await expectBarSearchCount(page, bar, value, phone);

      // Back and Forward step through the levels; the breadcrumb leads to the top.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${classId}$`));
      await expect.poll(() => barValues(page)).toEqual(firstLevel);
      await page.goForward();
      await expect.poll(() => barValues(page)).toEqual(secondLevel);
      await expect(trail(page)).toHaveText(['All classes', top.label, nameOf(fold.label)]);
      await trail(page).getByRole('link', { name: 'All classes' }).click();
      await expect(page).toHaveURL(new RegExp(`${SCOP_PATH}$`));
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(SCOP.title);
    });

    test('SCOP: a level opened by address is drawn by the server with its named breadcrumb; its CSV is the table', async ({
      page,
      baseURL,
    }) => {
      const top = largestOpenable(await expectedBars(baseURL!, undefined, SCOP), undefined);
      const classId = SCOP.hierarchy!.childOf(top.label, undefined)!;
      const fold = largestOpenable(await expectedBars(baseURL!, classId, SCOP), classId);
      const foldPath = `${classId}.${idOfNamedLabel(fold.label)}`;
      const response = await page.goto(`${SCOP_PATH}?parent=${foldPath}`);
      const html = (await response!.text()) as string;
      expect(html).toContain('data-testid="drill-trail"');
      await waitForChart(page);
      await expect(trail(page)).toHaveText(['All classes', top.label, nameOf(fold.label)]);
      await page.getByText('Data table').click();
      const expected = await expectedBars(baseURL!, foldPath, SCOP);
      await expect(page.locator('.ps-data-details table tbody tr')).toHaveCount(expected.size);
      const csv = await page.request.get(`/api/charts/scop-classification.csv?parent=${foldPath}`);
      expect(csv.status()).toBe(200);
      const rows = (await csv.text()).trim().split('\r\n').slice(1);
      expect(rows.map((row) => Number(row.slice(row.lastIndexOf(',') + 1)))).toEqual([...expected.values()]);
      await page.goto(`${SCOP_PATH}?parent=Peptides`);
      await waitForChart(page);
      await expect(page.getByTestId('parent-problem')).toContainText('parent: must be a path of SCOP sunids');
    });

    test('taxonomy: a group opens its organisms, the bottom level; breadcrumb, Back and Forward, and an organism’s search', async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto(TAXONOMY_PATH);
      await waitForChart(page);
      const top = await expectedBars(baseURL!, undefined, TAXONOMY);
      const [groupKey] = [...top].sort((a, b) => b[1] - a[1])[0]!;
      const group = groupKey.split('|')[0]!;
      expect(TAXONOMY.hierarchy!.childOf(group, undefined)).toBe(group);
      await choose(page, group);
      await expect(page.getByTestId('drill-down')).toHaveText(`Open level below ${group}`);
      await page.getByTestId('drill-down').click();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${group}$`));
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(`${TAXONOMY.title}: ${group}`);
      await expect(trail(page)).toHaveText(['All groups', group]);
      const organisms = await expectedBars(baseURL!, group, TAXONOMY);
      expect(organisms.size).toBeGreaterThan(1);
      await expect.poll(() => barValues(page)).toEqual(organisms);
      await waitForBarsGrown(page);
      await page.screenshot({ path: testInfo.outputPath(`taxonomy-drill-${width}.png`), fullPage: true });

      // An organism's search finds its number; organisms are the bottom: nothing below to open.
      const [organismKey, value] = [...organisms].sort((a, b) => b[1] - a[1])[0]!;
      const organism = organismKey.split('|')[0]!;
      await choose(page, organism);
      await expect(page.getByTestId('drill-down')).toHaveCount(0);
      const bar = page.locator(`.ps-plot-chart .ps-bar[data-x=${JSON.stringify(organism)}]`);
      await expectBarSearchCount(page, bar, value, phone);

      // Back and Forward step between the levels; the breadcrumb leads to the top.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${TAXONOMY_PATH}$`));
      await expect.poll(() => barValues(page)).toEqual(top);
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`[?&]parent=${group}$`));
      await expect.poll(() => barValues(page)).toEqual(organisms);
      await trail(page).getByRole('link', { name: 'All groups' }).click();
      await expect(page).toHaveURL(new RegExp(`${TAXONOMY_PATH}$`));
      await waitForChart(page);
      await expect(page.locator('h1')).toHaveText(TAXONOMY.title);
      await expect(page.getByTestId('drill-trail')).toHaveCount(0);
    });

    test('taxonomy: a level opened by address is drawn by the server, with its table and CSV; a bad group is said', async ({
      page,
      baseURL,
    }) => {
      const organisms = await expectedBars(baseURL!, 'Bacteria', TAXONOMY);
      const [first] = [...organisms.keys()];
      const response = await page.goto(`${TAXONOMY_PATH}?parent=Bacteria`);
      const html = (await response!.text()) as string;
      expect(html).toContain('data-testid="drill-trail"');
      expect(html).toContain(`data-x="${first!.split('|')[0]}"`);
      await waitForChart(page);
      await expect(trail(page)).toHaveText(['All groups', 'Bacteria']);
      // The level's bars are organisms, not groups: its axis and its table's column say so.
      await expect(page.locator('.ps-plot-chart .ps-axis-label', { hasText: 'Source Organism' })).toHaveCount(
        1,
      );
      await page.getByText('Data table').click();
      await expect(page.locator('.ps-data-details table tbody tr')).toHaveCount(organisms.size);
      const csv = await page.request.get('/api/charts/taxonomy.csv?parent=Bacteria');
      expect(csv.status()).toBe(200);
      const [header, ...rows] = (await csv.text()).trim().split('\r\n');
      expect(header).toMatch(/^"?Source Organism"?,/);
      expect(rows.map((row) => Number(row.slice(row.lastIndexOf(',') + 1)))).toEqual([...organisms.values()]);
      await page.goto(`${TAXONOMY_PATH}?parent=bacteria`);
      await waitForChart(page);
      await expect(page.getByTestId('parent-problem')).toContainText(
        'parent: must be a group of the taxonomy chart',
      );
      await expect(page.locator('h1')).toHaveText(TAXONOMY.title);
    });

    test('a level the chart does not have is said, naming the parameter, and the top level drawn', async ({
      page,
    }) => {
      await page.goto(`${PATH}?parent=Hydrolases`);
      await waitForChart(page);
      await expect(page.getByTestId('parent-problem')).toContainText('parent: must be an EC class');
      await expect(page.locator('h1')).toHaveText(EC.title);
      await expect(page.locator('.ps-plot-chart .ps-bar[data-x="Hydrolases"]')).toHaveCount(1);
    });
  });
}

for (const [definition, path, top] of [
  [EC, PATH, 'All classes'],
  [TAXONOMY, TAXONOMY_PATH, 'All groups'],
] as const)
  test(`by keyboard (${definition.key}): a focused bar opens its search, and Tab reaches the link to its level below`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForChart(page);
    await tabTo(page, (el) => el.classList.contains('ps-bar'));
    const bar = page.locator(':focus');
    const label = (await bar.getAttribute('data-x'))!;
    const parent = definition.hierarchy!.childOf(label, undefined);
    expect(parent).toBeDefined();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await popup.close();
    await tabTo(page, (el) => el.getAttribute('data-testid') === 'drill-down');
    await expect(page.locator(':focus')).toHaveText(`Open level below ${label}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]parent=${parent}$`));
    await waitForChart(page);
    await expect(trail(page)).toHaveText([top, label]);
  });

// A class's bar has a link to its level below; an organism, the last level, has none.
for (const [address, opens] of [
  [`${PATH}?parent=3`, true],
  [`${TAXONOMY_PATH}?parent=Eukaryota`, false],
] as const)
  test(`axe: a drilled-down level with its breadcrumb and a bar’s panel open has no serious violations (${address})`, async ({
    page,
  }) => {
    await page.goto(address);
    await waitForChart(page);
    await waitForBarsGrown(page);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('.ps-plot-chart .ps-bar').first().click({ force: true }),
    ]);
    await popup.close();
    await expect(page.getByTestId('selection')).toBeVisible();
    await expect(page.getByTestId('drill-down')).toHaveCount(opens ? 1 : 0);
    const results = await axeScan(page);
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
  });

test('the table links each row whose class has a level below to it, the panel offers the same, and both keep the scope and every other parameter', async ({
  page,
  baseURL,
}) => {
  const { parent, bars, level } = await mixedEcLevel(baseURL!);
  const address = `${PATH}?parent=${parent}&query=${encodeURIComponent(JSON.stringify(SCOPE))}&scale=log`;
  await page.goto(address);
  await waitForChart(page);
  const kept = otherParams(page.url());
  await page.getByText('Data table').click();
  const table = page.locator('.ps-data-details table');
  await expect(table.locator('tbody tr')).toHaveCount(bars.length);
  // An incomplete EC number (3.4.24.-) has a class with nothing below it: its row links nowhere.
  for (const bar of bars) {
    const link = table.getByRole('link', { name: `Open level below ${bar.label}` });
    await expect(link, bar.label).toHaveCount(level.opens(bar.label) === undefined ? 0 : 1);
  }
  const closed = bars.find((bar) => level.opens(bar.label) === undefined)!;
  const open = bars.find((bar) => level.opens(bar.label) !== undefined)!;

  // The bar's panel: nothing to open under the incomplete class, its level under the other.
  await waitForBarsGrown(page);
  for (const [bar, offered] of [
    [closed, 0],
    [open, 1],
  ] as const) {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator(`.ps-plot-chart .ps-bar[data-x=${JSON.stringify(bar.label)}]`).click({ force: true }),
    ]);
    await popup.close();
    await expect(page.getByTestId('selection')).toBeVisible();
    await expect(page.getByTestId('drill-down')).toHaveCount(offered);
  }
  const panelHref = await page.getByTestId('drill-down').getAttribute('href');
  expect(new URL(panelHref!, page.url()).searchParams.get('parent')).toBe(level.opens(open.label));
  expect(otherParams(new URL(panelHref!, page.url()).href)).toEqual(kept);

  // By keyboard from the table: the row's link opens the level below, the scope and scale kept.
  await table.getByRole('link', { name: `Open level below ${open.label}` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => parentOf(page.url())).toBe(level.opens(open.label));
  expect(otherParams(page.url())).toEqual(kept);
  await waitForChart(page);
  // The breadcrumb leads back up with them too.
  await trail(page).getByRole('link').last().click();
  await expect.poll(() => parentOf(page.url())).toBe(parent);
  expect(otherParams(page.url())).toEqual(kept);
});

test('SCOP compared at a fold: the breadcrumb and title name the classes, a bar opens its level with the cohorts kept, and the deepest level opens nothing', async ({
  page,
  baseURL,
}, testInfo) => {
  const top = largestOpenable(await expectedBars(baseURL!, undefined, SCOP), undefined);
  const classId = SCOP.hierarchy!.childOf(top.label, undefined)!;
  const fold = largestOpenable(await expectedBars(baseURL!, classId, SCOP), classId);
  const foldPath = `${classId}.${idOfNamedLabel(fold.label)}`;
  const cohort = (operator: string) => ({
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator, value: 2.2 },
  });
  const params = new URLSearchParams();
  params.append('query', JSON.stringify(cohort('less')));
  params.append('query', JSON.stringify(cohort('greater_or_equal')));
  params.append('label', 'Sharp');
  params.append('label', 'Blurred');
  await page.goto(`${SCOP_PATH}?parent=${foldPath}&${params}`);
  await waitForChart(page);
  const kept = otherParams(page.url());
  await expect(trail(page)).toHaveText(['All classes', top.label, nameOf(fold.label)]);
  await expect(page.locator('h1')).toHaveText(`${SCOP.title}: ${top.label} › ${nameOf(fold.label)}`);
  await waitForBarsGrown(page);
  await page.screenshot({ path: testInfo.outputPath('scop-compared-fold.png'), fullPage: true });

  // A superfamily of the first cohort opens its families, the cohorts kept.
  const superfamily = (await page.locator('.ps-plot-chart .ps-bar').first().getAttribute('data-x'))!;
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.locator('.ps-plot-chart .ps-bar').first().click({ force: true }),
  ]);
  await popup.close();
  await expect(page.getByTestId('drill-down')).toHaveText(`Open level below ${superfamily}`);
  await page.getByTestId('drill-down').click();
  const superfamilyPath = `${foldPath}.${idOfNamedLabel(superfamily)}`;
  await expect.poll(() => parentOf(page.url())).toBe(superfamilyPath);
  expect(otherParams(page.url())).toEqual(kept);
  await waitForChart(page);
  await expect(trail(page)).toHaveText(['All classes', top.label, nameOf(fold.label), nameOf(superfamily)]);

  // Families are the archive's deepest level: no bar, no row opens a level below.
  await waitForBarsGrown(page);
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    page.locator('.ps-plot-chart .ps-bar').first().click({ force: true }),
  ]);
  await again.close();
  await expect(page.getByTestId('selection')).toBeVisible();
  await expect(page.getByTestId('drill-down')).toHaveCount(0);
  await page.getByText('Data table').click();
  const table = page.locator('.ps-data-details table');
  expect((await tableText(table)).rows.length).toBeGreaterThan(0);
  await expect(table.getByTestId('table-drill')).toHaveCount(0);
  await trail(page)
    .getByRole('link', { name: nameOf(fold.label) })
    .click();
  await expect.poll(() => parentOf(page.url())).toBe(foldPath);
  expect(otherParams(page.url())).toEqual(kept);
});

test('a SCOP path whose sunids are not one lineage of the archive is said next to the breadcrumb, naming parent, and not drawn', async ({
  page,
  baseURL,
}) => {
  const tops = [...(await expectedBars(baseURL!, undefined, SCOP)).keys()]
    .map((key) => SCOP.hierarchy!.childOf(key.split('|')[0]!, undefined))
    .filter((id): id is string => id !== undefined);
  const [classId, otherClass] = tops as [string, string];
  const fold = largestOpenable(await expectedBars(baseURL!, classId, SCOP), classId);
  const foldId = idOfNamedLabel(fold.label);
  for (const [path, message] of [
    [`${classId}.999999`, 'parent: no SCOP annotation of the archive holds 999999'],
    [
      `${otherClass}.${foldId}`,
      `the lineage of ${foldId} is ${classId} › ${foldId}, not ${otherClass} at depth 1`,
    ],
  ] as const) {
    await page.goto(`${SCOP_PATH}?parent=${path}`);
    await expect(page.getByTestId('parent-problem')).toContainText(message);
    await expect(page.getByTestId('drill-trail')).toBeVisible();
    await expect(page.locator('.ps-plot-chart .ps-bar')).toHaveCount(0);
    const api = await page.request.get(`/api/charts/scop-classification.csv?parent=${path}`);
    expect(api.status()).toBe(400);
    expect(await api.json()).toMatchObject({ field: 'parent' });
  }
});
