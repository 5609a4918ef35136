import { expect, test, type Page } from '@playwright/test';
import { countOf, requestOf, waitForChart } from './support/helpers.ts';

/**
 * No colour repeats within a chart: past the palette's eight colours the smallest series are drawn
 * as one grey "Other", whose bar opens a search of the values it holds; "Other" is grey in every
 * chart (the archive's own "Other" method, a top-N chart's "Other" bar). At 1280 and 375 px, with
 * and without JavaScript.
 */

const OTHER_GREY = '#c8c8c8';
// Years of polymer entities by source organism: the demo archive has more organisms than colours.
const MANY_SERIES =
  '/explore?attribute=rcsb_accession_info.initial_release_date&count=polymer_entity&dimension=years&by=rcsb_entity_source_organism.ncbi_scientific_name';

/** Each series' colour as drawn on its bars: series → colours (one, unless it repeats). */
async function barColors(page: Page): Promise<Map<string, Set<string>>> {
  const pairs = await page
    .locator('.ps-plot-chart .ps-bar')
    .evaluateAll((bars) =>
      bars.map((bar) => [bar.getAttribute('data-series') ?? '', bar.getAttribute('data-color') ?? '']),
    );
  const colors = new Map<string, Set<string>>();
  for (const [series, color] of pairs) colors.set(series!, (colors.get(series!) ?? new Set()).add(color!));
  return colors;
}

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${width}×${height}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ viewport: { width, height }, javaScriptEnabled });
      const tag = `${width}-${javaScriptEnabled ? 'js' : 'nojs'}`;

      test('a chart of many series repeats no colour: the smallest are one grey "Other"', async ({
        page,
        baseURL,
      }) => {
        await page.goto(MANY_SERIES);
        if (javaScriptEnabled) await waitForChart(page);
        await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeAttached();
        const colors = await barColors(page);
        const merged = [...colors.keys()].filter((series) => /^Other \(\d+ smaller values?\)$/.test(series));
        expect(merged).toHaveLength(1);
        // Eight named series and the merged one, each of one colour, no two the same.
        expect(colors.size).toBe(9);
        for (const set of colors.values()) expect(set.size).toBe(1);
        const drawn = [...colors.values()].map((set) => [...set][0]);
        expect(new Set(drawn).size).toBe(colors.size);
        expect([...colors.get(merged[0]!)!][0]).toBe(OTHER_GREY);
        // The legend shows the same colours (the entries' checkboxes, or without scripts their links).
        const swatches = page.locator('.ps-legend .ps-legend-swatch:visible rect');
        await expect(swatches).toHaveCount(9);
        expect(
          new Set(await swatches.evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')))).size,
        ).toBe(9);

        // The merged series' bar searches the year and any of the values it holds.
        const bar = page.locator(`.ps-plot-chart .ps-bar[data-series="${merged[0]}"]`).last();
        const link = (await bar.locator('xpath=ancestor::*[local-name()="a"][1]').getAttribute('href'))!;
        const request = requestOf(new URL(link, baseURL).href);
        expect(JSON.stringify(request.query)).toContain('"logical_operator":"or"');
        const count = await countOf(baseURL!, request);
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(Number(await bar.getAttribute('data-value')));
        await page.screenshot({ path: `${test.info().outputDir}/many-series-${tag}.png`, fullPage: true });
      });

      test('"Other" is grey in every chart: the archive’s own value and a top-N chart’s bar', async ({
        page,
      }) => {
        await page.goto('/growth/experimental-method');
        if (javaScriptEnabled) await waitForChart(page);
        const colors = await barColors(page);
        expect([...colors.get('Other')!]).toEqual([OTHER_GREY]);
        expect(new Set([...colors.values()].map((set) => [...set][0])).size).toBe(colors.size);

        await page.goto(
          '/explore?attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=polymer_entity&dimension=terms&top=5',
        );
        if (javaScriptEnabled) await waitForChart(page);
        // The drawing shown: without scripts the page holds a phone's drawing and a desktop's.
        const other = page.locator('.ps-plot-chart .ps-bar-other:visible');
        await expect(other).toHaveCount(1);
        await expect(other).toHaveAttribute('data-color', OTHER_GREY);
        await page.screenshot({ path: `${test.info().outputDir}/other-bar-${tag}.png` });
      });
    });
  }
}
