import { PoliteHttp, PoliteHttpError } from '@pdb-stats/archive';
import { FULL_CATALOGUE, type PlannedRequest } from '@pdb-stats/search-model';
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
}

/**
 * An answer of the upstream that is the client's to read (400: the request is wrong), passed on with
 * its status and body unchanged.
 */
export class UpstreamRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly contentType: string,
  ) {
    super(`the search service answered HTTP ${statusCode}`);
    this.name = 'UpstreamRefusal';
  }
}

/** The upstream did not answer in time, or not at all: 503 naming it, unless a kept answer stands in. */
export class UpstreamUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(
    message: string,
    /** Seconds the client is asked to wait, when the upstream said how long. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

const QUERY_PATH = '/rcsbsearch/v2/query';

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
          if (response.status >= 400 && response.status < 500)
            throw new UpstreamRefusal(
              response.status,
              response.text,
              response.headers.get('content-type') ?? 'application/json',
            );
          if (response.status !== 200) return { retry: `unexpected HTTP ${response.status}` };
          try {
            JSON.parse(response.text);
          } catch {
            return { retry: `the answer is not JSON (${response.text.slice(0, 80)})` };
          }
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
      if (!(error instanceof PoliteHttpError)) throw error;
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

  async close(): Promise<void> {}
}
