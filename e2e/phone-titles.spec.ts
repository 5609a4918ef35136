import { expect, test } from '@playwright/test';

/**
 * Titles on phones break between words, never at a word's hyphen ("R-" / "free"), and fit the
 * screen; at 320 and 375 px, with and without JavaScript.
 */

for (const width of [320, 375]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`${width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: hyphenated words of titles stay whole`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      for (const [path, word] of [
        ['/distribution/r-free', 'R-free'],
        ['/trend/r-free-by-year', 'R-free'],
      ] as const) {
        await page.goto(path);
        const kept = page.locator('h1 .ps-nowrap', { hasText: word });
        await expect(kept).toHaveCount(1);
        // One line box: the word is not broken at its hyphen.
        expect(await kept.evaluate((span) => span.getClientRects().length)).toBe(1);
        const h1 = (await page.locator('h1').boundingBox())!;
        expect(h1.x + h1.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.screenshot({ path: `${test.info().outputDir}/r-free-trend-${width}.png` });
      await context.close();
    });
  }
}
