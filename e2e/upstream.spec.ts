/**
 * The dashboard on a server that answers from an upstream search service (UPSTREAM_SEARCH_URL), with
 * no archive of its own: the suite's server plays the public service, behind a proxy that this file
 * kills. Charts drawn, the service named, no Demo badge; once the service stops answering, the kept
 * charts are still drawn and the line says since when it is not answering.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { startFaultProxy, type FaultProxy } from '../packages/server/test/support/fault-proxy.ts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { countOf, waitForChart } from './support/helpers.ts';
import { freePort, startServer } from './support/partial-archive.ts';
import { PORT } from './support/real-server.ts';

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

let proxy: FaultProxy;
let server: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  proxy = await startFaultProxy(`http://127.0.0.1:${PORT}`);
  const port = await freePort();
  server = await startServer(undefined, port, {
    UPSTREAM_SEARCH_URL: proxy.url,
    UPSTREAM_RATE_PER_SECOND: '50',
    UPSTREAM_TIMEOUT_MS: '3000',
  });
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await proxy?.close();
});

const HOST = () => new URL(proxy.url).host.replace(/\./g, '\\.');

test('charts from the upstream service: the service named, no Demo badge', async ({ page }) => {
  await page.goto(`${base}/growth/overall-structures`);
  await waitForChart(page);
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeVisible();
  await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('archive-line')).toHaveText(
    new RegExp(`^Search API at ${HOST()}(, data as of \\d{4}-\\d{2}-\\d{2})?$`),
  );
  await expect(page.getByTestId('data-as-of')).toContainText(`Search API at ${new URL(proxy.url).host}`);
});

test('results page: the identifiers and count of the service, each linked to its page at rcsb.org', async ({
  page,
}) => {
  const request = {
    query: {
      type: 'terminal',
      service: 'text',
      parameters: {
        attribute: 'rcsb_accession_info.initial_release_date',
        operator: 'greater',
        value: '2000-01-01',
      },
    },
    return_type: 'entry',
  } as SearchRequest;
  const expected = await countOf(`http://127.0.0.1:${PORT}`, request);
  expect(expected).toBeGreaterThan(0);
  await page.goto(`${base}/search?request=${encodeURIComponent(JSON.stringify(request))}`);
  await expect(page.getByTestId('total-count')).toHaveAttribute('data-count', String(expected));
  const first = page.getByTestId('results-table').locator('tbody th a').first();
  await expect(first).toHaveAttribute('href', /^https:\/\/www\.rcsb\.org\/structure\/[0-9A-Z]{4}$/);
  expect(await first.getAttribute('href')).toBe(
    `https://www.rcsb.org/structure/${await first.textContent()}`,
  );
  await expect(page.getByText('identifiers only, each linked to its page at rcsb.org')).toBeVisible();
});

test('the service killed: the kept chart is still drawn, and the line says since when it is not answering', async ({
  page,
}) => {
  await proxy.kill();
  // A search nobody made before: 503 naming the service, and the server knows it is down.
  const uncached = await fetch(`${base}/rcsbsearch/v2/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_accession_info.initial_release_date',
          operator: 'less',
          value: '1977-07-07',
        },
      },
      return_type: 'entry',
    }),
  });
  expect(uncached.status).toBe(503);
  expect(((await uncached.json()) as { message: string }).message).toContain(`${proxy.url} is not answering`);

  await page.goto(`${base}/growth/overall-structures`);
  await waitForChart(page);
  await expect(page.locator('.ps-plot-chart .ps-bar').first()).toBeVisible();
  await expect(page.getByTestId('archive-line')).toHaveText(
    new RegExp(
      `^As of \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC, the archive's service \\(${HOST()}\\) is not answering$`,
    ),
  );
});
