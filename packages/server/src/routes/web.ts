import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface WebOptions {
  /** Folder of the built dashboard (packages/web/dist). */
  root: string;
  /** Public address of this server, when it differs from the Host of the request (behind a proxy). */
  publicUrl?: string;
}

const ROOT_ELEMENT = /(<div id="statsroot"[^>]*?data-config=)('[^']*'|"[^"]*")/;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
}

/**
 * Serves the dashboard and hands it a config that points at this server: the root element's
 * data-config (charts.md 7.1) is rewritten per request, and unknown paths fall back to the app.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const template = await readFile(join(options.root, 'index.html'), 'utf8');
  const page = (request: FastifyRequest) => {
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const config = { basename: '/', sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin } };
    return template.replace(
      ROOT_ELEMENT,
      (_m, start: string) => `${start}'${escapeAttribute(JSON.stringify(config))}'`,
    );
  };
  await app.register(fastifyStatic, { root: options.root, index: false, wildcard: false, maxAge: '1h' });
  app.get('/', async (request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(page(request)),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/rcsbsearch/') &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isPage)
      return reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` });
    return reply.type('text/html').header('cache-control', 'no-cache').send(page(request));
  });
}
