import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's results for the page as it is now (within `include` when given), violations only.
 *
 * Every rule runs over the whole page; two settings only spare work whose result is thrown away.
 * axe.run in the page itself (legacy mode) instead of a partial run per frame finished in a second
 * blank page: the partial results of a chart's thousands of SVG nodes are serialised, copied and
 * rebuilt there, 15-25 s per scan on a busy 2-core machine against 3 s. It tests same-origin frames
 * alike and skips cross-origin ones, so a page with one fails here rather than going unchecked. And
 * only violations get their nodes' selectors worked out, not every node that passed.
 */
export async function axeScan(page: Page, include?: string) {
  const origin = new URL(page.url()).origin;
  const foreignFrames = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(foreignFrames, 'cross-origin frames, which the scan would skip').toEqual([]);
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  return (include ? builder.include(include) : builder).analyze();
}
