import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import type { KeyDocumentSource } from './documents/index.ts';
import type { Engine } from './engine/index.ts';
import { handleError } from './errors.ts';
import { registerDelivery } from './plugins/delivery.ts';
import { SECURITY_HEADERS } from './plugins/security-headers.ts';
import { AJV_OPTIONS, schemaErrorFormatter } from './schemas/route-envelopes.ts';
import type { LoadSheddingOptions } from './plugins/load-protection.ts';
import { apiContext, apiRoutes } from './routes/api.ts';
import { CHART_DATA_PREFIX, chartDataRoutes, chartDataSearches } from './routes/chart-data.ts';
import { healthRoutes } from './routes/health.ts';
import { SearchService } from './search-service.ts';
import { EngineSource } from './sources/engine-source.ts';
import { UpstreamSource, type UpstreamOptions } from './sources/upstream-source.ts';
import { webRoutes, type WebOptions } from './routes/web.ts';

/** Where answers come from: the local engine over a snapshot, or an upstream Search API service. */
export type AnswerSourceOption = { engine: Engine } | { upstream: UpstreamOptions };

export type AppOptions = AnswerSourceOption & CommonAppOptions;

export interface CommonAppOptions {
  /** The built dashboard; without it the service answers the API only. */
  web?: WebOptions;
  /** Key attributes of result identifiers for the results pages; closed with the app. */
  documents?: KeyDocumentSource;
  /** Access-Control-Allow-Origin of API responses; `*` by default. */
  corsOrigin?: string;
  /**
   * Addresses or subnets of proxies trusted to name the client in X-Forwarded-For: behind a proxy,
   * the rate limit counts per client only with them. None by default.
   */
  trustProxy?: string[];
  /** Size of the answer cache in bytes. */
  cacheBytes?: number;
  /**
   * Searches whose answer is not cached that one client may make per minute (429 beyond); no limit
   * when absent or 0. main.ts passes RATE_LIMIT_PER_MINUTE.
   */
  rateLimitPerMinute?: number;
  /**
   * When the API answers 503 with Retry-After (event-loop delay, heap, RSS); never when absent.
   * main.ts passes MAX_EVENT_LOOP_DELAY_MS, MAX_HEAP_MB and MAX_RSS_MB.
   */
  loadShedding?: LoadSheddingOptions;
  /** Largest request body in bytes. */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    searchService: SearchService;
  }
}

/** Wires the service together; `main.ts` only starts it, tests build it without a port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter,
  });
  app.setErrorHandler(handleError);
  // The API speaks JSON only: other media types get 415.
  app.removeContentTypeParser('text/plain');
  // Registered first, so that every answer carries the headers, whatever later refuses the request.
  await app.register(helmet, SECURITY_HEADERS);
  await registerDelivery(app);
  const source =
    'engine' in options ? new EngineSource(options.engine) : new UpstreamSource(options.upstream);
  app.addHook('onClose', async () => source.close());
  const service = new SearchService(source, options.cacheBytes);
  app.decorate('searchService', service);
  // The search API and the chart data API: each its own context, with the same CORS and protection.
  const api = {
    corsOrigin: options.corsOrigin ?? '*',
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    ...(options.loadShedding && { loadShedding: options.loadShedding }),
  };
  await app.register(apiRoutes, {
    prefix: '/rcsbsearch',
    service,
    ...api,
    ...(options.documents && { documents: options.documents }),
  });
  await app.register(
    async (charts) => {
      const admission = await apiContext(charts, api, (request) => {
        const searches = chartDataSearches(request);
        return searches !== undefined && searches.every((search) => service.isCached(search));
      });
      await charts.register(chartDataRoutes, { service, admission });
    },
    { prefix: CHART_DATA_PREFIX },
  );
  await app.register(healthRoutes);
  if (options.web) await app.register(webRoutes, options.web);
  return app;
}
