/**
 * Requests per second and latency under load, against the real server over loopback (autocannon in
 * this process): cached chart requests (the registry's requests in turn, all answered from the
 * answer cache once the server has computed them at start), then a mix of search requests that all
 * miss the cache. Then the server's memory.
 */
import autocannon from 'autocannon';
import { registryChartRequests } from '../packages/server/src/chart-requests.ts';
import { startServer } from './server-process.ts';
import { uncachedSearch } from './search-mix.ts';
import { heading, printTable } from './stats.ts';

const PATH = '/rcsbsearch/v2/query';
const HEADERS = { 'content-type': 'application/json' };

export interface LoadOptions {
  archive: string;
  port: number;
  durationSeconds: number;
  connections: number;
  uncachedConnections: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadSummary {
  cached: LoadFigures;
  uncached: LoadFigures;
  rss: number;
  peakRss: number;
  rssBefore: number;
}

function figures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export async function benchLoad(options: LoadOptions): Promise<LoadSummary> {
  heading('load: the real server over loopback (autocannon)');
  const server = await startServer({
    port: options.port,
    // Capacity is measured: no per-client limit on the uncached run, which comes from one address.
    env: { ARCHIVE_DIR: options.archive, WEB_DIR: '/nonexistent', RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    // Chart answers are computed in the background after start; the cached run waits for them.
    const warmMs = await server.warmed;
    console.log(
      `server up in ${(server.startMs / 1000).toFixed(1)} s, chart answers computed ${(warmMs / 1000).toFixed(1)} s later`,
    );
    const charts = registryChartRequests();
    const rssBefore = (await server.memory()).rss;
    const cached = await autocannon({
      url: server.url,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: charts.map(({ request }) => ({
        method: 'POST' as const,
        path: PATH,
        headers: HEADERS,
        body: JSON.stringify(request),
      })),
    });
    let n = 0;
    const uncached = await autocannon({
      url: server.url,
      connections: options.uncachedConnections,
      duration: options.durationSeconds,
      requests: [
        {
          method: 'POST',
          path: PATH,
          headers: HEADERS,
          setupRequest: (request) => ({ ...request, body: JSON.stringify(uncachedSearch(n++)) }),
        },
      ],
    });
    const memory = await server.memory();
    const rows = [
      ['cached chart requests', options.connections, cached] as const,
      ['uncached search mix', options.uncachedConnections, uncached] as const,
    ].map(([name, connections, result]) => [
      name,
      String(connections),
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.latency.max),
      String(result.non2xx + result.errors),
    ]);
    console.log(
      `${options.durationSeconds} s per run; latency in ms; server log level info (as npm start)\n`,
    );
    printTable(['requests', 'connections', 'req/s', 'p50', 'p99', 'max', 'non-2xx or errors'], rows);
    console.log(
      `\nserver memory: RSS ${mb(rssBefore)} MB before load, ${mb(memory.rss)} MB after, peak ${mb(memory.peak)} MB`,
    );
    return {
      cached: figures(cached),
      uncached: figures(uncached),
      rss: memory.rss,
      peakRss: memory.peak,
      rssBefore,
    };
  } finally {
    await server.stop();
  }
}
