import { Agent, request } from 'node:http';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { residentBytes } from '../support/server-process.ts';

/**
 * What an ordinary visitor gets while an attack runs: one loop asks for a cached chart answer, one
 * for a cheap search whose answer is never cached, each on its own kept-alive connection from
 * 127.0.0.1 (attackers use other loopback addresses), one request after the other.
 */

/** How one kind of request fared: how many, their statuses (0: no answer), latencies in ms. */
export interface ProbeFigures {
  count: number;
  statuses: Record<number, number>;
  p50: number;
  p99: number;
  max: number;
}

export interface ProbeReport {
  cachedChart: ProbeFigures;
  uncachedSearch: ProbeFigures;
  /** Peak resident memory of the server while probed, in bytes, when its process id was given. */
  peakRssBytes?: number;
}

export interface Probe {
  /** Ends both loops (after their requests in flight) and reports. */
  stop(): Promise<ProbeReport>;
}

const PATH = '/rcsbsearch/v2/query';

/** The first chart of the registry: its answer is kept once asked. */
export const CACHED_CHART = JSON.stringify(registryChartRequests()[0]!.request);

/** A count of entries under a resolution no other request asks for: never cached, and cheap. */
export function cheapUncachedSearch(n: number): string {
  return JSON.stringify({
    query: {
      type: 'terminal',
      service: 'text',
      parameters: {
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: 'less',
        value: 2 + (n % 1_000_000) / 1_000_000,
      },
    },
    return_type: 'entry',
    request_options: { paginate: { start: 0, rows: 1 } },
  });
}

/** POSTs `body`; resolves with the status (0 when no answer came) and the latency. */
export function post(
  url: string,
  body: string,
  agent?: Agent,
  timeoutMs = 30_000,
): Promise<{ status: number; ms: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (status: number, text = '', headers: Record<string, unknown> = {}) =>
      resolve({ status, ms: performance.now() - started, text, headers });
    const sent = request(
      `${url}${PATH}`,
      {
        method: 'POST',
        ...(agent && { agent }),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(response.statusCode ?? 0, text, response.headers));
        response.on('error', () => done(0));
      },
    );
    sent.on('timeout', () => sent.destroy());
    sent.on('error', () => done(0));
    sent.end(body);
  });
}

function figures(samples: { status: number; ms: number }[]): ProbeFigures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const statuses: Record<number, number> = {};
  for (const { status } of samples) statuses[status] = (statuses[status] ?? 0) + 1;
  return { count: samples.length, statuses, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/**
 * Asks for the cached chart once (so that it is cached), then probes until stopped: the uncached
 * search every `intervalMs` at most, the cached chart every `chartIntervalMs` (default the same).
 * A cached answer does not count against the client's rate limit, so the chart can be asked often
 * enough for a p99 worth quoting. With `pid`, the server's resident memory is sampled too.
 */
export async function startProbe(
  url: string,
  options: { intervalMs?: number; chartIntervalMs?: number; pid?: number } = {},
): Promise<Probe> {
  const intervalMs = options.intervalMs ?? 50;
  const chartIntervalMs = options.chartIntervalMs ?? intervalMs;
  const warm = await post(url, CACHED_CHART);
  if (warm.status !== 200) throw new Error(`the probe's chart answered ${warm.status}: ${warm.text}`);
  let running = true;
  let peakRssBytes = 0;
  const loop = async (body: (n: number) => string, every: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const samples: { status: number; ms: number }[] = [];
    for (let n = 0; running; n++) {
      const sample = await post(url, body(n), agent);
      samples.push(sample);
      if (options.pid !== undefined)
        peakRssBytes = Math.max(peakRssBytes, await residentBytes(options.pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, every - sample.ms)));
    }
    agent.destroy();
    return figures(samples);
  };
  // Each run of the uncached loop starts at a new place, so that no earlier run's answer is cached.
  const offset = Math.floor(Math.random() * 1_000_000);
  const loops = Promise.all([
    loop(() => CACHED_CHART, chartIntervalMs),
    loop((n) => cheapUncachedSearch(offset + n), intervalMs),
  ]);
  return {
    stop: async () => {
      running = false;
      const [cachedChart, uncachedSearch] = await loops;
      return { cachedChart, uncachedSearch, ...(options.pid !== undefined && { peakRssBytes }) };
    },
  };
}
