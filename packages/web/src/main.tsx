import { StrictMode } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { revivedApiError } from './api/search-client.ts';
import { App } from './app.tsx';
import { parseRootConfig, ROOT_ELEMENT_ID } from './config.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { prefetchInitialChart } from './routing/initial-chart.ts';
import { needsSummary } from '@pdb-stats/charts';
import { loadRequestSummary } from './search-pages/summary-loader.ts';
import { markHydrated, SERVER_STATE_ID, startHydration } from './ssr/server-markup.ts';
import './theme.css';
import './styles.css';

function ConfigError({ message }: { message: string }) {
  return (
    <div className="ps-app">
      <section className="ps-page ps-config-error" role="alert">
        <h1>The statistics page is not configured correctly</h1>
        <p>
          The <code>data-config</code> attribute of the <code>#{ROOT_ELEMENT_ID}</code> element could not be
          used:
        </p>
        <pre>{message}</pre>
        <p>
          Expected JSON such as{' '}
          <code>
            {
              '{"basename": "/", "sierraConfig": {"searchApiUrl": "https://search.rcsb.org", "searchAdvancedUrl": "https://www.rcsb.org"}}'
            }
          </code>
          .
        </p>
      </section>
    </div>
  );
}

/** The query cache the server drew the page from, if it rendered it. */
function serverState(): DehydratedState | undefined {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return undefined;
  try {
    const state = JSON.parse(script.textContent) as DehydratedState;
    // The answers are as fresh as the page: the server renders pages anew for a new archive.
    const now = Date.now();
    for (const query of state.queries) {
      query.state.dataUpdatedAt = now;
      // A refusal the page was drawn with (a refused scope) is an ApiError again, as the page reads it.
      if (query.state.status === 'error')
        query.state.error = revivedApiError(query.state.error) ?? query.state.error;
    }
    return state;
  } catch (error) {
    console.error("PDB Statistics: the page's server state could not be read", error);
    return undefined;
  }
}

const element = document.getElementById(ROOT_ELEMENT_ID);
if (!element) {
  console.error(`PDB Statistics: no element with id "${ROOT_ELEMENT_ID}" to mount on`);
} else {
  const result = parseRootConfig(element.getAttribute('data-config'));
  if (!result.ok) console.error(`PDB Statistics: ${result.message}`);
  const queryClient = createQueryClient();
  const state = result.ok ? serverState() : undefined;
  const app = (
    <StrictMode>
      <ErrorBoundary>
        {result.ok ? (
          <App config={result.config} queryClient={queryClient} />
        ) : (
          <ConfigError message={result.message} />
        )}
      </ErrorBoundary>
    </StrictMode>
  );
  // A scoped page says its scope in words, with the summarizer that is loaded only for such pages:
  // asked for now, beside the page's chunk, and awaited before hydrating (it would suspend hydration).
  const summary = needsSummary(new URLSearchParams(window.location.search))
    ? loadRequestSummary().catch(() => undefined)
    : undefined;
  if (state) {
    // The server drew the page from these answers: hydrated with them, nothing is asked again.
    hydrate(queryClient, state);
    // A refused search is refused again: not asked anew as its page mounts (which would draw its
    // loading state over the page the server drew).
    for (const query of state.queries)
      if (query.state.status === 'error')
        queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    void Promise.resolve(summary).then(() => {
      startHydration();
      hydrateRoot(element, app);
    });
  } else {
    if (result.ok)
      prefetchInitialChart(queryClient, result.config.sierraConfig.searchApiUrl, result.config.basename);
    createRoot(element).render(app);
    markHydrated();
  }
}
