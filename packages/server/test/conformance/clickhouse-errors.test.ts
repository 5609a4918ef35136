import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ClusterMemoryError, ClickHouseNode } from '../../src/engine/clickhouse/http-client.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { failingEngine } from '../support/failing-engine.ts';

/** Errors of a real ClickHouse server, as the service answers them: status, message, no SQL. */

const cluster = clusterEnv();
const node = cluster && new ClickHouseNode(cluster.shards[0]!);

describe.skipIf(!node)('ClickHouse errors over HTTP', () => {
  it('a statement over the memory limit: 503 that says so, without the statement', async () => {
    const error = await node!
      .rows('SELECT groupArray(number) FROM numbers(10000000)', {
        settings: { max_memory_usage: '20000000' },
      })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error).toBeInstanceOf(ClusterMemoryError);
    const app = await buildApp({ engine: failingEngine(error!) });
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: { return_type: 'entry', request_options: { paginate: { start: 0, rows: 1 } } },
    });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(
      /needs more memory than the ClickHouse cluster allows one query.*narrow the query/,
    );
    expect(response.body).not.toMatch(/SELECT|groupArray|Code: \d+|DB::/);
  });
});
