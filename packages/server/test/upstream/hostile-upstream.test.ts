import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STALE_HEADER } from '../../src/routes/search.ts';
import type { UpstreamOptions } from '../../src/sources/upstream-source.ts';
import {
  answerJson,
  endless,
  rawAnswer,
  SMALL_ANSWER,
  startHostileUpstream,
  trickle,
  type HostileUpstream,
} from './hostile-upstream.ts';
import { post, startUpstreamApp } from './support.ts';

/**
 * The server in upstream mode in front of an upstream that means harm: it redirects to an internal
 * address, sends answers without end, answers slowly, asks to be left alone for a year, and fills
 * its errors with control characters, non-ASCII text and HTML. Whatever it does, a visitor gets an
 * answer of ours: a kept answer, or a JSON error naming what happened, quickly.
 */

let upstream: HostileUpstream;
/** An address inside the network that a redirect points at: nothing must ever reach it. */
let internal: Server;
let internalUrl: string;
let internalHits = 0;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startHostileUpstream();
  internal = createServer((request, response) => {
    internalHits++;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal"}');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await upstream?.close();
  await new Promise((resolve) => internal?.close(resolve));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  upstream.reset();
  internalHits = 0;
});

async function server(overrides: Partial<UpstreamOptions> = {}) {
  const started = await startUpstreamApp({
    url: upstream.url,
    maxInFlight: 2,
    ratePerSecond: 50,
    timeoutMs: 3000,
    maxAnswerBytes: 2 ** 20,
    ...overrides,
  });
  apps.push(started.app);
  return started.url;
}

const search = (year: number) => ({
  query: {
    type: 'terminal',
    service: 'text',
    parameters: {
      attribute: 'rcsb_accession_info.initial_release_date',
      operator: 'greater_or_equal',
      value: `${year}-01-01`,
    },
  },
  return_type: 'entry',
});

/** Our JSON error: its status, and the body parsed. */
function expectOurError(answer: { status: number; text: string; headers: Headers }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.text) as { status: number; message: string };
  expect(body.status).toBe(status);
  return body;
}

/** Every header value a visitor gets is visible ASCII: the label of a stale answer above all. */
function expectPlainHeaders(headers: Headers) {
  for (const [name, value] of headers) expect(value, name).toMatch(/^[\x20-\x7e]*$/);
}

describe('a redirect is never followed', () => {
  it.each([301, 302, 303, 307, 308])(
    '%i to an internal address: 502 naming it, nothing sent there, nothing kept',
    async (status) => {
      const url = await server();
      upstream.answer = (response) =>
        response.writeHead(status, { location: `${internalUrl}/rcsbsearch/v2/query` }).end();
      const first = await post(url, search(2001));
      const body = expectOurError(first, 502);
      expect(body.message).toBe(
        `the search service ${upstream.url} redirected the search (HTTP ${status} to ${internalUrl}/rcsbsearch/v2/query); redirects are not followed`,
      );
      expect(internalHits).toBe(0);
      // Not retried, and not kept: asked again, the upstream is asked again.
      expect(upstream.arrivals).toBe(1);
      expectOurError(await post(url, search(2001)), 502);
      expect(upstream.arrivals).toBe(2);
      expect(internalHits).toBe(0);
    },
  );

  it('a kept answer stands in, marked stale with the redirect named in plain ASCII', async () => {
    const url = await server();
    const kept = await post(url, search(2002));
    expect(kept.status).toBe(200);
    // A Location of raw UTF-8 bytes ("€" and "é"), as a broken server may send it.
    upstream.answer = (response) =>
      rawAnswer(
        response,
        Buffer.concat([
          Buffer.from('HTTP/1.1 307 Temporary Redirect\r\nLocation: http://10.0.0.1/'),
          Buffer.from('€é', 'utf8'),
          Buffer.from('\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
        ]),
      );
    expectOurError(await post(url, search(2003)), 502);
    const stale = await post(url, search(2002));
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(kept.text);
    expect(stale.headers.get(STALE_HEADER)).toMatch(
      /redirected the search \(HTTP 307 to http:\/\/10\.0\.0\.1\/[? ]+\); redirects are not followed$/,
    );
    expectPlainHeaders(stale.headers);
  });
});

describe('an answer is read up to its size limit and must be JSON', () => {
  it('an endless answer: 502 naming the limit, and little more than the limit was read', async () => {
    const url = await server();
    upstream.answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"result_set":[');
      endless(response, '"1ABC",'.repeat(10_000));
    };
    const started = performance.now();
    const answer = await post(url, search(2004));
    expect(expectOurError(answer, 502).message).toBe(
      `the search service ${upstream.url} answered badly: the answer (HTTP 200) is larger than 1 MiB`,
    );
    expect(performance.now() - started).toBeLessThan(3000);
    // What the sockets buffer on loopback, at most: the rest of the answer was never read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.bytesSent).toBeLessThan(16 * 2 ** 20);
    expect(upstream.arrivals).toBe(1);
  });

  it('an answer announced at 300 MB is not read at all', async () => {
    const url = await server();
    upstream.answer = (response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(300 * 2 ** 20),
      });
      endless(response, ' '.repeat(65_536));
    };
    expect(expectOurError(await post(url, search(2005)), 502).message).toMatch(/larger than 1 MiB/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.bytesSent).toBeLessThan(16 * 2 ** 20);
  });

  it('HTML, or text, where JSON is expected: 502 naming the type, nothing kept', async () => {
    const url = await server();
    for (const [type, body] of [
      ['text/html', '<html><script>alert(1)</script></html>'],
      ['application/json', '<html>not json</html>'],
      ['text/plain', SMALL_ANSWER],
    ] as const) {
      upstream.answer = (response) => response.writeHead(200, { 'content-type': type }).end(body);
      const answer = await post(url, search(2006));
      expect(expectOurError(answer, 502).message, type).toBe(
        `the search service ${upstream.url} answered something that is not JSON (${type})`,
      );
      expect(answer.text).not.toContain('<');
    }
    upstream.answer = (response) => answerJson(response);
    expect((await post(url, search(2006))).text).toBe(SMALL_ANSWER);
  });
});

describe('a slow upstream is waited for no longer than the time limit', () => {
  it('headers that never come, or a body one byte every 200 ms: 503 once the limit passes', async () => {
    const url = await server({ timeoutMs: 1500 });
    const hang: HostileUpstream['answer'] = () => undefined;
    const drip: HostileUpstream['answer'] = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      trickle(response, SMALL_ANSWER, 200);
    };
    for (const [name, answer] of [
      ['hang', hang],
      ['drip', drip],
    ] as const) {
      upstream.answer = answer;
      const started = performance.now();
      const refused = await post(url, search(name === 'hang' ? 2007 : 2008));
      const waited = performance.now() - started;
      expect(expectOurError(refused, 503).message, name).toMatch(/is not answering: no answer within 1\.5 s/);
      expect(refused.headers.get('retry-after'), name).toMatch(/^\d+$/);
      expect(waited, name).toBeGreaterThanOrEqual(1400);
      expect(waited, name).toBeLessThan(4000);
    }
  });
});

describe("the upstream's Retry-After is capped, and ends when it answers again", () => {
  it('a year asked: our 503 says 60 s at most, not a year', async () => {
    const url = await server({ timeoutMs: 1000 });
    upstream.answer = (response) => response.writeHead(429, { 'retry-after': '31536000' }).end();
    const refused = await post(url, search(2009));
    expectOurError(refused, 503);
    expect(refused.headers.get('retry-after')).toBe('60');
    // The pause holds for every search meanwhile, and says how long is left.
    const next = await post(url, search(2010));
    expectOurError(next, 503);
    expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(upstream.arrivals).toBe(1);
  });

  it('a year asked, as seconds or as a date, stops searches only as long as the cap', async () => {
    const url = await server({ timeoutMs: 1000, maxRetryAfterMs: 1000 });
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toUTCString();
    for (const [year, retryAfter] of [
      [2011, '31536000'],
      [2019, inAYear],
    ] as const) {
      upstream.reset();
      upstream.answer = (response, n) =>
        n === 1 ? response.writeHead(429, { 'retry-after': retryAfter }).end() : answerJson(response);
      const refused = await post(url, search(year));
      expectOurError(refused, 503);
      expect(refused.headers.get('retry-after'), retryAfter).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const answered = await post(url, search(year));
      expect(answered.status, retryAfter).toBe(200);
      expect(answered.text).toBe(SMALL_ANSWER);
    }
  });

  it('an answer of the upstream while it asked to wait lifts the wait at once', async () => {
    const url = await server({ timeoutMs: 2000 });
    // Two searches in flight: the first is told to wait a year, the second is answered after it.
    upstream.answer = (response, n) => {
      if (n === 1) setTimeout(() => response.writeHead(429, { 'retry-after': '31536000' }).end(), 100);
      else setTimeout(() => answerJson(response), n === 2 ? 600 : 0);
    };
    const [told, answered] = await Promise.all([post(url, search(2012)), post(url, search(2013))]);
    expectOurError(told, 503);
    expect(answered.status).toBe(200);
    // The upstream answers again: the next search is not held for a year, nor for a minute.
    const next = await post(url, search(2014));
    expect(next.status).toBe(200);
    expect(upstream.arrivals).toBe(3);
  });
});

describe("the upstream's errors come back as ours", () => {
  it('a 400 with CR, LF, bidirectional overrides and "€" in its message: our JSON, the text made plain', async () => {
    const url = await server();
    upstream.answer = (response) =>
      answerJson(
        response,
        JSON.stringify({ status: 400, message: 'bad value\r\nSet-Cookie: x=1\u202e 5 €' }),
        400,
      );
    const answer = await post(url, search(2015));
    expect(JSON.parse(answer.text)).toEqual({ status: 400, message: 'bad value Set-Cookie: x=1 5 €' });
    expectOurError(answer, 400);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('an HTML error page (404, 413): our JSON error with its status, none of its markup', async () => {
    const url = await server();
    for (const status of [404, 413]) {
      upstream.answer = (response) =>
        response
          .writeHead(status, { 'content-type': 'text/html' })
          .end('<html><script>alert(1)</script></html>');
      const answer = await post(url, search(2016));
      expect(JSON.parse(answer.text)).toEqual({
        status,
        message: `the search service refused the request (HTTP ${status})`,
      });
      expectOurError(answer, status);
    }
  });

  it('500s with text of every kind: 503 after the retries, every header plain, a kept answer served stale', async () => {
    const url = await server();
    const kept = await post(url, search(2017));
    upstream.answer = (response) =>
      rawAnswer(
        response,
        Buffer.concat([
          Buffer.from('HTTP/1.1 500 Kaputt '),
          Buffer.from('€\u202e', 'utf8'),
          Buffer.from('\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<h1>down\r\n€</h1>'),
        ]),
      );
    expectOurError(await post(url, search(2018)), 503);
    const stale = await post(url, search(2017));
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(kept.text);
    expect(stale.headers.get(STALE_HEADER)).toMatch(/is not answering: HTTP 500/);
    expectPlainHeaders(stale.headers);
  });
});
