import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const PORT = Number(process.env.E2E_PORT ?? 8765);
// The cluster's folder (configs, pids): the server starter creates it, the specs stop and restart
// its shards. Set here so that both inherit it.
process.env.E2E_CLUSTER_DIR ??= join(tmpdir(), `pdb-stats-e2e-cluster-${PORT}`);

/**
 * Browser tests against the service on a ClickHouse cluster of its own (3 shards on loopback,
 * started by e2e/support/start-cluster-server.ts): `npm run test:e2e:cluster`. Needs Debian's
 * clickhouse-server; .ci/run installs it and runs this after `npm test`. One worker: the specs stop
 * shards of the one cluster.
 */
export default defineConfig({
  ...base,
  testDir: './cluster',
  testMatch: '*.cluster.ts',
  fullyParallel: false,
  workers: 1,
  globalTeardown: ['./support/stop-cluster.ts', './support/search-answer-checks.ts'],
  webServer: {
    ...base.webServer,
    command: 'npm run build && node --import tsx e2e/support/start-cluster-server.ts',
  } as typeof base.webServer,
});
