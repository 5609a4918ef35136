import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { buildApp } from '../../src/app.ts';
import { openClickHouseEngine } from '../../src/engine/index.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { OwnCluster } from '../support/own-cluster.ts';

/**
 * A shard that dies or stops answering: the service answers 503 with a message naming the shard
 * (no 500, no SQL), and answers normally again once the shard is back. The test runs its own
 * cluster (other ports), so that stopping shards disturbs no other suite; it runs where the shared
 * cluster is configured, i.e. where ClickHouse is installed (and always under CI).
 */

const enabled = clusterEnv() !== undefined;
const TIMEOUT_MS = 2_000;

let dir: string;
let cluster: OwnCluster;
let app: FastifyInstance;

beforeAll(async () => {
  if (!enabled) return;
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-faults-'));
  const archive = join(dir, 'archive');
  await writeSnapshot(generateDocuments({ entries: 400, seed: 5, archiveDate: '2026-07-01' }), archive);
  cluster = await OwnCluster.start(join(dir, 'cluster'), 18_323, 19_300);
  const engine = await openClickHouseEngine(archive, {
    shards: cluster.shards,
    cluster: cluster.cluster,
    database: 'pdb_stats_faults',
    timeoutMs: TIMEOUT_MS,
  });
  // No answer cache: every request must reach the cluster.
  app = await buildApp({ engine, cacheBytes: 0 });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const REQUEST = {
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.molecular_weight', operator: 'less', value: 200 },
  },
  return_type: 'polymer_entity',
  request_options: {
    paginate: { start: 0, rows: 5 },
    facets: [{ name: 'm', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' }],
  },
};

const post = () => app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: REQUEST });

function expectUnavailable(response: Awaited<ReturnType<typeof post>>, names: RegExp): void {
  expect(response.statusCode, response.body).toBe(503);
  const body = response.json<{ status: number; message: string }>();
  expect(body.status).toBe(503);
  expect(body.message).toMatch(names);
  expect(body.message).not.toMatch(/SELECT|FROM|GLOBAL|Code: \d+|DB::/);
}

describe.skipIf(!enabled)('a shard down or slow', () => {
  it('a killed shard gives 503 naming it; the service answers again once it is back', async () => {
    const healthy = await post();
    expect(healthy.statusCode).toBe(200);
    await cluster.kill(2);
    expectUnavailable(await post(), /shard is unavailable: 127\.0\.0\.1:18324 does not answer/);
    await cluster.startShard(2);
    const recovered = await post();
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).toBe(healthy.body);
  }, 60_000);

  it('the shard queries go to gives 503 naming its address', async () => {
    const healthy = await post();
    await cluster.kill(1);
    expectUnavailable(await post(), /shard is unavailable: 127\.0\.0\.1:18323 does not answer/);
    await cluster.startShard(1);
    const recovered = await post();
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).toBe(healthy.body);
  }, 60_000);

  it('a shard that stops answering gives 503 after the time limit, naming it', async () => {
    const healthy = await post();
    await cluster.freeze(3, true);
    try {
      const started = Date.now();
      expectUnavailable(await post(), /127\.0\.0\.1:18325 did not answer within 2000 ms/);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
    } finally {
      await cluster.freeze(3, false);
    }
    const recovered = await post();
    expect(recovered.statusCode).toBe(200);
    expect(recovered.body).toBe(healthy.body);
  }, 60_000);
});
