import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_COST_LIMITS } from '@pdb-stats/search-model';
import { DEFAULT_CHART_BATCH_LIMITS, type ChartBatchLimits } from './routes/chart-batch.ts';
import { DEFAULT_ENTRY_MAX_ROWS } from './documents/entry-record.ts';
import { DEFAULT_BODY_LIMIT, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connections.ts';
import {
  DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
  DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS,
} from './sources/upstream-source.ts';

const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Start-up settings, read from the environment once and checked. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A snapshot to serve; when unset, the demo archive in `data/demo` (generated on first start). */
  archiveDir?: string;
  demoDir: string;
  /**
   * `ARCHIVE_WATCH`: whether a snapshot newly published at the archive's folder is served at once
   * (on, the default) or only after SIGHUP (off).
   */
  archiveWatch: boolean;
  demoEntries: number;
  webDir: string;
  publicUrl?: string;
  /** Whether home and chart pages are rendered on the server (SERVER_RENDERING=off: sent unrendered). */
  serverRendering: boolean;
  /** `RENDER_TIMEOUT_MS`: longest a page's render may take before the page is sent unrendered. */
  renderTimeoutMs: number;
  /** `RENDERS_PER_CLIENT`: pages drawn at once for one client; its next pages are sent unrendered. */
  rendersPerClient: number;
  /** `RENDER_CACHE_MB`: size of the cache of rendered pages in MiB. */
  renderCacheMb: number;
  /** Access-Control-Allow-Origin of the API. */
  corsOrigin: string;
  /** `TRUST_PROXY`: addresses or subnets of proxies whose X-Forwarded-For names the client. */
  trustProxy?: string[];
  /** Longest a search may run (ms) before it is cancelled with 408. */
  queryTimeoutMs: number;
  /** Timeouts of connections and the cap of open connections per client address. */
  connections: ConnectionLimits;
  /** `MAX_BODY_BYTES`: the largest request body (413 beyond). */
  maxBodyBytes: number;
  /** Size of the answer cache in MiB. */
  cacheMb: number;
  /** Searches whose answer is not cached that one client may make per minute; 0: no limit. */
  rateLimitPerMinute: number;
  /** Mean event-loop delay (ms) beyond which the API answers 503; 0: not watched. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (MiB) beyond which the API answers 503; 0: not watched. */
  maxHeapMb: number;
  /** Resident set size (MiB) beyond which the API answers 503; 0: not watched. */
  maxRssMb: number;
  /** `SEARCH_MAX_BUCKETS`: most buckets one answer may hold, facets and sub-facets together. */
  maxBuckets: number;
  /** `SEARCH_MAX_FACET_ROWS`: most rows the database may return for one answer's facets. */
  maxFacetRows: number;
  /** `SEARCH_QUEUE_WAIT_MS`: longest a search waits for a database connection before 503. */
  queueWaitMs: number;
  /** `SEARCH_QUEUE_LENGTH`: searches waiting for a database connection at most; more get 503 at once. */
  queueLength: number;
  /** `SEARCH_MAX_IN_VALUES`: most values of all `in` lists of one request together. */
  maxInValues: number;
  /** `ENTRY_MAX_ROWS`: polymer entities and assemblies an entry record lists, each, and values per attribute. */
  entryMaxRows: number;
  /** `CHART_BATCH_MAX_CHARTS`, `CHART_BATCH_MAX_BYTES`, `CHART_BATCH_MAX_CONDITIONS`: what one batch of charts may ask. */
  chartBatch: ChartBatchLimits;
  /** `MEMORY_LIMIT_MB`: most memory DuckDB may use; an archive that does not fit is refused at start. */
  memoryLimitMb?: number;
  /**
   * `DUCKDB_FILE`: the database file DuckDB builds from the snapshot once and reuses; `none` loads the
   * tables into memory at every start. Default: `<archive>.duckdb` beside the snapshot folder.
   */
  duckdbFile?: string | 'none';
  /** `ENGINE`: the embedded DuckDB engine (default) or a ClickHouse cluster. */
  engine: EngineConfig;
  /**
   * `UPSTREAM_SEARCH_URL`: answer searches from this Search API v2 service (e.g.
   * https://search.rcsb.org) instead of an archive on disk; the archive settings are then unused.
   */
  upstream?: UpstreamConfig;
}

/** A remote Search API service as the source of answers, and how politely it is asked. */
export interface UpstreamConfig {
  url: string;
  /** `UPSTREAM_MAX_IN_FLIGHT`: requests in flight to it at once. */
  maxInFlight: number;
  /** `UPSTREAM_RATE_PER_SECOND`: requests started per second at most. */
  ratePerSecond: number;
  /** `UPSTREAM_TIMEOUT_MS`: longest a search waits for it before a kept answer or a 503. */
  timeoutMs: number;
  /** `UPSTREAM_MAX_ANSWER_MB`: largest answer read from it (502 beyond). */
  maxAnswerBytes: number;
  /** `UPSTREAM_MAX_RETRY_AFTER_S`: longest its Retry-After may stop every search (a longer one is cut). */
  maxRetryAfterMs: number;
  /** `UPSTREAM_DATA_URL`: the RCSB Data API (https://data.rcsb.org), for key attributes on results pages. */
  dataUrl?: string;
}

/** Which engine answers searches, and where its database is. */
export type EngineConfig =
  | { kind: 'duckdb' }
  | {
      kind: 'clickhouse';
      /** `CLICKHOUSE_SHARDS`: HTTP addresses `host:port` of the shards; queries go to the first. */
      shards: string[];
      /** `CLICKHOUSE_CLUSTER`: the cluster's name in the shards' remote_servers. */
      cluster: string;
      /** `CLICKHOUSE_DATABASE`: where the tables live. */
      database: string;
    };

const ADDRESS = /^[\w.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/;

function engineConfig(env: NodeJS.ProcessEnv): EngineConfig {
  const kind = env.ENGINE || 'duckdb';
  if (kind === 'duckdb') return { kind };
  if (kind !== 'clickhouse') throw new Error(`ENGINE must be duckdb or clickhouse, got "${kind}"`);
  const shards = (env.CLICKHOUSE_SHARDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (shards.length === 0) {
    throw new Error(
      'ENGINE=clickhouse needs CLICKHOUSE_SHARDS, e.g. 127.0.0.1:18123,127.0.0.1:18124,127.0.0.1:18125',
    );
  }
  const bad = shards.find((s) => !ADDRESS.test(s));
  if (bad) throw new Error(`CLICKHOUSE_SHARDS must list host:port HTTP addresses, got "${bad}"`);
  const database = env.CLICKHOUSE_DATABASE || 'pdb_stats';
  if (!/^\w+$/.test(database)) throw new Error(`CLICKHOUSE_DATABASE must be a plain name, got "${database}"`);
  return { kind, shards, cluster: env.CLICKHOUSE_CLUSTER || 'pdb_stats', database };
}

const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[\d.]+(\/\d+)?|[0-9a-fA-F:.]+(\/\d+)?)$/;

function trustProxy(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return undefined;
  const addresses = raw.split(',').map((a) => a.trim());
  const bad = addresses.find((a) => !PROXY_ADDRESS.test(a));
  if (bad) throw new Error(`TRUST_PROXY must list addresses or subnets of proxies, got "${bad}"`);
  return addresses;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http or https address such as https://search.rcsb.org, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http or https address, got "${raw}"`);
  if (url.search || url.hash) throw new Error(`${name} must not carry a query or a fragment, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function upstreamConfig(env: NodeJS.ProcessEnv): UpstreamConfig | undefined {
  const url = httpUrl(env, 'UPSTREAM_SEARCH_URL');
  const dataUrl = httpUrl(env, 'UPSTREAM_DATA_URL');
  if (!url) {
    if (dataUrl) throw new Error('UPSTREAM_DATA_URL is used only with UPSTREAM_SEARCH_URL');
    return undefined;
  }
  return {
    url,
    // Two in flight and five a second: the charts' answers (35 requests) are fetched in 7 s at start.
    maxInFlight: integer(env, 'UPSTREAM_MAX_IN_FLIGHT', 2, 1, 16),
    ratePerSecond: integer(env, 'UPSTREAM_RATE_PER_SECOND', 5, 1, 100),
    timeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 20_000, 100, 600_000),
    maxAnswerBytes:
      integer(env, 'UPSTREAM_MAX_ANSWER_MB', DEFAULT_UPSTREAM_MAX_ANSWER_BYTES / 2 ** 20, 1, 1024) * 2 ** 20,
    maxRetryAfterMs:
      integer(env, 'UPSTREAM_MAX_RETRY_AFTER_S', DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS / 1000, 1, 86_400) *
      1000,
    ...(dataUrl && { dataUrl }),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * The connection limits; the idle timeout is at least 10 s longer than the longest a search may keep
 * its connection silent (the query or upstream time limit), so that no answer is cut off.
 */
function connectionLimits(env: NodeJS.ProcessEnv, longestSearchMs: number): ConnectionLimits {
  const defaults = DEFAULT_CONNECTION_LIMITS;
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', defaults.headersTimeoutMs, 1000, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', defaults.requestTimeoutMs, 1000, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request`,
    );
  const shortestIdle = longestSearchMs + 10_000;
  const idleTimeoutMs = integer(
    env,
    'IDLE_TIMEOUT_MS',
    Math.max(defaults.idleTimeoutMs, shortestIdle),
    1000,
    3_600_000,
  );
  if (idleTimeoutMs < shortestIdle)
    throw new Error(
      `IDLE_TIMEOUT_MS (${idleTimeoutMs}) must be at least ${shortestIdle}: a search may keep its connection silent for ${longestSearchMs} ms (QUERY_TIMEOUT_MS, UPSTREAM_TIMEOUT_MS)`,
    );
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', defaults.keepAliveTimeoutMs, 1000, 600_000),
    idleTimeoutMs,
    maxPerClient: integer(env, 'MAX_CONNECTIONS_PER_CLIENT', defaults.maxPerClient, 0, 1_000_000),
    maxConnections: integer(env, 'MAX_CONNECTIONS', defaults.maxConnections, 0, 1_000_000),
    maxHeaderBytes: integer(env, 'MAX_HEADER_BYTES', defaults.maxHeaderBytes, 1024, 1_048_576),
  };
}

/** 90 % of the heap V8 may use: past it the process is close to dying out of memory. */
const DEFAULT_MAX_HEAP_MB = Math.floor((getHeapStatistics().heap_size_limit / 2 ** 20) * 0.9);

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const proxies = trustProxy(env);
  const upstream = upstreamConfig(env);
  const queryTimeoutMs = integer(env, 'QUERY_TIMEOUT_MS', 30_000, 1, 3_600_000);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    ...(env.ARCHIVE_DIR && { archiveDir: resolve(env.ARCHIVE_DIR) }),
    demoDir: resolve(env.DEMO_DIR || resolve(REPO_ROOT, 'data/demo')),
    archiveWatch: onOff('ARCHIVE_WATCH', env.ARCHIVE_WATCH),
    demoEntries: integer(env, 'DEMO_ENTRIES', 250_000, 1, 20_000_000),
    webDir: resolve(env.WEB_DIR || resolve(REPO_ROOT, 'packages/web/dist')),
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') }),
    serverRendering: serverRendering(env.SERVER_RENDERING),
    renderTimeoutMs: integer(env, 'RENDER_TIMEOUT_MS', 3000, 100, 60_000),
    rendersPerClient: integer(env, 'RENDERS_PER_CLIENT', 2, 1, 64),
    renderCacheMb: integer(env, 'RENDER_CACHE_MB', 16, 1, 4096),
    corsOrigin: env.CORS_ORIGIN || '*',
    ...(proxies !== undefined && { trustProxy: proxies }),
    queryTimeoutMs,
    connections: connectionLimits(env, Math.max(queryTimeoutMs, upstream?.timeoutMs ?? 0)),
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', DEFAULT_BODY_LIMIT, 1024, 67_108_864),
    cacheMb: integer(env, 'CACHE_MB', 64, 0, 65_536),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    maxEventLoopDelayMs: integer(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    maxHeapMb: integer(env, 'MAX_HEAP_MB', DEFAULT_MAX_HEAP_MB, 0, 1_048_576),
    // Off by default: most of the RSS is DuckDB's, which bounds its own memory.
    maxRssMb: integer(env, 'MAX_RSS_MB', 0, 0, 1_048_576),
    maxBuckets: integer(env, 'SEARCH_MAX_BUCKETS', DEFAULT_COST_LIMITS.maxBuckets, 1, 10_000_000),
    maxFacetRows: integer(env, 'SEARCH_MAX_FACET_ROWS', DEFAULT_COST_LIMITS.maxFacetRows, 1, 100_000_000),
    queueWaitMs: integer(env, 'SEARCH_QUEUE_WAIT_MS', 5000, 1, 600_000),
    queueLength: integer(env, 'SEARCH_QUEUE_LENGTH', 64, 0, 100_000),
    maxInValues: integer(env, 'SEARCH_MAX_IN_VALUES', DEFAULT_COST_LIMITS.maxInValues, 1, 1_000_000),
    entryMaxRows: integer(env, 'ENTRY_MAX_ROWS', DEFAULT_ENTRY_MAX_ROWS, 1, 10_000),
    chartBatch: {
      maxCharts: integer(env, 'CHART_BATCH_MAX_CHARTS', DEFAULT_CHART_BATCH_LIMITS.maxCharts, 1, 100),
      maxBytes: integer(env, 'CHART_BATCH_MAX_BYTES', DEFAULT_CHART_BATCH_LIMITS.maxBytes, 1024, 16_777_216),
      maxConditions: integer(
        env,
        'CHART_BATCH_MAX_CONDITIONS',
        DEFAULT_CHART_BATCH_LIMITS.maxConditions,
        1,
        100_000,
      ),
    },
    ...(env.MEMORY_LIMIT_MB && { memoryLimitMb: integer(env, 'MEMORY_LIMIT_MB', 0, 16, 1_048_576) }),
    ...(env.DUCKDB_FILE && { duckdbFile: env.DUCKDB_FILE === 'none' ? 'none' : resolve(env.DUCKDB_FILE) }),
    engine: engineConfig(env),
    ...(upstream && { upstream }),
  };
}

/** SERVER_RENDERING: `on` (the default) or `off`; anything else is refused, naming the variable. */
function serverRendering(value: string | undefined): boolean {
  return onOff('SERVER_RENDERING', value);
}

/** A switch that is `on` by default or `off`; anything else is refused, naming the variable. */
function onOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", not "${value}"`);
}
