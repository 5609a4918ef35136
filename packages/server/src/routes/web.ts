import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { EMBED_PREFIX } from '@pdb-stats/web/routes';
import { allowFramingByAnySite } from '../plugins/security-headers.ts';
import { PageRenderer } from '../rendering/page-renderer.ts';
import { readPagePreloads } from './page-preloads.ts';
import { SEARCH_PAGE_PATHS } from './pages.ts';

export interface WebOptions {
  /** Folder of the built dashboard (packages/web/dist). */
  root: string;
  /** Public address of this server, when it differs from the Host of the request (behind a proxy). */
  publicUrl?: string;
  /**
   * Server rendering of the pages drawn from searches (home, charts), when the build has its server
   * entry: on by default; false sends every page unrendered. `timeoutMs`: longest a render may take.
   */
  render?: false | { timeoutMs?: number };
}

/** Files under `static/` carry their content's hash in their name, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isHashedAsset = (root: string, path: string) => relative(root, path).startsWith(`static${sep}`);

const ROOT_ELEMENT = /(<div id="statsroot"[^>]*?data-config=)('[^']*'|"[^"]*")/;
/** The empty root element of the template, once its config is written. */
const ROOT_ELEMENT_END = /<div id="statsroot"[^>]*><\/div>/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
}

/**
 * Serves the dashboard and the pages it links to (pages.ts). Every page gets a config that points at
 * this server: the root element's data-config is rewritten per request. Unknown
 * paths fall back to the dashboard, which shows its not-found page.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const configOf = (request: FastifyRequest) => {
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    return JSON.stringify({
      basename: '/',
      sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
    });
  };
  const index = await readFile(join(options.root, 'index.html'), 'utf8');
  const preloads = await readPagePreloads(options.root, index);
  const renderer =
    options.render === false
      ? undefined
      : await PageRenderer.load(options.root, app, app.searchService, {
          log: app.log,
          ...(options.render?.timeoutMs !== undefined && { timeoutMs: options.render.timeoutMs }),
        });

  /**
   * The dashboard at a path: its template with a config that points at this server and the preloads
   * of the path's page chunk; with the page drawn inside when the server renders it (its styles then
   * load with the page, and the answers it was drawn from come along for hydration).
   */
  const dashboard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(`${EMBED_PREFIX}/`)) allowFramingByAnySite(reply);
    const config = configOf(request);
    const rendered = await renderer?.render(request.url, config);
    let html = index
      .replace('</head>', `${preloads(path, { stylesheets: rendered !== undefined })}</head>`)
      .replace(ROOT_ELEMENT, (_m, start: string) => `${start}'${escapeAttribute(config)}'`);
    if (rendered) {
      html = html
        // The page reads without scripts: no note asking for them.
        .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
        .replace(
          ROOT_ELEMENT_END,
          (root: string) =>
            `${root.slice(0, -'</div>'.length)}${rendered.html}</div>` +
            `<script type="application/json" id="${rendered.stateId}">${rendered.state}</script>`,
        );
    }
    // The config differs per request, so pages are revalidated (by their ETag); their scripts are hashed files.
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
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
    // The server entry (ssr/) is the server's, not the browser's.
    globIgnore: ['index.html', '**/*.br', '**/*.gz', 'ssr/**'],
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
