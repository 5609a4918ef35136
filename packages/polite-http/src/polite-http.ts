import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How a polite client treats a server it does not own: a few requests in flight, a steady rate,
 * retries with backoff on 429, 5xx, timeouts and dropped connections, and a server's Retry-After
 * honoured by every request, not only the one that received it. It trusts the server no further
 * than it must: redirects are never followed (one could point anywhere, an internal address
 * included), and an answer is read up to a size limit only.
 */
export interface PoliteHttpOptions {
  /** Server root; request paths are appended to it. */
  baseUrl: string;
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests started per second at most. */
  ratePerSecond: number;
  /** Attempts after the first one, for 429, 5xx, timeouts and dropped connections. */
  retries: number;
  /** First backoff; doubled at each retry (with jitter), at most a minute. */
  backoffMs: number;
  /** An answer slower than this is abandoned (and retried). */
  timeoutMs: number;
  /** Names the client to the server's operators. */
  userAgent?: string;
  /** An answer body larger than this is not read: the request fails for good. No limit when absent. */
  maxAnswerBytes?: number;
  /**
   * Longest wait a server's Retry-After may impose (a longer one is cut to it): a client that serves
   * visitors cannot stop for a year because one answer said so. Honoured in full when absent.
   */
  maxRetryAfterMs?: number;
  signal?: AbortSignal;
  /** Told of each retry: why, and how long the client waits. */
  onRetry?: (event: { request: string; reason: string; waitMs: number; attempt: number }) => void;
}

/** An answer as it came: status, headers and body text. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** What a caller makes of an answer: a value, or a reason to ask again (and how long the server asked to wait). */
export type Verdict<T> = { value: T } | { retry: string; waitMs?: number };

/**
 * A request that failed for good: an answer that is not retried, retries exhausted, or no time left
 * (`unavailable`); or an answer that cannot be taken whatever the wait (`bad-answer`: too large).
 */
export class PoliteHttpError extends Error {
  constructor(
    readonly request: string,
    readonly reason: string,
    readonly status?: number,
    /** How long the server asked to wait before the next request, when it said so. */
    readonly retryAfterMs?: number,
    readonly kind: 'unavailable' | 'bad-answer' = 'unavailable',
  ) {
    super(`${request}: ${reason}`);
    this.name = 'PoliteHttpError';
  }
}

/** Milliseconds as seconds for a message, to a tenth. */
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** Bytes as mebibytes for a message, to a hundredth. */
const mib = (bytes: number) => Number((bytes / 2 ** 20).toFixed(2));

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One request: what to send, what to call it in errors, and when the caller stops waiting. */
export interface PoliteRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  label: string;
  /** Epoch ms after which neither a queue, an attempt nor a backoff is waited for. */
  deadline?: number;
}

export class PoliteHttp {
  readonly baseUrl: string;
  private readonly intervalMs: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  /** Until when the server asked every request to wait (epoch ms); lifted by the next good answer. */
  private pausedUntil = 0;
  /** Requests sent over the network, retries included, and retries alone. */
  requests = 0;
  retried = 0;

  constructor(private readonly options: PoliteHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.intervalMs = 1000 / Math.max(0.01, options.ratePerSecond);
  }

  /** Requests waiting for a slot or in flight. */
  get inFlight(): number {
    return this.active;
  }

  /**
   * Sends `request` until `read` keeps an answer. 429 and 5xx are retried before `read` sees them;
   * any other answer is `read`'s to judge, a redirect (3xx) included: it is never followed.
   */
  async send<T>(request: PoliteRequest, read: (answer: HttpAnswer) => Verdict<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let outcome: Verdict<T>;
      await this.slot(request);
      try {
        outcome = await this.attempt(request, read);
      } finally {
        this.release();
      }
      if ('value' in outcome) return outcome.value;
      if (attempt > this.options.retries)
        throw new PoliteHttpError(
          request.label,
          `${outcome.retry}; gave up after ${attempt} attempts`,
          undefined,
          outcome.waitMs,
        );
      const backoff =
        Math.min(60_000, this.options.backoffMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
      const waitMs = Math.max(backoff, outcome.waitMs ?? 0);
      if (request.deadline !== undefined && Date.now() + waitMs >= request.deadline)
        throw new PoliteHttpError(
          request.label,
          `${outcome.retry}; no time left to wait ${seconds(waitMs)} s and retry`,
          undefined,
          outcome.waitMs,
        );
      this.retried++;
      this.options.onRetry?.({ request: request.label, reason: outcome.retry, waitMs, attempt });
      await sleep(waitMs, undefined, { signal: this.options.signal });
    }
  }

  /**
   * Waits for a free slot and for the rate's next start time, within the request's deadline. A slot
   * freed is handed to the first waiter, so that a request arriving meanwhile cannot take it too.
   */
  private async slot(request: PoliteRequest): Promise<void> {
    if (this.active < this.options.concurrency) this.active++;
    else {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const left = request.deadline === undefined ? undefined : request.deadline - Date.now();
        const timer =
          left === undefined
            ? undefined
            : setTimeout(
                () => {
                  this.waiting.splice(this.waiting.indexOf(wake), 1);
                  reject(this.outOfTime(request, 'waiting for a free slot'));
                },
                Math.max(0, left),
              );
        this.waiting.push(wake);
      });
    }
    const now = Date.now();
    const paused = this.pausedUntil > now;
    const start = Math.max(now, this.nextStart, this.pausedUntil);
    if (request.deadline !== undefined && start > now && start >= request.deadline) {
      this.release();
      throw paused
        ? this.outOfTime(request, 'waiting out the Retry-After of the server', this.pausedUntil - now)
        : this.outOfTime(request, 'waiting for its turn at the polite rate');
    }
    this.nextStart = start + this.intervalMs;
    if (start <= now) return;
    try {
      await sleep(start - now, undefined, { signal: this.options.signal });
    } catch (error) {
      this.release();
      throw error;
    }
  }

  private outOfTime(request: PoliteRequest, what: string, retryAfterMs?: number): PoliteHttpError {
    return new PoliteHttpError(
      request.label,
      `no time left: the deadline passed ${what}`,
      undefined,
      retryAfterMs,
    );
  }

  /** Frees a slot: handed to the first waiter, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private async attempt<T>(
    request: PoliteRequest,
    read: (answer: HttpAnswer) => Verdict<T>,
  ): Promise<Verdict<T>> {
    this.requests++;
    const timeoutMs = Math.max(
      1,
      Math.min(this.options.timeoutMs, (request.deadline ?? Infinity) - Date.now()),
    );
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    const { body } = request;
    let answer: HttpAnswer;
    try {
      const response = await fetch(`${this.baseUrl}${request.path}`, {
        method: request.method,
        signal,
        redirect: 'manual',
        headers: {
          accept: 'application/json',
          ...(this.options.userAgent && { 'user-agent': this.options.userAgent }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await readText(response, this.options.maxAnswerBytes);
      if (text === undefined) {
        throw new PoliteHttpError(
          request.label,
          `the answer (HTTP ${response.status}) is larger than ${mib(this.options.maxAnswerBytes!)} MiB`,
          response.status,
          undefined,
          'bad-answer',
        );
      }
      answer = { status: response.status, headers: response.headers, text };
    } catch (error) {
      if (error instanceof PoliteHttpError) throw error;
      if (this.options.signal?.aborted) throw this.options.signal.reason as Error;
      if (timeout.aborted) return { retry: `no answer within ${seconds(timeoutMs)} s` };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { retry: `connection failed (${cause?.code ?? cause?.message ?? (error as Error).message})` };
    }
    if (answer.status === 429 || answer.status >= 500) {
      const asked = retryAfterMs(answer.headers.get('retry-after'));
      const waitMs =
        asked === undefined ? undefined : Math.min(asked, this.options.maxRetryAfterMs ?? Infinity);
      // Every request waits, not only this one: the server asked the client, not the request.
      if (waitMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
      return {
        retry: `HTTP ${answer.status}${answer.status === 429 ? ' (too many requests)' : ''}`,
        ...(waitMs !== undefined && { waitMs }),
      };
    }
    // The server answers again: whatever it asked to wait for is over.
    this.pausedUntil = 0;
    return read(answer);
  }
}

/**
 * The body as text, read up to `maxBytes` (announced or received); undefined beyond, the rest left
 * unread and the connection dropped.
 */
async function readText(response: Response, maxBytes: number | undefined): Promise<string | undefined> {
  if (maxBytes === undefined) return response.text();
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}
