import { storageOf, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';
import type { Row } from './types.ts';

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** Whether any row holds a value of the attribute (in its column, or in a field of its nested records). */
function filledIn(attribute: CatalogueAttribute, rows: readonly Row[]): boolean {
  const { column, inner, field } = storageOf(attribute);
  for (const row of rows) {
    const value = row[column];
    if (!hasValue(value)) continue;
    if (field === undefined) return true;
    for (const record of value as Row[]) {
      if (inner === undefined) {
        if (hasValue(record[field])) return true;
        continue;
      }
      for (const item of (record[inner] as Row[] | undefined) ?? []) if (hasValue(item[field])) return true;
    }
  }
  return false;
}

/**
 * The catalogue attributes that received at least one value in the given rows, as `level:path`
 * (a measure of how much of the catalogue an import fills).
 */
export function filledAttributes(
  attributes: readonly CatalogueAttribute[],
  rowsByLevel: Partial<Record<ReturnType, readonly Row[]>>,
): Set<string> {
  const filled = new Set<string>();
  for (const attribute of attributes)
    if (filledIn(attribute, rowsByLevel[attribute.level] ?? []))
      filled.add(`${attribute.level}:${attribute.path}`);
  return filled;
}
