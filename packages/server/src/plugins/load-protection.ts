import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';

/** When the API sheds load: each threshold is compared with a measure taken every sample. */
export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) over a sample beyond which the API answers 503; 0: not watched. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (bytes) beyond which the API answers 503; 0: not watched. */
  maxHeapUsedBytes?: number;
  /** Resident set size (bytes) beyond which the API answers 503; 0: not watched. */
  maxRssBytes?: number;
  /** How often the process is measured (ms); every second by default. */
  sampleIntervalMs?: number;
}

export interface LoadProtectionOptions {
  /** The quota of uncached searches per client (429 beyond); no limit when absent. */
  quota?: SearchQuota;
  /** Thresholds of load shedding; none when absent. */
  loadShedding?: LoadSheddingOptions;
  /** Whether a request's answer is cached: those are always let in, since they cost nothing. */
  isCached: (request: FastifyRequest) => boolean;
}

/**
 * Takes one search from the quota of uncached searches of the client that sent `request` (its
 * address, as TRUST_PROXY reads it): the search API's, the chart data API's and those of the pages
 * the server draws for that client all count against the one quota.
 */
export type SearchQuota = ReturnType<FastifyInstance['createRateLimit']>;

/** The quota of `perMinute` uncached searches a minute per client; none when 0. */
export async function searchQuota(app: FastifyInstance, perMinute: number): Promise<SearchQuota | undefined> {
  if (perMinute <= 0) return undefined;
  await app.register(rateLimit, { global: false });
  return app.createRateLimit({ max: perMinute, timeWindow: 60_000 });
}

/** The options the search routes add: hooks that turn away searches the service cannot afford. */
export type Admission = Pick<RouteShorthandOptions, 'config' | 'preHandler'>;

/** Called by @fastify/under-pressure under pressure: what is over its threshold, and by how much. */
type PressureHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  value?: number,
) => unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by @fastify/under-pressure under pressure instead of the plugin-wide handler. */
    pressureHandler?: PressureHandler;
  }
}

/**
 * Seconds a shed client is asked to wait. Pressure is measured every second, so a few seconds let a
 * lagging process recover without leaving a chart empty for long.
 */
const RETRY_AFTER_S = 5;
const OVERLOADED = `the service is overloaded; retry in ${RETRY_AFTER_S} s`;

/**
 * Refusals logged at warn without flooding: the first of each kind (429, or 503 and what is over
 * its threshold) in a window is logged with its reason, client and URL; the others are counted,
 * and one line when the window ends says how many more there were. A client retrying at once
 * thousands of times a second thus writes two lines per kind per window.
 */
export class RefusalLog {
  private readonly windows = new Map<string, { more: number; clients: Set<string> }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = 10_000,
  ) {}

  note(request: FastifyRequest, status: 429 | 503, reason: string, kind: string = reason): void {
    const key = `${status} ${kind}`;
    const open = this.windows.get(key);
    if (open) {
      open.more += 1;
      // Distinct clients are counted up to a bound: a crowd of addresses must not grow the set.
      if (open.clients.size < 1000) open.clients.add(request.ip);
      return;
    }
    request.log.warn({ status, reason, client: request.ip, url: request.url }, 'request refused');
    const window = { more: 0, clients: new Set<string>() };
    this.windows.set(key, window);
    setTimeout(() => {
      this.windows.delete(key);
      if (window.more === 0) return;
      this.log.warn(
        {
          status,
          reason: kind,
          refused: window.more,
          clients: window.clients.size,
          seconds: this.windowMs / 1000,
        },
        `${window.more} more requests refused`,
      );
    }, this.windowMs).unref();
  }
}

const MIB = 1024 * 1024;

/** What is over its threshold, in words; `kind` names the measure. */
function pressureReason(shedding: LoadSheddingOptions, type: string, value?: number): string {
  const v = value ?? NaN;
  switch (type) {
    case 'eventLoopDelay':
      return `event-loop delay ${v.toFixed(0)} ms over ${shedding.maxEventLoopDelayMs} ms`;
    case 'heapUsedBytes':
      return `heap ${(v / MIB).toFixed(0)} MiB over ${((shedding.maxHeapUsedBytes ?? 0) / MIB).toFixed(0)} MiB`;
    case 'rssBytes':
      return `resident memory ${(v / MIB).toFixed(0)} MiB over ${((shedding.maxRssBytes ?? 0) / MIB).toFixed(0)} MiB`;
    default:
      return type;
  }
}

/** An answer that says why a request is turned away, in the service's error format (errors.ts). */
function refusal(statusCode: number, message: string, code?: string): Error {
  return Object.assign(new Error(message), { statusCode, ...(code && { code }) });
}

/**
 * Registers in the API context what protects it, and returns what the search routes add to their
 * options. Under pressure (event loop, heap or RSS beyond its threshold) every API request gets 503
 * when it arrives, except searches, which are decided after validation: one whose answer is cached
 * still gets it. Uncached searches are also limited per client. Both run after the CORS hook, so
 * their refusals carry CORS headers.
 */
export async function loadProtection(
  api: FastifyInstance,
  options: LoadProtectionOptions,
): Promise<Admission> {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  let config = {};
  const refusals = new RefusalLog(api.log);
  const shedding = options.loadShedding;
  if (shedding) {
    const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => {
      refusals.note(request, 503, pressureReason(shedding, type, value), type);
      reply.header('retry-after', RETRY_AFTER_S);
      return refusal(503, OVERLOADED, 'FST_UNDER_PRESSURE');
    };
    await api.register(underPressure, {
      maxEventLoopDelay: shedding.maxEventLoopDelayMs,
      maxHeapUsedBytes: shedding.maxHeapUsedBytes ?? 0,
      maxRssBytes: shedding.maxRssBytes ?? 0,
      sampleInterval: shedding.sampleIntervalMs ?? 1000,
      // Every route but the searches is refused when it arrives.
      pressureHandler: (request, reply, type, value) => Promise.reject(shed(request, reply, type, value)),
    });
    // A search only learns under pressure whether it is cached, once its body is read.
    const pressed = new WeakMap<FastifyRequest, { type: string; value?: number }>();
    const pressureHandler: PressureHandler = (request, _reply, type, value) =>
      void pressed.set(request, { type, ...(value !== undefined && { value }) });
    config = { pressureHandler };
    preHandler.push(async (request, reply) => {
      const pressure = pressed.get(request);
      if (!pressure || options.isCached(request)) return;
      throw shed(request, reply, pressure.type, pressure.value);
    });
  }
  const { quota } = options;
  if (quota) {
    preHandler.push(async (request, reply) => {
      if (options.isCached(request)) return;
      const taken = await quota(request);
      if (taken.isAllowed) return;
      reply
        .header('x-ratelimit-limit', taken.max)
        .header('x-ratelimit-remaining', taken.remaining)
        .header('x-ratelimit-reset', taken.ttlInSeconds);
      if (!taken.isExceeded) return;
      reply.header('retry-after', taken.ttlInSeconds);
      refusals.note(request, 429, `over ${taken.max} uncached searches a minute`);
      throw refusal(
        429,
        `too many searches that are not cached: at most ${taken.max} a minute from one client; retry in ${taken.ttlInSeconds} s`,
      );
    });
  }
  return { config, preHandler };
}
