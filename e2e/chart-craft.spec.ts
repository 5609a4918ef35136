import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHARTS, CHART_LIST, toGrowthData, type ChartDefinition } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';
import { chartData, waitForBarsGrown, waitForChart, withoutServerRendering } from './support/helpers.ts';

/**
 * The charts drawn with care at a desktop's and a phone's width: axes that fit, names in full, bin
 * labels under their bars, a subtitle, the year that is not over marked, and empty states of their own.
 * With CHART_SHOTS_DIR set, each chart's page is saved there as a screenshot to be looked at.
 *
 * A test loads several pages one after the other, each checked in a step of its own named as the
 * check: a fresh browser context per page cost more than the check itself (its scripts fetched and
 * compiled again), some 5 s a page against 1 to 2 s.
 */

/** Time a test is given per page it loads and checks, on a busy 2-core machine. */
const PER_PAGE_MS = 15_000;

/** Splits `items` into `count` groups, every count-th item to the same one, so that workers share them. */
function groups<T>(items: T[], count: number): T[][] {
  return Array.from({ length: count }, (_, group) => items.filter((_, i) => i % count === group));
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** The archive's last release day in the browser tests' demo archive (support/real-server.ts). */
const ARCHIVE_DAY = '23 November';

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Boxes on screen of the chart's texts and bars, read in one pass. */
async function chartGeometry(page: Page) {
  return page.locator('.ps-plot-chart svg.ps-chart').evaluate((svg) => {
    const box = (element: Element) => {
      const r = element.getBoundingClientRect();
      return { text: element.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const app = document.querySelector('.ps-app')!;
    const ticks = Array.from(
      svg.querySelectorAll('.ps-tick text, text.ps-bin-label, text.ps-category-label'),
    );
    return {
      svg: box(svg),
      viewportWidth: document.documentElement.clientWidth,
      ticks: ticks.map(box),
      fonts: ticks.map((t) => ({
        size: getComputedStyle(t).fontSize,
        family: getComputedStyle(t).fontFamily,
      })),
      appFont: getComputedStyle(app).fontFamily,
      categories: Array.from(svg.querySelectorAll('text.ps-category-label')).map((t) => ({
        ...box(t),
        category: t.getAttribute('data-category'),
      })),
      binLabels: Array.from(svg.querySelectorAll('text.ps-bin-label, .ps-axis-bottom .ps-tick text')).map(
        box,
      ),
      bars: Array.from(svg.querySelectorAll('.ps-bar, .ps-point')).map((b) => ({
        ...box(b),
        x: b.getAttribute('data-x')!,
        cohort: b.getAttribute('data-cohort'),
      })),
      axisTitles: Array.from(svg.querySelectorAll('.ps-axis-label')).map((t) => (t.textContent ?? '').trim()),
      axisTitleBoxes: Array.from(svg.querySelectorAll('.ps-axis-label')).map(box),
    };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The drawing's craft: tick labels apart and in the interface font, an axis title on each axis,
 * every category named in full inside the chart (horizontal charts), every year or bin label
 * centred under its bar or its group of bars (one bar per cohort when compared).
 */
async function checkCraft(page: Page, chart: ChartDefinition) {
  const g = await chartGeometry(page);

  // No two tick labels (values, years, bins, category names) overlap.
  for (let i = 0; i < g.ticks.length; i++)
    for (let j = i + 1; j < g.ticks.length; j++)
      expect(overlap(g.ticks[i]!, g.ticks[j]!), `"${g.ticks[i]!.text}" overlaps "${g.ticks[j]!.text}"`).toBe(
        false,
      );

  // Tick text in the interface font at 12 to 13 px.
  for (const font of g.fonts) {
    expect(['12px', '13px']).toContain(font.size);
    expect(font.family).toBe(g.appFont);
  }

  // An axis title on each axis, whole inside the drawing (an SVG clips what runs past its edge).
  expect(g.axisTitles.filter(Boolean).length).toBeGreaterThanOrEqual(2);
  for (const title of g.axisTitleBoxes) {
    expect(title.left, `axis title "${title.text}"`).toBeGreaterThanOrEqual(g.svg.left - 0.5);
    expect(title.right, `axis title "${title.text}"`).toBeLessThanOrEqual(g.svg.right + 0.5);
    expect(title.top, `axis title "${title.text}"`).toBeGreaterThanOrEqual(g.svg.top - 0.5);
    expect(title.bottom, `axis title "${title.text}"`).toBeLessThanOrEqual(g.svg.bottom + 0.5);
  }

  const names = [...new Set(g.bars.map((b) => b.x))];
  if (chart.kind === 'distribution' && chart.options.orientation === 'horizontal') {
    // Every category's full name is written, inside the chart and the screen.
    for (const name of names) {
      const label = g.categories.find((c) => c.category === name);
      expect(label, `no label for ${name}`).toBeDefined();
      expect(words(label!.text)).toBe(words(name));
      expect(label!.left).toBeGreaterThanOrEqual(g.svg.left - 0.5);
      expect(label!.right).toBeLessThanOrEqual(g.svg.right + 0.5);
      expect(label!.left).toBeGreaterThanOrEqual(0);
      expect(label!.right).toBeLessThanOrEqual(g.viewportWidth);
    }
  } else {
    // Every year or bin label is centred under its bar, or its group of bars side by side.
    expect(g.binLabels.length).toBeGreaterThan(0);
    const cohorts = new Set(g.bars.map((b) => b.cohort)).size;
    for (const label of g.binLabels) {
      const group = g.bars.filter((b) => b.x === label.text);
      // A year or bin with no count draws no bar; a cohort without one leaves its place empty.
      if (new Set(group.map((b) => b.cohort)).size < cohorts) continue;
      const left = Math.min(...group.map((b) => b.left));
      const right = Math.max(...group.map((b) => b.right));
      const centre = (label.left + label.right) / 2;
      expect(Math.abs(centre - (left + right) / 2), `label ${label.text}`).toBeLessThanOrEqual(2);
    }
    expect(g.binLabels.some((label) => g.bars.some((b) => b.x === label.text))).toBe(true);
  }

  await expect(page.getByTestId('chart-subtitle')).toHaveText(/\S/);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // A trend chart in both its views: points on a band, and stacks of shares.
    const pages = CHART_LIST.flatMap((chart): { chart: ChartDefinition; view: string }[] =>
      chart.kind === 'trend'
        ? [
            { chart, view: '' },
            { chart, view: 'shares' },
          ]
        : [{ chart, view: '' }],
    );
    const named = ({ chart, view }: { chart: ChartDefinition; view: string }) =>
      `${chart.key}${view && ` (${view})`}`;
    for (const group of groups(pages, 3)) {
      test(`${group.map(named).join(', ')}: axes fit, names in full, bin labels under their bars, a subtitle`, async ({
        page,
      }) => {
        test.setTimeout(group.length * PER_PAGE_MS);
        for (const { chart, view } of group) {
          await test.step(`${named({ chart, view })}: axes fit, names in full, bin labels under their bars, a subtitle`, async () => {
            await page.goto(`/${chart.kind}/${chart.key}${view && `?view=${view}`}`);
            await waitForChart(page);
            if (chart.kind !== 'trend' || view === 'shares') await waitForBarsGrown(page);
            await checkCraft(page, chart);

            if (process.env.CHART_SHOTS_DIR) {
              mkdirSync(process.env.CHART_SHOTS_DIR, { recursive: true });
              await page.screenshot({
                path: join(process.env.CHART_SHOTS_DIR, `${chart.key}${view && `-${view}`}-${size.name}.png`),
                fullPage: true,
              });
            }
          });
        }
      });
    }

    // Two cohorts (`query` repeated): bars side by side per bin, year or category, and a legend.
    const method = (value: string) => ({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
    });
    const cohorts = ['X-RAY DIFFRACTION', 'ELECTRON MICROSCOPY']
      .map((m) => `query=${encodeURIComponent(JSON.stringify(method(m)))}`)
      .join('&');
    const compared = [
      ['resolution', ''],
      ['enzyme-classification', ''],
      ['overall-structures', 'annual'],
      ['overall-structures', ''],
    ] as const;
    test('resolution, enzyme-classification, overall-structures (annual and cumulative) compared over two cohorts', async ({
      page,
    }) => {
      test.setTimeout(compared.length * PER_PAGE_MS);
      for (const [key, view] of compared) {
        const chart = CHARTS[key];
        await test.step(`${key}${view && ` (${view})`} compared over two cohorts: axes fit, names in full, labels under their groups, a legend apart`, async () => {
          await page.goto(`/${chart.kind}/${key}?${cohorts}${view && `&view=${view}`}`);
          await waitForChart(page);
          await waitForBarsGrown(page);
          const drawn = await page
            .locator('.ps-plot-chart .ps-bar')
            .evaluateAll((bars) => new Set(bars.map((b) => b.getAttribute('data-cohort'))).size);
          expect(drawn).toBe(2);
          await checkCraft(page, chart);
          // The legend's entries: apart, on the screen.
          const entries = await page.locator('.ps-legend label').evaluateAll((labels) =>
            labels.map((l) => {
              const r = l.getBoundingClientRect();
              return {
                text: l.textContent ?? '',
                left: r.left,
                right: r.right,
                top: r.top,
                bottom: r.bottom,
              };
            }),
          );
          expect(entries).toHaveLength(2);
          for (const entry of entries) {
            expect(entry.left, entry.text).toBeGreaterThanOrEqual(0);
            expect(entry.right, entry.text).toBeLessThanOrEqual(size.width);
          }
          expect(overlap(entries[0]!, entries[1]!)).toBe(false);
          await page.screenshot({
            path: test.info().outputPath(`compared-${key}${view && `-${view}`}-${size.name}.png`),
            fullPage: true,
          });
        });
      }
    });

    test('the SVG download centres each bin label under its bar too', async ({ page, browser }) => {
      await page.goto('/distribution/resolution');
      await waitForChart(page);
      await waitForBarsGrown(page);
      await page.getByRole('button', { name: /^Download/ }).click();
      const item = page.getByRole('menu').getByRole('menuitem', { name: /SVG/ });
      const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
      const svg = await readFile((await file.path())!, 'utf8');
      // The file on a page of its own, as an image viewer shows it.
      const viewer = await browser.newPage();
      await viewer.setContent(svg);
      const offsets = await viewer.evaluate(() =>
        Array.from(document.querySelectorAll('text.ps-bin-label')).map((label) => {
          const bar = document.querySelector(`.ps-bar[data-x="${label.getAttribute('data-x')}"]`);
          const l = label.getBoundingClientRect();
          const b = bar?.getBoundingClientRect();
          return b ? Math.abs((l.left + l.right) / 2 - (b.left + b.right) / 2) : null;
        }),
      );
      await viewer.close();
      const measured = offsets.filter((o): o is number => o !== null);
      expect(measured.length).toBeGreaterThan(3);
      for (const offset of measured) expect(offset).toBeLessThanOrEqual(2);
    });

    test('the subtitle says which share of the groups a top-25 chart shows', async ({ page }) => {
      // Asked for its first 25 groups only: the answer cannot tell how many there are.
      await page.goto('/distribution/journal');
      await waitForChart(page);
      await expect(page.getByTestId('chart-subtitle')).toHaveText(
        /^Number of Entries by Journal, top 25\. [\d,]+ entries in the archive\.$/,
      );
    });

    test('the year that is not over is drawn lighter and marked in the annual view', async ({ page }) => {
      await page.goto('/growth/overall-structures?view=annual');
      await waitForChart(page);
      await waitForBarsGrown(page);
      const partial = page.locator('.ps-plot-chart .ps-bar[data-partial="true"]');
      await expect(partial).toHaveCount(1);
      await expect(partial).toHaveAttribute('data-x', '2026');
      expect(Number(await partial.evaluate((bar) => getComputedStyle(bar).fillOpacity))).toBeLessThan(1);
      const whole = page.locator('.ps-plot-chart .ps-bar[data-x="2025"]');
      expect(Number(await whole.evaluate((bar) => getComputedStyle(bar).fillOpacity))).toBe(1);
      await expect(page.locator('.ps-partial-note')).toHaveText(`2026 to ${ARCHIVE_DAY}`);
      await expect(page.getByTestId('chart-subtitle')).toContainText(`(2026 to ${ARCHIVE_DAY})`);

      // The cumulative view counts everything to date: nothing there is partial.
      await page.getByRole('button', { name: 'Cumulative' }).click();
      await expect(page).not.toHaveURL(/view=annual/);
      await expect(page.locator('.ps-plot-chart .ps-bar[data-partial]')).toHaveCount(0);
      await expect(page.locator('.ps-partial-note')).toHaveCount(0);
    });

    const withEvents = [
      '/growth/experimental-method?view=annual&chart=line&events=on',
      '/growth/overall-structures?view=annual&events=on',
      '/growth/overall-structures?events=on&from=2012&to=2022',
      '/growth/unique-protein-sequences?chart=line&events=on&from=2000&scale=log',
    ];
    test('growth charts with events: ticks, event labels and the note over the plot never overlap', async ({
      page,
    }) => {
      test.setTimeout(withEvents.length * PER_PAGE_MS);
      for (const path of withEvents) {
        await test.step(`${path}: ticks, event labels and the note over the plot never overlap`, async () => {
          await page.goto(path);
          await waitForChart(page);
          const g = await chartGeometry(page);
          const texts = await page.locator('.ps-plot-chart svg.ps-chart').evaluate((svg) =>
            Array.from(svg.querySelectorAll('.ps-tick text, .ps-event-label, .ps-partial-note')).map((t) => {
              const r = t.getBoundingClientRect();
              return {
                text: t.textContent ?? '',
                left: r.left,
                right: r.right,
                top: r.top,
                bottom: r.bottom,
              };
            }),
          );
          expect(
            texts.filter((t) => t.text && g.ticks.every((tick) => tick.text !== t.text)).length,
          ).toBeGreaterThan(0);
          for (let i = 0; i < texts.length; i++) {
            const a = texts[i]!;
            expect(a.left, a.text).toBeGreaterThanOrEqual(g.svg.left - 0.5);
            expect(a.right, a.text).toBeLessThanOrEqual(g.svg.right + 0.5);
            expect(a.top, a.text).toBeGreaterThanOrEqual(g.svg.top - 0.5);
            for (const b of texts.slice(i + 1))
              expect(overlap(a, b), `"${a.text}" overlaps "${b.text}"`).toBe(false);
          }
          await expect(page.getByTestId('chart-subtitle')).toHaveText(/\S/);
        });
      }
    });

    const withoutData = ['/growth/overall-structures', '/distribution/resolution', '/distribution/journal'];
    test('growth, bins and top-25 charts: no data is a message of its own, with no axes', async ({
      page,
    }) => {
      test.setTimeout(withoutData.length * PER_PAGE_MS);
      // The service finds nothing (204 No Content) for the chart's request.
      await withoutServerRendering(page);
      await page.route(
        (url) => url.pathname.endsWith('/query'),
        (route) => route.fulfill({ status: 204 }),
      );
      for (const path of withoutData) {
        await test.step(`${path}: no data is a message of its own, with no axes`, async () => {
          await page.goto(path);
          const state = page.locator('.ps-plot-chart .ps-chart-state[data-state="no-data"]');
          await expect(state).toHaveText('The search service has no data for this chart.');
          await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveCount(0);
          await expect(page.locator('.ps-plot-chart .ps-tick')).toHaveCount(0);
        });
      }
    });

    test('every series hidden is a message of its own, with no axes', async ({ page, baseURL }) => {
      const chart = CHARTS['experimental-method'];
      const data = toGrowthData(await chartData(baseURL!, chart.query), chart.query);
      expect(data.series.length).toBeGreaterThan(1);
      const hide = data.series.map((s) => `hide=${encodeURIComponent(s.label)}`).join('&');
      await page.goto(`/growth/experimental-method?${hide}`);
      const state = page.locator('.ps-plot-chart .ps-chart-state[data-state="all-hidden"]');
      await expect(state).toContainText('Every series is hidden');
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).toHaveCount(0);
      // Showing one series again draws the chart.
      await page.getByRole('checkbox', { name: data.series[0]!.label }).first().click();
      await expect(page.locator('.ps-plot-chart svg.ps-chart')).toBeVisible();
      await expect(state).toHaveCount(0);
    });
  });
}
