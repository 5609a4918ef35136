/**
 * The server's entry (Vite's SSR build): renders a page of the dashboard to HTML with React's
 * streaming renderer, from the answers of the search service the server passes (itself, in the same
 * process), and hands over the query cache those answers are in, so that the browser hydrates the
 * page without asking again. The page's data is asked for first, from its route and address, and the
 * page drawn once.
 */
import { matchRoute, type MovedPage, type RenderRequest, type RenderedPage } from '@pdb-stats/charts';
import { QueryClient, defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { METADATA_SCHEMA_KEY } from './api/queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { ApiError, refusalOf } from './api/search-client.ts';
import { App } from './app.tsx';
import { parseRootConfig } from './config.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { documentTitle } from './routing/page-routes.ts';
import { loadPageData } from './ssr/page-data.ts';
import { SERVER_STATE_ID } from './ssr/server-markup.ts';

/** Why a page is not rendered on the server: the browser renders it (the server sends the shell). */
export class NotRendered extends Error {
  override readonly name = 'NotRendered';
}

/**
 * The pages drawn from searches alone, whose markup is worth sending: home, the chart pages, the
 * explorer's (its chart, from the few attributes its address names), the results pages (a page of
 * hits and their key attributes), the board (its charts, in one batch), the embedded chart and
 * explorer (as their pages, without the site's frame) and the entry pages (one
 * entry's record); and the not-found page (any other address), which then reads
 * without scripts.
 */
const RENDERED_PAGES = new Set([
  'home',
  'chart',
  'explore',
  'results',
  'chemicalResults',
  'board',
  'boardEmbed',
  'embed',
  'exploreEmbed',
  'fundingMap',
  'entry',
]);

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
    import('./search-pages/results-page.tsx'),
    import('./board/board-page.tsx'),
    import('./map/funding-map-page.tsx'),
    import('./entry-page/entry-page.tsx'),
  ]);
}

/** The keys of queries a render asked for that have no answer and are meant to be asked (`enabled`). */
function unanswered(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        (query.options as { enabled?: unknown }).enabled !== false,
    )
    .map((query) => JSON.stringify(query.queryKey).slice(0, 200));
}

/**
 * Renders the page at `url`, or says where it is when its address is written out first (an explore
 * link naming only its attribute). Throws NotRendered for a page the browser renders itself, and for
 * a page whose searches fail (the browser asks again and shows the error as it would).
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | MovedPage> {
  const parsed = parseRootConfig(request.config);
  if (!parsed.ok) throw new NotRendered(parsed.message);
  const { config } = parsed;
  const url = new URL(request.url, 'http://page.invalid');
  const base = config.basename.endsWith('/') ? config.basename : `${config.basename}/`;
  const inBase = url.pathname.startsWith(base);
  const route = inBase ? matchRoute(`/${url.pathname.slice(base.length)}`) : undefined;
  // An address of no page is the not-found page's, drawn here too.
  if (!inBase || (route && !RENDERED_PAGES.has(route.page)))
    throw new NotRendered(`${url.pathname} is drawn in the browser`);

  // The service in this process refuses a request by throwing its validation error: the page sees
  // it as the browser would see the service's 400 over HTTP (a refused scope is said, not fatal).
  const service = request.service;
  const queryClient = createQueryClient({
    ...service,
    search: (body, signal) =>
      service.search(body, signal).catch((error: unknown) => {
        throw refusalOf(error) ?? error;
      }),
  });
  // No retries on the server: the time limit is short, and the browser retries as usual.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const address = await loadPageData(queryClient, config.sierraConfig.searchApiUrl, route, url.searchParams);
  request.signal?.throwIfAborted();
  if (address.complete) {
    const query = address.complete.toString();
    return { location: query ? `${url.pathname}?${query}` : url.pathname };
  }
  // A refused search is drawn as refused, not as about to be asked again (as the browser does too).
  for (const query of queryClient.getQueryCache().getAll())
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });

  const html = await renderToString(
    <StrictMode>
      <ErrorBoundary>
        <App config={config} queryClient={queryClient} url={`${url.pathname}${url.search}`} />
      </ErrorBoundary>
    </StrictMode>,
    request.signal,
  );
  // A query the page asked for beyond those its address told is a page the browser draws (and a
  // gap in page-data.ts to fill): it is not drawn again here.
  const asked = unanswered(queryClient);
  if (asked.length > 0) throw new Error(`the page asked for data not loaded first: ${asked.join(', ')}`);
  // A search the service refused (400) is part of a page that says so (a refused scope, with the
  // status 400); any other failure is left to the browser, which asks again.
  const refused = (error: unknown) =>
    address.status === 400 && error instanceof ApiError && error.status === 400;
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error' && !refused(query.state.error));
  if (failed) throw new NotRendered(`a search of the page failed: ${String(failed.state.error)}`);
  return {
    html,
    state: JSON.stringify(
      // The metadata schemas are large; the page needs only what was read from them. A refusal is
      // handed over too (the browser revives it), so that the page hydrates as drawn.
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          (defaultShouldDehydrateQuery(query) ||
            (query.state.status === 'error' && refused(query.state.error))) &&
          query.queryKey[0] !== METADATA_SCHEMA_KEY,
      }),
    ).replace(/</g, '\\u003c'),
    stateId: SERVER_STATE_ID,
    title: documentTitle(url.pathname.slice(base.length - 1)),
    ...(address.status && { status: address.status }),
  };
}
