import type { QueryNode } from '@pdb-stats/search-model';
import { CHARTS, clickRequest, finalizeRequest, resolveChart, type ChartKey } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { countOf, waitForHydration } from './support/helpers.ts';

/**
 * The board of linked charts (`/board`): a bar selected on one chart filters every other chart of
 * the board (its own selection left out), each count under a selection is the count of the search
 * it stands for, the board is its address (reloaded, it is the same board), it is edited by links
 * and a form, and it is used with the keyboard alone.
 */

const BOARD = '/board?chart=resolution&chart=overall-structures&chart=journal';

/** The search condition of a bar, as the board makes it from a selection. */
const barNode = (chart: ChartKey, x: string): QueryNode =>
  CHARTS[chart].buildSearch({ x, view: 'annual' }, resolveChart(CHARTS[chart]).query).query!;

/** The bars a card draws: label and value. */
async function cardBars(page: Page, chart: ChartKey): Promise<{ x: string; value: number }[]> {
  return page
    .locator(`[data-chart="${chart}"] .ps-bar`)
    .evaluateAll((rects) =>
      rects.map((r) => ({ x: r.getAttribute('data-x') ?? '', value: Number(r.getAttribute('data-value')) })),
    );
}

/** The board drawn and hydrated, its answers in. */
async function boardReady(page: Page) {
  await waitForHydration(page, '[data-testid="board"] .ps-bar');
  await expect(page.locator('.ps-board-grid')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.ps-board-updating')).toHaveCount(0);
}

/** Each of the first bars of a card counts what scope AND bar finds. */
async function expectCountsOfSearches(page: Page, baseURL: string, chart: ChartKey, scope: QueryNode) {
  const bars = (await cardBars(page, chart)).filter((bar) => bar.value > 0).slice(0, 3);
  expect(bars.length, `${chart} draws bars under the selection`).toBeGreaterThan(0);
  const { query } = resolveChart(CHARTS[chart]);
  for (const bar of bars)
    expect(
      await countOf(baseURL, clickRequest(CHARTS[chart], { x: bar.x, view: 'annual' }, query, scope)),
      `${chart}: ${bar.x}`,
    ).toBe(bar.value);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a selected bar filters the other charts, each count that of its search; the address keeps it', async ({
      page,
      baseURL,
    }) => {
      await page.goto(BOARD);
      await boardReady(page);
      const whole = await cardBars(page, 'resolution');
      const journals = await cardBars(page, 'journal');
      const largest = whole.reduce((a, b) => (b.value > a.value ? b : a));
      await page.locator(`[data-chart="resolution"] .ps-bar[data-x="${largest.x}"]`).click({ force: true });
      await expect(page).toHaveURL(/select=resolution%3A/);
      await expect(page.getByTestId('board-chip')).toHaveCount(1);
      await expect(page.getByTestId('board-chip')).toContainText(largest.x);
      // The chosen bar is marked, the only one.
      const chosen = page.locator('[data-testid="board"] a[aria-current="true"] .ps-bar');
      await expect(chosen).toHaveCount(1);
      await expect(chosen).toHaveAttribute('data-x', largest.x);
      await boardReady(page);
      // The other charts now count within the bar; the chart selected on keeps its own bars.
      await expect.poll(() => cardBars(page, 'journal')).not.toEqual(journals);
      expect(await cardBars(page, 'resolution')).toEqual(whole);
      const scope = barNode('resolution', largest.x);
      await expectCountsOfSearches(page, baseURL!, 'journal', scope);
      await expectCountsOfSearches(page, baseURL!, 'overall-structures', scope);
      const entries = await countOf(baseURL!, finalizeRequest({ query: scope, return_type: 'entry' }));
      expect(entries).toBe(largest.value);
      await expect(page.getByTestId('board-results')).toHaveText(
        `See the ${entries.toLocaleString('en-US')} entries`,
      );

      // The address is the board: reloaded, it is drawn the same.
      const url = page.url();
      await page.reload();
      await boardReady(page);
      expect(page.url()).toBe(url);
      await expect(page.getByTestId('board-chip')).toContainText(largest.x);
      await expectCountsOfSearches(page, baseURL!, 'journal', scope);
    });
  });
}

test('a second selection filters by both, and each chart leaves its own out', async ({ page, baseURL }) => {
  await page.goto(BOARD);
  await boardReady(page);
  const resolution = (await cardBars(page, 'resolution')).reduce((a, b) => (b.value > a.value ? b : a));
  await page.locator(`[data-chart="resolution"] .ps-bar[data-x="${resolution.x}"]`).click();
  await boardReady(page);
  const years = (await cardBars(page, 'overall-structures')).reduce((a, b) => (b.value > a.value ? b : a));
  await page.locator(`[data-chart="overall-structures"] .ps-bar[data-x="${years.x}"]`).click();
  await expect(page.getByTestId('board-chip')).toHaveCount(2);
  await boardReady(page);
  const byResolution = barNode('resolution', resolution.x);
  const byYear = barNode('overall-structures', years.x);
  const both: QueryNode = { type: 'group', logical_operator: 'and', nodes: [byResolution, byYear] };
  await expectCountsOfSearches(page, baseURL!, 'journal', both);
  await expectCountsOfSearches(page, baseURL!, 'resolution', byYear);
  await expectCountsOfSearches(page, baseURL!, 'overall-structures', byResolution);
});

test('selected and cleared with the keyboard alone', async ({ page }) => {
  await page.goto(BOARD);
  await boardReady(page);
  // The first bar of the first chart takes the focus; Enter selects it.
  const first = page.locator('[data-chart="resolution"] .ps-bar[tabindex="0"]');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('board-chip')).toHaveCount(1);
  await boardReady(page);
  const clear = page.getByTestId('board-chip').getByRole('link');
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('board-chip')).toHaveCount(0);
  await expect(page).not.toHaveURL(/select=/);
});

test('a chart is added, moved and removed, each a board of its own address', async ({ page }) => {
  await page.goto(BOARD);
  await boardReady(page);
  await page.getByTestId('board-add').getByRole('combobox').selectOption('space-group');
  await page.getByTestId('board-add').getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/chart=journal&chart=space-group/);
  await expect(page.getByTestId('board-chart')).toHaveCount(4);
  await page.getByRole('link', { name: /Move .*Space Group earlier/ }).click();
  await expect(page).toHaveURL(/chart=space-group&chart=journal/);
  await page.getByRole('link', { name: /Remove .*Journal/ }).click();
  await expect(page.getByTestId('board-chart')).toHaveCount(3);
  await expect(page).toHaveURL('/board?chart=resolution&chart=overall-structures&chart=space-group');
  await boardReady(page);
});

test('without JavaScript: the board arrives drawn, its bars are links that select', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(BOARD);
  await expect(page.getByTestId('board-chart')).toHaveCount(3);
  // A bar of the drawing shown (the page holds a phone's drawing and a desktop's until measured).
  const link = page.locator('[data-chart="resolution"] a.ps-bar-link:visible').nth(4);
  await link.click();
  await expect(page).toHaveURL(/select=resolution%3A/);
  await expect(page.getByTestId('board-chip')).toHaveCount(1);
  await expect(page.getByTestId('board-results')).toHaveText(/^See the [\d,]+ entr(y|ies)$/);
  await page.getByTestId('board-chip').getByRole('link').click();
  await expect(page.getByTestId('board-chip')).toHaveCount(0);
  await context.close();
});

test('reached from the home page and the navigation bar', async ({ page }) => {
  await page.goto('/');
  await page.locator('.ps-hero').getByRole('link', { name: 'board' }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId('board-chart')).toHaveCount(6);
  await page.goto('/explore');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Board' }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByRole('heading', { name: 'Board', level: 1 })).toBeVisible();
});

test('embeddable: any site may frame it, its bars select within the frame, nothing edits it', async ({
  page,
}) => {
  await page.goto(BOARD);
  await boardReady(page);
  const href = await page.getByTestId('board-embed').getAttribute('href');
  expect(href).toBe(BOARD.replace('/board', '/embed/board'));
  const response = await page.goto(href!);
  expect(response!.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(response!.headers()['x-frame-options']).toBeUndefined();
  await boardReady(page);
  await expect(page.locator('.ps-navbar')).toHaveCount(0);
  await expect(page.getByTestId('board-add')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Remove / })).toHaveCount(0);
  await page.locator('[data-chart="resolution"] .ps-bar').nth(5).click();
  await expect(page).toHaveURL(/\/embed\/board\?.*select=resolution%3A/);
  await expect(page.getByTestId('board-chip')).toHaveCount(1);
  // The way back to the full board keeps the selection.
  await expect(page.locator('.ps-board-source a')).toHaveAttribute(
    'href',
    /^\/board\?.*select=resolution%3A/,
  );
});
