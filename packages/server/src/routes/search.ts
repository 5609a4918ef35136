import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { RequestValidationError } from '@pdb-stats/search-model';
import { headerText } from '../plain-text.ts';
import { SEARCH_BODY, SEARCH_QUERYSTRING } from '../schemas/route-envelopes.ts';
import { SEARCH_FAILURES, jsonAnswer, responses } from '../schemas/responses.ts';
import { STALE_ANSWER_CACHE_CONTROL, answerCacheControl } from '../cache/cache-control.ts';
import type { SearchService, ServedAnswer } from '../search-service.ts';
import type { AnswerLifetime } from '../sources/answer-source.ts';

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
  const json = jsonParameter(request);
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

/** The `json` parameter of a GET search; its absence is said in words rather than by the schema's "is required". */
function jsonParameter(request: FastifyRequest): string {
  const json = (request.query as { json?: unknown }).json;
  if (typeof json === 'string' && json.trim() !== '') return json;
  throw new RequestValidationError(
    'REQ_ERR_REQUIRED',
    'json',
    'the query parameter "json" with the URL-encoded request is required',
  );
}

/**
 * ETag and Cache-Control of an answer from a source whose answers hold for `lifetime` (an answer kept
 * from before the source stopped answering says so and is kept briefly); `etag` is the tag of what is
 * sent when it is not the answer itself. True when the client's copy is current: the caller answers 304.
 */
export function sendCacheHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedAnswer,
  lifetime: AnswerLifetime,
  etag = served.etag,
): boolean {
  reply.header('etag', etag);
  if (served.stale) {
    reply
      .header(
        STALE_HEADER,
        headerText(`as of ${new Date(served.fetchedAt).toISOString()}; ${served.stale.reason}`),
      )
      .header('cache-control', STALE_ANSWER_CACHE_CONTROL);
  } else reply.header('cache-control', answerCacheControl(lifetime));
  return request.headers['if-none-match'] === etag;
}

/** What either search route answers (operation names and tags as in the Search API's own description). */
const SEARCH_RESPONSES = responses(
  {
    200: jsonAnswer('the search results: identifiers, scores, facets, or the count, as the request asks'),
    204: { description: 'No Content: nothing matches the search', type: 'null' },
  },
  [304, ...SEARCH_FAILURES],
);
const SEARCH_DOCS = { tags: ['Search Service'] };

/** `POST /rcsbsearch/v2/query` and `GET /rcsbsearch/v2/query?json=`. */
export async function searchRoutes(app: FastifyInstance, options: SearchRouteOptions): Promise<void> {
  const { service } = options;

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const served = await service.answer(searchRequestOf(request));
    if (sendCacheHeaders(request, reply, served, service.source.lifetime)) return reply.code(304).send();
    const json = served.body;
    if (json === null) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  app.post(
    '/v2/query',
    {
      ...options.admission,
      schema: {
        ...SEARCH_DOCS,
        operationId: 'runJsonQueriesPost',
        summary: 'A search of the archive, sent as the JSON body',
        body: SEARCH_BODY,
        response: { ...SEARCH_RESPONSES, ...responses({}, [413, 415]) },
      },
      // Fastify validates a missing body as null; say what happened instead.
      preValidation: async (request) => {
        if (request.body === undefined) throw new RequestValidationError('REQ_ERR_REQUIRED', '', EMPTY_BODY);
      },
    },
    answer,
  );

  app.get(
    '/v2/query',
    {
      ...options.admission,
      schema: {
        ...SEARCH_DOCS,
        operationId: 'runJsonQueriesGet',
        summary: 'A search of the archive, sent URL-encoded in the json parameter',
        querystring: SEARCH_QUERYSTRING,
        response: SEARCH_RESPONSES,
      },
      preValidation: async (request) => {
        if (typeof (request.query as { json?: unknown }).json !== 'object') jsonParameter(request);
      },
    },
    answer,
  );
}
