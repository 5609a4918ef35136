import { storageOf, type ReturnType } from '@pdb-stats/search-model';
import { quoteName } from '@pdb-stats/snapshot';
import { PARENT_LINK, type Parent, type ResolvedKeyAttribute } from './key-attributes.ts';

/** SQL with its values; values only ever travel as parameters. */
export interface LookupQuery {
  sql: string;
  parameters: string[];
}

const ALIAS: Record<Parent | 'self', string> = { self: 't', entry: 'e', polymer_entity: 'p' };

/** The value of one key attribute: a column, or one field of every record of a nested list. */
function expression(key: ResolvedKeyAttribute): string {
  const table = ALIAS[key.from ?? 'self'];
  const storage = storageOf(key.attribute);
  const column = `${table}.${quoteName(storage.column)}`;
  if (storage.field === undefined) return column;
  return `list_transform(${column}, lambda r: r.${quoteName(storage.field)})`;
}

/**
 * One statement per lookup: the rows of the return type's table with the given identifiers, joined
 * to the parent rows some key attributes are read from. Tables are named by level.
 */
export function lookupQuery(
  returnType: ReturnType,
  keys: readonly ResolvedKeyAttribute[],
  ids: readonly string[],
): LookupQuery {
  const columns = [
    `t."rcsb_id" AS "identifier"`,
    ...keys.map((k) => `${expression(k)} AS ${quoteName(k.path)}`),
  ];
  const parents = [...new Set(keys.flatMap((k) => (k.from ? [k.from] : [])))];
  const joins = parents.map(
    (parent) =>
      `LEFT JOIN ${quoteName(parent)} AS ${ALIAS[parent]} ON ${ALIAS[parent]}."_key" = t.${quoteName(PARENT_LINK[parent])}`,
  );
  const placeholders = ids.map((_, i) => `$${i + 1}`).join(', ');
  return {
    sql: [
      `SELECT ${columns.join(', ')}`,
      `FROM ${quoteName(returnType)} AS t`,
      ...joins,
      `WHERE t."rcsb_id" IN (${placeholders})`,
    ].join(' '),
    parameters: [...ids],
  };
}
