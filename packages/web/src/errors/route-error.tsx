import { ChunkLoadError } from '../routing/chunk-loader.ts';
import { NotFoundError, ROUTER_ERROR_HEADING } from './messages.ts';
import { NotFoundContent } from './not-found.tsx';

/** A page's render error: not-found, chunk-load failures, and any other error with its message. */
export function RouteError({ error }: { error: unknown }) {
  if (error instanceof NotFoundError) return <NotFoundContent />;
  if (error instanceof ChunkLoadError) {
    return (
      <section className="ps-page ps-route-error" role="alert">
        <h1>{error.message}</h1>
        <p>
          Type: <code className="ps-chunk-error-type">{error.type}</code>
          {error.request && (
            <>
              {' '}
              (<code>{error.request}</code>)
            </>
          )}
        </p>
        <button type="button" className="ps-button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className="ps-page ps-route-error" role="alert">
      <h1>{ROUTER_ERROR_HEADING}</h1>
      <p className="ps-route-error-message">{message}</p>
    </section>
  );
}
