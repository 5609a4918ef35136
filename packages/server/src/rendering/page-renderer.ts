import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ResponseCache } from '../cache/response-cache.ts';
import type { SearchService } from '../search-service.ts';

/** What the dashboard's server entry (`packages/web/src/server-entry.tsx`, built by `vite build --ssr`) gives. */
export interface RenderedPage {
  html: string;
  state: string;
  title: string;
}
export interface ServerEntry {
  renderPage(request: {
    url: string;
    config: string;
    fetch: typeof fetch;
    signal?: AbortSignal;
  }): Promise<RenderedPage>;
  SERVER_STATE_ID: string;
  preload(): Promise<void>;
  NotRendered: new (...args: never[]) => Error;
}

/** Where the build puts the server entry, under the built dashboard's folder. */
export const SERVER_ENTRY = 'ssr/server-entry.js';

export interface PageRendererOptions {
  /**
   * Longest a page may take to render (its searches included) before the visitor gets the page
   * without markup, which the browser renders; the render still finishes and is kept for the next.
   */
  timeoutMs?: number;
  /** Size of the cache of rendered pages (bytes). */
  cacheBytes?: number;
  log?: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;

/** The page state a query string holds, written one way: parameters sorted by name (repeated ones in order). */
export function normalizedQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Pages of the dashboard rendered on the server by its own React code, from this server's answers
 * (the searches go to its own routes in-process, through the same search service and cache), kept
 * per archive version, page address and state, and configuration. A page that cannot be rendered
 * (not one the server renders, a failed search, the time limit) is undefined: the browser renders it.
 */
export class PageRenderer {
  readonly cache: ResponseCache;
  private readonly pending = new Map<string, Promise<(RenderedPage & { stateId: string }) | undefined>>();
  private readonly timeoutMs: number;

  constructor(
    /** Loaded in the background from the start: the server answers meanwhile (pages unrendered). */
    private readonly entry: Promise<ServerEntry>,
    private readonly app: FastifyInstance,
    private readonly service: SearchService,
    private readonly options: PageRendererOptions = {},
  ) {
    this.cache = new ResponseCache(options.cacheBytes ?? 16 * 1024 * 1024);
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  /** Loads the server entry of a built dashboard; undefined for a build without one. */
  static async load(
    root: string,
    app: FastifyInstance,
    service: SearchService,
    options: PageRendererOptions = {},
  ): Promise<PageRenderer | undefined> {
    const file = join(root, SERVER_ENTRY);
    if (!existsSync(file)) return undefined;
    const entry = (import(pathToFileURL(file).href) as Promise<ServerEntry>).then(async (loaded) => {
      await loaded.preload();
      return loaded;
    });
    // A broken build is told once, at start; its pages are then sent unrendered.
    entry.catch((error: unknown) =>
      options.log?.error({ err: error }, 'the server entry of the dashboard did not load'),
    );
    return new PageRenderer(entry, app, service, options);
  }

  /** Searches of a render reach this server's own routes without a trip over the network. */
  private readonly serviceFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await this.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };

  /**
   * The cache key of a page: archive version (and day, for answers kept a day), whether the source
   * answers (a page rendered while it did would say so after it stopped), configuration, address
   * and state.
   */
  private keyOf(url: string, config: string): string {
    const { pathname, search } = new URL(url, 'http://page.invalid');
    const { source } = this.service;
    const day = source.lifetime === 'day' ? `@${Math.floor(Date.now() / DAY_MS)}` : '';
    const health = source.health?.();
    const down = health && !health.answering ? ` down since ${health.lastAnswerAt ?? 'start'}` : '';
    return `${source.version}${day}${down}\n${config}\n${pathname}${normalizedQuery(search)}`;
  }

  /** The rendered page at `url` (path and query string) with the root config `config`, or undefined. */
  async render(url: string, config: string): Promise<(RenderedPage & { stateId: string }) | undefined> {
    const key = this.keyOf(url, config);
    const kept = this.cache.get(key);
    if (kept?.body) return JSON.parse(kept.body) as RenderedPage & { stateId: string };
    const running = this.running(url, config, key);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        this.options.log?.warn(
          { url, timeoutMs: this.timeoutMs },
          'page not rendered in time: sent unrendered',
        );
        resolve(undefined);
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Renders the pages at `urls` with the root config `config` one after another, in the background
   * of whoever calls it, so that their visitors get them from the cache. A page that cannot be
   * rendered is left to the browser, as for a visitor.
   */
  async warm(urls: readonly string[], config: string): Promise<void> {
    for (const url of urls) {
      const key = this.keyOf(url, config);
      if (!this.cache.get(key)?.body) await this.running(url, config, key);
    }
  }

  /** The render of the page under `key` under way, or a new one: a page is rendered once at a time. */
  private running(
    url: string,
    config: string,
    key: string,
  ): Promise<(RenderedPage & { stateId: string }) | undefined> {
    let running = this.pending.get(key);
    if (!running) {
      running = this.renderAnew(url, config, key);
      this.pending.set(key, running);
      void running.finally(() => this.pending.delete(key));
    }
    return running;
  }

  private async renderAnew(
    url: string,
    config: string,
    key: string,
  ): Promise<(RenderedPage & { stateId: string }) | undefined> {
    let entry: ServerEntry;
    try {
      entry = await this.entry;
    } catch {
      return undefined;
    }
    try {
      // The render itself is bounded too: a page whose searches hang is given up at twice the limit.
      const rendered = await entry.renderPage({
        url,
        config,
        fetch: this.serviceFetch,
        signal: AbortSignal.timeout(this.timeoutMs * 2),
      });
      const page = { ...rendered, stateId: entry.SERVER_STATE_ID };
      this.cache.set(key, { body: JSON.stringify(page), etag: '', fetchedAt: Date.now() });
      return page;
    } catch (error) {
      if (!(error instanceof entry.NotRendered))
        this.options.log?.warn({ url, err: error }, 'page not rendered: sent unrendered');
      return undefined;
    }
  }
}
