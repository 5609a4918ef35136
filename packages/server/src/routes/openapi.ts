import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import serverPackage from '../../package.json' with { type: 'json' };
import { answerCacheControl } from '../cache/cache-control.ts';
import { apiCors } from '../plugins/api-cors.ts';
import { renderApiDocs, type OpenApiDocument } from './api-docs.ts';
import { responses } from '../schemas/responses.ts';

/** Where the OpenAPI document is served: its context's prefix (where its CORS preflights are answered) and path. */
export const OPENAPI_PREFIX = '/api';
export const OPENAPI_PATH = `${OPENAPI_PREFIX}/openapi.json`;
/** Where the same document is a page to read. */
export const API_DOCS_PATH = `${OPENAPI_PREFIX}/docs`;

// Imported, not read beside this file, so that the compiled server (one module elsewhere) holds it.
const { version } = serverPackage;

/**
 * Collects the routes registered after it into an OpenAPI 3.1 document, from their route schemas
 * (parameters, bodies, answers, tags, operation names). Only tagged routes are API routes: pages and
 * their files declare no tags and stay out. The Search API's routes carry the operation names and tags
 * of the archive's own Search API description, so that a client generated from either finds the same
 * operations. Registered before the routes (it learns them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PDB Statistics API',
        version,
        description:
          'The Search API v2 (searches, facets, counts and the attribute catalogue) over the archive this server serves, with the key attributes of result identifiers, the archive manifest and the data tables of the dashboard\'s charts. Errors are `{"status", "message"}`; a refused request also names the `field` at fault.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
    },
    hideUntagged: true,
  });
}

/**
 * `GET /api/openapi.json`: the document of the routes registered, with the API's CORS. Registered
 * under OPENAPI_PREFIX, so that the CORS preflights stay within the API's addresses.
 */
export async function openApiRoutes(app: FastifyInstance, options: { corsOrigin: string }): Promise<void> {
  await apiCors(app, options.corsOrigin);
  app.get(
    OPENAPI_PATH.slice(OPENAPI_PREFIX.length),
    {
      schema: {
        tags: ['Service'],
        operationId: 'getOpenApi',
        summary: 'This document',
        response: responses(
          { 200: { description: 'the OpenAPI 3.1 document', type: 'object', additionalProperties: true } },
          [304],
        ),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', answerCacheControl('archive'));
      return app.swagger();
    },
  );
  // A page, not an operation: untagged, so the document leaves it out. Drawn once, on the first request
  // (the routes are all registered by then); its link to the document is relative, so that it holds
  // behind a proxy that serves the API under another path.
  let page: string | undefined;
  app.get(API_DOCS_PATH.slice(OPENAPI_PREFIX.length), async (_request, reply) => {
    page ??= renderApiDocs(app.swagger() as OpenApiDocument, OPENAPI_PATH.slice(OPENAPI_PREFIX.length + 1));
    reply.header('cache-control', answerCacheControl('archive'));
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
