import { expect, test } from '@playwright/test';
import { waitForChart, withRootConfig } from './support/helpers.ts';

/**
 * The footer, the caption under a chart and its sources name the search service a visitor can
 * reach: the public address the page is configured with, or this site itself; never a loopback
 * address (the server asked from its own machine), which names the reader's computer, not ours.
 * With and without JavaScript (the server draws all three).
 */

const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/;
const PUBLIC = 'https://stats.example.org';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a page read at a loopback address names this site’s search service, not the address', async ({
      page,
    }) => {
      await page.goto('/distribution/resolution');
      if (javaScriptEnabled) await waitForChart(page);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByTestId('footer-source')).toHaveText('Data from this site’s search service');
      await expect(page.getByTestId('data-as-of')).toContainText('this site’s search service');
      await expect(page.getByTestId('sources-source')).toContainText(
        'Counted by this site’s search service.',
      );
      for (const part of [footer, page.getByTestId('data-as-of'), page.getByTestId('sources-source')])
        expect(await part.innerText()).not.toMatch(LOOPBACK);

      // The snapshot page is drawn in the browser only.
      if (!javaScriptEnabled) return;
      await page.goto('/pdb-data-snapshot');
      await expect(page.getByTestId('snapshot-service')).toHaveText('This site’s own');
      expect(await page.locator('body').innerText()).not.toMatch(LOOPBACK);
    });
  });
}

test('a page configured with a public address names that address', async ({ page, baseURL }) => {
  // The page as a server with PUBLIC_URL sends it; the browser's requests to that address reach this one.
  await withRootConfig(page, () => ({ sierraConfig: { searchApiUrl: PUBLIC, searchAdvancedUrl: PUBLIC } }));
  await page.route(`${PUBLIC}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  await page.goto('/distribution/resolution');
  await waitForChart(page);
  await expect(page.getByRole('contentinfo').getByTestId('footer-source')).toHaveText(
    `Data from the search service at ${PUBLIC}`,
  );
  await expect(page.getByTestId('data-as-of')).toContainText(`search service ${PUBLIC}`);
  await expect(page.getByTestId('sources-source')).toContainText(
    `Counted by the search service at ${PUBLIC}.`,
  );
  // The page may still be asking the service (the archive's state, the attribute catalogues) when
  // the test ends; closing the page then disposes the answer the handler is passing on: no failure.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
