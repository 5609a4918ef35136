/**
 * Plain `fetch` against ClickHouse's HTTP interface. Not @clickhouse/client: what it adds over one
 * POST per statement is typed query parameters, which release 18.16 (Debian's) does not have, and
 * it targets current releases; here every setting sent is one 18.16 knows.
 * @see https://clickhouse.com/docs/en/interfaces/http
 */
// undici's own fetch with its Agent: the global fetch is the undici bundled with Node, and a
// dispatcher of another undici release is refused by it ('invalid onError method', Node 26).
import { Agent, fetch, type Response } from 'undici';

/** Settings sent with every query; each exists in 18.16. */
const QUERY_SETTINGS: Record<string, string> = {
  // LEFT joins give NULL, not the type's default, where a row has no match (sort values).
  join_use_nulls: '1',
  // Counts are UInt64: numbers in JSON, as DuckDB's BIGINT are converted to numbers.
  output_format_json_quote_64bit_integers: '0',
};

/** The cluster, or one of its shards, could not answer: 503 with a message that names it. */
export class ClusterUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClusterUnavailableError';
  }
}

/**
 * A statement needed more memory than a shard allows one query (`max_memory_usage`): 503, as for
 * an overloaded service; the message says what happened and what the client can do.
 */
export class ClusterMemoryError extends Error {
  readonly statusCode = 503;

  constructor(address: string, options?: { cause?: unknown }) {
    super(
      `the search needs more memory than the ClickHouse cluster allows one query (reported by the server at ${address}); narrow the query or ask for fewer facets`,
      options,
    );
    this.name = 'ClusterMemoryError';
  }
}

/** An error ClickHouse reported for a statement (its text may contain SQL: never shown to clients). */
export class ClickHouseError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ClickHouseError';
  }
}

/** ClickHouse error codes that mean a shard could not be reached or did not answer. */
const NETWORK_CODES = new Set([
  209, // SOCKET_TIMEOUT
  210, // NETWORK_ERROR
  279, // ALL_CONNECTION_TRIES_FAILED
  // 394 QUERY_WAS_CANCELLED is ours (abort), not the cluster's
]);

const MEMORY_LIMIT_EXCEEDED = 241;

export interface QueryOptions {
  database?: string;
  signal?: AbortSignal;
  /** Extra settings (max_execution_time, ...). */
  settings?: Record<string, string>;
}

/** Statements that change nothing, and so may be sent a second time. */
const READ_STATEMENT = /^\s*(SELECT|WITH|SHOW|EXISTS|DESCRIBE)\b/i;

/**
 * Connections used once: a statement that changes data is never sent on a kept-alive connection.
 * The server closes an idle one after its keep_alive_timeout (3 s); the client retires it sooner,
 * but with its event loop starved (a loaded machine) it may send on it after the server closed it,
 * and such a statement cannot be sent again (loading a snapshot failed so, with 'other side closed').
 */
const ONE_USE_CONNECTIONS = new Agent({ pipelining: 0 });

/** The connection was closed by the other side before any answer (not a refused or timed-out one). */
function isClosedConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

/** One ClickHouse server, reached over HTTP at `host:port`. */
export class ClickHouseNode {
  constructor(readonly address: string) {}

  private url(options: QueryOptions, query?: string): string {
    const params = new URLSearchParams({ ...QUERY_SETTINGS, ...options.settings });
    if (options.database) params.set('database', options.database);
    if (query) params.set('query', query);
    return `http://${this.address}/?${params.toString()}`;
  }

  /**
   * Sends a statement (and optional data for an INSERT); returns the response text. Unreachable
   * servers and network failures of the cluster become `ClusterUnavailableError`, a statement over
   * the memory limit `ClusterMemoryError`.
   */
  async send(sql: string, options: QueryOptions = {}, data?: ReadableStream<Uint8Array>): Promise<string> {
    const post = () =>
      fetch(data ? this.url(options, sql) : this.url(options), {
        method: 'POST',
        body: data ?? sql,
        // A streamed body (an INSERT's data) needs half duplex.
        ...(data && { duplex: 'half' }),
        ...(!READ_STATEMENT.test(sql) && { dispatcher: ONE_USE_CONNECTIONS }),
        ...(options.signal && { signal: options.signal }),
      });
    let response: Response;
    try {
      try {
        response = await post();
      } catch (error) {
        // A kept-alive connection the server closed (keep_alive_timeout) just as the statement went
        // out: the server never read it, so a read is sent again once on a fresh connection.
        if (data || options.signal?.aborted || !isClosedConnection(error) || !READ_STATEMENT.test(sql))
          throw error;
        response = await post();
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ClusterUnavailableError(
        `the ClickHouse server at ${this.address} is unreachable (${describe(error)})`,
        { cause: error },
      );
    }
    const text = await response.text();
    if (response.ok) return text;
    const code = Number(/Code: (\d+)/.exec(text)?.[1] ?? 0);
    if (NETWORK_CODES.has(code)) {
      const shard = /\((\d{1,3}(?:\.\d{1,3}){3}:\d+|\[[^\]]+\]:\d+|[\w.-]+:\d+)\)/.exec(text)?.[1];
      throw new ClusterUnavailableError(
        shard
          ? `a ClickHouse shard is unavailable: ${shard} (native port) did not answer the server at ${this.address}`
          : `a ClickHouse shard is unavailable: the server at ${this.address} could not reach all shards`,
        { cause: new ClickHouseError(code, text) },
      );
    }
    if (code === MEMORY_LIMIT_EXCEEDED) {
      throw new ClusterMemoryError(this.address, { cause: new ClickHouseError(code, text) });
    }
    throw new ClickHouseError(code, text.trim());
  }

  /** Rows of a SELECT, as arrays of JSON values. */
  async rows(sql: string, options: QueryOptions = {}): Promise<unknown[][]> {
    const text = await this.send(`${sql} FORMAT JSONCompact`, options);
    return (JSON.parse(text) as { data: unknown[][] }).data;
  }

  /** True when the server answers `/ping` within `timeoutMs`. */
  async ping(timeoutMs: number): Promise<boolean> {
    try {
      const response = await fetch(`http://${this.address}/ping`, { signal: AbortSignal.timeout(timeoutMs) });
      return response.ok && (await response.text()).startsWith('Ok');
    } catch {
      return false;
    }
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
