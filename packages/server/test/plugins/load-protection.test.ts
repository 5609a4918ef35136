import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { RefusalLog } from '../../src/plugins/load-protection.ts';
import { openFixtureEngine } from '../../src/engine/testing/fixture-engine.ts';
import { STALE_HEADER } from '../../src/routes/search.ts';

/** A search the cache has not seen: each `n` gives another request. */
const search = (n: number) => ({
  return_type: 'entry',
  query: {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.molecular_weight', operator: 'greater', value: n },
  },
});

/** The app over its own engine: closing an app closes its engine. */
async function start(options: Omit<AppOptions, 'engine'> = {}): Promise<FastifyInstance> {
  const fixture = await openFixtureEngine();
  const app = await buildApp({ ...options, engine: fixture.engine });
  app.addHook('onClose', () => fixture.close());
  return app;
}

describe('rate limit of uncached searches', () => {
  const LIMIT = 3;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await start({ rateLimitPerMinute: LIMIT });
  });
  afterAll(() => app?.close());

  const post = (body: object, more: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: body, ...more });
  const get = (body: object) =>
    app.inject(`/rcsbsearch/v2/query?json=${encodeURIComponent(JSON.stringify(body))}`);

  it('refuses a client over its limit with 429 and Retry-After, and still serves its cached answers', async () => {
    for (let n = 0; n < LIMIT; n++) {
      const response = await post(search(n));
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - n - 1));
    }

    const refused = await post(search(LIMIT), { headers: { origin: 'https://elsewhere.example' } });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json()).toEqual({
      status: 429,
      message: expect.stringMatching(
        /^too many searches that are not cached: at most 3 a minute .*; retry in/,
      ),
    });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toBe(`retry-after, ${STALE_HEADER}`);
    // The same search over GET counts against the same limit.
    expect((await get(search(LIMIT))).statusCode).toBe(429);

    // Answered once, so cached: over POST and GET, with keys in another order, and revalidated.
    for (let n = 0; n < LIMIT; n++) {
      const again = await post(search(n));
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBeUndefined();
      const reordered = { query: search(n).query, return_type: 'entry' };
      expect((await get(reordered)).statusCode).toBe(200);
      const revalidated = await post(search(n), { headers: { 'if-none-match': again.headers.etag! } });
      expect(revalidated.statusCode).toBe(304);
    }
  });

  it('counts each client on its own', async () => {
    const other = await post(search(100), { remoteAddress: '127.0.0.2' });
    expect(other.statusCode).toBe(200);
  });

  it('leaves the other routes alone', async () => {
    expect((await app.inject('/rcsbsearch/v2/archive')).statusCode).toBe(200);
  });
});

it('behind a trusted proxy, counts each client that X-Forwarded-For names', async () => {
  const from = (client: string) => ({
    remoteAddress: '10.0.0.1',
    headers: { 'x-forwarded-for': client },
  });
  for (const [trustProxy, secondClient] of [
    [undefined, 429],
    [['10.0.0.0/8'], 200],
  ] as const) {
    const app = await start({ rateLimitPerMinute: 1, ...(trustProxy && { trustProxy: [...trustProxy] }) });
    try {
      const post = (n: number, client: string) =>
        app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: search(n), ...from(client) });
      expect((await post(0, '203.0.113.1')).statusCode).toBe(200);
      expect((await post(1, '203.0.113.1')).statusCode).toBe(429);
      expect((await post(2, '203.0.113.2')).statusCode).toBe(secondClient);
    } finally {
      await app.close();
    }
  }
});

it('without a limit, searches are not counted', async () => {
  const app = await start();
  try {
    for (let n = 0; n < 5; n++) {
      const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: search(n) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  } finally {
    await app.close();
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = (app: FastifyInstance, body: object) =>
  app.inject({
    method: 'POST',
    url: '/rcsbsearch/v2/query',
    payload: body,
    headers: { origin: 'https://elsewhere.example' },
  });

describe('load shedding', () => {
  it('under pressure: 503 with Retry-After on the API, except searches whose answer is cached', async () => {
    // Any heap is over one byte: the pressure holds from the first sample on.
    const app = await start({
      loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, sampleIntervalMs: 10 },
    });
    try {
      // Cached before the pressure, as main.ts warms the chart answers.
      expect(await app.searchService.warm([search(0)], (error) => expect.fail(String(error)))).toBe(1);
      await sleep(50);

      for (const shed of [
        await post(app, search(1)),
        await app.inject(`/rcsbsearch/v2/query?json=${encodeURIComponent(JSON.stringify(search(2)))}`),
        await app.inject('/rcsbsearch/v2/archive'),
      ]) {
        expect(shed.statusCode).toBe(503);
        expect(shed.headers['retry-after']).toBe('5');
        expect(shed.json()).toEqual({ status: 503, message: 'the service is overloaded; retry in 5 s' });
        expect(shed.headers['access-control-allow-origin']).toBe('*');
      }

      const cached = await post(app, search(0));
      expect(cached.statusCode).toBe(200);
      expect(cached.json().total_count).toBeGreaterThan(0);
      // Outside the API: the process answers while it sheds.
      expect((await app.inject('/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a blocked event loop is pressure, and the API answers again once it runs freely', async () => {
    const app = await start({ loadShedding: { maxEventLoopDelayMs: 50, sampleIntervalMs: 20 } });
    const archive = () => app.inject('/rcsbsearch/v2/archive');
    try {
      const statuses: number[] = [];
      // The delay is measured over a sample: block the loop, let the sample be taken, then ask.
      for (let attempt = 0; attempt < 10 && !statuses.includes(503); attempt++) {
        const until = Date.now() + 300;
        while (Date.now() < until);
        await sleep(0);
        const response = await archive();
        statuses.push(response.statusCode);
        if (response.statusCode === 503) expect(response.headers['retry-after']).toBe('5');
      }
      expect(statuses).toContain(503);
      let recovered = false;
      for (let waited = 0; waited < 3000 && !recovered; waited += 50) {
        await sleep(50);
        recovered = (await archive()).statusCode === 200;
      }
      expect(recovered).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('refusals are logged at warn, without flooding', () => {
  /** An app whose log lines at warn and above are collected. */
  async function logged(options: Omit<AppOptions, 'engine' | 'logger'>) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await start({ ...options, logger: { level: 'warn', stream } });
    return { app, refused: () => lines.filter((l) => l.msg === 'request refused') };
  }

  it('a burst of 429s: one line with the reason and client', async () => {
    const { app, refused } = await logged({ rateLimitPerMinute: 1 });
    try {
      expect((await post(app, search(0))).statusCode).toBe(200);
      for (let n = 1; n <= 20; n++) expect((await post(app, search(n))).statusCode).toBe(429);
      expect(refused()).toEqual([
        expect.objectContaining({
          level: 40,
          status: 429,
          reason: 'over 1 uncached searches a minute',
          client: '127.0.0.1',
          url: '/rcsbsearch/v2/query',
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('shed 503s: one line naming what is over its threshold', async () => {
    const { app, refused } = await logged({
      loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, sampleIntervalMs: 10 },
    });
    try {
      await sleep(50);
      for (let n = 0; n < 5; n++) expect((await post(app, search(n))).statusCode).toBe(503);
      expect((await app.inject('/rcsbsearch/v2/archive')).statusCode).toBe(503);
      expect(refused()).toEqual([
        expect.objectContaining({ status: 503, reason: expect.stringMatching(/^heap \d+ MiB over 0 MiB$/) }),
      ]);
    } finally {
      await app.close();
    }
  });
});

describe(RefusalLog.name, () => {
  afterEach(() => vi.useRealTimers());

  it('the first refusal of a kind in a window is logged, the others summed up when it ends', () => {
    vi.useFakeTimers();
    const requestLog = { warn: vi.fn() };
    const appLog = { warn: vi.fn() };
    const refusals = new RefusalLog(appLog as never, 10_000);
    const request = (ip: string) => ({ ip, url: '/q', log: requestLog }) as never;
    for (let n = 0; n < 1000; n++) refusals.note(request(`10.0.0.${n % 3}`), 429, 'over 600');
    refusals.note(request('10.0.0.9'), 503, 'heap 900 MiB over 800 MiB', 'heapUsedBytes');
    expect(requestLog.warn).toHaveBeenCalledTimes(2);
    expect(requestLog.warn).toHaveBeenNthCalledWith(
      1,
      { status: 429, reason: 'over 600', client: '10.0.0.0', url: '/q' },
      'request refused',
    );
    expect(appLog.warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    // Only the kind with more refusals gets a summary line.
    expect(appLog.warn).toHaveBeenCalledTimes(1);
    expect(appLog.warn).toHaveBeenCalledWith(
      { status: 429, reason: 'over 600', refused: 999, clients: 3, seconds: 10 },
      '999 more requests refused',
    );
    // A new window: logged again.
    refusals.note(request('10.0.0.1'), 429, 'over 600');
    expect(requestLog.warn).toHaveBeenCalledTimes(3);
  });
});
