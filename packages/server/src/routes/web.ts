import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CHART_LIST } from '@pdb-stats/charts';
import { EMBED_PREFIX, PAGES, chartPath } from '@pdb-stats/web/routes';
import { allowFramingByAnySite } from '../plugins/security-headers.ts';
import { PageRenderer } from '../rendering/page-renderer.ts';
import { barSearchRoutes } from './bar-search.ts';
import { TEMPLATE_SHEETS, readPagePreloads } from './page-preloads.ts';
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
  render?: false | { timeoutMs?: number; warmPages?: readonly string[] };
}

/**
 * The pages most visitors land on: the home page, the chart each menu opens with and the explorer
 * the menu bar links to. They are rendered in the background before anyone asks for them (see
 * `webRoutes`).
 */
export const WARM_PAGES: readonly string[] = [
  '/',
  ...[...new Set(CHART_LIST.map((chart) => chart.kind))].map((kind) =>
    chartPath(CHART_LIST.find((chart) => chart.kind === kind)!),
  ),
  PAGES.explore.path,
];

/** Configs (origins) the most visited pages are rendered ahead for: a few, whatever Host headers come. */
const MAX_WARMED_CONFIGS = 4;

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
  const configFor = (origin: string) =>
    JSON.stringify({
      basename: '/',
      sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
    });
  const configOf = (request: FastifyRequest) =>
    configFor(options.publicUrl ?? `${request.protocol}://${request.host}`);
  const index = await readFile(join(options.root, 'index.html'), 'utf8');
  const preloads = await readPagePreloads(options.root, index);
  const renderer =
    options.render === false
      ? undefined
      : await PageRenderer.load(options.root, app, app.searchService, {
          log: app.log,
          ...(options.render?.timeoutMs !== undefined && { timeoutMs: options.render.timeoutMs }),
        });

  /*
   * A rendered page is kept per config, and the config names the origin visitors reach this server
   * by, which only their requests tell (unless a public address is set). So the most visited pages
   * are rendered, one after another in the background, for the public address once the server is
   * ready, and for each origin the first time a visitor's page is served from it: their next
   * visitors, on any of those pages, get them drawn at once instead of waiting for a render.
   */
  const warmPages = (options.render !== false && options.render?.warmPages) || WARM_PAGES;
  const warmed = new Set<string>();
  const warm = (config: string) => {
    if (!renderer || warmed.has(config) || warmed.size >= MAX_WARMED_CONFIGS) return;
    warmed.add(config);
    void renderer.warm(warmPages, config);
  };
  if (options.publicUrl) {
    const config = configFor(options.publicUrl);
    app.addHook('onReady', async () => {
      // Not awaited: the server is ready at once, and the renders ask its routes, which needs it ready.
      setImmediate(() => warm(config));
    });
  } else {
    // Without a public address, for the address the server listens on: a visitor coming by another
    // gets them rendered anew, but from the answers these renders asked for and with the server's
    // page modules loaded, instead of waiting for both (a cold server's first visitors were sent
    // the bare page after the render's time limit).
    app.addHook('onListen', async () => {
      const [address] = app.addresses();
      // A socket path is no origin.
      if (!address || typeof address === 'string') return;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      setImmediate(() => warm(configFor(`http://${host}:${address.port}`)));
    });
  }

  /**
   * The dashboard at a path: its template with a config that points at this server and the preloads
   * of the page chunk of the address; with the page drawn inside when the server renders it (its styles then
   * load with the page, and the answers it was drawn from come along for hydration).
   */
  const dashboard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(`${EMBED_PREFIX}/`)) allowFramingByAnySite(reply);
    const config = configOf(request);
    const rendered = await renderer?.render(request.url, config);
    // After this visitor's own render, not beside it: the two would share the processor.
    warm(config);
    const drawn = rendered && preloads.drawn(request.url);
    let html = (drawn ? index.replace(TEMPLATE_SHEETS, '') : index)
      .replace('</head>', `${drawn ? drawn.head : preloads(request.url)}</head>`)
      .replace(ROOT_ELEMENT, (_m, start: string) => `${start}'${escapeAttribute(config)}'`);
    if (rendered && drawn) {
      html = html
        // The page reads without scripts: no note asking for them.
        .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
        .replace(
          ROOT_ELEMENT_END,
          (root: string) =>
            `${root.slice(0, -'</div>'.length)}${rendered.html}</div>` +
            `<script type="application/json" id="${rendered.stateId}">${rendered.state}</script>` +
            drawn.end,
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
  await app.register(barSearchRoutes);
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
