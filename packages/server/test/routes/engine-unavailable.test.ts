import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ClusterUnavailableError } from '../../src/engine/index.ts';
import { ClickHouseError } from '../../src/engine/clickhouse/http-client.ts';
import { failingEngine } from '../support/failing-engine.ts';

/**
 * How the HTTP layer answers an engine whose database cannot be reached (503, the message that
 * names the shard) and one whose database failed otherwise (500, nothing of the statement shown).
 * The cluster suites (test/conformance) produce these errors from a real cluster.
 */

const request = { return_type: 'entry', request_options: { paginate: { start: 0, rows: 1 } } };

describe('engine failures over HTTP', () => {
  it('a shard down: 503 with the engine message', async () => {
    const message = 'a ClickHouse shard is unavailable: 127.0.0.1:18124 does not answer';
    const app = await buildApp({ engine: failingEngine(new ClusterUnavailableError(message)) });
    const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, message });
    await app.close();
  });

  it('any other database error: 500 without its text', async () => {
    const error = new ClickHouseError(
      62,
      'Code: 62, e.displayText() = DB::Exception: Syntax error: SELECT secret FROM entry',
    );
    const app = await buildApp({ engine: failingEngine(error) });
    const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/SELECT|secret|DB::/);
    await app.close();
  });
});
