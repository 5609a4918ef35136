import { advancedSearchUrl, countNoun } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode, type RefObject } from 'react';
import { formatNumber } from '../charts/format.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { describeFailure, runSearch } from './api.ts';
import type { JsonEditorHandle } from './json-editor.tsx';
import { lineOf, locateField } from './json-locate.ts';
import { ErrorBox, FacetTable, useChartParameter } from './page-parts.tsx';
import { useRunAnswer, type Run } from './query-editor-run.ts';
import { resultRows } from './result-items.ts';
import { ResultsTable } from './results-table.tsx';
import { isGrouped, resultsRequest } from './results-request.ts';

/** Identifiers the editor shows under the count. */
const FIRST_RESULTS = 10;

/** The results page of the request; shown once the service has answered it. */
export function ResultsLink({ run }: { run: Run }) {
  const { config } = useDataQuery();
  const chart = useChartParameter();
  const answer = useRunAnswer(run);
  if (!answer.isSuccess) return null;
  return (
    <a
      className="ps-sp-results-link"
      data-testid="results-link"
      href={advancedSearchUrl(config.sierraConfig.searchAdvancedUrl, run.request, chart)}
    >
      Open the results page
    </a>
  );
}

/** The service's answer to one run: the count, the first identifiers, the facets; or the refusal. */
export function Answer({ run, editor }: { run: Run; editor: RefObject<JsonEditorHandle | null> }) {
  const { config } = useDataQuery();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  const search = useRunAnswer(run);
  const answer = search.data;
  const failure = search.isError ? describeFailure(search.error) : undefined;
  const located = failure?.field === undefined ? undefined : locateField(run.text, failure.field);
  // The dashboard asks for counts only (rows 0): the first identifiers come from a second request.
  const needsRows = answer != null && resultRows(answer).length === 0 && answer.total_count > 0;
  const firstRows = useQuery({
    queryKey: ['query-editor-rows', searchApiUrl, run.request],
    queryFn: () => runSearch(searchApiUrl, resultsRequest(run.request, { start: 0, rows: FIRST_RESULTS })),
    enabled: needsRows,
  });

  // A refused field is selected in the text, where the visitor fixes it.
  useEffect(() => {
    if (located) editor.current?.select(located.span.start, located.span.end);
  }, [located, editor]);

  if (search.isPending)
    return (
      <p className="ps-sp-status" role="status">
        Running…
      </p>
    );
  if (failure) {
    const where = located ? ` (line ${lineOf(run.text, located.span.start)})` : '';
    return failure.invalid ? (
      <ErrorBox
        title={`The search service refused the request${where}`}
        message={failure.message}
        field={failure.field}
      />
    ) : (
      <ErrorBox title="The search failed" message={failure.message} />
    );
  }
  const total = answer?.total_count ?? 0;
  const noun = countNoun(run.request.return_type, total, isGrouped(run.request));
  let rows = answer ? resultRows(answer) : [];
  if (rows.length === 0 && firstRows.data) rows = resultRows(firstRows.data);
  let table: ReactNode = null;
  if (rows.length > 0 && answer)
    table = <ResultsTable returnType={answer.result_type} rows={rows.slice(0, 25)} caption="First results" />;
  else if (needsRows && firstRows.isPending)
    table = <p className="ps-sp-note">Loading the first identifiers…</p>;
  const facets = answer?.facets ?? [];
  return (
    <section className="ps-sp-output" aria-live="polite">
      <p className="ps-sp-status" role="status">
        Count:{' '}
        <strong data-testid="result-count" data-count={total}>
          {formatNumber(total)}
        </strong>{' '}
        {noun}
      </p>
      {!answer && (
        <p className="ps-sp-note" data-testid="no-results">
          No {countNoun(run.request.return_type, 0, isGrouped(run.request))} match this request. Loosen a
          condition (a wider range, fewer filters) to find some.
        </p>
      )}
      {table}
      {facets.length > 0 && <FacetTable facets={facets} />}
    </section>
  );
}
