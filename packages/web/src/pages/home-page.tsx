import { FURTHER_CHART_KEYS, CHART_LIST, PAGES } from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';
import { useMemo } from 'react';
import { Link } from '../routing/navigation.tsx';
import { useSearch } from '../api/use-search.ts';
import { missingSentence } from '../archive-coverage/attribute-sources.ts';
import { archiveLine } from '../archive-coverage/archive-line.ts';
import { MissingAttributesNote } from '../archive-coverage/missing-attributes-note.tsx';
import { useMissingForRequest } from '../archive-coverage/use-held-attributes.ts';
import { formatNumber } from '../charts/format.ts';
import { QueryEditorLink } from '../components/search-link.tsx';
import { PRODUCT_TITLE } from '../config.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { BOARD_PAGE_PATH, OTHER_STATISTICS_PATH, SNAPSHOT_PATH } from '../routing/page-routes.ts';
import { ScopeBar } from '../scope/scope-bar.tsx';
import { scopeRefusal } from '../scope/scope-refusal.ts';
import { useScope } from '../scope/use-scope.ts';
import { ChartDirectory } from './chart-directory.tsx';
import {
  HEADLINE_COUNTS,
  countRequest,
  holdingsCellRequest,
  holdingsRequest,
  toHoldings,
} from './summary-requests.ts';

const SEED_CHARTS = CHART_LIST.filter((c) => !(FURTHER_CHART_KEYS as readonly string[]).includes(c.key));

/**
 * Home: headline counts, holdings by method and molecular type, and every core chart; the figures
 * and table over the scope the address names (the whole archive without one).
 */
export default function HomePage() {
  const { archive } = useDataQuery();
  const scope = useScope();
  // An unreadable scope is said, and nothing is counted: numbers of the whole archive would mislead.
  const blocked = scope.reading.problems.length > 0;
  return (
    <div className="ps-page ps-home">
      <section className="ps-hero">
        <h1>{PRODUCT_TITLE}</h1>
        <p>
          Growth and distribution of the Protein Data Bank archive, computed live by its search service. Click
          any bar or number to open the search behind it, or link charts on a{' '}
          <Link to={BOARD_PAGE_PATH}>board</Link>, where a bar selected in one filters the others, or see on a{' '}
          <Link to={PAGES.fundingMap.path}>map</Link> where the archive is funded, year by year.
          {archive && archiveLine(archive) && <> {archiveLine(archive)}.</>}
        </p>
      </section>
      <ScopeOfPage scope={scope.node} reading={scope} />
      {blocked ? (
        <p className="ps-scope-blocked" data-testid="scope-blocked">
          The figures cannot be counted for this scope: change or clear the scope above.
        </p>
      ) : (
        <>
          <HeadlineCounts scope={scope.node} />
          <HoldingsTable scope={scope.node} />
        </>
      )}
      <ChartDirectory charts={SEED_CHARTS} />
      <p className="ps-more">
        More: <Link to={OTHER_STATISTICS_PATH}>other statistics</Link> (sequence clusters, domains, organisms,
        …) and the <Link to={SNAPSHOT_PATH}>data snapshot</Link> of this archive.
      </p>
    </div>
  );
}

/** The scope's chips, with the service's refusal of it (asked with the scoped count of entries). */
function ScopeOfPage({
  scope,
  reading,
}: {
  scope: QueryNode | undefined;
  reading: ReturnType<typeof useScope>;
}) {
  const request = useMemo(() => countRequest('entry', scope), [scope]);
  const count = useSearch('count-entry', request, scope !== undefined);
  return (
    <ScopeBar
      reading={reading.reading}
      serviceError={scopeRefusal(count.error, scope)}
      onChange={reading.setCohort}
      onClear={reading.clear}
    />
  );
}

function HeadlineCount({
  returnType,
  label,
  scoped,
  scope,
}: (typeof HEADLINE_COUNTS)[number] & { scope: QueryNode | undefined }) {
  const request = useMemo(() => countRequest(returnType, scope), [returnType, scope]);
  const missing = useMissingForRequest(request);
  const count = useSearch(`count-${returnType}`, request, missing.length === 0);
  // A figure not counted says why, on hover and to a screen reader.
  const uncounted =
    missing.length > 0
      ? missingSentence(missing)
      : count.isError
        ? `Not counted: ${count.error instanceof Error ? count.error.message : String(count.error)}`
        : undefined;
  if (uncounted !== undefined)
    return (
      <li className="ps-headline ps-figure-missing" data-count={returnType} title={uncounted}>
        <span className="ps-headline-value">—</span>
        <span className="ps-headline-label">{label}</span>
        <span className="ps-visually-hidden">{uncounted}</span>
      </li>
    );
  const value = count.isSuccess ? formatNumber(count.data?.total_count ?? 0) : '…';
  return (
    <li className="ps-headline" data-count={returnType}>
      <QueryEditorLink request={request} title={scope && scoped}>
        <span className="ps-headline-value">{value}</span>
        <span className="ps-headline-label">{label}</span>
      </QueryEditorLink>
    </li>
  );
}

function HeadlineCounts({ scope }: { scope: QueryNode | undefined }) {
  return (
    <section aria-label="Archive holdings">
      <ul className="ps-headlines">
        {HEADLINE_COUNTS.map((count) => (
          <HeadlineCount key={count.returnType} {...count} scope={scope} />
        ))}
      </ul>
    </section>
  );
}

function HoldingsTable({ scope }: { scope: QueryNode | undefined }) {
  const request = useMemo(() => holdingsRequest(scope), [scope]);
  const missing = useMissingForRequest(request);
  const result = useSearch('holdings', request, missing.length === 0);
  const holdings = useMemo(
    () => (result.isSuccess ? toHoldings(result.data) : undefined),
    [result.isSuccess, result.data],
  );
  return (
    <section className="ps-holdings" aria-labelledby="ps-holdings-title">
      <h2 id="ps-holdings-title">Structures by experimental method and molecular type</h2>
      {missing.length > 0 && <MissingAttributesNote missing={missing} what="this table" />}
      {/* A refused scope is said next to the scope, not as a failure of the table. */}
      {result.isError && !scopeRefusal(result.error, scope) && <DataError error={result.error} />}
      {!holdings && !result.isError && missing.length === 0 && <p role="status">Loading…</p>}
      {holdings && (
        <div className="ps-table-scroll">
          <table className="ps-table ps-holdings-table">
            <thead>
              <tr>
                <th scope="col">Experimental method</th>
                {holdings.types.map((type) => (
                  <th key={type} scope="col">
                    {type}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {holdings.methods.map((method) => (
                <tr key={method}>
                  <th scope="row">{method}</th>
                  {holdings.types.map((type) => {
                    const value = holdings.cells[method]?.[type] ?? 0;
                    return (
                      <td key={type}>
                        {value > 0 ? (
                          <QueryEditorLink request={holdingsCellRequest(method, type, scope)}>
                            {formatNumber(value)}
                          </QueryEditorLink>
                        ) : (
                          <span className="ps-zero">0</span>
                        )}
                      </td>
                    );
                  })}
                  <td>
                    <QueryEditorLink request={holdingsCellRequest(method, undefined, scope)}>
                      <strong>{formatNumber(holdings.methodTotals[method] ?? 0)}</strong>
                    </QueryEditorLink>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {holdings.types.map((type) => (
                  <td key={type}>
                    <QueryEditorLink request={holdingsCellRequest(undefined, type, scope)}>
                      <strong>{formatNumber(holdings.typeTotals[type] ?? 0)}</strong>
                    </QueryEditorLink>
                  </td>
                ))}
                <td>
                  <QueryEditorLink request={holdingsCellRequest(undefined, undefined, scope)}>
                    <strong>{formatNumber(holdings.total)}</strong>
                  </QueryEditorLink>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
