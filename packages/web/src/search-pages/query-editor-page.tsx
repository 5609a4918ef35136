import { isReturnType, type QueryNode, type SearchRequest } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from '../routing/navigation.tsx';
import { advancedSearchUrl } from '../api/addresses.ts';
import { formatNumber } from '../charts/format.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { QueryBuilder } from '../query-builder/query-builder.tsx';
import type { NodePath } from '../query-builder/tree.ts';
import { describeFailure, runSearch } from './api.ts';
import { countNoun } from './columns.ts';
import { JsonEditor, type JsonEditorHandle } from './json-editor.tsx';
import { jsonFault, lineOf, locateField } from './json-locate.ts';
import { ChartResultsLink, ErrorBox, FacetTable, SearchPageTop, useChartParameter } from './page-parts.tsx';
import { parseRequestText } from './request-param.ts';
import { summarizeRequest } from './request-summary.ts';
import { resultRows } from './result-items.ts';
import { ResultsTable } from './results-table.tsx';
import { isGrouped, resultsRequest } from './results-request.ts';

/** Identifiers the editor shows under the count. */
const FIRST_RESULTS = 10;

/** Shown when the address carries no request (the dashboard's bare link). */
const EXAMPLE: SearchRequest = { return_type: 'entry' };

const LABEL_ID = 'request-json-label';
const BUILDER_LABEL_ID = 'request-builder-label';
const MESSAGE_ID = 'editor-message';

/** One press of Run: the request as sent, numbered so that running the same text again asks again. */
interface Run {
  request: SearchRequest;
  text: string;
  number: number;
}

/** A press of Run on text that is no request: why, in plain words, and where. */
interface Fault {
  fault: string;
  at?: { offset: number };
  number: number;
}

function evaluate(text: string, number: number): Run | Fault {
  const fault = jsonFault(text);
  if (fault) {
    const where = fault.at ? `Line ${fault.at.line}, column ${fault.at.column}: ` : '';
    return { fault: `${where}${fault.reason}.`, number, ...(fault.at && { at: fault.at }) };
  }
  const parsed = parseRequestText(text, 'request');
  return parsed.ok ? { request: parsed.request, text, number } : { fault: `The ${parsed.message}.`, number };
}

/**
 * The query editor of `/query-editor.html?json=<json>`, where a bar click lands: the request in
 * plain words and as formatted, editable JSON, run at once; the count, the first identifiers and the
 * facets; Run again after an edit. Invalid JSON and a refused field are pointed at in the text.
 */
export default function QueryEditorPage() {
  const [params] = useSearchParams();
  const json = params.get('json');
  // The text the page opens with; later edits live in the editor (and the address, once run).
  const [initial] = useState(() => {
    const parsed = parseRequestText(json, 'json');
    return parsed.ok
      ? JSON.stringify(parsed.request, null, 2)
      : parsed.text || JSON.stringify(EXAMPLE, null, 2);
  });
  const editor = useRef<JsonEditorHandle>(null);
  const [text, setText] = useState(initial);
  // A bar click lands here to see its count: the request runs at once.
  const [run, setRun] = useState(() => evaluate(initial, 1));
  const [, setParams] = useSearchParams();

  const start = (current: string) => {
    const next = evaluate(current, run.number + 1);
    setRun(next);
    if ('fault' in next) {
      if (next.at) editor.current?.select(next.at.offset, next.at.offset + 1);
      return;
    }
    // The address keeps the request as edited, so a reload or a shared link shows the same.
    setParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('json', JSON.stringify(next.request));
        return params;
      },
      { replace: true },
    );
  };

  // Invalid JSON in the address is pointed at as soon as the editor is there.
  useEffect(() => {
    const first = evaluate(initial, 1);
    if ('fault' in first && first.at) editor.current?.select(first.at.offset, first.at.offset + 1);
  }, [initial]);

  const parsedText = useMemo(() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }, [text]);
  const summary = useMemo(() => summarizeRequest(parsedText), [parsedText]);
  // The text is marked invalid for a JSON fault, and for a field the service refused.
  const answer = useRunAnswer('request' in run ? run : undefined);
  const invalid = 'fault' in run || (answer.isError && describeFailure(answer.error).invalid);

  return (
    <div className="ps-page ps-sp">
      <SearchPageTop title="Query Editor" />
      <p className="ps-sp-summary" data-testid="request-summary" aria-live="polite">
        {summary ?? 'The text below is not a valid request yet.'}
      </p>
      <BuilderPart
        request={parsedText}
        onChange={(next) => editor.current?.replace(next)}
        onEditJson={(path) => {
          const located = locateField(text, nodeField(path));
          if (located) editor.current?.select(located.span.start, located.span.end);
        }}
      />
      <form
        className="ps-sp-form"
        onSubmit={(event) => {
          event.preventDefault();
          start(editor.current?.text() ?? text);
        }}
      >
        <p className="ps-sp-label" id={LABEL_ID}>
          Search request (JSON)
        </p>
        <JsonEditor
          ref={editor}
          initial={initial}
          labelledBy={LABEL_ID}
          describedBy={MESSAGE_ID}
          invalid={invalid}
          onChange={setText}
          onRun={() => start(editor.current?.text() ?? text)}
        />
        <p className="ps-sp-actions">
          <button type="submit" className="ps-sp-button">
            Run
          </button>
          <span className="ps-sp-hint">Ctrl+Enter</span>
          {'request' in run && <ResultsLink run={run} />}
          {'request' in run && <ChartResultsLink request={run.request} />}
        </p>
      </form>
      <div id={MESSAGE_ID}>
        {'fault' in run && <ErrorBox title="The request is not valid JSON" message={run.fault} />}
      </div>
      {'request' in run && <Answer key={run.number} run={run} editor={editor} />}
    </div>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON path of a builder node in the request: `query`, `query.nodes[1].nodes[0]`. */
function nodeField(path: NodePath): string {
  return path.reduce((field, index) => `${field}.nodes[${index}]`, 'query');
}

/**
 * The request's query node in the visual builder, in step with the JSON both ways: the builder shows
 * the text's query and writes its changes into the text (the rest of the request kept as it is).
 */
function BuilderPart({
  request,
  onChange,
  onEditJson,
}: {
  request: unknown;
  onChange: (text: string) => void;
  onEditJson: (path: NodePath) => void;
}) {
  return (
    <section className="ps-sp-builder" aria-labelledby={BUILDER_LABEL_ID}>
      <p className="ps-sp-label" id={BUILDER_LABEL_ID}>
        Conditions
      </p>
      {isRecord(request) ? (
        <QueryBuilder
          value={request.query as QueryNode | undefined}
          returnType={isReturnType(request.return_type) ? request.return_type : 'entry'}
          onEditJson={onEditJson}
          onChange={(node) => {
            // The query keeps its place among the request's keys; a new one comes first.
            const { query: _old, ...rest } = request;
            const next =
              node === undefined
                ? rest
                : 'query' in request
                  ? { ...request, query: node }
                  : { query: node, ...rest };
            onChange(JSON.stringify(next, null, 2));
          }}
        />
      ) : (
        <p className="ps-sp-note" data-testid="builder-unavailable">
          The builder shows the conditions of a valid request: correct the JSON below to use it.
        </p>
      )}
    </section>
  );
}

/** The results page of the request; shown once the service has answered it. */
function ResultsLink({ run }: { run: Run }) {
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

/** The service's answer to a run (one request however many parts of the page ask). */
function useRunAnswer(run: Run | undefined) {
  const { config } = useDataQuery();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  return useQuery({
    queryKey: ['query-editor', searchApiUrl, run?.request, run?.number],
    queryFn: () => runSearch(searchApiUrl, run!.request),
    enabled: run !== undefined,
    staleTime: Infinity,
  });
}

/** The service's answer to one run: the count, the first identifiers, the facets; or the refusal. */
function Answer({ run, editor }: { run: Run; editor: RefObject<JsonEditorHandle | null> }) {
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
