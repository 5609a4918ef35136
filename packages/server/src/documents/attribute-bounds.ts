import { storageOf, type CatalogueAttribute } from '@pdb-stats/search-model';
import { quoteName } from '@pdb-stats/snapshot';

/** Informational minimum and maximum of an attribute (epoch milliseconds for dates), as the metadata gives them. */
export interface AttributeBounds {
  min: number;
  max: number;
}

/**
 * SQL for the smallest and largest value of a numeric or date attribute over its level's table
 * (a view named by the level): plain columns directly, lists and nested records unnested first.
 */
export function boundsQuery(attribute: CatalogueAttribute): string {
  const storage = storageOf(attribute);
  const table = quoteName(attribute.level);
  let values: string;
  if (!attribute.nested) {
    values = attribute.multi
      ? `SELECT unnest(${quoteName(storage.column)}) AS v FROM ${table}`
      : `SELECT ${quoteName(storage.column)} AS v FROM ${table}`;
  } else {
    const records = `SELECT unnest(${quoteName(storage.column)}) AS r FROM ${table}`;
    values = storage.inner
      ? `SELECT i.${quoteName(storage.field!)} AS v FROM (SELECT unnest(r.${quoteName(storage.inner)}) AS i FROM (${records}))`
      : `SELECT r.${quoteName(storage.field!)} AS v FROM (${records})`;
  }
  const measure =
    attribute.type === 'date'
      ? (f: string) => `epoch_ms(${f}(v)::TIMESTAMP)`
      : (f: string) => `${f}(v)::DOUBLE`;
  return `SELECT ${measure('min')}, ${measure('max')} FROM (${values})`;
}
