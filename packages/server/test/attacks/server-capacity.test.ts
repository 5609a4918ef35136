import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { rawConnection, type RawOutcome } from '../support/raw-http.ts';
import { attacker, statusCounts } from './connection-attacks.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * What the whole service can take, over HTTP: open connections of all clients together
 * (MAX_CONNECTIONS, scaled down to 12), and searches waiting for a database connection
 * (SEARCH_QUEUE_WAIT_MS, scaled down to 1 ms over 2 connections): past either, 503 with Retry-After
 * at once, never a connection left hanging.
 */

const MAX_CONNECTIONS = 12;

let dir: string;
let temp: TempArchive | undefined;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  temp = await tempArchive('capacity');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 300, seed: 4, archiveDate: '2026-07-01' }), dir);
  const engine = await openDuckDbEngine(dir, { connections: 2, queue: { waitMs: 1, queueLength: 64 } });
  app = await buildApp({
    engine,
    connections: { maxConnections: MAX_CONNECTIONS, maxPerClient: 16, headersTimeoutMs: 5000 },
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await temp?.remove();
});

const HEALTH = 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
const health = (client: string) => rawConnection(url, (socket) => socket.write(HEALTH), client).closed;

describe('MAX_CONNECTIONS: open connections of all clients together', () => {
  it('past the cap, a new connection gets 503 with Retry-After at once and is closed; a freed one is taken again', async () => {
    // Four silent connections from each of three addresses: every one under its own cap.
    const held = Array.from({ length: MAX_CONNECTIONS }, (_, i) =>
      rawConnection(url, () => undefined, attacker(i % 3)),
    );
    await Promise.all(held.map((c) => c.opened));
    // Connections are accepted in the order they came: these five come after the twelve.
    const refused: RawOutcome[] = await Promise.all(Array.from({ length: 5 }, () => health(attacker(3))));
    expect(statusCounts(refused)).toEqual({ 503: 5 });
    for (const { answer, closedAfterMs } of refused) {
      expect(answer!.headers['retry-after']).toBe('5');
      expect(answer!.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(answer!.body)).toEqual({
        status: 503,
        message: `the service has as many open connections as it takes (${MAX_CONNECTIONS}); retry in 5 s`,
      });
      // Answered once, before the request was read: the health report does not follow.
      expect(answer!.body).not.toContain('"ok"');
      expect(closedAfterMs).toBeLessThan(1000);
    }

    // One held connection closes: the next client is served.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    let served: RawOutcome | undefined;
    for (let attempt = 0; attempt < 40 && served?.answer?.status !== 200; attempt++) {
      served = await health(attacker(4));
      if (served.answer?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(served?.answer?.status).toBe(200);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
  });
});

describe('SEARCH_QUEUE_WAIT_MS: a search queued for a database connection longer than the limit', () => {
  it('gets 503 with Retry-After, at once, instead of holding its connection', async () => {
    // Distinct searches (equal ones would share one run), each a facet over the archive.
    const searches = Array.from({ length: 10 }, (_, i) => ({
      query: {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'less',
          value: 1.5 + i / 10,
        },
      },
      return_type: 'entry',
      request_options: {
        return_counts: true,
        facets: [{ name: 'methods', aggregation_type: 'terms', attribute: 'exptl.method' }],
      },
    }));
    const answers = await Promise.all(
      searches.map(async (search) => {
        const started = performance.now();
        const response = await fetch(`${url}/rcsbsearch/v2/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(search),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { status?: number; message?: string },
          ms: performance.now() - started,
        };
      }),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect(
      [...statuses].filter((s) => s !== 200 && s !== 503),
      JSON.stringify(answers.find((a) => a.status !== 200 && a.status !== 503)?.body),
    ).toEqual([]);
    const busy = answers.filter((a) => a.status === 503);
    // Two database connections for ten searches (fewer HTTP connections than the cap): most wait,
    // and 1 ms is past by then.
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('5');
      expect(answer.body.status).toBe(503);
      expect(answer.body.message).toMatch(/the service is busy .*; retry in 5 s/);
      // A bound only a hanging connection breaks, even on a loaded machine.
      expect(answer.ms).toBeLessThan(3000);
    }
    // Once the flood is over, the same search is answered.
    const again = await fetch(`${url}/rcsbsearch/v2/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(searches[0]),
    });
    expect(again.status).toBe(200);
  });
});
