import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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
  onRetry?: (event: { request: string; reason: string; waitMs: number; attempt: number }) => void;
}

/** A request that failed for good: an answer that is not retried, or retries exhausted. */
export class DataApiError extends Error {
  constructor(
    readonly request: string,
    readonly reason: string,
    readonly status?: number,
  ) {
    super(`${request}: ${reason}`);
    this.name = 'DataApiError';
  }
}

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

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A polite client of the RCSB Data API: a few requests in flight, a steady rate, retries with
 * backoff on 429, 5xx, timeouts and dropped connections (a server's Retry-After is honoured). It can
 * record every answer to a folder, and answer from such a folder with no network.
 */
export class DataApiClient {
  readonly baseUrl: string;
  private readonly concurrency: number;
  private readonly intervalMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  /** Requests sent over the network, retries included, and retries alone. */
  requests = 0;
  retried = 0;

  constructor(private readonly options: DataApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.concurrency = Math.min(MAX_IN_FLIGHT, Math.max(1, options.concurrency ?? MAX_IN_FLIGHT));
    this.intervalMs = 1000 / Math.max(0.01, options.ratePerSecond ?? 5);
    this.retries = options.retries ?? 6;
    this.backoffMs = options.backoffMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 120_000;
  }

  graphql<T>(query: string, variables: Record<string, unknown>, label: string): Promise<GraphQLAnswer<T>> {
    return this.request('POST', '/graphql', { query, variables }, label) as Promise<GraphQLAnswer<T>>;
  }

  getJson(path: string, label: string): Promise<unknown> {
    return this.request('GET', path, undefined, label);
  }

  private async request(method: string, path: string, body: unknown, label: string): Promise<unknown> {
    const key = createHash('sha256')
      .update(`${method} ${path}\n${body === undefined ? '' : JSON.stringify(body)}`)
      .digest('hex')
      .slice(0, 32);
    if (this.options.replay) return this.replayed(key, label);
    const answer = await this.fetchWithRetries(method, path, body, label);
    if (this.options.record) await this.recordAnswer(key, { method, path, body, status: 200, answer });
    return answer;
  }

  private async replayed(key: string, label: string): Promise<unknown> {
    const file = join(this.options.replay as string, `${key}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new DataApiError(
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

  /** Waits for a free slot and for the rate's next start time. */
  private async slot(): Promise<void> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + this.intervalMs;
    if (start > now) await sleep(start - now, undefined, { signal: this.options.signal });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  private async fetchWithRetries(
    method: string,
    path: string,
    body: unknown,
    label: string,
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let outcome: { answer: unknown } | { retry: string; waitMs?: number };
      await this.slot();
      try {
        outcome = await this.attempt(method, path, body, label);
      } finally {
        this.release();
      }
      if ('answer' in outcome) return outcome.answer;
      if (attempt > this.retries)
        throw new DataApiError(label, `${outcome.retry}; gave up after ${attempt} attempts`);
      const backoff = Math.min(60_000, this.backoffMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
      const waitMs = Math.max(backoff, outcome.waitMs ?? 0);
      this.retried++;
      this.options.onRetry?.({ request: label, reason: outcome.retry, waitMs, attempt });
      await sleep(waitMs, undefined, { signal: this.options.signal });
    }
  }

  private async attempt(
    method: string,
    path: string,
    body: unknown,
    label: string,
  ): Promise<{ answer: unknown } | { retry: string; waitMs?: number }> {
    this.requests++;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        signal,
        headers: {
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      text = await response.text();
    } catch (error) {
      if (this.options.signal?.aborted) throw this.options.signal.reason as Error;
      if (timeout.aborted) return { retry: `no answer within ${this.timeoutMs / 1000} s` };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { retry: `connection failed (${cause?.code ?? cause?.message ?? (error as Error).message})` };
    }
    if (response.status === 429 || response.status >= 500) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      return {
        retry: `HTTP ${response.status}${response.status === 429 ? ' (too many requests)' : ''}`,
        waitMs,
      };
    }
    if (!response.ok)
      throw new DataApiError(label, `HTTP ${response.status}: ${text.slice(0, 300)}`, response.status);
    try {
      return { answer: JSON.parse(text) };
    } catch {
      return { retry: `the answer is not JSON (${text.slice(0, 80)}...)` };
    }
  }
}
