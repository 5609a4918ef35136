import type { SearchRequest } from '@pdb-stats/search-model';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../routing/navigation.tsx';
import { summarizeRequest } from '@pdb-stats/charts/request-summary';
import { describeFailure } from './api.ts';
import { JsonEditor, type JsonEditorHandle } from './json-editor.tsx';
import { locateField } from './json-locate.ts';
import { ChartResultsLink, ErrorBox, SearchPageTop } from './page-parts.tsx';
import { Answer, ResultsLink } from './query-editor-answer.tsx';
import { BuilderPart, nodeField } from './query-editor-builder.tsx';
import { evaluate, useRunAnswer } from './query-editor-run.ts';
import { parseRequestText } from './request-param.ts';

/** Shown when the address carries no request (the dashboard's bare link). */
const EXAMPLE: SearchRequest = { return_type: 'entry' };

const LABEL_ID = 'request-json-label';
const MESSAGE_ID = 'editor-message';

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
