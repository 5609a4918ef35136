import type { ReturnType } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../charts/format.ts';
import { documentsQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { identifierLinks, pageHost } from '../entry-page/entry-links.ts';
import { Link } from '../routing/navigation.tsx';
import { RESULT_COLUMNS } from './columns.ts';
import { ScrollBox } from './page-parts.tsx';
import type { ResultRow } from './result-items.ts';

/** What a cell shows when the archive has no value for it. */
const MISSING = '—';

/** Sorting by a column's heading: the column the results are sorted by, and what a click does. */
export interface HeadingSort {
  /** The heading of the sorted column and its direction, if the results are sorted by a column. */
  current?: { column: string; direction: 'asc' | 'desc' };
  /** The columns that can be sorted. */
  sortable: (column: string) => boolean;
  onSort: (column: string) => void;
}

/**
 * A table of result identifiers with their key attributes, looked up in one request. Each
 * identifier links to its entry's page on this site and, for a real archive, to its public page. Grouped results show the group, its size and its
 * representative.
 */
export function ResultsTable({
  returnType,
  rows,
  caption,
  sort,
}: {
  returnType: ReturnType;
  rows: readonly ResultRow[];
  caption: string;
  sort?: HeadingSort;
}) {
  const { config, archive } = useDataQuery();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  const ids = rows.map((row) => row.identifier);
  const lookup = useQuery({
    ...documentsQuery(searchApiUrl, returnType, ids),
    select: (documents) => new Map(documents.map((document) => [document.identifier, document])),
  });
  // Rows wait for their attributes, so that a page never shows a table that fills in cell by cell,
  // and for the archive manifest, which tells where identifiers link (a demo's never leave the site).
  if (lookup.isPending || archive === undefined)
    return <p className="ps-sp-note">Loading the identifiers’ details…</p>;
  const documents = lookup.data ?? new Map();
  const grouped = rows.some((row) => row.group);
  const columns = RESULT_COLUMNS[returnType] ?? [];
  const table = (
    <ScrollBox label={caption}>
      <table className="ps-sp-table ps-sp-results" data-testid="results-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {grouped && <th scope="col">Group</th>}
            {grouped && <th scope="col">Members</th>}
            <th scope="col">{grouped ? 'Representative' : 'Identifier'}</th>
            {columns.map((column) => (
              <ColumnHeading key={column.header} column={column.header} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const document = documents.get(row.identifier);
            const links = identifierLinks(returnType, row.identifier, archive, config.archivePages);
            return (
              <tr key={row.group?.identifier ?? row.identifier} data-identifier={row.identifier}>
                {row.group && <td data-label="Group">{row.group.identifier}</td>}
                {row.group && (
                  <td className="ps-sp-number" data-label="Members">
                    {formatNumber(row.group.count)}
                  </td>
                )}
                <th scope="row">
                  <IdentifierCell identifier={row.identifier} {...links} />
                </th>
                {columns.map((column) => {
                  const text = document ? column.text(document) : '';
                  return (
                    <td
                      key={column.header}
                      data-label={column.header}
                      className={[column.wide && 'ps-sp-wide', !text && 'ps-sp-missing']
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={text ? undefined : 'no value'}
                    >
                      {text || MISSING}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
  if (documents.size > 0 || rows.length === 0) return table;
  // Without key attributes (a service with no documents of its own) the identifiers' links lead to
  // their titles and the rest.
  return (
    <div>
      {table}
      <p className="ps-sp-note">
        This search service does not report titles and names: identifiers only, each linked to its page at
        rcsb.org.
      </p>
    </div>
  );
}

/**
 * An identifier linked to this site's entry page and, beside it, to the public archive's page; or to
 * the one of them there is.
 */
function IdentifierCell({
  identifier,
  own,
  archive,
}: {
  identifier: string;
  own?: string;
  archive?: string;
}) {
  if (own)
    return (
      <>
        <Link to={own}>{identifier}</Link>
        {archive && (
          <>
            {' '}
            <a
              className="ps-sp-public-link"
              href={archive}
              rel="noopener"
              aria-label={`${identifier} at ${pageHost(archive)}`}
            >
              {pageHost(archive)}
            </a>
          </>
        )}
      </>
    );
  if (archive)
    return (
      <a href={archive} rel="noopener">
        {identifier}
      </a>
    );
  return <>{identifier}</>;
}

/** A column's heading: a button that sorts by the column when it can be sorted. */
function ColumnHeading({ column, sort }: { column: string; sort: HeadingSort | undefined }) {
  if (!sort?.sortable(column)) return <th scope="col">{column}</th>;
  const direction = sort.current?.column === column ? sort.current.direction : undefined;
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
    >
      <button type="button" className="ps-sp-sort" onClick={() => sort.onSort(column)}>
        {column}
        <span aria-hidden="true" className="ps-sp-sort-mark">
          {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ' ⇅'}
        </span>
      </button>
    </th>
  );
}
