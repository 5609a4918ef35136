/**
 * The server's entry (Vite's SSR build): renders a page of the dashboard to HTML with React's
 * streaming renderer, from the answers of the server's own search service, and hands over the query
 * cache those answers are in, so that the browser hydrates the page without asking again.
 */
import { QueryClient, defaultShouldDehydrateQuery, dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { METADATA_SCHEMA_KEY, archiveInfoQuery } from './api/queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { setServiceFetch } from './api/search-client.ts';
import { App } from './app.tsx';
import { parseRootConfig } from './config.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { documentTitle } from './routing/page-routes.ts';
import { matchRoute } from './routing/routes.ts';

export { SERVER_STATE_ID } from './ssr/server-markup.ts';

export interface RenderRequest {
  /** Address of the page: its path (base path included) and query string. */
  url: string;
  /** The root element's config, as the page carries it in `data-config`. */
  config: string;
  /** Reaches the search service the page's config names (the server passes its own routes). */
  fetch: typeof fetch;
  /** Aborts the render (the server's time limit). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The markup of the root element's content. */
  html: string;
  /** The query cache the markup was drawn from, as JSON safe inside a `<script>` element. */
  state: string;
  /** The document title of the page. */
  title: string;
}

/** Why a page is not rendered on the server: the browser renders it (the server sends the shell). */
export class NotRendered extends Error {
  override readonly name = 'NotRendered';
}

/**
 * The pages drawn from searches alone, whose markup is worth sending: home, the chart pages and the
 * explorer's (its chart, from the few attributes its address names).
 */
const RENDERED_PAGES = new Set(['home', 'chart', 'explore']);

/** Renders passes until every query the page asks for is answered; a page needs two or three. */
const MAX_PASSES = 4;

function renderToString(element: ReactElement, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    let failure: unknown;
    const stream = renderToPipeableStream(element, {
      // Every boundary in place: no boundary sent apart with an inline script to move it (the
      // page is sent whole, and the site's content security policy allows no inline script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // The whole page at once: it is cached, and a page with a boundary still loading is not sent.
      onAllReady() {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else stream.pipe(sink);
      },
      onShellError: reject,
      // An error inside a boundary would be rendered again in the browser: the shell is sent instead.
      onError(error) {
        failure ??= error;
      },
    });
    signal?.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason instanceof Error ? signal.reason : new NotRendered('render aborted'));
    });
  });
}

/** Loads the modules of the pages rendered here, so that a first visitor's render does not wait for them. */
export async function preload(): Promise<void> {
  await Promise.all([
    import('./pages/home-page.tsx'),
    import('./chart-page/chart-page.tsx'),
    import('./explore/explore-page.tsx'),
  ]);
}

/** Queries a render asked for that have no answer yet and are meant to be asked (`enabled`). */
function unanswered(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        (query.options as { enabled?: unknown }).enabled !== false,
    );
}

/**
 * Renders the page at `url`. Throws NotRendered for a page the browser renders itself, and for a
 * page whose searches fail (the browser asks again and shows the error as it would).
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const parsed = parseRootConfig(request.config);
  if (!parsed.ok) throw new NotRendered(parsed.message);
  const { config } = parsed;
  const url = new URL(request.url, 'http://page.invalid');
  const base = config.basename.endsWith('/') ? config.basename : `${config.basename}/`;
  const route = url.pathname.startsWith(base) ? matchRoute(`/${url.pathname.slice(base.length)}`) : undefined;
  if (!route || !RENDERED_PAGES.has(route.page))
    throw new NotRendered(`${url.pathname} is drawn in the browser`);

  setServiceFetch(request.fetch);
  const queryClient = createQueryClient();
  // No retries on the server: the time limit is short, and the browser retries as usual.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  await queryClient.prefetchQuery(archiveInfoQuery(config.sierraConfig.searchApiUrl));

  const element = (
    <StrictMode>
      <ErrorBoundary>
        <App config={config} queryClient={queryClient} url={`${url.pathname}${url.search}`} />
      </ErrorBoundary>
    </StrictMode>
  );
  for (let pass = 1; ; pass++) {
    request.signal?.throwIfAborted();
    const html = await renderToString(element, request.signal);
    const asked = unanswered(queryClient);
    if (asked.length === 0) {
      const failed = queryClient
        .getQueryCache()
        .getAll()
        .find((query) => query.state.status === 'error');
      if (failed) throw new NotRendered(`a search of the page failed: ${String(failed.state.error)}`);
      return {
        html,
        state: JSON.stringify(
          // The metadata schemas are large; the page needs only what was read from them.
          dehydrate(queryClient, {
            shouldDehydrateQuery: (query) =>
              defaultShouldDehydrateQuery(query) && query.queryKey[0] !== METADATA_SCHEMA_KEY,
          }),
        ).replace(/</g, '\\u003c'),
        title: documentTitle(url.pathname.slice(base.length - 1)),
      };
    }
    if (pass === MAX_PASSES) throw new NotRendered('the page kept asking for more searches');
    await Promise.all(
      asked.map((query) =>
        queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn }),
      ),
    );
  }
}
