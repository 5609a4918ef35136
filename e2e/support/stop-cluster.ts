import { clusterScript } from './cluster.ts';

/**
 * Global teardown of the cluster browser tests: stops every shard by its recorded pid, including
 * shards a spec restarted (those are not children of the web server that Playwright stops).
 */
export default function stopCluster(): void {
  const dir = process.env.E2E_CLUSTER_DIR;
  if (dir) clusterScript('stop', dir);
}
