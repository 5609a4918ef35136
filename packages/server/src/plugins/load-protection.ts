import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type {
  FastifyInstance,
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
  /** Uncached searches one client (one address) may make per minute, 429 beyond; 0: no limit. */
  rateLimitPerMinute: number;
  /** Thresholds of load shedding; none when absent. */
  loadShedding?: LoadSheddingOptions;
  /** Whether a request's answer is cached: those are always let in, since they cost nothing. */
  isCached: (request: FastifyRequest) => boolean;
}

/** The options the search routes add: hooks that turn away searches the service cannot afford. */
export type Admission = Pick<RouteShorthandOptions, 'config' | 'preHandler'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by @fastify/under-pressure under pressure instead of answering 503 itself. */
    pressureHandler?: (request: FastifyRequest) => void;
  }
}

/**
 * Seconds a shed client is asked to wait. Pressure is measured every second, so a few seconds let a
 * lagging process recover without leaving a chart empty for long.
 */
const RETRY_AFTER_S = 5;
const OVERLOADED = `the service is overloaded; retry in ${RETRY_AFTER_S} s`;

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
  const shedding = options.loadShedding;
  if (shedding) {
    await api.register(underPressure, {
      maxEventLoopDelay: shedding.maxEventLoopDelayMs,
      maxHeapUsedBytes: shedding.maxHeapUsedBytes ?? 0,
      maxRssBytes: shedding.maxRssBytes ?? 0,
      sampleInterval: shedding.sampleIntervalMs ?? 1000,
      retryAfter: RETRY_AFTER_S,
      message: OVERLOADED,
    });
    // A search only learns under pressure whether it is cached, once its body is read.
    const pressed = new WeakSet<FastifyRequest>();
    config = { pressureHandler: (request: FastifyRequest) => void pressed.add(request) };
    preHandler.push(async (request, reply) => {
      if (!pressed.has(request) || options.isCached(request)) return;
      reply.header('retry-after', RETRY_AFTER_S);
      throw refusal(503, OVERLOADED, 'FST_UNDER_PRESSURE');
    });
  }
  if (options.rateLimitPerMinute > 0) {
    await api.register(rateLimit, { global: false });
    preHandler.push(
      api.rateLimit({
        max: options.rateLimitPerMinute,
        timeWindow: 60_000,
        allowList: (request) => options.isCached(request),
        // The plugin has set Retry-After (seconds until the client's minute ends).
        errorResponseBuilder: (_request, context) =>
          refusal(
            429,
            `too many searches that are not cached: at most ${context.max} a minute from one client; retry in ${context.after}`,
          ),
      }),
    );
  }
  return { config, preHandler };
}
