import type { SearchRequest } from '@pdb-stats/search-model';
import { queryEditorUrl } from '../api/addresses.ts';
import { formatNumber } from '../charts/format.ts';
import { describeFailure, runSearch } from './api.ts';
import { countNoun } from './columns.ts';
import { h, show } from './dom.ts';
import { errorBox } from './error-box.ts';
import { mountFrame, type PageFrame } from './page-frame.ts';
import { parseRequestText } from './request-param.ts';
import { resultRows } from './result-items.ts';
import { resultsTable } from './results-table.ts';
import {
  PAGE_SIZE,
  SORT_CHOICES,
  isGrouped,
  parsePage,
  resultsRequest,
  sortChoice,
} from './results-request.ts';

/**
 * The results page of `/search?request=<json>` and `/search/chemical/?request=<json>`:
 * the total of the request, then its identifiers page by page with their key attributes. Paging and
 * order live in the address (`&page=`, `&sort=`), so every page is a link.
 */
async function render(frame: PageFrame): Promise<void> {
  const { config, params, chart, main } = frame;
  const heading = h('h1', {}, 'Search Results');
  const parsed = parseRequestText(params.get('request'), 'request');
  if (!parsed.ok) {
    show(main, heading, errorBox('This address holds no valid search request', parsed.message, parsed.field));
    return;
  }
  const { request } = parsed;
  const page = parsePage(params.get('page'));
  const choice = sortChoice(request.return_type, params.get('sort'));
  const status = h('p', { class: 'ps-sp-status', role: 'status' }, 'Searching…');
  const editor = h(
    'a',
    { href: queryEditorUrl(config.sierraConfig.searchApiUrl, request, chart) },
    'Edit the request in the query editor',
  );
  show(main, heading, status, h('p', {}, editor), requestDetails(request));

  const start = (page - 1) * PAGE_SIZE;
  let answer;
  try {
    answer = await runSearch(
      config.sierraConfig.searchApiUrl,
      resultsRequest(request, { start, rows: PAGE_SIZE }, choice),
    );
  } catch (error) {
    const failure = describeFailure(error);
    status.replaceWith(
      failure.invalid
        ? errorBox('The search service refused this request', failure.message, failure.field)
        : errorBox('The search failed', failure.message),
    );
    return;
  }
  if (!answer) {
    // 204: nothing found, or a page past the last hit.
    show(
      status,
      ...(page > 1
        ? ['No results on this page. ', h('a', { href: pageUrl(1) }, 'First page')]
        : [
            h('strong', { 'data-testid': 'total-count', 'data-count': 0 }, '0'),
            ` ${countNoun(request.return_type, 0, isGrouped(request))}: the search found nothing`,
          ]),
    );
    return;
  }
  const grouped = isGrouped(request);
  const total = answer.total_count;
  const rows = resultRows(answer);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  show(
    status,
    h('strong', { 'data-testid': 'total-count', 'data-count': total }, formatNumber(total)),
    ` ${countNoun(answer.result_type, total, grouped)}`,
    rows.length > 0 && ` · showing ${formatNumber(start + 1)}–${formatNumber(start + rows.length)}`,
  );
  const table = await resultsTable(
    config.sierraConfig.searchApiUrl,
    answer.result_type,
    rows,
    `Page ${page} of ${formatNumber(pages)}`,
  );
  main.append(...(grouped ? [] : [sortControl(request, choice?.key)]), table, pager(page, pages));
}

function requestDetails(request: SearchRequest): HTMLElement {
  return h(
    'details',
    { class: 'ps-sp-request' },
    h('summary', {}, 'Search request'),
    h('pre', {}, JSON.stringify(request, null, 2)),
  );
}

/** This page's address with other parameters (page 1 drops `page`). */
function pageUrl(page: number, sort?: string): string {
  const params = new URLSearchParams(window.location.search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  if (sort !== undefined) params.set('sort', sort);
  return `${window.location.pathname}?${params}`;
}

/** The order of the results; changing it starts again at page 1. */
function sortControl(request: SearchRequest, selected: string | undefined): HTMLElement {
  const own = request.request_options?.sort;
  const choices = [
    ...(own ? [{ key: 'request', label: 'As in the request' }] : []),
    ...SORT_CHOICES[request.return_type],
  ];
  const current = selected ?? (own ? 'request' : 'score');
  const select = h(
    'select',
    {
      id: 'sort',
      onChange: (event) => window.location.assign(pageUrl(1, (event.target as HTMLSelectElement).value)),
    },
    ...choices.map((choice) =>
      h('option', { value: choice.key, selected: choice.key === current }, choice.label),
    ),
  );
  return h('p', { class: 'ps-sp-controls' }, h('label', { for: 'sort' }, 'Sort by '), select);
}

function pager(page: number, pages: number): HTMLElement {
  return h(
    'nav',
    { class: 'ps-sp-pager', 'aria-label': 'Result pages' },
    page > 1 ? h('a', { href: pageUrl(page - 1), rel: 'prev' }, '← Previous') : h('span', {}, '← Previous'),
    h('span', {}, `Page ${formatNumber(page)} of ${formatNumber(pages)}`),
    page < pages ? h('a', { href: pageUrl(page + 1), rel: 'next' }, 'Next →') : h('span', {}, 'Next →'),
  );
}

const frame = mountFrame('Search Results');
if (frame) void render(frame);
