import type { SearchRequest } from '@pdb-stats/search-model';
import { advancedSearchUrl } from '../api/addresses.ts';
import { formatNumber } from '../charts/format.ts';
import { describeFailure, runSearch, type SearchAnswer } from './api.ts';
import { countNoun } from './columns.ts';
import { h, show } from './dom.ts';
import { errorBox } from './error-box.ts';
import { facetTable } from './facet-table.ts';
import { lineOf, locateField, syntaxErrorOffset } from './json-locate.ts';
import { mountFrame, type PageFrame } from './page-frame.ts';
import { parseRequestText } from './request-param.ts';
import { resultRows } from './result-items.ts';
import { resultsTable } from './results-table.ts';
import { isGrouped, resultsRequest } from './results-request.ts';

/** Identifiers the editor shows under the count. */
const FIRST_RESULTS = 10;

/** Shown when the address carries no request (the dashboard's bare link). */
const EXAMPLE: SearchRequest = { return_type: 'entry' };

/**
 * The query editor of `/query-editor.html?json=<json>`, where a bar click lands: the request,
 * formatted and editable, run at once; the count, the first identifiers and the facets; Run again
 * after an edit; a 400 points at the faulty field in the text.
 */
function render(frame: PageFrame): void {
  const { config, params, chart, main } = frame;
  const parsed = parseRequestText(params.get('json'), 'json');
  const initial = parsed.ok
    ? JSON.stringify(parsed.request, null, 2)
    : parsed.text || JSON.stringify(EXAMPLE, null, 2);
  const editor = h('textarea', {
    id: 'request-json',
    class: 'ps-sp-editor',
    spellcheck: 'false',
    autocomplete: 'off',
    rows: 22,
    'aria-describedby': 'editor-message',
  });
  editor.value = initial;
  const results = h(
    'a',
    { class: 'ps-sp-results-link', hidden: true, 'data-testid': 'results-link' },
    'Open the results page',
  );
  const message = h('div', { id: 'editor-message' });
  const output = h('section', { class: 'ps-sp-output', 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'ps-sp-form',
      onSubmit: (event) => {
        event.preventDefault();
        void run();
      },
    },
    h('label', { for: 'request-json' }, 'Search request (JSON)'),
    editor,
    h(
      'p',
      { class: 'ps-sp-actions' },
      h('button', { type: 'submit', class: 'ps-sp-button' }, 'Run'),
      h('span', { class: 'ps-sp-hint' }, 'Ctrl+Enter'),
      results,
    ),
  );
  editor.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  });
  show(main, h('h1', {}, 'Query Editor'), form, message, output);

  /** Marks the faulty part of the text: selected, scrolled to, named with its line. */
  function point(start: number, end: number): string {
    editor.setAttribute('aria-invalid', 'true');
    editor.focus();
    editor.setSelectionRange(start, Math.max(end, start + 1));
    const line = lineOf(editor.value, start);
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
    editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
    return `line ${line}`;
  }

  let generation = 0;
  async function run(): Promise<void> {
    const current = ++generation;
    const text = editor.value;
    editor.removeAttribute('aria-invalid');
    results.hidden = true;
    show(message);
    const request = parseRequestText(text, 'request');
    if (!request.ok) {
      const offset = syntaxErrorOffset(text, request.message);
      const where = offset === undefined ? '' : ` (${point(offset, offset + 1)})`;
      show(message, errorBox('The request is not valid JSON', `${request.message}${where}`));
      show(output);
      return;
    }
    // The address keeps the request as edited, so a reload or a shared link shows the same.
    const url = new URL(window.location.href);
    url.searchParams.set('json', JSON.stringify(request.request));
    window.history.replaceState(null, '', url);
    show(output, h('p', { class: 'ps-sp-status', role: 'status' }, 'Running…'));
    let answer: SearchAnswer | null;
    try {
      answer = await runSearch(config.sierraConfig.searchApiUrl, request.request);
    } catch (error) {
      if (current !== generation) return;
      const failure = describeFailure(error);
      const found = failure.field === undefined ? undefined : locateField(text, failure.field);
      const where = found ? ` (${point(found.span.start, found.span.end)})` : '';
      show(
        message,
        failure.invalid
          ? errorBox(`The search service refused the request${where}`, failure.message, failure.field)
          : errorBox('The search failed', failure.message),
      );
      show(output);
      return;
    }
    if (current !== generation) return;
    results.href = advancedSearchUrl(config.sierraConfig.searchAdvancedUrl, request.request, chart);
    results.hidden = false;
    await showAnswer(request.request, answer, current);
  }

  async function showAnswer(
    request: SearchRequest,
    answer: SearchAnswer | null,
    current: number,
  ): Promise<void> {
    const total = answer?.total_count ?? 0;
    const grouped = isGrouped(request);
    const count = h(
      'p',
      { class: 'ps-sp-status', role: 'status' },
      'Count: ',
      h('strong', { 'data-testid': 'result-count', 'data-count': total }, formatNumber(total)),
      ` ${countNoun(request.return_type, total, grouped)}`,
      !answer && ' (the service answered 204: no results)',
    );
    show(output, count);
    if (!answer) return;
    let rows = resultRows(answer);
    if (rows.length === 0) {
      // The dashboard asks for counts only (rows 0): the first identifiers come from a second request.
      try {
        rows = resultRows(
          await runSearch(
            config.sierraConfig.searchApiUrl,
            resultsRequest(request, { start: 0, rows: FIRST_RESULTS }),
          ),
        );
      } catch {
        rows = [];
      }
    }
    const facets = answer.facets ?? [];
    const table =
      rows.length > 0
        ? await resultsTable(
            config.sierraConfig.searchApiUrl,
            answer.result_type,
            rows.slice(0, 25),
            'First results',
          )
        : null;
    if (current !== generation) return;
    show(output, count, table, facets.length > 0 && facetTable(facets));
  }

  void run();
}

const frame = mountFrame('Query Editor');
if (frame) render(frame);
