import { useIsFetching, useQueryClient, type Query } from '@tanstack/react-query';
import { DATA_ERROR_HEADING, DATA_ERROR_PREFIX, RETRY_LABEL, RETRYING_LABEL } from './messages.ts';

const failed = (query: Query) => query.state.status === 'error';

/**
 * Chart data error screen; it fades in. "Try again" fetches every failed request of the page anew
 * (the chart's, and the archive description behind the Demo data badge): once the service is back
 * the page recovers without a reload, which would lose nothing but costs the visitor the page.
 */
export function DataError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const queryClient = useQueryClient();
  const retrying = useIsFetching({ predicate: failed }) > 0;
  return (
    <div className="ps-data-error ps-fade-in" role="alert">
      <h2>{DATA_ERROR_HEADING}</h2>
      <p>
        {DATA_ERROR_PREFIX} {message}
      </p>
      <button
        type="button"
        className="ps-button"
        disabled={retrying}
        onClick={() => void queryClient.refetchQueries({ type: 'active', predicate: failed })}
      >
        {retrying ? RETRYING_LABEL : RETRY_LABEL}
      </button>
    </div>
  );
}
