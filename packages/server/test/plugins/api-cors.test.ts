import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { openFixtureEngine } from '../../src/engine/testing/fixture-engine.ts';

const SEARCH = { return_type: 'entry', request_options: { paginate: { start: 0, rows: 1 } } };

/** The app over its own engine: closing an app closes its engine. */
async function start(options: Omit<AppOptions, 'engine'> = {}): Promise<FastifyInstance> {
  const fixture = await openFixtureEngine();
  const app = await buildApp({ ...options, engine: fixture.engine });
  app.addHook('onClose', () => fixture.close());
  return app;
}

/** Answers of the API that succeed and that fail, each the way a browser would ask. */
const apiAnswers = (app: FastifyInstance) => {
  const origin = { origin: 'https://elsewhere.example' };
  return Promise.all([
    app.inject({ url: '/rcsbsearch/v2/archive', headers: origin }),
    app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', headers: origin, payload: SEARCH }),
    app.inject({ url: '/rcsbsearch/v2/nowhere', headers: origin }),
    app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: origin,
      payload: { return_type: 'x' },
    }),
    app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: { ...origin, 'content-type': 'text/plain' },
      payload: 'entry',
    }),
  ]);
};

const preflight = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'OPTIONS', url: '/rcsbsearch/v2/query', headers });

describe('CORS with any origin (the default)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(() => app?.close());

  it('allows every API answer, errors and 404s included, without varying on Origin', async () => {
    const answers = await apiAnswers(app);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400, 415]);
    for (const response of answers) {
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(String(response.headers.vary ?? '')).not.toMatch(/origin/i);
    }
    expect(answers[2]!.json()).toEqual({ status: 404, message: 'not found: GET /rcsbsearch/v2/nowhere' });
  });

  it('answers a preflight with the methods, headers and lifetime of the API', async () => {
    const headersOfPreflights: Record<string, string>[] = [
      {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
      {},
    ];
    for (const headers of headersOfPreflights) {
      const response = await preflight(app, headers);
      expect(response.statusCode).toBe(204);
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type, if-none-match',
        'access-control-max-age': '86400',
      });
    }
  });

  it('leaves the rest of the server alone', async () => {
    const health = await app.inject({ url: '/health', headers: { origin: 'https://elsewhere.example' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
    const probe = await app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(probe.statusCode).toBe(404);
    expect(probe.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with a configured origin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await start({ corsOrigin: 'https://stats.example.org' });
  });
  afterAll(() => app?.close());

  it('names that origin on every API answer and preflight, and varies on Origin', async () => {
    const answers = [...(await apiAnswers(app)), await preflight(app)];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400, 415, 204]);
    for (const response of answers) {
      expect(response.headers['access-control-allow-origin']).toBe('https://stats.example.org');
      expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
    }
  });
});
