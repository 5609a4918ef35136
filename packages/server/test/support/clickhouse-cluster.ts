/**
 * The ClickHouse cluster the tests may use, from the environment `scripts/clickhouse-cluster.sh
 * start` prints (CI exports it in .ci/run). Without it the ClickHouse suites skip, except under
 * CI=1: there a missing cluster is a broken setup and fails the run.
 */
export interface ClusterEnv {
  /** HTTP addresses of the shards, `host:port`. */
  shards: string[];
  cluster: string;
  /** The script's folder (pids, configs), for the tests that stop and restart a shard. */
  dir?: string;
}

export function clusterEnv(env: NodeJS.ProcessEnv = process.env): ClusterEnv | undefined {
  const shards = (env.CLICKHOUSE_SHARDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (shards.length === 0) {
    if (env.CI) {
      throw new Error(
        'CI=1 but CLICKHOUSE_SHARDS is not set: .ci/run must start the cluster (scripts/clickhouse-cluster.sh start) and export its environment',
      );
    }
    console.warn(
      'ClickHouse suites skipped: no cluster configured. Run `eval "$(scripts/clickhouse-cluster.sh start /tmp/ch)"` first.',
    );
    return undefined;
  }
  return {
    shards,
    cluster: env.CLICKHOUSE_CLUSTER || 'pdb_stats',
    ...(env.CLICKHOUSE_CLUSTER_DIR && { dir: env.CLICKHOUSE_CLUSTER_DIR }),
  };
}
