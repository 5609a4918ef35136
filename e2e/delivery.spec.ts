import { expect, test } from '@playwright/test';

/** What `npm start` sends a browser: React itself, precompressed and cached assets, revalidated pages. */

test('the dashboard runs on React itself', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // React DOM marks the container of a root it created; another runtime behind React's API does not.
  const reactRoot = await page.evaluate(() =>
    Object.keys(document.getElementById('statsroot') ?? {}).some((key) =>
      key.startsWith('__reactContainer$'),
    ),
  );
  expect(reactRoot).toBe(true);
});

test('scripts arrive precompressed, cached for a year; the page is revalidated by its ETag', async ({
  page,
  request,
  baseURL,
}) => {
  const scripts: { url: string; encoding?: string; cacheControl?: string }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        cacheControl: response.headers()['cache-control'],
      });
  });
  await page.goto('/growth/overall-structures');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.encoding, script.url).toBe('br');
    expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
  }

  // Drawn on the server: revalidated by browsers, kept briefly by a shared cache in front.
  const first = await request.get(`${baseURL}/growth/overall-structures`);
  expect(first.headers()['content-encoding']).toBe('br');
  expect(first.headers()['cache-control']).toMatch(
    /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
  );
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get(`${baseURL}/growth/overall-structures`, {
    headers: { 'if-none-match': etag! },
  });
  expect(again.status()).toBe(304);
});
