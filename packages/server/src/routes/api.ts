import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentRoutes, type KeyDocumentSource } from '../documents/index.ts';
import { apiCors } from '../plugins/api-cors.ts';
import { loadProtection, type Admission, type LoadSheddingOptions } from '../plugins/load-protection.ts';
import type { SearchService } from '../search-service.ts';
import { metadataRoutes } from './metadata.ts';
import { searchRequestOf, searchRoutes } from './search.ts';

export interface ApiOptions {
  service: SearchService;
  documents?: KeyDocumentSource;
  /** Access-Control-Allow-Origin of every answer. */
  corsOrigin: string;
  /** Uncached searches one client may make per minute; 0: no limit. */
  rateLimitPerMinute: number;
  /** When the API answers 503; never when absent. */
  loadShedding?: LoadSheddingOptions;
}

/**
 * What applies to every route of an API context (`/rcsbsearch`, `/api/charts`): CORS and a JSON 404
 * that carries it, then rate limit and load shedding (after CORS, so that their refusals carry it
 * too). Returns what the routes that search add to their options; `isCached` tells the requests
 * whose answer costs nothing, which are always let in.
 */
export async function apiContext(
  api: FastifyInstance,
  options: Pick<ApiOptions, 'corsOrigin' | 'rateLimitPerMinute' | 'loadShedding'>,
  isCached: (request: FastifyRequest) => boolean,
): Promise<Admission> {
  await apiCors(api, options.corsOrigin);
  api.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` }),
  );
  return loadProtection(api, {
    rateLimitPerMinute: options.rateLimitPerMinute,
    ...(options.loadShedding && { loadShedding: options.loadShedding }),
    isCached,
  });
}

/** Whether a search's answer is cached; a request whose search cannot be read is not. */
function isCached(service: SearchService, request: FastifyRequest): boolean {
  try {
    return service.isCached(searchRequestOf(request));
  } catch {
    return false;
  }
}

/**
 * Everything under `/rcsbsearch` (app.ts registers this with that prefix): the routes in an API
 * context (see apiContext). The pages, their files and /health are outside:
 * they cost little, and a supervisor polling /health should not restart a process that is only busy
 * (a restart would empty the answer cache).
 */
export async function apiRoutes(api: FastifyInstance, options: ApiOptions): Promise<void> {
  const admission = await apiContext(api, options, (request) => isCached(options.service, request));
  await api.register(searchRoutes, { service: options.service, admission });
  await api.register(metadataRoutes, {
    source: options.service.source,
    ...(options.documents && { documents: options.documents }),
  });
  if (options.documents) await api.register(documentRoutes, { store: options.documents });
}
