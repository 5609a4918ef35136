import { PoliteHttp, PoliteHttpError } from '@pdb-stats/polite-http';
import { FULL_CATALOGUE, type PlannedRequest } from '@pdb-stats/search-model';
import { plainText } from '../plain-text.ts';
import type { AnswerSource, SourceHealth } from './answer-source.ts';

export interface UpstreamOptions {
  /** Root of a Search API v2 service: `<url>/rcsbsearch/v2/query` answers searches. */
  url: string;
  /** Requests in flight to it at once. */
  maxInFlight: number;
  /** Requests started per second at most. */
  ratePerSecond: number;
  /** Longest a visitor's search waits for it (queue, attempts and backoff), in ms. */
  timeoutMs: number;
  /** Largest answer read from it, in bytes (502 beyond); 16 MiB when absent. */
  maxAnswerBytes?: number;
  /** Longest its Retry-After may stop every search, in ms (a longer one is cut to it); 60 s when absent. */
  maxRetryAfterMs?: number;
}

/** An answer of 16 MiB is a thousand times a chart's; what is larger is not an answer we keep. */
export const DEFAULT_UPSTREAM_MAX_ANSWER_BYTES = 16 * 2 ** 20;
/** A minute: long enough for a service to catch its breath, short enough that visitors are not turned away for long. */
export const DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS = 60_000;

/**
 * An answer of the upstream that is the client's to read (4xx: the request is wrong), passed on
 * with its status in our error format: its message (and the field and code our own service names)
 * kept as plain text, whatever markup or control characters the upstream sent.
 */
export class UpstreamRefusal extends Error {
  /** The error as we send it: `{status, message, field?, code?}`. */
  readonly body: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    upstreamText: string,
  ) {
    super(`the search service answered HTTP ${statusCode}`);
    this.name = 'UpstreamRefusal';
    let said: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(upstreamText) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        said = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (an HTML error page): its text is not shown, the status says enough.
    }
    const text = (key: string) => (typeof said[key] === 'string' ? plainText(said[key]) : undefined);
    const field = text('field');
    const code = text('code');
    this.body = {
      status: statusCode,
      message: text('message') || `the search service refused the request (HTTP ${statusCode})`,
      ...(field !== undefined && { field }),
      ...(code !== undefined && { code }),
    };
  }
}

/**
 * The upstream answered, but not with an answer we can take: a redirect (never followed), an answer
 * that is too large or not JSON. 502 naming what it did.
 */
export class UpstreamBadAnswerError extends Error {
  readonly statusCode = 502;

  constructor(message: string) {
    super(message);
    this.name = 'UpstreamBadAnswerError';
  }
}

/** The upstream did not answer in time, or not at all: 503 naming it, unless a kept answer stands in. */
export class UpstreamUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(
    message: string,
    /** Seconds the client is asked to wait: as long as the upstream asked, or a few. */
    readonly retryAfterS = 5,
  ) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

const QUERY_PATH = '/rcsbsearch/v2/query';

/** `application/json`, or a `+json` type, with any parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Answers from a remote Search API v2 service (the public one at search.rcsb.org, or any other):
 * requests are validated here against the whole catalogue, then forwarded politely (a few in flight,
 * a steady rate, Retry-After honoured) under a time limit. It remembers whether the service answers,
 * so that kept answers can be served marked stale while it does not.
 */
export class UpstreamSource implements AnswerSource {
  readonly held = FULL_CATALOGUE;
  readonly lifetime = 'day';
  readonly version: string;
  readonly url: string;
  private readonly http: PoliteHttp;
  /** Ends what is still asked in the background (a stale answer's refresh, warming) when the app closes. */
  private readonly closing = new AbortController();
  private lastAnswerAt?: number;
  private failure?: string;

  constructor(private readonly options: UpstreamOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.version = `upstream ${this.url}`;
    this.http = new PoliteHttp({
      baseUrl: this.url,
      concurrency: options.maxInFlight,
      ratePerSecond: options.ratePerSecond,
      // A visitor waits: one retry after a dropped connection or a 5xx, more only within the time limit.
      retries: 2,
      backoffMs: 500,
      timeoutMs: options.timeoutMs,
      userAgent: 'pdb-stats (self-hosted PDB statistics dashboard)',
      maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_UPSTREAM_MAX_RETRY_AFTER_MS,
      signal: this.closing.signal,
    });
  }

  /** Requests in flight to the upstream now. */
  get inFlight(): number {
    return this.http.inFlight;
  }

  async search(_plan: PlannedRequest, _canonical: string, body: unknown): Promise<string | null> {
    const label = `the search service ${this.url}`;
    try {
      const answer = await this.http.send<string | null>(
        { method: 'POST', path: QUERY_PATH, body, label, deadline: Date.now() + this.options.timeoutMs },
        (response) => {
          if (response.status === 204) return { value: null };
          if (response.status >= 300 && response.status < 400) {
            const location = response.headers.get('location');
            throw new UpstreamBadAnswerError(
              `${label} redirected the search (HTTP ${response.status}${
                location ? ` to ${plainText(location, 200)}` : ''
              }); redirects are not followed`,
            );
          }
          if (response.status >= 400 && response.status < 500)
            throw new UpstreamRefusal(response.status, response.text);
          if (response.status !== 200) return { retry: `unexpected HTTP ${response.status}` };
          const type = response.headers.get('content-type') ?? 'no content type';
          if (!JSON_TYPE.test(type) || !isJson(response.text))
            throw new UpstreamBadAnswerError(
              `${label} answered something that is not JSON (${plainText(type, 100)})`,
            );
          return { value: response.text };
        },
      );
      this.answered();
      return answer;
    } catch (error) {
      if (error instanceof UpstreamRefusal) {
        this.answered();
        throw error;
      }
      if (error instanceof UpstreamBadAnswerError) {
        this.failure = error.message;
        throw error;
      }
      if (!(error instanceof PoliteHttpError)) throw error;
      if (error.kind === 'bad-answer') {
        this.failure = `${label} answered badly: ${error.reason}`;
        throw new UpstreamBadAnswerError(this.failure);
      }
      this.failure = `${label} is not answering: ${error.reason}`;
      const wait = error.retryAfterMs;
      throw new UpstreamUnavailableError(
        this.failure,
        wait === undefined ? undefined : Math.max(1, Math.ceil(wait / 1000)),
      );
    }
  }

  private answered(): void {
    this.lastAnswerAt = Date.now();
    this.failure = undefined;
  }

  health(): SourceHealth {
    return {
      answering: this.failure === undefined,
      ...(this.lastAnswerAt !== undefined && { lastAnswerAt: this.lastAnswerAt }),
      ...(this.failure !== undefined && { reason: this.failure }),
    };
  }

  /** No manifest: the source is the service, and the answers are as of when it last answered. */
  archiveInfo(): Record<string, unknown> {
    const health = this.health();
    return {
      source: `Search API at ${hostOf(this.url)}`,
      upstream: {
        url: this.url,
        answering: health.answering,
        answered_at: health.lastAnswerAt === undefined ? null : new Date(health.lastAnswerAt).toISOString(),
        ...(health.reason !== undefined && { reason: health.reason }),
      },
    };
  }

  async close(): Promise<void> {
    this.closing.abort(new Error(`${this.version} is closed`));
  }
}
