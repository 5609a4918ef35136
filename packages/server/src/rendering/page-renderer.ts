import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ENTRY_ID_PATTERN,
  type MovedPage,
  type RenderedPage,
  type SearchServiceClient,
  type ServerEntry,
} from '@pdb-stats/charts';
import type { SearchResponse } from '@pdb-stats/search-model';
import { ResponseCache } from '../cache/response-cache.ts';
import type { ServiceMetadata } from '../routes/metadata.ts';
import type { SearchService } from '../search-service.ts';

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
  /** Pages drawn at once for one client; its next pages are sent unrendered meanwhile. */
  rendersPerClient?: number;
  log?: FastifyBaseLogger;
}

/**
 * On whose behalf a page is drawn: a page drawn anew and each of its searches not cached count
 * against the visitor's quota (as its own searches do), and its renders take the visitor's render
 * slots. The server's own renders of its most visited pages have none.
 */
export interface Visitor {
  /** The client's address (read through TRUST_PROXY). */
  address: string;
  /** Takes one from the visitor's quota of uncached work: false when none is left. */
  take(): Promise<boolean>;
}

/** A search of a visitor's page past the visitor's quota: the page is sent unrendered. */
class OverQuota extends Error {
  override readonly name = 'OverQuota';
}

/** A page drawn, or the address it is at (kept alike: both follow from the archive and the address). */
export type PageOutcome = RenderedPage | MovedPage;

/** How a kept page is stored in the cache of rendered pages. */
const PAGE_ETAG = '';

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
 * (its search service, called in the same process, with the same cache), kept per archive version,
 * page address and state, and configuration. A page that cannot be rendered (not one the server
 * renders, a failed search, the visitor's quota or render slots used up, the time limit) is
 * undefined: the browser renders it. An address the page writes out first gives where it is.
 */
export class PageRenderer {
  readonly cache: ResponseCache;
  private readonly pending = new Map<string, Promise<PageOutcome | undefined>>();
  /** Renders under way per client address. */
  private readonly rendering = new Map<string, number>();
  private readonly timeoutMs: number;
  private readonly rendersPerClient: number;

  constructor(
    /** Loaded in the background from the start: the server answers meanwhile (pages unrendered). */
    private readonly entry: Promise<ServerEntry>,
    private readonly service: SearchService,
    private readonly metadata: ServiceMetadata,
    private readonly options: PageRendererOptions = {},
  ) {
    this.cache = new ResponseCache(options.cacheBytes ?? 16 * 1024 * 1024);
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.rendersPerClient = options.rendersPerClient ?? 2;
  }

  /** Loads the server entry of a built dashboard; undefined for a build without one. */
  static async load(
    root: string,
    service: SearchService,
    metadata: ServiceMetadata,
    options: PageRendererOptions = {},
  ): Promise<PageRenderer | undefined> {
    const file = join(root, SERVER_ENTRY);
    if (!existsSync(file)) return undefined;
    // A built file: what it exports is the contract both sides import, not checked at run time.
    const entry = (import(pathToFileURL(file).href) as Promise<ServerEntry>).then(async (loaded) => {
      await loaded.preload();
      return loaded;
    });
    // A broken build is told once, at start; its pages are then sent unrendered.
    entry.catch((error: unknown) =>
      options.log?.error({ err: error }, 'the server entry of the dashboard did not load'),
    );
    return new PageRenderer(entry, service, metadata, options);
  }

  /**
   * The search service as a page drawn for `visitor` reaches it: in this process, a search whose
   * answer is not cached taken from the visitor's quota first.
   */
  private serviceFor(visitor: Visitor | undefined): SearchServiceClient {
    return {
      search: async (request) => {
        if (visitor && !this.service.isCached(request) && !(await visitor.take()))
          throw new OverQuota(`${visitor.address} has no searches left this minute`);
        const answer = await this.service.answer(request);
        return answer.body === null ? null : (JSON.parse(answer.body) as SearchResponse);
      },
      archiveInfo: async () => this.metadata.archiveInfo(),
      metadataSchema: (kind) => this.metadata.schema(kind),
      documents: (returnType, ids) => this.metadata.keyDocuments(returnType, ids),
      entry: async (id) => (ENTRY_ID_PATTERN.test(id) ? this.metadata.entryRecord(id.toUpperCase()) : null),
    };
  }

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

  /**
   * The rendered page at `url` (path and query string) with the root config `config`, drawn for
   * `visitor` (or the address it is at), or undefined. A visitor with all its render slots taken
   * gets none at once.
   */
  async render(url: string, config: string, visitor: Visitor): Promise<PageOutcome | undefined> {
    const key = this.keyOf(url, config);
    const kept = this.cache.get(key);
    if (kept?.body) return JSON.parse(kept.body) as PageOutcome;
    const { address } = visitor;
    if (!this.pending.has(key)) {
      const busy = this.rendering.get(address) ?? 0;
      if (busy >= this.rendersPerClient) return undefined;
      // The slot is held while the quota is asked, so that a burst cannot take more.
      this.rendering.set(address, busy + 1);
      // A page drawn anew costs about what a search does: it is taken from the visitor's quota.
      const allowed = await visitor.take().catch(() => false);
      if (!allowed) {
        this.release(address);
        return undefined;
      }
    } else this.rendering.set(address, (this.rendering.get(address) ?? 0) + 1);
    const running = this.running(url, config, key, visitor);
    void running.finally(() => this.release(address));
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

  /** Gives back a render slot of the client at `address`. */
  private release(address: string): void {
    const left = (this.rendering.get(address) ?? 1) - 1;
    if (left > 0) this.rendering.set(address, left);
    else this.rendering.delete(address);
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
    visitor?: Visitor,
  ): Promise<PageOutcome | undefined> {
    let running = this.pending.get(key);
    if (!running) {
      running = this.renderAnew(url, config, key, visitor);
      this.pending.set(key, running);
      void running.finally(() => this.pending.delete(key));
    }
    return running;
  }

  private async renderAnew(
    url: string,
    config: string,
    key: string,
    visitor: Visitor | undefined,
  ): Promise<PageOutcome | undefined> {
    let entry: ServerEntry;
    try {
      entry = await this.entry;
    } catch {
      return undefined;
    }
    try {
      // The render itself is bounded too: a page whose searches hang is given up at twice the limit.
      const page = await entry.renderPage({
        url,
        config,
        service: this.serviceFor(visitor),
        signal: AbortSignal.timeout(this.timeoutMs * 2),
      });
      this.cache.set(key, { body: JSON.stringify(page), etag: PAGE_ETAG, fetchedAt: Date.now() });
      return page;
    } catch (error) {
      if (!(error instanceof entry.NotRendered) && !(error instanceof OverQuota))
        this.options.log?.warn({ url, err: error }, 'page not rendered: sent unrendered');
      return undefined;
    }
  }
}
