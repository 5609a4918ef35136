/**
 * Starts what the cluster browser tests run against: a 3-shard ClickHouse cluster of its own
 * (scripts/clickhouse-cluster.sh, in E2E_CLUSTER_DIR) and the real server on it (ENGINE=clickhouse)
 * over a generated archive of 2,000 entries, without an answer cache so that every chart request
 * reaches the cluster. Stops the cluster when it is stopped.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLUSTER_PORTS, clusterScript } from './cluster.ts';
import { makeArchive, runServer } from './real-server.ts';

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

// The archive, its versions and the database files beside it, removed when the server stops.
const fresh = mkdtempSync(join(tmpdir(), 'pdb-stats-e2e-cluster-'));
const archive = join(fresh, 'archive');
const stop = () => {
  stopCluster();
  rmSync(fresh, { recursive: true, force: true });
};
if (!makeArchive(archive)) {
  stop();
  process.exit(1);
}
const shards = [0, 1, 2].map((i) => `127.0.0.1:${CLUSTER_PORTS.http + i}`).join(',');
runServer(
  archive,
  {
    ENGINE: 'clickhouse',
    CLICKHOUSE_SHARDS: shards,
    CLICKHOUSE_CLUSTER: 'pdb_stats',
    CLICKHOUSE_DATABASE: 'pdb_stats_e2e',
    CACHE_MB: '0',
    QUERY_TIMEOUT_MS: '5000',
  },
  stop,
);
