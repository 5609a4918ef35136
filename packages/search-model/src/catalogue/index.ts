import type { ReturnType } from '../levels.ts';
import { CATALOGUE, type CatalogueAttribute, type ScalarType } from './attributes.ts';

export { CATALOGUE };
// Kept apart from the catalogue's data, so that the browser can ask them without bundling it.
export { allowedOperators, isAggregatable } from './attribute-rules.ts';
export { nativeLevelOf } from './attributes.ts';
export type { NativeLevel } from './catalogue-rows.ts';
export type { CatalogueAttribute, NestedRecord, ScalarType, SearchContext } from './attributes.ts';

/**
 * A set of catalogue attributes looked up by path: the whole catalogue, or the attributes one
 * archive holds.
 */
export class AttributeSet {
  private readonly byPath = new Map<string, CatalogueAttribute[]>();
  private readonly members: Set<CatalogueAttribute>;

  constructor(readonly attributes: readonly CatalogueAttribute[]) {
    this.members = new Set(attributes);
    for (const attribute of attributes) {
      const list = this.byPath.get(attribute.path) ?? [];
      list.push(attribute);
      this.byPath.set(attribute.path, list);
    }
  }

  /**
   * The attribute a path names. `rcsb_id` exists on every level: it resolves to the given level
   * (the return type, or `mol_definition` for `text_chem`).
   */
  find(path: string, preferredLevel: ReturnType): CatalogueAttribute | undefined {
    const candidates = this.byPath.get(path);
    if (!candidates) return undefined;
    return candidates.find((a) => a.level === preferredLevel) ?? candidates[0];
  }

  has(attribute: CatalogueAttribute): boolean {
    return this.members.has(attribute);
  }

  get size(): number {
    return this.attributes.length;
  }

  /** The members that pass a test, as a set of their own. */
  filter(test: (attribute: CatalogueAttribute) => boolean): AttributeSet {
    return new AttributeSet(this.attributes.filter(test));
  }
}

/** The whole catalogue. */
export const FULL_CATALOGUE = new AttributeSet(CATALOGUE);

/** The catalogue attribute a path names (see `AttributeSet.find`). */
export function findAttribute(path: string, preferredLevel: ReturnType): CatalogueAttribute | undefined {
  return FULL_CATALOGUE.find(path, preferredLevel);
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

export function storageOf(attribute: CatalogueAttribute): Storage {
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
 * The columns of a level's table holding some attributes: `_key`, the link keys, then one column per
 * plain attribute and one list-of-struct column per nested record. Writers and engines read the
 * layout from here.
 */
export function snapshotColumns(
  level: ReturnType,
  links: readonly string[],
  attributes: readonly CatalogueAttribute[],
): SnapshotColumn[] {
  const columns: SnapshotColumn[] = [{ name: '_key', sqlType: 'INTEGER' }];
  for (const link of links) columns.push({ name: link, sqlType: 'INTEGER' });
  const records = new Map<string, { fields: string[]; inner: Map<string, string[]> }>();
  for (const attribute of attributes) {
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

/** Field names of a `STRUCT(...)[]` type, each with the fields of its own inner `STRUCT(...)[]`. */
export function structFields(sqlType: string): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  const match = /^STRUCT\((.*)\)\[\]$/s.exec(sqlType.trim());
  if (!match) return fields;
  for (const part of splitTopLevel(match[1] as string)) {
    const named = /^\s*("(?:[^"]|"")*"|[^\s"]+)\s+(.*)$/s.exec(part);
    if (!named) continue;
    const name = (named[1] as string).startsWith('"')
      ? (named[1] as string).slice(1, -1).replaceAll('""', '"')
      : (named[1] as string);
    fields.set(name, new Set(structFields(named[2] as string).keys()));
  }
  return fields;
}

/** Splits `a X, b STRUCT(c Y, d Z)[]` at the commas outside parentheses and quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The catalogue attributes a level's table holds, from its columns (name → SQL type): a plain
 * attribute when its column is there, a nested one when its record's column has its field.
 */
export function heldAttributes(
  level: ReturnType,
  columns: ReadonlyMap<string, string>,
  catalogue: readonly CatalogueAttribute[] = CATALOGUE,
): CatalogueAttribute[] {
  const records = new Map<string, Map<string, Set<string>>>();
  const recordOf = (column: string) => {
    let fields = records.get(column);
    if (!fields) {
      fields = structFields(columns.get(column) ?? '');
      records.set(column, fields);
    }
    return fields;
  };
  return catalogue.filter((attribute) => {
    if (attribute.level !== level) return false;
    const storage = storageOf(attribute);
    if (!columns.has(storage.column)) return false;
    if (!storage.field) return true;
    const fields = recordOf(storage.column);
    return storage.inner ? !!fields.get(storage.inner)?.has(storage.field) : fields.has(storage.field);
  });
}

/** How many public attributes (distinct paths) of each metadata a list of attributes holds. */
export function metadataCounts(
  attributes: readonly CatalogueAttribute[],
): Record<'structure' | 'chemical', number> {
  const count = (kind: 'structure' | 'chemical') =>
    new Set(attributes.filter((a) => a.metadata.includes(kind) && !a.documentField).map((a) => a.path)).size;
  return { structure: count('structure'), chemical: count('chemical') };
}
