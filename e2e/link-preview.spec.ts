import { CHART_LIST, chartPath } from '@pdb-stats/charts';
import { expect, test, type Page } from '@playwright/test';

/**
 * A pasted chart link previews: every chart page's head names its title, description, address and a
 * 1200×630 PNG of its chart drawn by the server, with and without JavaScript, at 1280 and 375 px.
 */

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** Width and height of a PNG, from its header chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('every chart page names its title, description, address and picture in its head', async ({
  baseURL,
}) => {
  for (const chart of CHART_LIST) {
    const html = await (await fetch(`${baseURL}${chartPath(chart)}`)).text();
    const content = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
    expect(content('og:title'), chart.key).toBe(chart.title.replace(/&/g, '&amp;'));
    expect(content('og:description')?.length, chart.key).toBeGreaterThan(20);
    expect(content('description'), chart.key).toBe(content('og:description'));
    expect(content('og:url')).toBe(`${baseURL}${chartPath(chart)}`);
    expect(content('og:image')).toBe(`${baseURL}/preview${chartPath(chart)}.png`);
    expect(content('twitter:card')).toBe('summary_large_image');
  }
});

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test(`${width}×${height}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: a chart page's preview is its chart as a 1200×630 PNG`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
      const page = await context.newPage();
      const address = '/growth/experimental-method?view=annual';
      await page.goto(address);
      await expect(page.locator('h1')).toHaveText('PDB Data Growth by Experimental Method');
      expect(await meta(page, 'og:title')).toBe('PDB Data Growth by Experimental Method');
      expect(await meta(page, 'og:url')).toBe(`${baseURL}${address}`);
      const image = (await meta(page, 'og:image'))!;
      expect(image).toBe(`${baseURL}/preview/growth/experimental-method.png?view=annual`);
      expect(await meta(page, 'og:image:width')).toBe('1200');
      expect(await meta(page, 'og:image:height')).toBe('630');

      const answer = await fetch(image);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      // Kept: asked again with its tag, it is not sent again.
      const again = await fetch(image, { headers: { 'if-none-match': answer.headers.get('etag')! } });
      expect(again.status).toBe(304);
      // Another state of the page is another picture.
      const cumulative = Buffer.from(
        await (await fetch(`${baseURL}/preview/growth/experimental-method.png`)).arrayBuffer(),
      );
      expect(cumulative.equals(bytes)).toBe(false);

      // The browser decodes it at its size; a look at it is kept with the test's results.
      const picture = await context.newPage();
      await picture.goto(image);
      const size = await picture
        .locator('img')
        .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(size).toEqual([1200, 630]);
      // What it shows: the chart's bars in their colours, and its legend, each series once in the
      // page's order (the colours down the column of swatches, right of the chart).
      const legend = await page
        .locator('.ps-legend label .ps-legend-swatch rect')
        .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('fill')));
      expect(legend.length).toBeGreaterThan(2);
      const seen = await picture.locator('img').evaluate((img: HTMLImageElement, swatchX: number) => {
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const hex = (i: number) =>
          `#${[data[i], data[i + 1], data[i + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
        const counts = new Map<string, number>();
        for (let i = 0; i < data.length; i += 4) counts.set(hex(i), (counts.get(hex(i)) ?? 0) + 1);
        const swatches: string[] = [];
        // Above the footer's rule and text, which the column crosses too.
        for (let y = 0; y < 530; y += 1) {
          const colour = hex((y * canvas.width + swatchX) * 4);
          if (colour !== '#ffffff' && colour !== swatches.at(-1)) swatches.push(colour);
        }
        return { counts: Object.fromEntries(counts), swatches };
      }, 922);
      expect(seen.swatches).toEqual(legend);
      // X-ray's bars: thousands of pixels (a picture with no chart has its swatch alone, 400).
      expect(seen.counts[legend[0]!]).toBeGreaterThan(5_000);
      await picture.setViewportSize({ width: 1200, height: 630 });
      await picture.screenshot({ path: `${test.info().outputDir}/preview-${width}.png` });
      await context.close();
    });
  }
}

test('a page with no chart gets no picture, and a picture of no chart page is not found', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  expect(await meta(page, 'og:title')).toBe('PDB Statistics');
  expect(await meta(page, 'twitter:card')).toBe('summary');
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  expect((await fetch(`${baseURL}/preview/growth/no-such-chart.png`)).status).toBe(404);
});
