import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { EMBED_PREFIX } from '@pdb-stats/web/routes';
import { allowFramingByAnySite } from '../plugins/security-headers.ts';
import { readPagePreloads } from './page-preloads.ts';
import { SEARCH_PAGE_PATHS } from './pages.ts';

export interface WebOptions {
  /** Folder of the built dashboard (packages/web/dist). */
  root: string;
  /** Public address of this server, when it differs from the Host of the request (behind a proxy). */
  publicUrl?: string;
}

/** Files under `static/` carry their content's hash in their name, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isHashedAsset = (root: string, path: string) => relative(root, path).startsWith(`static${sep}`);

const ROOT_ELEMENT = /(<div id="statsroot"[^>]*?data-config=)('[^']*'|"[^"]*")/;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
}

/**
 * Serves the dashboard and the pages it links to (pages.ts). Every page gets a config that points at
 * this server: the root element's data-config is rewritten per request. Unknown
 * paths fall back to the dashboard, which shows its not-found page.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const page = (template: string, request: FastifyRequest) => {
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const config = { basename: '/', sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin } };
    return template.replace(
      ROOT_ELEMENT,
      (_m, start: string) => `${start}'${escapeAttribute(JSON.stringify(config))}'`,
    );
  };
  // The config differs per request, so pages are revalidated; their scripts are hashed files.
  const send = (template: string, request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(page(template, request));

  const index = await readFile(join(options.root, 'index.html'), 'utf8');
  const preloads = await readPagePreloads(options.root, index);
  // The dashboard at a path: its template with the preloads of that path's page chunk.
  const dashboard = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(`${EMBED_PREFIX}/`)) allowFramingByAnySite(reply);
    return send(index.replace('</head>', `${preloads(path)}</head>`), request, reply);
  };
  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: false,
    // The build writes a brotli and a gzip copy beside each text asset; the request's
    // Accept-Encoding picks one (the copies get no routes of their own).
    preCompressed: true,
    maxAge: '1h',
    setHeaders: (reply, path) => {
      if (isHashedAsset(options.root, path)) reply.header('cache-control', IMMUTABLE);
    },
    // The page template is served with its config, never raw.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
  });
  app.get('/', dashboard);
  for (const path of SEARCH_PAGE_PATHS) app.get(path, dashboard);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/rcsbsearch/') &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isPage)
      return reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` });
    return dashboard(request, reply);
  });
}
