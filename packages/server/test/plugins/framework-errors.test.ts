import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openFixtureEngine, type FixtureEngine } from '../../src/engine/testing/fixture-engine.ts';
import { rawConnection, trickle, type RawAnswer } from '../support/raw-http.ts';

/**
 * Errors that Fastify or Node answer themselves, before any route or hook: each carries the
 * security headers of every other answer and the error format of our own 400s, `{status, message}`.
 */

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let fixture: FixtureEngine;
let app: FastifyInstance;
let url: string;
/** The security headers of an ordinary answer, which every error must repeat. */
let expected: Record<string, string>;

beforeAll(async () => {
  fixture = await openFixtureEngine();
  app = await buildApp({
    engine: fixture.engine,
    connections: { headersTimeoutMs: 1000, requestTimeoutMs: 2000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const health = await fetch(`${url}/health`);
  expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, health.headers.get(name) ?? 'absent']));
  expect(Object.values(expected)).not.toContain('absent');
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
});

/** The answer's status, body and security headers, for one comparison. */
function shape(answer: { status: number; headers: Record<string, string>; body: string }) {
  return {
    status: answer.status,
    contentType: answer.headers['content-type'],
    body: JSON.parse(answer.body) as unknown,
    security: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]])),
  };
}

async function fetched(path: string, init?: RequestInit) {
  const response = await fetch(`${url}${path}`, init);
  return shape({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  });
}

const ourError = (status: number, message: string | RegExp) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: { status, message: typeof message === 'string' ? message : expect.stringMatching(message) },
  security: expected,
});

describe("Fastify's own errors", () => {
  it('a malformed address (an overlong UTF-8 dot, a bare percent sign): 400 in our format, with our headers', async () => {
    for (const path of ['/static/%c0%ae', '/rcsbsearch/v2/query%zz', '/%']) {
      expect(await fetched(path), path).toEqual(
        ourError(400, 'the address is not valid: its percent-encoding is malformed or not UTF-8'),
      );
    }
  });

  it('an unknown address without the dashboard: 404 in our format', async () => {
    expect(await fetched('/nowhere')).toEqual(ourError(404, 'not found: GET /nowhere'));
  });

  it('a wrong media type, bad JSON and a body over the limit: 415, 400, 413 in our format', async () => {
    const post = (body: string, type = 'application/json') =>
      fetched('/rcsbsearch/v2/query', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await post('{}', 'text/html')).toEqual(ourError(415, /must be JSON/));
    expect(await post('{"query":')).toEqual(ourError(400, /not valid JSON/));
    expect(await post(`{"q":"${'x'.repeat(1_100_000)}"}`)).toEqual(
      ourError(413, 'the request body is too large'),
    );
  });
});

describe('what Node refuses before Fastify sees a request', () => {
  async function raw(
    drive: Parameters<typeof rawConnection>[1],
  ): Promise<RawAnswer & { closedAfterMs: number }> {
    const { closed } = rawConnection(url, drive);
    const { answer, closedAfterMs } = await closed;
    expect(answer, 'an answer before the connection closed').toBeDefined();
    return { ...answer!, closedAfterMs };
  }

  it('bytes that are not HTTP: 400 in our format, with our headers, and the connection closed', async () => {
    const answer = await raw((socket) => socket.write('HELLO THERE\r\n\r\n'));
    expect(shape(answer)).toEqual(ourError(400, 'the request is not valid HTTP'));
    expect(answer.headers.connection).toBe('close');
  });

  it('headers over 16 KiB: 431 in our format', async () => {
    const answer = await raw((socket) =>
      socket.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(shape(answer)).toEqual(ourError(431, 'the request headers are too large'));
  });

  it('headers that never end: 408 in our format once the headers timeout passes', async () => {
    const answer = await raw((socket) =>
      trickle(socket, ['GET /health HTTP/1.1\r\n', 'Host: x\r\n'], 200, 'X-Slow: 1\r\n'),
    );
    expect(shape(answer)).toEqual(ourError(408, /did not arrive in time/));
    // The headers timeout (1 s here), checked every second.
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(answer.closedAfterMs).toBeLessThan(3500);
  });
});
