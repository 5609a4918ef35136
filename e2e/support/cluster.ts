import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = resolve(fileURLToPath(new URL('../../scripts/clickhouse-cluster.sh', import.meta.url)));

/** Ports of the browser tests' own cluster: apart from the test suites' clusters. */
export const CLUSTER_PORTS = {
  http: Number(process.env.E2E_CLICKHOUSE_PORT ?? 18523),
  tcp: Number(process.env.E2E_CLICKHOUSE_TCP_PORT ?? 19500),
};

/** Runs scripts/clickhouse-cluster.sh on the browser tests' cluster. */
export function clusterScript(command: string, dir: string, ...args: string[]) {
  return spawnSync('bash', [SCRIPT, command, dir, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      CLICKHOUSE_BASE_PORT: String(CLUSTER_PORTS.http),
      CLICKHOUSE_BASE_TCP_PORT: String(CLUSTER_PORTS.tcp),
    },
  });
}

/** The server process of shard `n` (1-based), as the script recorded it. */
export function shardPid(dir: string, n: number): number {
  return Number(readFileSync(join(dir, `shard${n}`, 'pid'), 'utf8').trim());
}
