import type { FacetResult } from '@pdb-stats/search-model';
import { formatNumber } from '../charts/format.ts';
import { h } from './dom.ts';
import { scrollBox } from './scroll-box.ts';
import { facetRows } from './facet-rows.ts';

/** The facets of an answer as one table: facet, bucket, count; sub-facets indented under their bucket. */
export function facetTable(facets: readonly FacetResult[]): HTMLElement {
  const table = h(
    'table',
    { class: 'ps-sp-table', 'data-testid': 'facets-table' },
    h('caption', {}, 'Facets'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Facet'),
        h('th', { scope: 'col' }, 'Bucket'),
        h('th', { scope: 'col' }, 'Count'),
      ),
    ),
    h(
      'tbody',
      {},
      ...facetRows(facets).map((row) =>
        h(
          'tr',
          { class: `ps-sp-depth-${Math.min(row.facet.length - 1, 3)}` },
          h('td', {}, row.facet.join(' › ')),
          h('td', {}, row.bucket.length > 0 ? row.bucket.join(' › ') : '(distinct values)'),
          h('td', { class: 'ps-sp-number' }, formatNumber(row.count)),
        ),
      ),
    ),
  );
  return scrollBox(table, 'Facets');
}
