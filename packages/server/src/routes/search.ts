import type { FastifyInstance, FastifyReply } from 'fastify';
import { RequestValidationError, validateSearchRequest } from '@pdb-stats/search-model';
import { randomUUID } from 'node:crypto';
import type { Engine } from '../engine/index.ts';

/** `POST /rcsbsearch/v2/query` and `GET /rcsbsearch/v2/query?json=` (search-api.md 1). */
export async function searchRoutes(app: FastifyInstance, options: { engine: Engine }): Promise<void> {
  const { engine } = options;

  async function answer(body: unknown, reply: FastifyReply) {
    const plan = validateSearchRequest(body);
    const response = await engine.search(plan);
    if (!response) return reply.code(204).send();
    return { ...response, query_id: plan.queryId ?? response.query_id ?? randomUUID() };
  }

  app.post('/rcsbsearch/v2/query', async (request, reply) => answer(request.body, reply));

  app.get<{ Querystring: { json?: string } }>('/rcsbsearch/v2/query', async (request, reply) => {
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
    return answer(body, reply);
  });
}
