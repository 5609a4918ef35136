import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);

// The mock answers whatever the dashboard asks: a CI run against it would pass with the service broken.
if (process.env.CI && process.env.E2E_SERVER === 'mock') {
  throw new Error(
    'E2E_SERVER=mock is refused under CI: CI must test the real server. Unset E2E_SERVER; the mock is only for working on the web locally.',
  );
}

// Where the servers of this run record search answers that break the official response schema
// (support/real-server.ts); set here so that the servers and the global teardown inherit it.
process.env.SEARCH_RESPONSE_CHECKS ??= join(
  tmpdir(),
  `pdb-stats-e2e-search-checks-${PORT}-${process.pid}.jsonl`,
);

/**
 * Browser tests: Debian's Chromium (installed by .ci/run) driven by Playwright, against the real
 * server over a small demo archive, started and stopped here.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_RESULTS_DIR ?? '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // A test.only left in would make CI run one test and pass.
  forbidOnly: Boolean(process.env.CI),
  workers: process.env.CI ? 2 : 3,
  reporter: [['list']],
  globalTeardown: './support/search-answer-checks.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    // Bars do not grow in (600 ms each time a chart is drawn), which a click on a bar would wait out:
    // e2e/charts.spec.ts checks both wishes.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm run build && node --import tsx e2e/support/start-server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM, not the default SIGKILL: the server stops cleanly and its fresh archive is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
