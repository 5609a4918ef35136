import type { SearchRequest } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../routing/navigation.tsx';
import { queryEditorUrl, countNoun } from '@pdb-stats/charts';
import { formatNumber } from '../charts/format.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { resultsPageQuery } from '../api/queries.ts';
import { describeFailure, type SearchAnswer } from './api.ts';
import { ChartResultsLink, ErrorBox, SearchPageTop, useChartParameter } from './page-parts.tsx';
import { parseRequestText } from './request-param.ts';
import { resultRows } from './result-items.ts';
import { ResultsTable, type HeadingSort } from './results-table.tsx';
import {
  PAGE_SIZE,
  SORT_CHOICES,
  addressedPage,
  defaultOrderLabel,
  headingSort,
  isGrouped,
  type SortChoice,
} from './results-request.ts';

/**
 * The results page of `/search?request=<json>` and `/search/chemical/?request=<json>`: the total of
 * the request, then its identifiers page by page with their key attributes. Paging and order live in
 * the address (`&page=`, `&sort=`), so every page is a link.
 */
export default function ResultsPage() {
  const [params] = useSearchParams();
  const text = params.get('request');
  const parsed = useMemo(() => parseRequestText(text, 'request'), [text]);
  return (
    <div className="ps-page ps-sp">
      <SearchPageTop title="Search Results" />
      {parsed.ok ? (
        <Results request={parsed.request} />
      ) : (
        <ErrorBox
          title="This address holds no valid search request"
          message={parsed.message}
          field={parsed.field}
        />
      )}
    </div>
  );
}

/** This page's address with other parameters: page 1 drops `page`. */
function useAddress() {
  const [params] = useSearchParams();
  return (page: number, sort?: string) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    if (sort !== undefined) next.set('sort', sort);
    return `?${next}`;
  };
}

function Results({ request }: { request: SearchRequest }) {
  const { config } = useDataQuery();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const address = useAddress();
  const chart = useChartParameter();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  const { page, choice, start, request: pageRequest } = addressedPage(request, params);
  const grouped = isGrouped(request);
  const search = useQuery(resultsPageQuery(searchApiUrl, pageRequest));

  let status: ReactNode = null;
  let error: ReactNode = null;
  let body: ReactNode = null;
  if (search.isPending) status = 'Searching…';
  else if (search.isError) {
    const failure = describeFailure(search.error);
    error = failure.invalid ? (
      <ErrorBox
        title="The search service refused this request"
        message={failure.message}
        field={failure.field}
      />
    ) : (
      <ErrorBox title="The search failed" message={failure.message} />
    );
  } else if (!search.data) {
    // 204: nothing found, or a page past the last hit.
    status =
      page > 1 ? (
        <>
          No results on this page. <Link to={address(1)}>First page</Link>
        </>
      ) : (
        <>
          <strong data-testid="total-count" data-count={0}>
            0
          </strong>{' '}
          {countNoun(request.return_type, 0, grouped)}: the search found nothing
        </>
      );
  } else {
    const answer: SearchAnswer = search.data;
    const total = answer.total_count;
    const rows = resultRows(answer);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    status = (
      <>
        <strong data-testid="total-count" data-count={total}>
          {formatNumber(total)}
        </strong>{' '}
        {countNoun(answer.result_type, total, grouped)}
        {rows.length > 0 && ` · showing ${formatNumber(start + 1)}–${formatNumber(start + rows.length)}`}
      </>
    );
    const sort: HeadingSort | undefined = grouped
      ? undefined
      : {
          current: choice?.column
            ? { column: choice.column, direction: choice.sort?.[0]?.direction === 'desc' ? 'desc' : 'asc' }
            : undefined,
          sortable: (column) => headingSort(request.return_type, column, undefined) !== undefined,
          onSort: (column) => {
            const next = headingSort(request.return_type, column, choice?.key);
            if (next) navigate(address(1, next.key));
          },
        };
    body = (
      <>
        {!grouped && <SortControl request={request} choice={choice} />}
        <ResultsTable
          returnType={answer.result_type}
          rows={rows}
          caption={`Page ${formatNumber(page)} of ${formatNumber(pages)}`}
          sort={sort}
        />
        <Pager key={page} page={page} pages={pages} />
      </>
    );
  }

  return (
    <>
      {error ?? (
        <p className="ps-sp-status" role="status">
          {status}
        </p>
      )}
      <p className="ps-sp-links">
        <a href={queryEditorUrl(searchApiUrl, request, chart)}>Edit the request in the query editor</a>
        <ChartResultsLink request={request} />
      </p>
      <details className="ps-sp-request">
        <summary>Search request</summary>
        <pre>{JSON.stringify(request, null, 2)}</pre>
      </details>
      {body}
    </>
  );
}

/** The order of the results; changing it starts again at page 1. */
function SortControl({ request, choice }: { request: SearchRequest; choice: SortChoice | undefined }) {
  const navigate = useNavigate();
  const address = useAddress();
  const [params] = useSearchParams();
  const id = useId();
  const own = request.request_options?.sort;
  const choices = [
    ...(own ? [{ key: 'request', label: 'As in the request' }] : []),
    ...SORT_CHOICES[request.return_type].map((c) =>
      c.sort ? c : { key: c.key, label: defaultOrderLabel(request) },
    ),
  ];
  // Without scripts the menu is a form sent with its button: the same search, this order, page 1.
  return (
    <form method="get" className="ps-sp-controls">
      {[...params].map(([name, value], i) =>
        name === 'sort' || name === 'page' ? null : (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ),
      )}
      <label htmlFor={id}>Sort by </label>
      <select
        id={id}
        name="sort"
        value={choice?.key ?? (own ? 'request' : 'score')}
        onChange={(event) => navigate(address(1, event.target.value))}
      >
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </select>{' '}
      <button type="submit" className="ps-sp-button ps-sp-noscript">
        Sort
      </button>
    </form>
  );
}

/** Previous and next page, and a page to jump to. */
function Pager({ page, pages }: { page: number; pages: number }) {
  const navigate = useNavigate();
  const address = useAddress();
  const [params] = useSearchParams();
  const id = useId();
  const [wanted, setWanted] = useState(String(page));
  const jump = (event: FormEvent) => {
    event.preventDefault();
    const target = Math.min(Math.max(1, Math.round(Number(wanted)) || 1), pages);
    setWanted(String(target));
    navigate(address(target));
  };
  return (
    <nav className="ps-sp-pager" aria-label="Result pages">
      {page > 1 ? (
        <Link to={address(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span>← Previous</span>
      )}
      <span>
        Page {formatNumber(page)} of {formatNumber(pages)}
      </span>
      {page < pages ? (
        <Link to={address(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span>Next →</span>
      )}
      {pages > 1 && (
        // Without scripts the form is sent as it is: the same search and order, at the page asked.
        <form method="get" className="ps-sp-jump" onSubmit={jump}>
          {[...params].map(([name, value], i) =>
            name === 'page' ? null : <input key={`${name}-${i}`} type="hidden" name={name} value={value} />,
          )}
          <label htmlFor={id}>Go to page</label>
          <input
            id={id}
            name="page"
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            value={wanted}
            onChange={(event) => setWanted(event.target.value)}
          />
          <button type="submit" className="ps-sp-button">
            Go
          </button>
        </form>
      )}
    </nav>
  );
}
