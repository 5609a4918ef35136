/**
 * Starts what the cluster browser tests run against: a 3-shard ClickHouse cluster of its own
 * (scripts/clickhouse-cluster.sh, in E2E_CLUSTER_DIR) and the real server on it (ENGINE=clickhouse)
 * over a generated archive of 2,000 entries, without an answer cache so that every chart request
 * reaches the cluster. Stops the cluster when it is stopped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUSTER_PORTS, clusterScript } from './cluster.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PORT = Number(process.env.E2E_PORT ?? 8765);
const WEB_ROOT = process.env.WEB_OUT_DIR ?? join(ROOT, 'packages/web/dist');
const CLUSTER_DIR = process.env.E2E_CLUSTER_DIR;

if (!CLUSTER_DIR) throw new Error('E2E_CLUSTER_DIR is not set (e2e/playwright.cluster.config.ts sets it)');
if (!existsSync('/usr/sbin/clickhouse-server') && !process.env.CLICKHOUSE_SERVER) {
  console.error(
    'the cluster browser tests need clickhouse-server: apt-get install clickhouse-server clickhouse-client',
  );
  process.exit(1);
}

const started = clusterScript('start', CLUSTER_DIR);
if (started.status !== 0) process.exit(started.status ?? 1);
const stopCluster = () => clusterScript('stop', CLUSTER_DIR);

const archive = join(mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-cluster-')), 'archive');
const made = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'packages/archive/src/cli.ts'), '--entries', '2000', '--out', archive],
  { cwd: ROOT, stdio: 'inherit' },
);
if (made.status !== 0) {
  stopCluster();
  process.exit(made.status ?? 1);
}
const shards = [0, 1, 2].map((i) => `127.0.0.1:${CLUSTER_PORTS.http + i}`).join(',');
const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    ARCHIVE_DIR: archive,
    LOG_LEVEL: 'warn',
    WEB_DIR: WEB_ROOT,
    ENGINE: 'clickhouse',
    CLICKHOUSE_SHARDS: shards,
    CLICKHOUSE_CLUSTER: 'pdb_stats',
    CLICKHOUSE_DATABASE: 'pdb_stats_e2e',
    CACHE_MB: '0',
    QUERY_TIMEOUT_MS: '5000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal));
server.once('exit', (code) => {
  stopCluster();
  process.exit(code ?? 0);
});
