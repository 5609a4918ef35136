import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/helpers.ts';

/**
 * A chart the server drew, before its frame is measured. The server cannot know the screen: the
 * page holds the chart laid out for a desktop and for a phone, and the stylesheet shows the one for
 * the frame's width. Read on a phone without JavaScript, the chart is the phone's drawing (not a
 * desktop's squeezed to less than half its width): drawn at its own proportions, its labels apart,
 * its bars links and each of them once in the accessibility tree. On a desktop the desktop's
 * drawing is shown, at its own proportions too (not stretched across a wider frame), and at every
 * width between; in a frame too narrow for the desktop's labels to stay 11 px, the phone's. With
 * JavaScript, once the page has hydrated one drawing is left, at the frame's width.
 */

const PAGES = {
  growth: '/growth/experimental-method',
  columns: '/distribution/resolution',
  horizontal: '/distribution/enzyme-classification',
  trend: '/trend/resolution-by-year',
};

/** The labels of a chart's axes, by where they are written. */
const LABELS = {
  'left ticks': '.ps-axis-left .ps-tick text',
  'bottom ticks': '.ps-axis-bottom .ps-tick text',
  'bin labels': '.ps-bin-label',
  'category names': '.ps-category-label',
};

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

/**
 * The chart page's drawings in the server's markup: how many, and of the one shown its layout width
 * (viewBox), how much it is stretched across and down to fill its frame, and its labels' boxes.
 */
async function shownDrawing(page: Page) {
  return page.locator('.ps-plot-chart svg.ps-chart').evaluate((svg, selectors) => {
    const drawings = Array.from(svg.querySelectorAll<SVGSVGElement>(':scope > svg.ps-drawing'));
    const shown = drawings.filter((drawing) => getComputedStyle(drawing).display !== 'none');
    const drawing = shown[0];
    const plot = drawing?.querySelector<SVGGElement>(':scope > g');
    const matrix = plot?.getScreenCTM();
    const boxes = (selector: string) =>
      Array.from(drawing?.querySelectorAll(selector) ?? []).map((element) => {
        const box = element.getBoundingClientRect();
        const text = element.textContent ?? '';
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, text };
      });
    return {
      drawings: drawings.length,
      shown: shown.length,
      which: drawing?.getAttribute('class'),
      layoutWidth: drawing?.viewBox.baseVal.width,
      across: matrix?.a,
      down: matrix?.d,
      chart: svg.getBoundingClientRect().width,
      frame: svg.parentElement!.getBoundingClientRect().width,
      labels: Object.fromEntries(Object.entries(selectors).map(([name, sel]) => [name, boxes(sel)])),
    };
  }, LABELS);
}

/** Pairs of labels whose boxes overlap (by more than a hair). */
function overlapping(boxes: Box[]): string[] {
  const pairs: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > 0.5 && down > 0.5) pairs.push(`${a.text} / ${b.text}`);
    }),
  );
  return pairs;
}

test('the drawings’ coordinates are written with two decimals at most (the page’s weight)', async ({
  request,
}) => {
  for (const [kind, path] of Object.entries(PAGES)) {
    const html = await (await request.get(path)).text();
    const svg = html.slice(html.indexOf('<svg'), html.lastIndexOf('</svg>'));
    expect(
      svg.match(/class="ps-bar"|class="ps-point"/g)?.length ?? 0,
      `${kind}: marks drawn`,
    ).toBeGreaterThan(4);
    // Every number in a geometry attribute of the drawings, and in their transforms and paths.
    const attributes =
      svg.match(/\s(?:x|y|x1|x2|y1|y2|cx|cy|r|width|height|d|transform|viewBox)="[^"]*"/g) ?? [];
    expect(attributes.length, kind).toBeGreaterThan(50);
    const long = attributes.filter((attribute) => /\d\.\d{3}/.test(attribute));
    expect(long.slice(0, 5), `${kind}: coordinates with more than two decimals`).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('at 375 px each chart is the phone’s drawing, drawn at its own proportions, its labels apart', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [kind, path] of Object.entries(PAGES)) {
      await page.goto(path);
      const drawing = await shownDrawing(page);
      expect(drawing.drawings, `${kind}: drawings in the page`).toBe(3);
      expect(drawing.shown, `${kind}: drawings shown`).toBe(1);
      expect(drawing.which, kind).toContain('ps-drawing-narrow');
      expect(drawing.layoutWidth, `${kind}: laid out for a phone`).toBeLessThanOrEqual(400);
      // At the size it was laid out at, as wide as the frame: text and bars keep their shapes.
      expect(drawing.down, kind).toBeCloseTo(1, 2);
      expect(drawing.across, kind).toBeCloseTo(1, 2);
      let labels = 0;
      for (const [where, boxes] of Object.entries(drawing.labels)) {
        labels += boxes.length;
        expect(overlapping(boxes), `${kind}: ${where} overlapping`).toEqual([]);
        for (const box of boxes) {
          expect(box.left, `${kind}: ${box.text}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${kind}: ${box.text}`).toBeLessThanOrEqual(375);
        }
      }
      expect(labels, `${kind}: labels`).toBeGreaterThan(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), kind).toBeLessThanOrEqual(375);
      await page.screenshot({ path: test.info().outputPath(`${kind}-375-nojs.png`), fullPage: true });
    }
  });

  test('at 1280 px each chart is the desktop’s drawing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [kind, path] of Object.entries(PAGES)) {
      await page.goto(path);
      const drawing = await shownDrawing(page);
      expect(drawing.drawings, `${kind}: drawings in the page`).toBe(3);
      expect(drawing.shown, `${kind}: drawings shown`).toBe(1);
      expect(drawing.which, kind).toContain('ps-drawing-wide');
      expect(drawing.layoutWidth, kind).toBe(800);
      for (const [where, boxes] of Object.entries(drawing.labels))
        expect(overlapping(boxes), `${kind}: ${where} overlapping`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`${kind}-1280-nojs.png`), fullPage: true });
    }
  });

  // In a frame from 560 to 734 px (a growth chart beside its side column in a 1000 px window, a
  // landscape phone) the phone's drawing was shown at most 439 px wide, in the middle of the frame;
  // now a drawing laid out for such a frame fills it, its text 11 px or more.
  for (const viewport of [
    { width: 640, height: 900 },
    { width: 1000, height: 900 },
  ])
    test(`at ${viewport.width} px a chart in a frame under 734 px is laid out for it, as wide as its frame`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const [kind, path] of Object.entries(PAGES)) {
        await page.goto(path);
        const drawing = await shownDrawing(page);
        const where = `${kind} in a ${Math.round(drawing.frame)} px frame`;
        if (drawing.frame >= 734) {
          expect(drawing.which, where).toContain('ps-drawing-wide');
          continue;
        }
        expect(drawing.frame, where).toBeGreaterThanOrEqual(560);
        expect(drawing.shown, where).toBe(1);
        expect(drawing.which, where).toContain('ps-drawing-medium');
        expect(drawing.layoutWidth, where).toBe(600);
        expect(Math.abs(drawing.chart - drawing.frame), `${where}: chart as wide as its frame`).toBeLessThan(
          1,
        );
        expect(drawing.across! / drawing.down!, `${where}: across / down`).toBeCloseTo(1, 2);
        for (const [name, boxes] of Object.entries(drawing.labels))
          expect(overlapping(boxes), `${where}: ${name} overlapping`).toEqual([]);
        await page.screenshot({
          path: test.info().outputPath(`${kind}-${viewport.width}-nojs.png`),
          fullPage: true,
        });
      }
      // The board's many charts leave that drawing out (the page's weight): the phone's is shown.
      await page.goto('/board');
      const card = await page
        .locator('.ps-board-card svg.ps-chart')
        .first()
        .evaluate((svg) => ({
          drawings: svg.querySelectorAll(':scope > svg.ps-drawing').length,
          shown: Array.from(svg.querySelectorAll(':scope > svg.ps-drawing'))
            .filter((drawing) => getComputedStyle(drawing).display !== 'none')
            .map((drawing) => drawing.getAttribute('class')),
        }));
      expect(card.drawings).toBe(2);
      expect(card.shown).toHaveLength(1);
    });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 600, height: 900 },
    { width: 1000, height: 900 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px the drawing shown is scaled alike across and down, so its text keeps its shape`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const [kind, path] of Object.entries(PAGES)) {
        await page.goto(path);
        const drawing = await shownDrawing(page);
        const where = `${kind} in a ${Math.round(drawing.frame)} px frame`;
        // Stretched across a wider frame at its own height, a desktop's drawing was 1.26 to 1.56
        // times as wide as high at 1280 px; now the chart has the drawing's proportions.
        expect(drawing.across! / drawing.down!, `${where}: across / down`).toBeGreaterThan(0.98);
        expect(drawing.across! / drawing.down!, `${where}: across / down`).toBeLessThan(1.02);
        // As wide as its frame, up to a quarter wider than it was laid out (its text 15 px at most).
        const widest = Math.min(drawing.frame, drawing.layoutWidth! * 1.25);
        expect(Math.abs(drawing.chart - widest), `${where}: chart width`).toBeLessThan(1);
        expect(drawing.down, where).toBeLessThanOrEqual(1.251);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
          viewport.width,
        );
      }
    });
  }

  // A chart's text is 12 px at its layout width; the desktop's drawing scaled to a frame under about
  // 730 px wide (a landscape phone's, or a window with the growth page's side column) made it
  // 8.5 to 11 px, hard to read. The size on screen: the font's times the scale down its lines
  // (rotated bin labels included).
  for (const viewport of [
    { width: 600, height: 900 },
    { width: 640, height: 900 },
    { width: 700, height: 900 },
    { width: 844, height: 390 },
    { width: 1000, height: 900 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px the labels shown are 11 px or larger on screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const [kind, path] of Object.entries(PAGES)) {
        await page.goto(path);
        const shown = await page.locator('.ps-plot-chart svg.ps-chart').evaluate((svg, selectors) => {
          const drawing = Array.from(svg.querySelectorAll<SVGSVGElement>(':scope > svg.ps-drawing')).find(
            (element) => getComputedStyle(element).display !== 'none',
          );
          const texts = Array.from(
            drawing?.querySelectorAll<SVGTextElement>(Object.values(selectors).join()) ?? [],
          );
          return {
            which: drawing?.getAttribute('class'),
            frame: svg.parentElement!.getBoundingClientRect().width,
            sizes: texts.map((text) => {
              const matrix = text.getScreenCTM()!;
              return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.c, matrix.d);
            }),
          };
        }, LABELS);
        const where = `${kind} in a ${Math.round(shown.frame)} px frame (${shown.which})`;
        expect(shown.sizes.length, `${where}: labels`).toBeGreaterThan(4);
        const smallest = Math.min(...shown.sizes);
        test
          .info()
          .annotations.push({ type: 'smallest label', description: `${where}: ${smallest.toFixed(2)} px` });
        expect.soft(smallest, `${where}: smallest label`).toBeGreaterThanOrEqual(11);
        await page.screenshot({
          path: test.info().outputPath(`${kind}-${viewport.width}-nojs.png`),
          fullPage: true,
        });
      }
    });
  }

  test('at 375 px the bars shown are links to their results, each once in the accessibility tree; no id is repeated', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${PAGES.growth}?view=annual`);
    // Every bar is in the page twice (one drawing each); those of the drawing not shown are not
    // offered to assistive technology or the keyboard.
    const drawn = await page.locator('.ps-drawing-narrow rect.ps-bar[data-series="X-ray"]').count();
    expect(drawn).toBeGreaterThan(20);
    await expect(page.getByRole('button', { name: /^\d{4}, X-ray: \d/ })).toHaveCount(drawn);
    await expect(page.locator('.ps-plot-chart rect.ps-bar[tabindex="0"]:visible')).toHaveCount(1);
    const duplicates = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);

    // The last year's X-ray bar, followed, lands on its results.
    const bar = page.locator('.ps-plot-chart rect.ps-bar[data-series="X-ray"]:visible').last();
    const value = Number(await bar.getAttribute('data-value'));
    expect(value).toBeGreaterThan(0);
    await bar.locator('xpath=..').click();
    await expect(page).toHaveURL(/\/search\?request=/);
    await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(value));
  });
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`with JavaScript at ${viewport.width} px, one drawing is left once the page has hydrated, at the frame’s width`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const [kind, path] of Object.entries(PAGES)) {
      await page.goto(path);
      await waitForHydration(page, '.ps-plot-chart svg.ps-chart');
      const frame = page.locator('.ps-plot-chart .ps-chart-frame');
      await expect(frame.locator('svg'), kind).toHaveCount(1);
      const chart = frame.locator('svg.ps-chart');
      await expect(chart, kind).not.toHaveAttribute('data-scaled');
      const width = await frame.evaluate((element) => element.clientWidth);
      await expect(chart, kind).toHaveAttribute('width', String(width));
      const scale = await chart.evaluate((svg) => {
        const matrix = svg.querySelector<SVGGElement>(':scope > g')!.getScreenCTM()!;
        return { across: matrix.a, down: matrix.d };
      });
      expect(scale, kind).toEqual({ across: 1, down: 1 });
    }
  });
}
