import { axeScan } from './support/axe.ts';
import { CHARTS, chartFacetRequest, clickRequest, queryEditorUrl } from '@pdb-stats/charts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chartMenuButton, openChartMenu } from './support/chart-controls.ts';
import { csvTable, largestBar, requestOf, waitForChart } from './support/helpers.ts';

/**
 * The chart page's controls: one calm toolbar (the data view first, the log scale as a switch whose
 * explanation is shown when asked for, one "Download & share" menu), under the chart on a phone; and
 * a tapped bar on a phone shows its value before its search.
 */

const SHOTS = join('test-results', 'screenshots', 'chart-toolbar');
mkdirSync(SHOTS, { recursive: true });

const LOG_SCALE_EXPLANATION =
  'Each step up the axis is ten times the last; bars with zero are not drawn (zero has no logarithm).';

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chart options' });
const logSwitch = (page: Page) => page.getByRole('switch', { name: 'Log scale' });

async function openChart(page: Page, path: string) {
  await page.goto(path);
  await waitForChart(page);
  await largestBar(page);
}

/** The boxes of the toolbar's visible controls: buttons, the variant's select, the log-scale switch. */
async function controlBoxes(bar: Locator) {
  return bar.locator('button, select, [role="switch"]').evaluateAll((elements) =>
    elements
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const box = el.getBoundingClientRect();
        return {
          name:
            el.getAttribute('aria-label') ??
            el.closest('label')?.textContent?.trim() ??
            el.textContent!.trim(),
          button: el.classList.contains('ps-button'),
          top: box.top,
          middle: box.top + box.height / 2,
        };
      }),
  );
}

const DESKTOP_CHARTS = [
  '/growth/experimental-method',
  '/growth/unique-protein-sequences',
  '/distribution/resolution',
  '/distribution/taxonomy',
];

test.describe('1280×900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const path of DESKTOP_CHARTS) {
    test(`${path}: the toolbar's controls lie on one row, before the chart`, async ({ page }) => {
      await openChart(page, path);
      const bar = toolbar(page);
      const boxes = await controlBoxes(bar);
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      // One row: every control centred on the first one's line, the buttons' tops level.
      const first = boxes[0]!;
      const firstButton = boxes.find((box) => box.button)!;
      for (const box of boxes) {
        expect(
          Math.abs(box.middle - first.middle),
          `"${box.name}" on the first control's row`,
        ).toBeLessThanOrEqual(4);
        if (box.button) {
          expect(Math.abs(box.top - firstButton.top), `"${box.name}"'s top`).toBeLessThanOrEqual(2);
        }
      }
      expect((await bar.boundingBox())!.height, 'one row').toBeLessThanOrEqual(48);
      const chart = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
      expect((await bar.boundingBox())!.y).toBeLessThan(chart.y);
      // The colour settings open from the navigation bar only; nothing says "Search API".
      await expect(bar.getByRole('button', { name: 'Colors' })).toHaveCount(0);
      await openChartMenu(page);
      expect(await page.locator('body').innerText()).not.toContain('Search API');
    });
  }

  test('the log scale is a switch; its explanation shows only when asked for', async ({ page }) => {
    await openChart(page, '/growth/experimental-method?view=annual');
    const hint = page.locator(`[id="${await logSwitch(page).getAttribute('aria-describedby')}"]`);
    await expect(hint).toHaveText(LOG_SCALE_EXPLANATION);
    await expect(hint).toBeHidden();
    // Heard with the switch all the same.
    await expect(logSwitch(page)).toHaveAccessibleDescription(LOG_SCALE_EXPLANATION);

    const ask = page.getByRole('button', { name: 'What is the log scale?' });
    await expect(ask).toHaveAttribute('aria-expanded', 'false');
    await ask.click();
    await expect(hint).toBeVisible();
    await expect(ask).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: join(SHOTS, 'desktop-log-explanation.png') });
    await page.keyboard.press('Escape');
    await expect(hint).toBeHidden();
    await ask.click();
    await expect(hint).toBeVisible();
    await page.locator('h1').click();
    await expect(hint).toBeHidden();

    await logSwitch(page).check();
    await expect(page).toHaveURL(/scale=log/);
    await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveAttribute('data-scale', 'log');
    await expect(hint).toBeHidden();
  });

  test('the toolbar is reached and worked by keyboard, each control named', async ({ page }) => {
    await openChart(page, '/growth/experimental-method');
    const names: string[] = [];
    await page.getByRole('button', { name: 'Cumulative' }).focus();
    for (let i = 0; i < 6; i++) {
      if (i > 0) await page.keyboard.press('Tab');
      names.push(
        await page.evaluate(() => {
          const el = document.activeElement!;
          return (
            el.getAttribute('aria-label') ??
            el.closest('label')?.textContent?.trim() ??
            el.textContent!.trim()
          );
        }),
      );
    }
    expect(names).toEqual([
      'Cumulative',
      'Annual',
      'Log scale',
      'What is the log scale?',
      'About this chart',
      'Download & share',
    ]);
    // Space works the switch from the keyboard, and the menu opens on its first entry.
    await logSwitch(page).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/scale=log/);
    await chartMenuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Fullscreen' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Open in query editor' })).toBeFocused();
  });

  test('every action of the former toolbar is in the "Download & share" menu, and works', async ({
    page,
    baseURL,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const chart = CHARTS['experimental-method'];
    await openChart(page, '/growth/experimental-method?view=annual');
    const menu = await openChartMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Fullscreen',
      'Data snapshot',
      'CSV (data table)',
      'JSON (data, request, date, source)',
      'SVG image',
      'PNG image',
      'CSV from the data API',
      'JSON from the data API',
      'Copy link',
      'Share or embed…',
      'Open in query editor',
    ]);
    await page.screenshot({ path: join(SHOTS, 'desktop-menu-open.png') });

    // The chart at full size, and its data snapshot; each gives focus back to the menu button.
    for (const [entry, type] of [
      ['Fullscreen', 'fullscreen'],
      ['Data snapshot', 'snapshot'],
    ] as const) {
      await (await openChartMenu(page)).getByRole('menuitem', { name: entry }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAttribute('data-modal-type', type);
      await expect(
        dialog.locator(type === 'fullscreen' ? 'svg.ps-chart .ps-bar' : 'table').first(),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(chartMenuButton(page)).toBeFocused();
    }

    // The four files.
    const files: Record<string, Buffer> = {};
    for (const [entry, extension] of [
      ['CSV (data table)', 'csv'],
      ['JSON (data, request, date, source)', 'json'],
      ['SVG image', 'svg'],
      ['PNG image', 'png'],
    ] as const) {
      const item = (await openChartMenu(page)).getByRole('menuitem', { name: entry });
      const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^experimental-method-annual-.*\\.${extension}$`));
      files[extension] = await readFile((await file.path())!);
    }
    expect(csvTable(files.csv!.toString('utf8')).split('\r\n')[0]).toMatch(/^Year,/);
    expect(JSON.parse(files.json!.toString('utf8'))).toMatchObject({
      request: chartFacetRequest(chart.query),
    });
    expect(files.svg!.toString('utf8')).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect([...files.png!.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

    // The page's link, with its state, goes to the clipboard.
    await (await openChartMenu(page)).getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    expect(page.url()).toContain('view=annual');

    // The query editor with the chart's request.
    const editorEntry = (await openChartMenu(page)).getByRole('menuitem', { name: 'Open in query editor' });
    await expect(editorEntry).toHaveAttribute(
      'href',
      queryEditorUrl(baseURL!, chartFacetRequest(chart.query)),
    );
    const [editor] = await Promise.all([page.waitForEvent('popup'), editorEntry.click()]);
    expect(requestOf(editor.url())).toEqual(chartFacetRequest(chart.query));
    await expect(editor.getByTestId('result-count')).toHaveAttribute('data-count', /^\d+$/);
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('a click on a bar still opens its search at once', async ({ page }) => {
    await openChart(page, '/distribution/resolution');
    const bar = await largestBar(page);
    const [editor] = await Promise.all([page.waitForEvent('popup'), bar.click()]);
    expect(requestOf(editor.url()).query).toBeDefined();
    await expect(page.getByTestId('selection')).toContainText('Selected:');
  });
});

test.describe('375×812, touch', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const path of ['/growth/experimental-method', '/distribution/resolution', '/distribution/taxonomy']) {
    test(`${path}: the chart comes first, its controls under it in two rows at most`, async ({ page }) => {
      await openChart(page, path);
      const chart = (await page.locator('.ps-plot-chart svg.ps-chart').boundingBox())!;
      const bar = (await toolbar(page).boundingBox())!;
      expect(chart.y, "the chart's top above the toolbar's").toBeLessThan(bar.y);
      expect(bar.y, 'the toolbar under the chart').toBeGreaterThanOrEqual(chart.y + chart.height - 1);
      // What the chart shows on one row, what to do with it on the next (it wrapped to five rows before).
      expect(bar.height).toBeLessThanOrEqual(90);
      expect(bar.x + bar.width).toBeLessThanOrEqual(375);
      await page.screenshot({ path: join(SHOTS, `phone-${path.replaceAll('/', '-')}.png`), fullPage: true });
    });
  }

  test('the menu opens on screen, above its button when there is no room below', async ({ page }) => {
    await openChart(page, '/distribution/resolution');
    await chartMenuButton(page).scrollIntoViewIfNeeded();
    const menu = await openChartMenu(page);
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    await page.screenshot({ path: join(SHOTS, 'phone-menu-open.png') });
  });

  test('a tap on a bar shows its value and a "See the N entries" link, and opens nothing by itself', async ({
    page,
  }) => {
    const chart = CHARTS['experimental-method'];
    await openChart(page, '/growth/experimental-method?view=annual');
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    const at = page.url();
    const bar = await largestBar(page, '.ps-plot-chart .ps-bar[data-series]');
    const x = (await bar.getAttribute('data-x'))!;
    const series = (await bar.getAttribute('data-series'))!;
    const value = Number(await bar.getAttribute('data-value'));
    await bar.tap();

    const panel = page.getByTestId('selection');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading')).toHaveText(x);
    await expect(panel).toContainText(series);
    await expect(panel).toContainText(`Number of Entries: ${value.toLocaleString('en-US')}`);
    const open = panel.getByRole('link', { name: `See the ${value.toLocaleString('en-US')} entries` });
    // The query editor is the second action.
    await expect(panel.getByRole('link').nth(1)).toHaveText('Query editor');
    const expected = clickRequest(chart, { x, series, view: 'annual' }, chart.query);
    expect(requestOf((await open.getAttribute('href'))!)).toEqual(expected);
    // The panel is on screen, whatever the scroll.
    const box = (await panel.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'phone-tap.png') });
    const serious = (await axeScan(page)).violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(serious.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
    // Nothing opened by itself: no new tab, the page stayed.
    await page.waitForTimeout(1000);
    expect(popups).toEqual([]);
    expect(page.url()).toBe(at);

    // The visitor's tap on "See the N entries" opens the bar's results.
    const [results] = await Promise.all([page.waitForEvent('popup'), open.tap()]);
    expect(requestOf(results.url())).toEqual(expected);
    await expect(results.getByTestId('total-count')).toHaveAttribute('data-count', String(value));

    await panel.getByRole('button', { name: 'Close' }).tap();
    await expect(panel).toBeHidden();
  });
});
