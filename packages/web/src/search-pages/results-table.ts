import type { ReturnType } from '@pdb-stats/search-model';
import { formatNumber } from '../charts/format.ts';
import { lookupDocuments } from './api.ts';
import { archivePageOf } from './archive-pages.ts';
import { RESULT_COLUMNS } from './columns.ts';
import { h } from './dom.ts';
import { scrollBox } from './scroll-box.ts';
import type { ResultRow } from './result-items.ts';

/**
 * A table of result identifiers with their key attributes, looked up in one request. Grouped results
 * show the group, its size and its representative.
 */
export async function resultsTable(
  searchApiUrl: string,
  returnType: ReturnType,
  rows: readonly ResultRow[],
  caption: string,
): Promise<HTMLElement> {
  const documents = await lookupDocuments(
    searchApiUrl,
    returnType,
    rows.map((row) => row.identifier),
  );
  const grouped = rows.some((row) => row.group);
  // Without key attributes (a service with no documents of its own), each identifier links to the
  // archive's page of it, where its title and the rest are; a local archive's may be synthetic.
  const linked = documents.size === 0;
  const identifierCell = (identifier: string) => {
    const href = linked ? archivePageOf(returnType, identifier) : undefined;
    return href ? h('a', { href, rel: 'noopener' }, identifier) : identifier;
  };
  const columns = RESULT_COLUMNS[returnType] ?? [];
  const table = h(
    'table',
    { class: 'ps-sp-table', 'data-testid': 'results-table' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        grouped && h('th', { scope: 'col' }, 'Group'),
        grouped && h('th', { scope: 'col' }, 'Members'),
        h('th', { scope: 'col' }, grouped ? 'Representative' : 'Identifier'),
        ...columns.map((column) => h('th', { scope: 'col' }, column.header)),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map((row) => {
        const document = documents.get(row.identifier);
        return h(
          'tr',
          { 'data-identifier': row.identifier },
          row.group && h('td', {}, row.group.identifier),
          row.group && h('td', { class: 'ps-sp-number' }, formatNumber(row.group.count)),
          h('th', { scope: 'row' }, identifierCell(row.identifier)),
          ...columns.map((column) =>
            h('td', { class: column.wide ? 'ps-sp-wide' : undefined }, document ? column.text(document) : ''),
          ),
        );
      }),
    ),
  );
  if (documents.size > 0 || rows.length === 0) return scrollBox(table, caption);
  return h(
    'div',
    {},
    scrollBox(table, caption),
    h(
      'p',
      { class: 'ps-sp-note' },
      'This search service does not report titles and names: identifiers only, each linked to its page at rcsb.org.',
    ),
  );
}
