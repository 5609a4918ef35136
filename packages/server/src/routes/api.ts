import type { FastifyInstance } from 'fastify';
import { documentRoutes, type DocumentStore } from '../documents/index.ts';
import type { Engine } from '../engine/index.ts';
import { apiCors } from '../plugins/api-cors.ts';
import type { SearchService } from '../search-service.ts';
import { metadataRoutes } from './metadata.ts';
import { searchRoutes } from './search.ts';

export interface ApiOptions {
  engine: Engine;
  service: SearchService;
  documents?: DocumentStore;
  /** Access-Control-Allow-Origin of every answer. */
  corsOrigin: string;
}

/**
 * Everything under `/rcsbsearch` (app.ts registers this with that prefix): the routes, and what
 * applies to them only, CORS and a JSON 404 that carries it.
 */
export async function apiRoutes(api: FastifyInstance, options: ApiOptions): Promise<void> {
  await apiCors(api, options.corsOrigin);
  api.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` }),
  );
  await api.register(searchRoutes, { service: options.service });
  await api.register(metadataRoutes, {
    engine: options.engine,
    ...(options.documents && { documents: options.documents }),
  });
  if (options.documents) await api.register(documentRoutes, { store: options.documents });
}
