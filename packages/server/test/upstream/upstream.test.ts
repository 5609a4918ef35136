import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FULL_CATALOGUE } from '@pdb-stats/search-model';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { STALE_HEADER } from '../../src/routes/search.ts';
import { startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from '../support/chart-bars.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { listen, post, startUpstreamApp } from './support.ts';

/**
 * The server in upstream mode (UPSTREAM_SEARCH_URL): no archive, every search validated here and
 * forwarded. The upstream is a second instance of our own server over a demo archive, behind a proxy
 * that the tests break: killed, slow, answering 429 or 400, flooded.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let standIn: ArchiveFixture;
let standInUrl: string;
let proxy: FaultProxy;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  standIn = await startArchiveFixture(600, 23);
  standInUrl = await listen(standIn.app);
  proxy = await startFaultProxy(standInUrl);
  // The stand-in's first search reads its tables; no test should time that.
  await post(standInUrl, entriesFrom(1990));
});
afterAll(async () => {
  await proxy?.close();
  await standIn?.close();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  proxy.script.length = 0;
  proxy.delayMs = 0;
  proxy.resetCounts();
});

/** A fresh server in upstream mode (empty cache, upstream thought healthy) in front of the proxy. */
async function upstreamServer(
  overrides: { maxInFlight?: number; ratePerSecond?: number; timeoutMs?: number } = {},
) {
  const started = await startUpstreamApp({
    url: proxy.url,
    maxInFlight: 2,
    ratePerSecond: 50,
    // Generous: a busy machine must not turn a healthy stand-in into a slow one. The slow test sets its own.
    timeoutMs: 10_000,
    ...overrides,
  });
  apps.push(started.app);
  return started;
}

const text = (attribute: string, operator: string, value?: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, ...(value !== undefined && { value }) },
});
const entriesFrom = (year: number) => ({
  query: text('rcsb_accession_info.initial_release_date', 'greater_or_equal', `${year}-01-01`),
  return_type: 'entry',
});

describe('through the upstream, answers are those of the upstream', () => {
  it('byte for byte, for every chart request and a few searches, with the same status', async () => {
    const { url } = await upstreamServer({ ratePerSecond: 1000, maxInFlight: 4 });
    const requests: unknown[] = [
      ...registryChartRequests(NOW, standIn.engine.held).map((c) => c.request),
      entriesFrom(2010),
      { ...entriesFrom(2015), request_options: { paginate: { start: 10, rows: 5 } } },
      {
        ...entriesFrom(2000),
        return_type: 'polymer_entity',
        request_options: { results_content_type: ['experimental'] },
      },
      entriesFrom(3000),
    ];
    for (const request of requests) {
      const [direct, through] = await Promise.all([post(standInUrl, request), post(url, request)]);
      expect(through.status, JSON.stringify(request)).toBe(direct.status);
      expect(through.text, JSON.stringify(request)).toBe(direct.text);
    }
    expect(proxy.arrivals.length).toBe(requests.length);
  });

  it('keeps answers like local ones: asked again, the upstream is not; ETag and 304 as usual', async () => {
    const { url } = await upstreamServer();
    const first = await post(url, entriesFrom(2012));
    const again = await post(url, entriesFrom(2012));
    expect(again.text).toBe(first.text);
    expect(proxy.arrivals.length).toBe(1);
    const etag = first.headers.get('etag')!;
    const revalidated = await fetch(
      `${url}/rcsbsearch/v2/query?json=${encodeURIComponent(JSON.stringify(entriesFrom(2012)))}`,
      {
        headers: { 'if-none-match': etag },
      },
    );
    expect(revalidated.status).toBe(304);
  });

  it('validates against the whole catalogue here; what the upstream refuses comes back unchanged', async () => {
    const { url } = await upstreamServer();
    const local = await post(url, { query: text('no.such_attribute', 'exists'), return_type: 'entry' });
    expect(local.status).toBe(400);
    expect(JSON.parse(local.text)).toMatchObject({ status: 400, field: expect.any(String) });
    expect(proxy.arrivals.length).toBe(0);
    // In the catalogue, not in the stand-in's archive: the stand-in refuses it, in its own words.
    const unheld = FULL_CATALOGUE.attributes.find((a) => a.level === 'entry' && !standIn.engine.held.has(a));
    expect(unheld, 'an entry attribute the demo archive does not hold').toBeDefined();
    const request = { query: text(unheld!.path, 'exists'), return_type: 'entry' };
    const [direct, through] = [await post(standInUrl, request), await post(url, request)];
    expect(direct.status).toBe(400);
    expect(through.status).toBe(400);
    expect(through.text).toBe(direct.text);
  });

  it('passes an upstream 400 through unchanged, body and status', async () => {
    const { url } = await upstreamServer();
    const body = '{"status":400,"message":"Invalid query: something only the upstream knows"}';
    proxy.script.push({ status: 400, headers: { 'content-type': 'application/json' }, body });
    const answer = await post(url, entriesFrom(2003));
    expect(answer.status).toBe(400);
    expect(answer.text).toBe(body);
  });
});

describe('the count invariant through the upstream', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Kept for the whole block: every bar's search goes through the proxy to the stand-in.
    ({ app } = await startUpstreamApp({
      url: proxy.url,
      maxInFlight: 4,
      ratePerSecond: 1000,
      timeoutMs: 30_000,
    }));
  });
  afterAll(() => app?.close());

  // One chart of each kind: count-invariant.test.ts walks every chart; here the point is the proxy.
  const SAMPLE = ['growth', 'distribution', 'trend'].map((kind) => ALL_CHARTS.find((c) => c.kind === kind)!);
  it.each(SAMPLE.map((chart) => [chartName(chart), chart] as const))('%s', async (name, chart) => {
    const { bars, mismatches } = await barsAgainstSearches(app, chart, NOW);
    expect(bars).toBeGreaterThan(0);
    expect(mismatches, `${name}: bars that disagree with their search`).toEqual([]);
  });
});

describe('when the upstream does not answer', () => {
  it('killed: kept answers are served marked stale, uncached requests get 503 naming it, and it is found back', async () => {
    const { url } = await upstreamServer();
    const kept = await post(url, entriesFrom(2011));
    expect(kept.status).toBe(200);
    expect(kept.headers.get(STALE_HEADER)).toBeNull();
    await proxy.kill();

    const uncached = await post(url, entriesFrom(2012));
    expect(uncached.status).toBe(503);
    expect(JSON.parse(uncached.text).message).toContain(`the search service ${proxy.url} is not answering`);

    const stale = await post(url, entriesFrom(2011));
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(kept.text);
    const label = stale.headers.get(STALE_HEADER)!;
    expect(label).toMatch(/^as of \d{4}-\d{2}-\d{2}T[\d:.]+Z; the search service .* is not answering/);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=30');
    // A dashboard on another origin may read the label.
    expect(stale.headers.get('access-control-expose-headers')).toContain(STALE_HEADER);

    // What the dashboard reads to say "as of <time>, the archive's service is not answering".
    const archive = (await (await fetch(`${url}/rcsbsearch/v2/archive`)).json()) as Record<string, any>;
    expect(archive.demo).toBeUndefined();
    expect(archive.source).toBe(`Search API at ${new URL(proxy.url).host}`);
    expect(archive.upstream).toMatchObject({ url: proxy.url, answering: false });
    expect(Date.parse(archive.upstream.answered_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(archive.upstream.reason).toContain('is not answering');

    await proxy.revive();
    // The stale answer's request is asked again in the background; once it is answered, the label goes.
    await post(url, entriesFrom(2011));
    await expect.poll(async () => (await post(url, entriesFrom(2011))).headers.get(STALE_HEADER)).toBeNull();
    const back = (await (await fetch(`${url}/rcsbsearch/v2/archive`)).json()) as Record<string, any>;
    expect(back.upstream.answering).toBe(true);
  });

  it('slow: a search waits no longer than the time limit, then 503 (or the kept answer, stale)', async () => {
    const { url } = await upstreamServer({ timeoutMs: 2000 });
    const kept = await post(url, entriesFrom(2009));
    proxy.delayMs = 6000;
    const started = Date.now();
    const slow = await post(url, entriesFrom(2008));
    const waited = Date.now() - started;
    expect(slow.status).toBe(503);
    expect(JSON.parse(slow.text).message).toMatch(/not answering: no answer within 2 s/);
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(4000);
    const stale = await post(url, entriesFrom(2009));
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(kept.text);
    expect(stale.headers.get(STALE_HEADER)).toMatch(/no answer within 2 s/);
    // Serving it stale asked the upstream again in the background (the kept one, the slow one, this).
    await expect.poll(() => proxy.arrivals.length).toBe(3);
    // Its time limit ends it: nothing is left in flight for the next test to count.
    await expect.poll(() => proxy.inFlight, { timeout: 5000 }).toBe(0);
  });

  it('429 with Retry-After: the server waits as long as asked before asking again', async () => {
    const { url } = await upstreamServer();
    proxy.script.push({ status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const answer = await post(url, entriesFrom(2005));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe((await post(standInUrl, entriesFrom(2005))).text);
    expect(proxy.arrivals.length).toBe(2);
    expect(proxy.arrivals[1]! - proxy.arrivals[0]!).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("429 asking for longer than the time limit: 503 with the upstream's Retry-After, and nothing sent meanwhile", async () => {
    const { url } = await upstreamServer({ timeoutMs: 1000 });
    proxy.script.push({ status: 429, headers: { 'retry-after': '30' } });
    const refused = await post(url, entriesFrom(2004));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(JSON.parse(refused.text).message).toMatch(/HTTP 429 \(too many requests\)/);
    // Every request now waits the 30 s out: another search is not sent, it runs out of time.
    const next = await post(url, entriesFrom(2006));
    expect(next.status).toBe(503);
    expect(proxy.arrivals.length).toBe(1);
  });
});

describe('politeness', () => {
  it('a burst of 100 visitors with uncached searches keeps at most the configured requests in flight', async () => {
    const { url } = await upstreamServer({ maxInFlight: 2, ratePerSecond: 100, timeoutMs: 20_000 });
    proxy.delayMs = 20;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(url, entriesFrom(1950 + i))),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 204)).toEqual([]);
    expect(proxy.arrivals.length).toBe(100);
    expect(proxy.maxInFlight).toBe(2);
    // At 100 a second, 100 starts span at least 99 intervals of 10 ms.
    expect(proxy.arrivals.at(-1)! - proxy.arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it('equal searches at the same time ask the upstream once', async () => {
    const { url } = await upstreamServer();
    proxy.delayMs = 100;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, entriesFrom(1999))));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(proxy.arrivals.length).toBe(1);
  });
});
