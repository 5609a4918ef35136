import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  CHART_LIST,
  EMBED_PREFIX,
  ENTRY_ID_PATTERN,
  FIXED_PAGES,
  PAGES,
  activeKind,
  chartPath,
  type RenderedPage,
} from '@pdb-stats/charts';
import { pageCacheControl } from '../cache/cache-control.ts';
import { compressedBody } from '../plugins/delivery.ts';
import { allowFramingByAnySite } from '../plugins/security-headers.ts';
import { PageRenderer } from '../rendering/page-renderer.ts';
import { barSearchRoutes } from './bar-search.ts';
import { chartPreviewRoutes, previewHead } from './chart-preview.ts';
import { TEMPLATE_SHEETS, readPagePreloads } from './page-preloads.ts';

export interface WebOptions {
  /** Folder of the built dashboard (packages/web/dist). */
  root: string;
  /** Public address of this server, when it differs from the Host of the request (behind a proxy). */
  publicUrl?: string;
  /**
   * Server rendering of the pages drawn from searches (home, charts), when the build has its server
   * entry: on by default; false sends every page unrendered. `timeoutMs`: longest a render may take.
   */
  render?:
    | false
    | { timeoutMs?: number; warmPages?: readonly string[]; rendersPerClient?: number; cacheBytes?: number };
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

/**
 * The address of every page of the dashboard's route table: its fixed pages (the search pages among
 * them, at the archive search site's addresses, so that a bar's link lands here), and each chart's
 * page and embedded copy; with a trailing slash too, which the router ignores. Every other path is
 * not found.
 */
export const PAGE_PATHS: readonly string[] = [
  ...FIXED_PAGES.map((page) => page.path),
  ...CHART_LIST.flatMap((chart) => [chartPath(chart), `${EMBED_PREFIX}${chartPath(chart)}`]),
].flatMap((path) => (path === '/' ? [path] : [path, `${path}/`]));

/**
 * The address the not-found page is rendered at for a path that is no page: one per menu group the
 * path names (its menu entry is marked as for the group's pages), so that unknown paths, however
 * many, share a few renders instead of each filling the cache of rendered pages.
 */
export function notFoundAddress(path: string): string {
  const kind = activeKind(path);
  return kind ? `/${kind}/${NOT_FOUND_SEGMENT}` : `/${NOT_FOUND_SEGMENT}`;
}
const NOT_FOUND_SEGMENT = 'page-not-found';

/** Where the entry pages are: `/entry/<id>` (PAGES.entry). */
const ENTRY_PAGE_PREFIX = PAGES.entry.path.slice(0, PAGES.entry.path.indexOf('/:'));

/**
 * A Host written one way (`localhost:80` and `localhost` are one), or undefined when it is none. The
 * scheme is not compared: behind a proxy that ends TLS, requests arrive over HTTP.
 */
const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
};

/** The origins a server listening on `address:port` is reached by on this machine. */
function listeningOrigins(address: string, family: string, port: number): string[] {
  const wildcard = address === '0.0.0.0' || address === '::';
  const loopback = wildcard || address === '127.0.0.1' || address === '::1';
  const own = wildcard ? [] : [family === 'IPv6' ? `[${address}]` : address];
  const hosts = [...own, ...(loopback ? ['localhost', '127.0.0.1', '[::1]'] : [])];
  return [...new Set(hosts)].map((host) => `http://${host}:${port}`);
}

/** Files under `static/` carry their content's hash in their name, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isHashedAsset = (root: string, path: string) => relative(root, path).startsWith(`static${sep}`);

/** The template's own description, which each page's link-preview tags replace. */
const TEMPLATE_DESCRIPTION = /<meta\s+name="description"[^>]*>/;
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
 * Serves the dashboard at the addresses of its pages (PAGE_PATHS). Every page gets a config that
 * points at this server: the root element's data-config is rewritten per request. Other paths get
 * the not-found page with status 404.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const configFor = (origin: string) =>
    JSON.stringify({
      basename: '/',
      sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
    });
  const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const configOf = (request: FastifyRequest) => configFor(options.publicUrl ?? requestOrigin(request));
  const index = await readFile(join(options.root, 'index.html'), 'utf8');
  const preloads = await readPagePreloads(options.root, index);
  const renderer =
    options.render === false
      ? undefined
      : await PageRenderer.load(options.root, app.searchService, app.serviceMetadata, {
          log: app.log,
          ...(options.render?.timeoutMs !== undefined && { timeoutMs: options.render.timeoutMs }),
          ...(options.render?.rendersPerClient !== undefined && {
            rendersPerClient: options.render.rendersPerClient,
          }),
          ...(options.render?.cacheBytes !== undefined && { cacheBytes: options.render.cacheBytes }),
        });

  /*
   * Pages are drawn for the origins this server is configured to be reached by: its public address,
   * or without one the addresses it listens on (and this machine's loopback names). A request naming
   * another Host gets the page unrendered: a made-up Host costs no render and warms nothing. The most
   * visited pages are rendered, one after another in the background, for the first of those origins
   * once the server is ready (or listening), so that their visitors get them drawn at once.
   */
  const hosts = new Set<string>();
  const warmPages = (options.render !== false && options.render?.warmPages) || WARM_PAGES;
  const serve = (configured: string[]) => {
    for (const origin of configured) hosts.add(hostOf(origin)!);
    const [first] = configured;
    if (renderer && first) void renderer.warm(warmPages, configFor(first));
  };
  if (options.publicUrl) {
    const origin = new URL(options.publicUrl).origin;
    hosts.add(hostOf(origin)!);
    app.addHook('onReady', async () => {
      // Not awaited: the server is ready at once, and the renders need it ready.
      setImmediate(() => serve([origin]));
    });
  } else {
    app.addHook('onListen', async () => {
      const listening = app
        .addresses()
        // A socket path is no origin.
        .filter((address) => typeof address !== 'string')
        .flatMap(({ address, family, port }) => listeningOrigins(address, family, port));
      setImmediate(() => serve(listening));
    });
  }

  /** The page drawn for the visitor who asked, when its Host is one the server is reached by. */
  const renderFor = (request: FastifyRequest, address: string, config: string) => {
    const host = hostOf(`http://${request.host}`);
    if (!renderer || !host || !hosts.has(host)) return undefined;
    const quota = app.searchQuota;
    return renderer.render(address, config, {
      address: request.ip,
      take: async () => {
        if (!quota) return true;
        const taken = await quota(request);
        return taken.isAllowed || !taken.isExceeded;
      },
    });
  };

  /**
   * The page at `address` (the request's own) as `template` writes it, or, for an address the page
   * writes out first, where it is.
   */
  const page = async (request: FastifyRequest, address: string) => {
    const config = configOf(request);
    const outcome = await renderFor(request, address, config);
    if (outcome && 'location' in outcome) return { location: outcome.location };
    return template(request, address, config, outcome);
  };

  /**
   * The dashboard's template with a config that points at this server and the preloads of the page
   * chunk of `address`; with the page at `address` drawn inside when the server rendered it (its
   * styles then load with the page, and the answers it was drawn from come along for hydration),
   * and the status it is sent with.
   */
  const template = (
    request: FastifyRequest,
    address: string,
    config: string,
    rendered: RenderedPage | undefined,
  ) => {
    const drawn = rendered && preloads.drawn(address);
    const previews = previewHead(address, options.publicUrl ?? requestOrigin(request));
    let html = (drawn ? index.replace(TEMPLATE_SHEETS, '') : index)
      .replace(TEMPLATE_DESCRIPTION, '')
      .replace('</head>', `${previews}${drawn ? drawn.head : preloads(address)}</head>`)
      .replace(ROOT_ELEMENT, (_m, start: string) => `${start}'${escapeAttribute(config)}'`);
    let status = 200;
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
      status = rendered.status ?? 200;
    }
    return { html, drawn: rendered !== undefined, status };
  };

  /**
   * A page of the route table. An address the page writes out first (an explore link naming only
   * its attribute) is sent there, so that a visitor without scripts, a link preview or a crawler
   * gets the drawn chart; temporarily, since what is written (the bins read off the values) may
   * change with the archive. A page drawn for an address it cannot draw as asked carries its
   * status (400, 404), not cached, as the not-found page.
   */
  const dashboard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(`${EMBED_PREFIX}/`)) allowFramingByAnySite(reply);
    const shown = await page(request, request.url);
    if ('location' in shown) return reply.redirect(shown.location, 302);
    const { html, drawn, status } = shown;
    if (status !== 200)
      return reply.code(status).type('text/html').header('cache-control', 'no-cache').send(html);
    // Revalidated by browsers (the config names the origin it was asked at), kept briefly by a shared
    // cache when drawn from current answers; its scripts are hashed files, kept for a year.
    const { source } = app.searchService;
    const cacheable = drawn && source.health?.().answering !== false;
    return reply
      .type('text/html')
      .header('cache-control', pageCacheControl(source.lifetime, cacheable))
      .send(html);
  };

  /** The not-found page, drawn on the server so that it reads without scripts. */
  const notFoundPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const address = notFoundAddress(path);
    const config = configOf(request);
    const outcome = await renderFor(request, address, config);
    // The not-found page has no parameters: its address is never written out.
    const { html } = template(request, address, config, outcome && 'html' in outcome ? outcome : undefined);
    return reply
      .code(404)
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(compressedBody(request, reply, html));
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
  for (const path of PAGE_PATHS) app.get(path, dashboard);
  // An entry's page, drawn like the others: an id the archive does not hold gets it with 404 (the
  // page says so), an address that names no entry id the not-found page. The archive writes ids in
  // capitals: an id typed otherwise is sent, permanently, to its one address (a shared or indexed
  // link then names one page, not one per spelling).
  const entryPage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id } = request.params;
    if (!ENTRY_ID_PATTERN.test(id)) return notFoundPage(request, reply);
    if (id !== id.toUpperCase()) return reply.redirect(`${ENTRY_PAGE_PREFIX}/${id.toUpperCase()}`, 301);
    const held = await app.serviceMetadata.entryRecord(id).catch(() => undefined);
    if (held === null) reply.code(404);
    return dashboard(request, reply);
  };
  app.get(`${ENTRY_PAGE_PREFIX}/:id`, entryPage);
  app.get(`${ENTRY_PAGE_PREFIX}/:id/`, entryPage);
  await app.register(barSearchRoutes);
  // The pictures of link previews: the chart page drawn as for the visitor who asked.
  await app.register(chartPreviewRoutes, {
    draw: (request, address) => renderFor(request, address, configOf(request)) ?? Promise.resolve(undefined),
    origin: (request) => options.publicUrl ?? requestOrigin(request),
  });
  // A path that is no page gets the not-found page, drawn on the server so that it reads without
  // scripts; other requests (a missing file, another method) get the JSON 404 of the API.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isPage)
      return reply.code(404).send({ status: 404, message: `not found: ${request.method} ${request.url}` });
    return notFoundPage(request, reply);
  });
}
