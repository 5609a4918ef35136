import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { parseRootConfig, ROOT_ELEMENT_ID } from './config.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { prefetchInitialChart } from './routing/initial-chart.ts';
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

const element = document.getElementById(ROOT_ELEMENT_ID);
if (!element) {
  console.error(`PDB Statistics: no element with id "${ROOT_ELEMENT_ID}" to mount on`);
} else {
  const result = parseRootConfig(element.getAttribute('data-config'));
  if (!result.ok) console.error(`PDB Statistics: ${result.message}`);
  const queryClient = createQueryClient();
  if (result.ok)
    prefetchInitialChart(queryClient, result.config.sierraConfig.searchApiUrl, result.config.basename);
  createRoot(element).render(
    <StrictMode>
      <ErrorBoundary>
        {result.ok ? (
          <App config={result.config} queryClient={queryClient} />
        ) : (
          <ConfigError message={result.message} />
        )}
      </ErrorBoundary>
    </StrictMode>,
  );
}
