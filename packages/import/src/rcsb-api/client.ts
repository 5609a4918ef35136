import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PoliteHttp,
  PoliteHttpError,
  retryAfterMs,
  type PoliteHttpOptions,
  type Verdict,
} from '@pdb-stats/polite-http';

export const DEFAULT_BASE_URL = 'https://data.rcsb.org';

/** The most requests a polite client keeps in flight at one server. */
export const MAX_IN_FLIGHT = 4;

export interface DataApiClientOptions {
  /** Server root: `/graphql` and `/rest/v1/...` are below it. */
  baseUrl?: string;
  /** Requests in flight at once (1 to 4). */
  concurrency?: number;
  /** Requests started per second at most. */
  ratePerSecond?: number;
  /** Attempts after the first one, for 429, 5xx, timeouts and dropped connections. */
  retries?: number;
  /** First backoff; doubled at each retry (with jitter), at most a minute. */
  backoffMs?: number;
  /** An answer slower than this is abandoned and retried. */
  timeoutMs?: number;
  /** Keep every request and its answer in this folder. */
  record?: string;
  /** Answer from a folder written by `record`, with no network. */
  replay?: string;
  signal?: AbortSignal;
  /** Told of each retry: why, and how long the client waits. */
  onRetry?: PoliteHttpOptions['onRetry'];
}

/** A request that failed for good: an answer that is not retried, or retries exhausted. */
export { PoliteHttpError as DataApiError, retryAfterMs };

/** The answer to a GraphQL request: data, and errors about parts of it. */
export interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; path?: (string | number)[] }[];
}

interface Recorded {
  method: string;
  path: string;
  body?: unknown;
  status: number;
  answer: unknown;
}

/**
 * A polite client of the RCSB Data API: a few requests in flight, a steady rate, retries with
 * backoff on 429, 5xx, timeouts and dropped connections (a server's Retry-After is honoured). It can
 * record every answer to a folder, and answer from such a folder with no network.
 */
export class DataApiClient {
  readonly baseUrl: string;
  private readonly http: PoliteHttp;

  constructor(private readonly options: DataApiClientOptions = {}) {
    this.http = new PoliteHttp({
      baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
      concurrency: Math.min(MAX_IN_FLIGHT, Math.max(1, options.concurrency ?? MAX_IN_FLIGHT)),
      ratePerSecond: options.ratePerSecond ?? 5,
      retries: options.retries ?? 6,
      backoffMs: options.backoffMs ?? 1000,
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(options.signal && { signal: options.signal }),
      ...(options.onRetry && { onRetry: options.onRetry }),
    });
    this.baseUrl = this.http.baseUrl;
  }

  /** Requests sent over the network, retries included. */
  get requests(): number {
    return this.http.requests;
  }

  /** Retries alone. */
  get retried(): number {
    return this.http.retried;
  }

  graphql<T>(query: string, variables: Record<string, unknown>, label: string): Promise<GraphQLAnswer<T>> {
    return this.request('POST', '/graphql', { query, variables }, label) as Promise<GraphQLAnswer<T>>;
  }

  getJson(path: string, label: string): Promise<unknown> {
    return this.request('GET', path, undefined, label);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    label: string,
  ): Promise<unknown> {
    const key = createHash('sha256')
      .update(`${method} ${path}\n${body === undefined ? '' : JSON.stringify(body)}`)
      .digest('hex')
      .slice(0, 32);
    if (this.options.replay) return this.replayed(key, label);
    const answer = await this.http.send(
      { method, path, label, ...(body !== undefined && { body }) },
      (response): Verdict<unknown> => {
        if (response.status < 200 || response.status > 299)
          throw new PoliteHttpError(
            label,
            `HTTP ${response.status}: ${response.text.slice(0, 300)}`,
            response.status,
          );
        try {
          return { value: JSON.parse(response.text) };
        } catch {
          return { retry: `the answer is not JSON (${response.text.slice(0, 80)}...)` };
        }
      },
    );
    if (this.options.record) await this.recordAnswer(key, { method, path, body, status: 200, answer });
    return answer;
  }

  private async replayed(key: string, label: string): Promise<unknown> {
    const file = join(this.options.replay as string, `${key}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new PoliteHttpError(
        label,
        `not recorded in ${this.options.replay} (no ${key}.json): record the run again`,
      );
    }
    return (JSON.parse(text) as Recorded).answer;
  }

  private async recordAnswer(key: string, recorded: Recorded): Promise<void> {
    const dir = this.options.record as string;
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${key}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(recorded));
    await rename(`${file}.tmp`, file);
    await appendFile(
      join(dir, 'requests.ndjson'),
      `${JSON.stringify({ key, method: recorded.method, path: recorded.path, at: new Date().toISOString() })}\n`,
    );
  }
}
