import {
  LEVEL_LINKS,
  storageOf,
  type CatalogueAttribute,
  type ReturnType,
  type ScalarType,
} from '@pdb-stats/search-model';
import { quoteName } from '@pdb-stats/snapshot';
import { clickHouseColumn } from '../../planner/index.ts';

/** One column of a level table: its ClickHouse name and type, and how to read it from the snapshot. */
export interface ClickHouseColumn {
  /** Column name in ClickHouse (`clickHouseColumn` of the path). */
  readonly name: string;
  readonly type: string;
  /** Scalar type of the values (`integer` for keys and links) and how many lists hold them. */
  readonly scalar: ScalarType;
  readonly depth: 0 | 1 | 2;
  /** DuckDB expression over the level's Parquet file giving the column's value (no alias). */
  readonly source: string;
}

/**
 * Dates are stored as `YYYY-MM-DD` text: ClickHouse's `Date` stops at 1970..2105, the archive's and
 * the requests' dates do not, and ISO text compares like DuckDB's DATE.
 */
const SCALAR: Record<ScalarType, string> = {
  string: 'String',
  integer: 'Int64',
  number: 'Float64',
  date: 'String',
};

function typeAt(scalar: string, depth: 0 | 1 | 2): string {
  let sql = `Nullable(${scalar})`;
  for (let i = 0; i < depth; i++) sql = `Array(${sql})`;
  return sql;
}

/** DuckDB value of a scalar as the loader reads it: dates as `YYYY-MM-DD`, numbers as doubles. */
function scalarSource(type: ScalarType, value: string): string {
  if (type === 'date') return `CAST(${value} AS VARCHAR)`;
  if (type === 'number') return `CAST(${value} AS DOUBLE)`;
  return value;
}

/** A missing list is loaded as an empty one: ClickHouse arrays are never NULL (and no element of
 * a missing list satisfies anything, on either engine). */
const list = (sql: string) => `coalesce(${sql}, [])`;

function scalarColumn(name: string, type: ScalarType, depth: 0 | 1 | 2, source: string): ClickHouseColumn {
  return {
    name,
    type: typeAt(SCALAR[type], depth),
    scalar: type,
    depth,
    source,
  };
}

/**
 * A key or link column. A missing link (a ligand whose component the archive lacks) becomes -1:
 * the column is not Nullable, and 0 would name the first row of the parent level.
 */
const key = (name: string): ClickHouseColumn => ({
  name,
  type: 'Int64',
  scalar: 'integer',
  depth: 0,
  source: `coalesce(${quoteName(name)}, -1)`,
});

/**
 * The columns of a level table holding `held`: keys and links, one column per plain attribute, and one array
 * per field of a nested record (`root$field`; `root$inner$field` as an array of arrays).
 */
export function levelColumns(level: ReturnType, held: readonly CatalogueAttribute[]): ClickHouseColumn[] {
  const columns: ClickHouseColumn[] = [key('_key'), ...LEVEL_LINKS[level].map(key)];
  for (const attribute of held) {
    if (attribute.level !== level) continue;
    const storage = storageOf(attribute);
    const { type } = attribute;
    if (!storage.field) {
      const column = quoteName(storage.column);
      columns.push(
        attribute.multi
          ? scalarColumn(
              clickHouseColumn(storage.column),
              type,
              1,
              list(`list_transform(${column}, x -> ${scalarSource(type, 'x')})`),
            )
          : scalarColumn(clickHouseColumn(storage.column), type, 0, scalarSource(type, column)),
      );
    } else if (!storage.inner) {
      columns.push(
        scalarColumn(
          clickHouseColumn(`${storage.column}.${storage.field}`),
          type,
          1,
          list(
            `list_transform(${quoteName(storage.column)}, r -> ${scalarSource(type, `r.${quoteName(storage.field)}`)})`,
          ),
        ),
      );
    } else {
      columns.push(
        scalarColumn(
          clickHouseColumn(`${storage.column}.${storage.inner}.${storage.field}`),
          type,
          2,
          list(
            `list_transform(${quoteName(storage.column)}, r -> ${list(`list_transform(r.${quoteName(storage.inner)}, l -> ${scalarSource(type, `l.${quoteName(storage.field)}`)})`)})`,
          ),
        ),
      );
    }
  }
  const names = new Set<string>();
  for (const column of columns) {
    if (names.has(column.name)) throw new Error(`two columns of ${level} map to ${column.name}`);
    names.add(column.name);
  }
  return columns;
}

/** The key that places a row on a shard: its entry, so that an entry's objects share a shard. */
export function shardKey(level: ReturnType): string {
  return LEVEL_LINKS[level].includes('_entry_key') ? '_entry_key' : '_key';
}

export const ident = (name: string) => `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
