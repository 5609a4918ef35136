import type { ClickHouseColumn } from './schema.ts';

/**
 * How the loader ships rows: one JSON object per row (JSONEachRow), made by DuckDB, into a staging
 * table whose columns are named by position (`c0`, `c1`, …: the level's column names repeated in
 * every row made the lines three times as long) and typed like the level's, with one difference:
 * doubles arrive as the unsigned integer of their IEEE-754 bits. 18.16's text parsers read some
 * doubles one unit in the last place off (measured: 129 of 2,000 random values); the bits, turned
 * back into doubles by the server on the way into the level table, are exact.
 */

const staged = (position: number) => `c${position}`;

/** DuckDB expression of a value with its doubles replaced by their bits. */
function shipped(column: ClickHouseColumn): string {
  if (column.scalar !== 'number') return column.source;
  const bits = (v: string) => `CAST(CAST(${v} AS BIT) AS UBIGINT)`;
  if (column.depth === 0) return bits(column.source);
  if (column.depth === 1) return `list_transform(${column.source}, v1 -> ${bits('v1')})`;
  return `list_transform(${column.source}, v1 -> list_transform(v1, v2 -> ${bits('v2')}))`;
}

/** DuckDB expression of a row's JSON line, as bytes. */
export function stagedRow(columns: readonly ClickHouseColumn[]): string {
  const fields = columns.map((column, i) => `${staged(i)} := ${shipped(column)}`);
  return `encode(CAST(to_json(struct_pack(${fields.join(', ')})) AS VARCHAR))`;
}

/** Column list of the staging table. */
export function stagingColumns(columns: readonly ClickHouseColumn[]): string {
  return columns
    .map((column, i) => {
      const type = column.scalar === 'number' ? column.type.replace('Float64', 'UInt64') : column.type;
      return `${staged(i)} ${type}`;
    })
    .join(', ');
}

/** ClickHouse expressions over the staging table giving the level's columns, in order. */
export function fromStaging(columns: readonly ClickHouseColumn[]): string {
  return columns
    .map((column, i) => {
      const value = staged(i);
      if (column.scalar !== 'number') return value;
      const double = (u: string) =>
        `if(isNull(${u}), NULL, reinterpretAsFloat64(reinterpretAsString(assumeNotNull(${u}))))`;
      if (column.depth === 0) return double(value);
      if (column.depth === 1) return `arrayMap(u -> ${double('u')}, ${value})`;
      return `arrayMap(a -> arrayMap(u -> ${double('u')}, a), ${value})`;
    })
    .join(', ');
}
