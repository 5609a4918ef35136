import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe(`${readConfig.name}: the engine`, () => {
  it('is DuckDB unless ENGINE says otherwise', () => {
    expect(readConfig({}).engine).toEqual({ kind: 'duckdb' });
  });

  it('ENGINE=clickhouse reads the shards, the cluster and the database', () => {
    expect(
      readConfig({
        ENGINE: 'clickhouse',
        CLICKHOUSE_SHARDS: '127.0.0.1:18123, 127.0.0.1:18124,[::1]:18125',
        CLICKHOUSE_CLUSTER: 'three',
      }).engine,
    ).toEqual({
      kind: 'clickhouse',
      shards: ['127.0.0.1:18123', '127.0.0.1:18124', '[::1]:18125'],
      cluster: 'three',
      database: 'pdb_stats',
    });
  });

  it('refuses an unknown engine, missing shards, addresses that are not host:port, odd database names', () => {
    expect(() => readConfig({ ENGINE: 'postgres' })).toThrow(/ENGINE must be duckdb or clickhouse/);
    expect(() => readConfig({ ENGINE: 'clickhouse' })).toThrow(/needs CLICKHOUSE_SHARDS/);
    expect(() => readConfig({ ENGINE: 'clickhouse', CLICKHOUSE_SHARDS: 'http://a:1/' })).toThrow(
      /host:port HTTP addresses, got "http:\/\/a:1\/"/,
    );
    expect(() =>
      readConfig({ ENGINE: 'clickhouse', CLICKHOUSE_SHARDS: 'a:1', CLICKHOUSE_DATABASE: 'x; DROP' }),
    ).toThrow(/CLICKHOUSE_DATABASE must be a plain name/);
  });
});

describe(`${readConfig.name}: load protection`, () => {
  it('limits each client to 600 uncached searches a minute unless RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(readConfig({}).rateLimitPerMinute).toBe(600);
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: '30' }).rateLimitPerMinute).toBe(30);
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
    for (const bad of ['-1', '1.5', 'lots'])
      expect(() => readConfig({ RATE_LIMIT_PER_MINUTE: bad })).toThrow(
        /RATE_LIMIT_PER_MINUTE must be an integer/,
      );
  });
});

describe(`${readConfig.name}: connections`, () => {
  it('times out headers (10 s), requests (30 s), kept-alive (72 s) and idle (60 s) connections; 64 per client, 2,048 in all; 16 KiB of headers, 1 MiB of body', () => {
    expect(readConfig({}).connections).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 60_000,
      maxPerClient: 64,
      maxConnections: 2048,
      maxHeaderBytes: 16_384,
    });
    expect(readConfig({}).maxBodyBytes).toBe(1_048_576);
    expect(readConfig({ MAX_BODY_BYTES: '65536' }).maxBodyBytes).toBe(65_536);
    expect(
      readConfig({
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '8000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        IDLE_TIMEOUT_MS: '45000',
        MAX_CONNECTIONS_PER_CLIENT: '0',
        MAX_CONNECTIONS: '500',
        MAX_HEADER_BYTES: '8192',
      }).connections,
    ).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 8000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 45_000,
      maxPerClient: 0,
      maxConnections: 500,
      maxHeaderBytes: 8192,
    });
  });

  it('keeps an idle connection at least 10 s longer than a search may run, and refuses less', () => {
    expect(readConfig({ QUERY_TIMEOUT_MS: '120000' }).connections.idleTimeoutMs).toBe(130_000);
    expect(
      readConfig({ UPSTREAM_SEARCH_URL: 'https://search.rcsb.org', UPSTREAM_TIMEOUT_MS: '90000' }).connections
        .idleTimeoutMs,
    ).toBe(100_000);
    expect(() => readConfig({ IDLE_TIMEOUT_MS: '30000' })).toThrow(
      /IDLE_TIMEOUT_MS \(30000\) must be at least 40000/,
    );
  });

  it('refuses headers given longer than the whole request, and values that are not counts', () => {
    expect(() => readConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS \(40000\) must not exceed REQUEST_TIMEOUT_MS \(30000\)/,
    );
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS must be an integer/);
    expect(() => readConfig({ MAX_CONNECTIONS_PER_CLIENT: 'many' })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT must be an integer/,
    );
    expect(() => readConfig({ MAX_CONNECTIONS: '-1' })).toThrow(/MAX_CONNECTIONS must be an integer/);
  });
});

describe(`${readConfig.name}: proxies`, () => {
  it('trusts no proxy unless TRUST_PROXY lists addresses or subnets', () => {
    expect(readConfig({}).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must list addresses/);
  });
});

describe(`${readConfig.name}: load shedding`, () => {
  it('watches the event loop (1 s) and the heap (90 % of V8 limit) by default, not the RSS', () => {
    const config = readConfig({});
    expect(config.maxEventLoopDelayMs).toBe(1000);
    expect(config.maxHeapMb).toBe(Math.floor((getHeapStatistics().heap_size_limit / 2 ** 20) * 0.9));
    expect(config.maxRssMb).toBe(0);
  });

  it('takes other thresholds, 0 to turn one off, and refuses what is not a count', () => {
    const config = readConfig({ MAX_EVENT_LOOP_DELAY_MS: '0', MAX_HEAP_MB: '2048', MAX_RSS_MB: '8192' });
    expect([config.maxEventLoopDelayMs, config.maxHeapMb, config.maxRssMb]).toEqual([0, 2048, 8192]);
    for (const name of ['MAX_EVENT_LOOP_DELAY_MS', 'MAX_HEAP_MB', 'MAX_RSS_MB'])
      expect(() => readConfig({ [name]: '-5' })).toThrow(new RegExp(`${name} must be an integer`));
  });
});

describe(`${readConfig.name}: memory`, () => {
  it("leaves DuckDB's own memory limit unless MEMORY_LIMIT_MB sets one, of at least 16 MiB", () => {
    expect(readConfig({}).memoryLimitMb).toBeUndefined();
    expect(readConfig({ MEMORY_LIMIT_MB: '600' }).memoryLimitMb).toBe(600);
    expect(() => readConfig({ MEMORY_LIMIT_MB: '8' })).toThrow(
      /MEMORY_LIMIT_MB must be an integer between 16/,
    );
  });

  it('keeps the tables in a database file beside the snapshot unless DUCKDB_FILE names another or none', () => {
    expect(readConfig({}).duckdbFile).toBeUndefined();
    expect(readConfig({ DUCKDB_FILE: 'none' }).duckdbFile).toBe('none');
    expect(readConfig({ DUCKDB_FILE: '/srv/cache/pdb.duckdb' }).duckdbFile).toBe('/srv/cache/pdb.duckdb');
  });
});

describe(`${readConfig.name}: an upstream search service`, () => {
  it('is off unless UPSTREAM_SEARCH_URL names one; then two in flight, five a second, 20 s, 16 MiB, 60 s', () => {
    expect(readConfig({}).upstream).toBeUndefined();
    expect(readConfig({ UPSTREAM_SEARCH_URL: 'https://search.rcsb.org/' }).upstream).toEqual({
      url: 'https://search.rcsb.org',
      maxInFlight: 2,
      ratePerSecond: 5,
      timeoutMs: 20_000,
      maxAnswerBytes: 16 * 2 ** 20,
      maxRetryAfterMs: 60_000,
    });
    expect(
      readConfig({
        UPSTREAM_SEARCH_URL: 'http://127.0.0.1:9501',
        UPSTREAM_MAX_IN_FLIGHT: '4',
        UPSTREAM_RATE_PER_SECOND: '20',
        UPSTREAM_TIMEOUT_MS: '1500',
        UPSTREAM_MAX_ANSWER_MB: '2',
        UPSTREAM_MAX_RETRY_AFTER_S: '10',
        UPSTREAM_DATA_URL: 'https://data.rcsb.org',
      }).upstream,
    ).toEqual({
      url: 'http://127.0.0.1:9501',
      maxInFlight: 4,
      ratePerSecond: 20,
      timeoutMs: 1500,
      maxAnswerBytes: 2 * 2 ** 20,
      maxRetryAfterMs: 10_000,
      dataUrl: 'https://data.rcsb.org',
    });
  });

  it('refuses addresses that are not http(s), limits out of range, a data address alone', () => {
    expect(() => readConfig({ UPSTREAM_SEARCH_URL: 'search.rcsb.org' })).toThrow(
      /UPSTREAM_SEARCH_URL must be an http or https address/,
    );
    expect(() => readConfig({ UPSTREAM_SEARCH_URL: 'ftp://search.rcsb.org' })).toThrow(/http or https/);
    expect(() => readConfig({ UPSTREAM_SEARCH_URL: 'https://a.org/?x=1' })).toThrow(/query or a fragment/);
    expect(() => readConfig({ UPSTREAM_SEARCH_URL: 'https://a.org', UPSTREAM_MAX_IN_FLIGHT: '0' })).toThrow(
      /UPSTREAM_MAX_IN_FLIGHT must be an integer between 1 and 16/,
    );
    expect(() =>
      readConfig({ UPSTREAM_SEARCH_URL: 'https://a.org', UPSTREAM_MAX_RETRY_AFTER_S: '31536000' }),
    ).toThrow(/UPSTREAM_MAX_RETRY_AFTER_S must be an integer between 1 and 86400/);
    expect(() => readConfig({ UPSTREAM_DATA_URL: 'https://data.rcsb.org' })).toThrow(
      /UPSTREAM_DATA_URL is used only with UPSTREAM_SEARCH_URL/,
    );
  });
});

describe(`${readConfig.name}: server rendering`, () => {
  it('draws pages within 3 s, two at once per client, into a cache of 16 MiB, unless told otherwise', () => {
    const config = readConfig({});
    expect([
      config.serverRendering,
      config.renderTimeoutMs,
      config.rendersPerClient,
      config.renderCacheMb,
    ]).toEqual([true, 3000, 2, 16]);
    const other = readConfig({ RENDER_TIMEOUT_MS: '500', RENDERS_PER_CLIENT: '4', RENDER_CACHE_MB: '64' });
    expect([other.renderTimeoutMs, other.rendersPerClient, other.renderCacheMb]).toEqual([500, 4, 64]);
  });

  it('refuses no render slot at all, a time limit under 100 ms, and what is not a count', () => {
    expect(() => readConfig({ RENDERS_PER_CLIENT: '0' })).toThrow(
      /RENDERS_PER_CLIENT must be an integer between 1 and 64/,
    );
    expect(() => readConfig({ RENDER_TIMEOUT_MS: '10' })).toThrow(/RENDER_TIMEOUT_MS must be an integer/);
    expect(() => readConfig({ RENDER_CACHE_MB: 'lots' })).toThrow(/RENDER_CACHE_MB must be an integer/);
  });
});
