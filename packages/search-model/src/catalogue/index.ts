import type { ReturnType } from '../levels.ts';
import type { Operator } from '../request/wire.ts';
import { HELD_ATTRIBUTES, type HeldAttribute, type ScalarType } from './attributes.ts';

export { HELD_ATTRIBUTES };
export type { HeldAttribute, NestedRecord, ScalarType, SearchContext } from './attributes.ts';

const BY_PATH = new Map<string, HeldAttribute[]>();
for (const attribute of HELD_ATTRIBUTES) {
  const list = BY_PATH.get(attribute.path) ?? [];
  list.push(attribute);
  BY_PATH.set(attribute.path, list);
}

/**
 * The attribute a path names. `rcsb_id` exists on every level: it resolves to the given level
 * (the return type, or `mol_definition` for `text_chem`).
 */
export function findAttribute(path: string, preferredLevel: ReturnType): HeldAttribute | undefined {
  const candidates = BY_PATH.get(path);
  if (!candidates) return undefined;
  return candidates.find((a) => a.level === preferredLevel) ?? candidates[0];
}

const NUMERIC_OPERATORS: readonly Operator[] = [
  'equals',
  'greater',
  'greater_or_equal',
  'less',
  'less_or_equal',
  'range',
  'in',
  'exists',
];

/** The operators an attribute allows, derived from its search contexts (seed 001 §5, search-api.md 2.5). */
export function allowedOperators(attribute: HeldAttribute): readonly Operator[] {
  if (attribute.type !== 'string') return NUMERIC_OPERATORS;
  const operators: Operator[] = [];
  if (attribute.contexts.includes('exact-match')) operators.push('exact_match', 'in');
  if (attribute.contexts.includes('full-text')) operators.push('contains_words', 'contains_phrase');
  operators.push('exists');
  return operators;
}

/** Where and how an attribute is stored in its level's Parquet table. */
export interface Storage {
  /** The column: the attribute path, or the nested record's root path. */
  column: string;
  /** Struct field inside a nested record (or inside its inner list). */
  field?: string;
  /** Inner list of structs inside the nested record. */
  inner?: string;
}

export function storageOf(attribute: HeldAttribute): Storage {
  const nested = attribute.nested;
  if (!nested) return { column: attribute.path };
  const rest = attribute.path.slice(nested.root.length + 1);
  if (nested.inner)
    return { column: nested.root, inner: nested.inner, field: rest.slice(nested.inner.length + 1) };
  return { column: nested.root, field: rest };
}

/** DuckDB type of a scalar (ClickHouse adapters map these further). */
export const SQL_SCALAR: Record<ScalarType, string> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  date: 'DATE',
};

/** One column of a level's snapshot table, with its SQL type. */
export interface SnapshotColumn {
  name: string;
  sqlType: string;
}

/**
 * The columns of a level's table: `_key`, the link keys, then one column per plain attribute and one
 * list-of-struct column per nested record. Generator and engine both read the layout from here.
 */
export function snapshotColumns(level: ReturnType, links: readonly string[]): SnapshotColumn[] {
  const columns: SnapshotColumn[] = [{ name: '_key', sqlType: 'INTEGER' }];
  for (const link of links) columns.push({ name: link, sqlType: 'INTEGER' });
  const records = new Map<string, { fields: string[]; inner: Map<string, string[]> }>();
  for (const attribute of HELD_ATTRIBUTES) {
    if (attribute.level !== level) continue;
    const storage = storageOf(attribute);
    const scalar = SQL_SCALAR[attribute.type];
    if (!attribute.nested) {
      columns.push({ name: storage.column, sqlType: attribute.multi ? `${scalar}[]` : scalar });
      continue;
    }
    const record = records.get(storage.column) ?? { fields: [], inner: new Map<string, string[]>() };
    records.set(storage.column, record);
    const field = `"${storage.field}" ${scalar}`;
    if (storage.inner) {
      const inner = record.inner.get(storage.inner) ?? [];
      inner.push(field);
      record.inner.set(storage.inner, inner);
    } else record.fields.push(field);
  }
  for (const [root, record] of records) {
    const fields = [...record.fields];
    for (const [name, inner] of record.inner) fields.push(`"${name}" STRUCT(${inner.join(', ')})[]`);
    columns.push({ name: root, sqlType: `STRUCT(${fields.join(', ')})[]` });
  }
  return columns;
}
