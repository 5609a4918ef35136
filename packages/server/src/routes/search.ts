import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from '@pdb-stats/search-model';
import { SEARCH_BODY, SEARCH_QUERYSTRING } from '../schemas/route-envelopes.ts';
import type { SearchService } from '../search-service.ts';

const EMPTY_BODY = 'the request body is empty; send the search request as JSON';

/** `POST /rcsbsearch/v2/query` and `GET /rcsbsearch/v2/query?json=`. */
export async function searchRoutes(app: FastifyInstance, options: { service: SearchService }): Promise<void> {
  const { service } = options;

  async function answer(body: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { body: json, etag } = await service.answer(body);
    reply.header('etag', etag).header('cache-control', 'public, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (json === null) return reply.code(204).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  app.post(
    '/v2/query',
    {
      schema: { body: SEARCH_BODY },
      // Fastify validates a missing body as null; say what happened instead.
      preValidation: async (request) => {
        if (request.body === undefined) throw new RequestValidationError('REQ_ERR_REQUIRED', '', EMPTY_BODY);
      },
    },
    async (request, reply) => answer(request.body, request, reply),
  );

  app.get<{ Querystring: { json?: string } }>(
    '/v2/query',
    { schema: { querystring: SEARCH_QUERYSTRING } },
    async (request, reply) => {
      const json = request.query.json;
      if (typeof json !== 'string' || json.trim() === '') {
        throw new RequestValidationError(
          'REQ_ERR_REQUIRED',
          'json',
          'the query parameter "json" with the URL-encoded request is required',
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(json);
      } catch (error) {
        throw new RequestValidationError(
          'REQ_ERR_JSON',
          'json',
          `is not valid JSON: ${(error as Error).message}`,
        );
      }
      return answer(body, request, reply);
    },
  );
}
