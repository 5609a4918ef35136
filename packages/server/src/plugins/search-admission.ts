import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';

export interface AdmissionOptions {
  /** Uncached searches one client (one address) may make per minute, 429 beyond; 0: no limit. */
  rateLimitPerMinute: number;
  /** Whether a request's answer is cached: those are always let in, since they cost nothing. */
  isCached: (request: FastifyRequest) => boolean;
}

/** The options the search routes add: hooks that turn away searches the service cannot afford. */
export type Admission = Pick<RouteShorthandOptions, 'config' | 'preHandler'>;

/** An answer that says why a request is turned away, in the service's error format (errors.ts). */
function refusal(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Registers in the API context what guards the search routes, and returns what those routes add to
 * their options. Only uncached searches count, since a cached answer costs nothing; they are
 * counted after validation, when the body is parsed and its cache key can be computed.
 */
export async function searchAdmission(api: FastifyInstance, options: AdmissionOptions): Promise<Admission> {
  const preHandler = [];
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
  return { preHandler };
}
