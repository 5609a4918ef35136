import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openFixtureEngine, type FixtureEngine } from '../../src/engine/testing/fixture-engine.ts';

/** The policy the dashboard was written against, directive by directive. */
const POLICY = new Map([
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['connect-src', "'self' https:"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['frame-ancestors', "'self'"],
  ['form-action', "'self'"],
]);

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')]),
  );

let fixture: FixtureEngine;
let root: string;
let app: FastifyInstance;
beforeAll(async () => {
  fixture = await openFixtureEngine();
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-web-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  app = await buildApp({ engine: fixture.engine, web: { root } });
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
  await rm(root, { recursive: true, force: true });
});

describe('security headers', () => {
  const answers = () =>
    Promise.all([
      app.inject('/'),
      app.inject('/growth/nowhere'),
      app.inject('/health'),
      app.inject('/rcsbsearch/v2/archive'),
      app.inject('/rcsbsearch/v2/nowhere'),
      app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: { return_type: 'protein' } }),
    ]);

  it('are the same on pages, API answers, 404s and 400s', async () => {
    const statuses = [];
    for (const response of await answers()) {
      statuses.push(response.statusCode);
      expect(directives(response.headers['content-security-policy'])).toEqual(POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect(statuses).toEqual([200, 404, 200, 200, 404, 400]);
  });

  it('leave out what would break plain http: HSTS and upgrade-insecure-requests', async () => {
    for (const response of await answers()) {
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('let any site frame an embedded chart, and only that page', async () => {
    for (const url of ['/embed/distribution/resolution', '/embed/growth/experimental-method?view=annual']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(directives(response.headers['content-security-policy']), url).toEqual(
        new Map([...POLICY, ['frame-ancestors', '*']]),
      );
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
    // The same chart outside the embed route, and a page whose name merely starts alike, still refuse.
    for (const url of ['/distribution/resolution', '/embedded/resolution', '/rcsbsearch/v2/archive']) {
      const response = await app.inject(url);
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toBe(
        "'self'",
      );
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
