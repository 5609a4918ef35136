import { SCOPE_PARAMS } from '@pdb-stats/charts';
import type { FacetResult, SearchRequest } from '@pdb-stats/search-model';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../routing/navigation.tsx';
import { formatNumber } from '../charts/format.ts';
import { facetRows } from './facet-rows.ts';
import { chartRoute } from './request-param.ts';
import './search-pages.css';

/**
 * The top of the results page and the query editor: the title, and a link back to the chart the
 * visitor came from (`&chart=`), or to the statistics' home.
 */
export function SearchPageTop({ title }: { title: string }) {
  const [params] = useSearchParams();
  const chart = chartRoute(params.get('chart'));
  return (
    <div className="ps-sp-top">
      <h1>{title}</h1>
      <Link className="ps-sp-back" to={chart ?? '/'} data-testid="back-to-chart">
        ← Back to the {chart ? 'chart' : 'statistics'}
      </Link>
    </div>
  );
}

/** The dashboard route a link came from, for links onwards that keep it. */
export function useChartParameter(): string | undefined {
  const [params] = useSearchParams();
  return chartRoute(params.get('chart'));
}

/**
 * "Chart these results": the statistics' home drawn over the request's query node (`?query=`). The
 * scope is the query node whatever the request returns: each chart counts its own objects.
 */
export function ChartResultsLink({ request }: { request: SearchRequest }) {
  // One cohort is the one parameter (writeScope's general case would add its code to the chart route's chunk).
  const search = request.query
    ? `?${new URLSearchParams({ [SCOPE_PARAMS.query]: JSON.stringify(request.query) })}`
    : '';
  return (
    <Link className="ps-sp-chart-link" to={`/${search}`} data-testid="chart-results">
      Chart these results
    </Link>
  );
}

/**
 * The message of a refused or failed request. A 400 names the faulty field (its JSON path in the
 * request), so the visitor knows what to fix.
 */
export function ErrorBox({ title, message, field }: { title: string; message: ReactNode; field?: string }) {
  return (
    <div className="ps-sp-error" role="alert" data-testid="request-error">
      <strong>{title}</strong>
      <p>{message}</p>
      {field && (
        <p>
          Field: <code data-testid="error-field">{field}</code>
        </p>
      )}
    </div>
  );
}

/**
 * A wide table in a box that scrolls sideways on a narrow screen instead of widening the page. The
 * box is focusable and named, so keyboard users can scroll it and screen readers announce it.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ps-sp-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** The facets of an answer as one table: facet, bucket, count; sub-facets indented under their bucket. */
export function FacetTable({ facets }: { facets: readonly FacetResult[] }) {
  return (
    <ScrollBox label="Facets">
      <table className="ps-sp-table" data-testid="facets-table">
        <caption>Facets</caption>
        <thead>
          <tr>
            <th scope="col">Facet</th>
            <th scope="col">Bucket</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {facetRows(facets).map((row, index) => (
            <tr key={index} className={`ps-sp-depth-${Math.min(row.facet.length - 1, 3)}`}>
              <td>{row.facet.join(' › ')}</td>
              <td>{row.bucket.length > 0 ? row.bucket.join(' › ') : '(distinct values)'}</td>
              <td className="ps-sp-number">{formatNumber(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
