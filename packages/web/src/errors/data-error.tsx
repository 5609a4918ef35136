import { DATA_ERROR_HEADING, DATA_ERROR_PREFIX } from './messages.ts';

/** Chart data error screen; it fades in. */
export function DataError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="ps-data-error ps-fade-in" role="alert">
      <h2>{DATA_ERROR_HEADING}</h2>
      <p>
        {DATA_ERROR_PREFIX} {message}
      </p>
    </div>
  );
}
