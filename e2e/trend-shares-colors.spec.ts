import { expect, test } from '@playwright/test';
import {
  LEAST_DISTANCE,
  colorDistance,
  type ColorVision,
} from '../packages/web/src/settings/color-vision.ts';
import { waitForChart } from './support/helpers.ts';

/**
 * A trend's shares stack its ordered bins (20 resolution bins) one on another: neighbouring bins
 * must take colours every eye tells apart, not 20 near-identical steps of one ramp (where bins 1.0–1.2
 * and 1.2–1.4 differed by 1.7 CIEDE2000 to eyes without red cones).
 */

const VISIONS: readonly ColorVision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

test('shares by bin: neighbouring bins take colours told apart by every colour vision', async ({
  page,
}, testInfo) => {
  await page.goto('/trend/resolution-by-year?view=shares');
  await waitForChart(page);
  const bins = await page
    .locator('.ps-legend input[data-series]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-series')!));
  expect(bins.length, 'the resolution trend has many bins').toBeGreaterThanOrEqual(15);
  const drawn = await page
    .locator('.ps-plot-chart .ps-bar')
    .evaluateAll((bars) =>
      bars.map((bar) => [bar.getAttribute('data-series')!, bar.getAttribute('data-color')!] as const),
    );
  const colorOf = new Map(drawn);
  // The legend's swatch of each bin is its bars' colour.
  const swatches = await page
    .locator('.ps-legend li')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('.ps-legend-swatch rect')?.getAttribute('fill')),
    );
  expect(swatches).toEqual(bins.map((bin) => colorOf.get(bin) ?? expect.any(String)));
  const tooClose: string[] = [];
  for (let i = 1; i < bins.length; i++) {
    const [a, b] = [colorOf.get(bins[i - 1]!), colorOf.get(bins[i]!)];
    if (!a || !b) continue;
    for (const vision of VISIONS) {
      const distance = colorDistance(a, b, vision);
      if (distance < LEAST_DISTANCE)
        tooClose.push(`${bins[i - 1]} ${a} / ${bins[i]} ${b}: ${distance.toFixed(1)} (${vision})`);
    }
  }
  expect(tooClose).toEqual([]);
  // Most bins are drawn (else the check above would skip them).
  expect(bins.filter((bin) => colorOf.has(bin)).length).toBeGreaterThanOrEqual(bins.length - 2);
  await page.screenshot({ path: testInfo.outputPath('shares-1280.png') });
});
