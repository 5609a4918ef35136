/**
 * Overload: one client sends a burst of uncached searches, far more than the engine can compute,
 * while dashboards keep asking for cached chart answers. The server runs with its own defaults for
 * load protection: at most RATE_LIMIT_PER_MINUTE uncached searches per client (600), 503 when the
 * event loop lags beyond MAX_EVENT_LOOP_DELAY_MS (1000); cached answers are never refused. Figures:
 * the cached requests' latency alone and during the burst, how the burst was answered (computed,
 * 429, 503) and how fast the refusals came.
 */
import { Agent, request } from 'node:http';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { uncachedSearch } from './search-mix.ts';
import { startServer } from './server-process.ts';
import { heading, percentile, printTable } from './stats.ts';

const PATH = '/rcsbsearch/v2/query';

export interface OverloadOptions {
  archive: string;
  port: number;
  /** Length of the burst (s); the cached requests run alone for a third of it first. */
  durationSeconds: number;
  /** Connections asking for cached chart answers. */
  cachedConnections: number;
  /** Connections of the burst of uncached searches, all from one address. */
  burstConnections: number;
  /** RATE_LIMIT_PER_MINUTE of the server; its default when absent. */
  rateLimitPerMinute?: number;
}

export interface OverloadSummary {
  cachedAlone: { p50: number; p99: number };
  cachedDuringBurst: { p50: number; p99: number; refused: number };
  burst: { computed: number; tooMany: number; shed: number; other: number };
}

/** One answer: its status (0: no answer), latency (ms) and when it was asked (ms since start). */
interface Sample {
  status: number;
  ms: number;
  at: number;
}

/** `connections` loops of POSTs, each sending the next body when its answer is in, until `until`. */
async function hammer(
  url: string,
  connections: number,
  until: number,
  body: () => string,
): Promise<Sample[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples: Sample[] = [];
  const post = (payload: string) =>
    new Promise<Sample>((resolve) => {
      const started = performance.now();
      const done = (status: number) => resolve({ status, ms: performance.now() - started, at: started });
      const sent = request(
        `${url}${PATH}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => response.resume().on('end', () => done(response.statusCode ?? 0)),
      );
      sent.on('error', () => done(0));
      sent.end(payload);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) samples.push(await post(body()));
    }),
  );
  agent.destroy();
  return samples;
}

const latency = (samples: readonly Sample[]) => {
  const ms = samples.map((s) => s.ms);
  return ms.length === 0
    ? { p50: NaN, p99: NaN, max: NaN }
    : { p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms) };
};
const fixed = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));

export async function benchOverload(options: OverloadOptions): Promise<OverloadSummary> {
  heading('overload: a burst of uncached searches from one client, cached chart requests meanwhile');
  const server = await startServer({
    port: options.port,
    env: {
      ARCHIVE_DIR: options.archive,
      WEB_DIR: '/nonexistent',
      ...(options.rateLimitPerMinute !== undefined && {
        RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
      }),
    },
  });
  try {
    await server.warmed;
    const charts = registryChartRequests().map(({ request }) => JSON.stringify(request));
    let c = 0;
    const chart = () => charts[c++ % charts.length]!;
    const aloneMs = (options.durationSeconds * 1000) / 3;
    const alone = await hammer(server.url, options.cachedConnections, performance.now() + aloneMs, chart);

    const start = performance.now();
    const until = start + options.durationSeconds * 1000;
    let n = 0;
    const [during, burst] = await Promise.all([
      hammer(server.url, options.cachedConnections, until, chart),
      // The mix repeats after 100,000 requests; the query_id keeps every search of the burst apart.
      hammer(server.url, options.burstConnections, until, () =>
        JSON.stringify({ ...uncachedSearch(n), request_info: { query_id: `burst-${n++}` } }),
      ),
    ]);

    const computed = burst.filter((s) => s.status === 200 || s.status === 204);
    const tooMany = burst.filter((s) => s.status === 429);
    const shed = burst.filter((s) => s.status === 503);
    const other = burst.length - computed.length - tooMany.length - shed.length;
    const refusedCached = during.filter((s) => s.status !== 200).length;
    const firstRefusal = Math.min(...[...tooMany, ...shed].map((s) => s.at - start));

    console.log(
      `${options.cachedConnections} connections of cached chart requests (the registry's ${charts.length} in turn), ` +
        `alone for ${(aloneMs / 1000).toFixed(0)} s, then for ${options.durationSeconds} s beside ` +
        `${options.burstConnections} connections of uncached searches (search-mix.ts), all from 127.0.0.1; ` +
        `RATE_LIMIT_PER_MINUTE ${options.rateLimitPerMinute ?? '600 (default)'}, MAX_EVENT_LOOP_DELAY_MS 1000 (default), ` +
        `log level info; latency in ms\n`,
    );
    const rate = (samples: readonly Sample[], ms: number) => ((samples.length / ms) * 1000).toFixed(0);
    printTable(
      ['cached chart requests', 'req/s', 'p50', 'p99', 'max', 'not 200'],
      [
        ['alone', alone, aloneMs] as const,
        ['during the burst', during, options.durationSeconds * 1000] as const,
      ].map(([name, samples, ms]) => {
        const l = latency(samples);
        return [
          name,
          rate(samples, ms),
          fixed(l.p50),
          fixed(l.p99),
          fixed(l.max),
          String(samples.filter((s) => s.status !== 200).length),
        ];
      }),
    );
    console.log('');
    printTable(
      ['uncached searches of the burst', 'answers', 'p50', 'p99', 'max'],
      [
        ['computed (200, 204)', computed] as const,
        ['429 (over the client limit)', tooMany] as const,
        ['503 (load shed)', shed] as const,
      ].map(([name, samples]) => {
        const l = latency(samples);
        return [name, String(samples.length), fixed(l.p50), fixed(l.p99), fixed(l.max)];
      }),
    );
    if (other > 0) console.log(`other answers or errors: ${other}`);
    // How the burst was answered over time, by when each search was sent.
    const STEP = 5_000;
    const steps = Array.from({ length: Math.ceil((options.durationSeconds * 1000) / STEP) }, (_, i) => {
      const inStep = (s: Sample) => s.at - start >= i * STEP && s.at - start < (i + 1) * STEP;
      const count = (samples: readonly Sample[]) => String(samples.filter(inStep).length);
      return [
        `${(i * STEP) / 1000}–${((i + 1) * STEP) / 1000} s`,
        count(computed),
        count(tooMany),
        count(shed),
        fixed(latency(during.filter(inStep)).p99),
      ];
    });
    console.log('');
    printTable(['burst sent at', 'computed', '429', '503', 'cached p99'], steps);
    if (Number.isFinite(firstRefusal))
      console.log(`\nfirst refusal ${(firstRefusal / 1000).toFixed(1)} s into the burst`);
    const a = latency(alone);
    const d = latency(during);
    return {
      cachedAlone: { p50: a.p50, p99: a.p99 },
      cachedDuringBurst: { p50: d.p50, p99: d.p99, refused: refusedCached },
      burst: { computed: computed.length, tooMany: tooMany.length, shed: shed.length, other },
    };
  } finally {
    await server.stop();
  }
}
