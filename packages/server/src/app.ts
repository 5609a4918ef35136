import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ENTRY_API_PREFIX } from '@pdb-stats/charts';
import helmet from '@fastify/helmet';
import type { CostLimits } from '@pdb-stats/search-model';
import type { KeyDocumentSource } from './documents/index.ts';
import type { Engine } from './engine/index.ts';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_CONNECTION_LIMITS,
  limitedServer,
  type ConnectionLimits,
} from './connections.ts';
import { handleClientError, handleError, handleFrameworkError } from './errors.ts';
import { registerDelivery } from './plugins/delivery.ts';
import { SECURITY_HEADERS } from './plugins/security-headers.ts';
import { AJV_OPTIONS, schemaErrorFormatter } from './schemas/route-envelopes.ts';
import { searchQuota, type LoadSheddingOptions, type SearchQuota } from './plugins/load-protection.ts';
import { apiContext, apiRoutes } from './routes/api.ts';
import { CHART_DATA_PREFIX, chartDataRoutes, chartDataSearches } from './routes/chart-data.ts';
import { batchSearches, chartBatchRoutes, type ChartBatchLimits } from './routes/chart-batch.ts';
import { entryRoutes } from './routes/entries.ts';
import { healthRoutes } from './routes/health.ts';
import { OPENAPI_PREFIX, openApiRoutes, registerOpenApi } from './routes/openapi.ts';
import { ServiceMetadata } from './routes/metadata.ts';
import { SearchService } from './search-service.ts';
import type { AnswerSource } from './sources/answer-source.ts';
import { EngineSource } from './sources/engine-source.ts';
import { UpstreamSource, type UpstreamOptions } from './sources/upstream-source.ts';
import { webRoutes, type WebOptions } from './routes/web.ts';

/**
 * Where answers come from: the local engine over a snapshot, an upstream Search API service, or a
 * source of one's own (the archive switch, which moves to a newly published snapshot).
 */
export type AnswerSourceOption =
  { engine: Engine } | { upstream: UpstreamOptions } | { source: AnswerSource };

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
  /**
   * What one search may cost (buckets of its answer, values of its `in` lists); DEFAULT_COST_LIMITS
   * when absent. main.ts passes SEARCH_MAX_BUCKETS and SEARCH_MAX_IN_VALUES.
   */
  costLimits?: CostLimits;
  /** Largest request body in bytes. */
  bodyLimit?: number;
  /** What one batch of charts may ask (`POST /api/charts/batch`); defaults for those absent. */
  chartBatch?: Partial<ChartBatchLimits>;
  /** Timeouts of connections and the cap of open connections per client; defaults for those absent. */
  connections?: Partial<ConnectionLimits>;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    searchService: SearchService;
    serviceMetadata: ServiceMetadata;
    /** The quota of uncached searches per client; absent without a limit. */
    searchQuota?: SearchQuota;
  }
}

/** Wires the service together; `main.ts` only starts it, tests build it without a port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter,
    serverFactory: limitedServer(
      { ...DEFAULT_CONNECTION_LIMITS, ...options.connections },
      options.trustProxy,
    ),
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  app.setErrorHandler(handleError);
  // The API speaks JSON only: other media types get 415.
  app.removeContentTypeParser('text/plain');
  // Registered first, so that every answer carries the headers, whatever later refuses the request.
  await app.register(helmet, SECURITY_HEADERS);
  await registerDelivery(app);
  // Before the routes: it documents each route as it is added.
  await registerOpenApi(app);
  const source =
    'source' in options
      ? options.source
      : 'engine' in options
        ? new EngineSource(options.engine, options.costLimits)
        : new UpstreamSource(options.upstream);
  app.addHook('onClose', async () => source.close());
  const service = new SearchService(source, options.cacheBytes, options.costLimits);
  app.decorate('searchService', service);
  const metadata = new ServiceMetadata(source, options.documents);
  app.decorate('serviceMetadata', metadata);
  // The search API and the chart data API: each its own context, with the same CORS and protection.
  // One quota per client for the searches of both APIs and of the pages drawn for it.
  const quota = await searchQuota(app, options.rateLimitPerMinute ?? 0);
  if (quota) app.decorate('searchQuota', quota);
  const api = {
    corsOrigin: options.corsOrigin ?? '*',
    ...(quota && { quota }),
    ...(options.loadShedding && { loadShedding: options.loadShedding }),
  };
  await app.register(apiRoutes, {
    prefix: '/rcsbsearch',
    service,
    metadata,
    ...api,
    ...(options.documents && { documents: options.documents }),
  });
  await app.register(
    async (charts) => {
      const admission = await apiContext(charts, api, (request) => {
        const searches = chartDataSearches(request) ?? batchSearches(request);
        return searches !== undefined && searches.every((search) => service.isCached(search));
      });
      await charts.register(chartDataRoutes, { service, admission });
      await charts.register(chartBatchRoutes, {
        service,
        admission,
        ...(options.chartBatch && { limits: options.chartBatch }),
      });
    },
    { prefix: CHART_DATA_PREFIX },
  );
  // An entry's record, when the documents come from the archive served: its own context, each
  // request taken from the client's quota (it reads the archive's files).
  const entries = options.documents?.entry?.bind(options.documents);
  if (entries)
    await app.register(
      async (context) => {
        await apiContext(context, api, () => false);
        await context.register(entryRoutes, { read: entries, lifetime: source.lifetime });
      },
      { prefix: ENTRY_API_PREFIX },
    );
  await app.register(healthRoutes);
  await app.register(openApiRoutes, { prefix: OPENAPI_PREFIX, corsOrigin: api.corsOrigin });
  if (options.web) await app.register(webRoutes, options.web);
  // Without the dashboard, no page answers an unknown address: a 404 in our error format.
  else
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` }),
    );
  return app;
}
