import { expect, test } from '@playwright/test';
import { countOf, parseCount, requestOf } from './support/helpers.ts';

/**
 * A drilled-down level names its class's own search one click away ("See the 612 entries of
 * Hydrolases"), which finds the total its subtitle gives. At 1280 and 375 px, with and without JavaScript.
 */

for (const [width, height] of [
  [1280, 900],
  [375, 812],
] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test(`${width}×${height}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: a level links the search of its class`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
      const page = await context.newPage();
      for (const [path, name] of [
        ['/distribution/enzyme-classification?parent=3', 'Hydrolases'],
        ['/distribution/taxonomy?parent=Eukaryota', 'Eukaryota'],
      ] as const) {
        await page.goto(path);
        const link = page.getByTestId('level-search');
        await expect(link).toHaveText(new RegExp(`^See the [\\d,]+ entries of ${name}$`));
        const shown = parseCount(/See the ([\d,]+) /.exec((await link.textContent())!)![1]!);
        const subtitle = (await page.getByTestId('chart-subtitle').textContent())!;
        expect(subtitle).toContain(`${(await link.textContent())!.split(' ')[2]} entries in this group`);
        const href = new URL((await link.getAttribute('href'))!, baseURL).href;
        expect(await countOf(baseURL!, requestOf(href))).toBe(shown);
      }
      await page.screenshot({ path: `${test.info().outputDir}/level-search-${width}.png` });
      await context.close();
    });
  }
}
