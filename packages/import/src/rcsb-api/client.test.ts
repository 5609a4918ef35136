import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataApiClient, DataApiError, retryAfterMs } from './client.ts';

/** A loopback server whose next answers a test scripts; it counts requests and those in flight. */
let server: ReturnType<typeof createServer>;
let baseUrl: string;
let script: ((req: IncomingMessage, res: ServerResponse) => void)[] = [];
let requests = 0;
let inFlight = 0;
let maxInFlight = 0;
const starts: number[] = [];

const ok = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    starts.push(Date.now());
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    req.resume();
    req.on('end', () => {
      const next = script.shift();
      if (next) next(req, res);
      else setTimeout(() => ok(res, { data: { echo: req.url } }), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script = [];
  requests = 0;
  maxInFlight = 0;
  starts.length = 0;
});

const fast = { backoffMs: 5, ratePerSecond: 1000 };

describe('DataApiClient', () => {
  it('waits as long as a 429 answer asks, then retries', async () => {
    script.push((_, res) => {
      res.writeHead(429, { 'retry-after': '1' });
      res.end();
    });
    const retries: string[] = [];
    const client = new DataApiClient({
      baseUrl,
      ...fast,
      onRetry: (e) => retries.push(`${e.reason} ${e.waitMs}`),
    });
    const started = Date.now();
    await expect(client.graphql('{ x }', {}, 'q')).resolves.toEqual({ data: { echo: '/graphql' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual(['HTTP 429 (too many requests) 1000']);
    expect(client.retried).toBe(1);
  });

  it('retries 5xx answers, dropped connections and answers slower than the timeout', async () => {
    script.push((_, res) => {
      res.writeHead(503);
      res.end('busy');
    });
    script.push((req) => req.socket.destroy());
    script.push((_, res) => setTimeout(() => ok(res, { late: true }), 1500));
    const reasons: string[] = [];
    const client = new DataApiClient({
      baseUrl,
      ...fast,
      timeoutMs: 300,
      onRetry: (e) => reasons.push(e.reason),
    });
    await expect(client.getJson('/rest/v1/x', 'list')).resolves.toEqual({ data: { echo: '/rest/v1/x' } });
    expect(reasons).toEqual([
      'HTTP 503',
      expect.stringMatching(/^connection failed/),
      'no answer within 0.3 s',
    ]);
    expect(requests).toBe(4);
  });

  it('gives up after its retries, naming the request and the last reason', async () => {
    for (let i = 0; i < 3; i++)
      script.push((_, res) => {
        res.writeHead(500);
        res.end();
      });
    const client = new DataApiClient({ baseUrl, ...fast, retries: 2 });
    const error = await client.graphql('{ x }', {}, 'batch 7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataApiError);
    expect((error as Error).message).toBe('batch 7: HTTP 500; gave up after 3 attempts');
  });

  it('does not retry an answer that will not change (400: the query is wrong)', async () => {
    script.push((_, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"errors":[{"message":"Cannot query field \\"nope\\""}]}');
    });
    const client = new DataApiClient({ baseUrl, ...fast });
    await expect(client.graphql('{ nope }', {}, 'q')).rejects.toThrow(/q: HTTP 400: .*Cannot query field/);
    expect(requests).toBe(1);
  });

  it('keeps at most 4 requests in flight, and no more than it is told', async () => {
    const four = new DataApiClient({ baseUrl, ...fast, concurrency: 10 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => four.getJson(`/p${i}`, 'p')));
    expect(maxInFlight).toBe(4);
    maxInFlight = 0;
    const two = new DataApiClient({ baseUrl, ...fast, concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => two.getJson(`/p${i}`, 'p')));
    expect(maxInFlight).toBe(2);
  });

  it('starts requests no faster than its rate', async () => {
    const client = new DataApiClient({ baseUrl, ratePerSecond: 20 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.getJson(`/r${i}`, 'r')));
    // Six starts at 20 per second span at least 5 intervals of 50 ms.
    expect((starts.at(-1) as number) - (starts[0] as number)).toBeGreaterThanOrEqual(240);
  });

  it('records answers, and replays them with no network', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pdb-stats-record-'));
    try {
      const recorder = new DataApiClient({ baseUrl, ...fast, record: dir });
      const answer = await recorder.graphql('query { a }', { ids: ['1ABC'] }, 'q');
      expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toHaveLength(1);
      const replayer = new DataApiClient({ baseUrl: 'http://127.0.0.1:9', replay: dir });
      await expect(replayer.graphql('query { a }', { ids: ['1ABC'] }, 'q')).resolves.toEqual(answer);
      await expect(replayer.graphql('query { a }', { ids: ['2XYZ'] }, 'q2')).rejects.toThrow(
        /q2: not recorded in .* record the run again/,
      );
      expect(requests).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:10 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
