/**
 * The dashboard on a ClickHouse cluster when a shard dies: the chart's error screen names
 * the shard (the service answers 503), and once the shard is started again "Try again" draws the
 * chart. The shard is killed by its pid, as an operator's mistake or a crash would.
 */
import { expect, test } from '@playwright/test';
import { clusterScript, shardPid } from '../support/cluster.ts';
import { waitForChart } from '../support/helpers.ts';

const DIR = process.env.E2E_CLUSTER_DIR!;
const dataError = (page: import('@playwright/test').Page) => page.locator('.ps-data-error');

test.afterEach(() => {
  // Whatever happened, leave every shard running for the next test.
  expect(clusterScript('start', DIR).status).toBe(0);
});

test('a shard down: the error screen names it, and the chart comes back with the shard', async ({ page }) => {
  await page.goto('/distribution/resolution');
  await waitForChart(page);

  process.kill(shardPid(DIR, 2), 'SIGKILL');
  // Another chart: its data is not in the page's cache yet, and the service keeps no answers.
  await page.getByRole('button', { name: /^Data Distribution/ }).hover();
  await page.locator('.ps-dropdown-menu').getByRole('link', { name: 'R-free', exact: true }).click();
  const alert = dataError(page);
  // Two retries with back-off come first (about 3 s).
  await expect(alert.getByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(alert).toContainText('Error loading data:');
  await expect(alert).toContainText(
    /503 a ClickHouse shard is unavailable: 127\.0\.0\.1:\d+ does not answer/,
  );
  await expect(alert).not.toContainText(/SELECT|GLOBAL|DB::/);

  expect(clusterScript('start-shard', DIR, '2').status).toBe(0);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await waitForChart(page);
  await expect(dataError(page)).toHaveCount(0);
});
