import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { RequestValidationError } from '@pdb-stats/search-model';
import { SEARCH_BODY, SEARCH_QUERYSTRING } from '../schemas/route-envelopes.ts';
import type { SearchService, ServedAnswer } from '../search-service.ts';

/** Set on an answer served from the cache while its source (the upstream service) does not answer. */
export const STALE_HEADER = 'x-pdb-stats-stale';

const EMPTY_BODY = 'the request body is empty; send the search request as JSON';

export interface SearchRouteOptions {
  service: SearchService;
  /** Hooks and config that decide whether a search is let in (plugins/load-protection.ts). */
  admission?: Pick<RouteShorthandOptions, 'config' | 'preHandler'>;
}

/** The search request of either route: the POST body, or `?json=` of a GET, parsed. */
export function searchRequestOf(request: FastifyRequest): unknown {
  if (request.method === 'POST') return request.body;
  const json = (request.query as { json?: string }).json;
  if (typeof json !== 'string' || json.trim() === '') {
    throw new RequestValidationError(
      'REQ_ERR_REQUIRED',
      'json',
      'the query parameter "json" with the URL-encoded request is required',
    );
  }
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new RequestValidationError(
      'REQ_ERR_JSON',
      'json',
      `is not valid JSON: ${(error as Error).message}`,
    );
  }
}

/**
 * ETag and Cache-Control of an answer (an answer kept from before the source stopped answering says
 * so and is not kept long by browsers); `etag` is the tag of what is sent when it is not the answer
 * itself. True when the client's copy is current: the caller answers 304.
 */
export function sendCacheHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedAnswer,
  etag = served.etag,
): boolean {
  reply.header('etag', etag);
  if (served.stale) {
    reply
      .header(STALE_HEADER, `as of ${new Date(served.fetchedAt).toISOString()}; ${served.stale.reason}`)
      .header('cache-control', 'public, max-age=30');
  } else reply.header('cache-control', 'public, max-age=300');
  return request.headers['if-none-match'] === etag;
}

/** `POST /rcsbsearch/v2/query` and `GET /rcsbsearch/v2/query?json=`. */
export async function searchRoutes(app: FastifyInstance, options: SearchRouteOptions): Promise<void> {
  const { service } = options;

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const served = await service.answer(searchRequestOf(request));
    if (sendCacheHeaders(request, reply, served)) return reply.code(304).send();
    const json = served.body;
    if (json === null) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  app.post(
    '/v2/query',
    {
      ...options.admission,
      schema: { body: SEARCH_BODY },
      // Fastify validates a missing body as null; say what happened instead.
      preValidation: async (request) => {
        if (request.body === undefined) throw new RequestValidationError('REQ_ERR_REQUIRED', '', EMPTY_BODY);
      },
    },
    answer,
  );

  app.get('/v2/query', { ...options.admission, schema: { querystring: SEARCH_QUERYSTRING } }, answer);
}
