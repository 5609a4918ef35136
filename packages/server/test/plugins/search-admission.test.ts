import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { openFixtureEngine } from '../../src/engine/testing/fixture-engine.ts';

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
    expect(refused.headers['access-control-expose-headers']).toBe('retry-after');
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
