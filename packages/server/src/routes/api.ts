import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentRoutes, type KeyDocumentSource } from '../documents/index.ts';
import { apiCors } from '../plugins/api-cors.ts';
import {
  loadProtection,
  type Admission,
  type LoadSheddingOptions,
  type SearchQuota,
} from '../plugins/load-protection.ts';
import type { SearchService } from '../search-service.ts';
import { metadataRoutes, type ServiceMetadata } from './metadata.ts';
import { searchRequestOf, searchRoutes } from './search.ts';

export interface ApiOptions {
  service: SearchService;
  metadata: ServiceMetadata;
  documents?: KeyDocumentSource;
  /** Access-Control-Allow-Origin of every answer. */
  corsOrigin: string;
  /** The quota of uncached searches per client; no limit when absent. */
  quota?: SearchQuota;
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
  options: Pick<ApiOptions, 'corsOrigin' | 'quota' | 'loadShedding'>,
  isCached: (request: FastifyRequest) => boolean,
): Promise<Admission> {
  await apiCors(api, options.corsOrigin);
  api.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` }),
  );
  return loadProtection(api, {
    ...(options.quota && { quota: options.quota }),
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
  await api.register(metadataRoutes, { metadata: options.metadata });
  if (options.documents)
    await api.register(documentRoutes, {
      store: options.documents,
      lifetime: options.service.source.lifetime,
    });
}
