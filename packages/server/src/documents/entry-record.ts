import type { EntryFact, EntryFactGroup, EntryRecord } from '@pdb-stats/charts';
import { attributeName, unitSymbol } from '@pdb-stats/charts/request-summary';
import { storageOf, type AttributeSet, type CatalogueAttribute } from '@pdb-stats/search-model';
import { publicDescription } from '@pdb-stats/search-model/public-descriptions';
import { quoteName } from '@pdb-stats/snapshot';
import { jsonValue } from './json-values.ts';

/**
 * An entry's record as the entry page shows it, read from the snapshot's level tables: every held
 * attribute of the entry with a value, grouped by the catalogue's search groups, and the entry's
 * polymer entities and assemblies. Bounded: at most `maxRows` parts of each kind and values of each
 * attribute are listed, with how many there are in all.
 */

/** Default of ENTRY_MAX_ROWS: parts of each kind, and values of each attribute, one record lists. */
export const DEFAULT_ENTRY_MAX_ROWS = 100;

/** Where the attributes of no search group go. */
export const OTHER_GROUP = 'Other attributes';

/**
 * The groups a record opens with, in this order, as a reader asks of an entry (what it is, how it
 * was determined, what it holds); the catalogue's other groups follow in the order it names them.
 */
const LEAD_GROUPS = ['Structure Details', 'Methods', 'Entry Features', 'ID(s) and Keywords'];

/**
 * A brief of the public metadata ("Structure Title") in sentence case, as the dashboard writes names
 * ("Structure title"): capitalised words after the first are lowered, acronyms and names with inner
 * capitals (ID, DOI, PubMed) kept.
 */
export function sentenceCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && /^\(?[A-Z][a-z-]+(\(s\))?\)?$/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/** The levels an entry record lists the rows of, under the record's names for them. */
const PART_LEVELS = { polymer_entities: 'polymer_entity', assemblies: 'assembly' } as const;

type Row = Record<string, unknown>;

/** One attribute as a record shows it: its label, unit, group and place in the group. */
interface Shown {
  attribute: CatalogueAttribute;
  label: string;
  unit?: string;
  group: string;
  priority: number;
}

/**
 * The attributes of a level a record shows, in the order it shows them: by search group (groups in
 * the order the catalogue first names them, ungrouped ones last), then the group's priority. The
 * identifier is the record's heading, not a fact.
 */
export function shownAttributes(held: AttributeSet, level: CatalogueAttribute['level']): Shown[] {
  const shown = held.attributes
    .filter((attribute) => attribute.level === level && attribute.path !== 'rcsb_id')
    .map((attribute, order) => {
      const description = publicDescription(attribute);
      const text = description?.rcsb_description?.find((d) => d.context === 'brief')?.text;
      const brief = text && sentenceCase(text);
      const group = description?.rcsb_search_group?.[0];
      return {
        attribute,
        order,
        label: attributeName(attribute.path, brief),
        brief,
        ...(attribute.units && { unit: unitSymbol(attribute.units) }),
        group: group?.group_name ?? OTHER_GROUP,
        priority: group?.priority_order ?? Number.MAX_SAFE_INTEGER,
      };
    });
  const named = shown.map((s) => s.group).filter((g) => g !== OTHER_GROUP);
  const groupOrder = [...new Set([...LEAD_GROUPS.filter((g) => named.includes(g)), ...named, OTHER_GROUP])];
  shown.sort(
    (a, b) =>
      groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group) ||
      a.priority - b.priority ||
      a.order - b.order,
  );
  // Attributes of one name (the method, and its broader category) are told apart by their briefs.
  const count = new Map<string, number>();
  for (const { label } of shown) count.set(label, (count.get(label) ?? 0) + 1);
  return shown.map(({ order: _order, brief, ...rest }) => ({
    ...rest,
    label: (count.get(rest.label) ?? 0) > 1 && brief ? brief : rest.label,
  }));
}

/** The values a row stores for an attribute: a column, a field of each nested record, or of each inner record. */
function storedValues(row: Row, attribute: CatalogueAttribute): unknown[] {
  const storage = storageOf(attribute);
  const column = row[storage.column];
  const list = (value: unknown): unknown[] =>
    value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (storage.field === undefined) return list(column);
  const field = storage.field;
  const records = list(column) as (Row | null)[];
  if (storage.inner === undefined) return records.map((record) => record?.[field]);
  const inner = storage.inner;
  return records.flatMap((record) => (list(record?.[inner]) as (Row | null)[]).map((r) => r?.[field]));
}

function factOf(row: Row, shown: Shown, maxValues: number): EntryFact | undefined {
  const values = storedValues(row, shown.attribute)
    .map(jsonValue)
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .filter((value) => value !== '');
  if (values.length === 0) return undefined;
  return {
    path: shown.attribute.path,
    label: shown.label,
    ...(shown.unit && { unit: shown.unit }),
    values: values.slice(0, maxValues),
    ...(values.length > maxValues && { more: values.length - maxValues }),
  };
}

/** The facts of a row, grouped. */
export function factGroups(row: Row, shown: readonly Shown[], maxValues: number): EntryFactGroup[] {
  const groups: EntryFactGroup[] = [];
  for (const item of shown) {
    const fact = factOf(row, item, maxValues);
    if (!fact) continue;
    const last = groups.at(-1);
    if (last?.name === item.group) last.facts.push(fact);
    else groups.push({ name: item.group, facts: [fact] });
  }
  return groups;
}

/** SQL with its values; values only ever travel as parameters. */
export interface RecordQuery {
  sql: string;
  parameters: string[];
}

/** The entry's row. */
export function entryRowQuery(id: string): RecordQuery {
  return { sql: `SELECT * FROM ${quoteName('entry')} WHERE "rcsb_id" = $1 LIMIT 1`, parameters: [id] };
}

/** The first `limit` rows of a level that belong to the entry, in key order, each with how many there are. */
export function partRowsQuery(level: string, id: string, limit: number): RecordQuery {
  return {
    sql: [
      `SELECT *, count(*) OVER () AS "_total" FROM ${quoteName(level)}`,
      `WHERE "_entry_key" = (SELECT "_key" FROM ${quoteName('entry')} WHERE "rcsb_id" = $1 LIMIT 1)`,
      `ORDER BY "_key" LIMIT ${Math.max(1, Math.floor(limit))}`,
    ].join(' '),
    parameters: [id],
  };
}

/** Runs a query and hands back its rows as JS values. */
export type RunQuery = (query: RecordQuery) => Promise<Row[]>;

/** The record of the entry `id` (as the archive writes it), or null when the archive does not hold it. */
export async function readEntryRecord(
  run: RunQuery,
  held: AttributeSet,
  id: string,
  maxRows: number = DEFAULT_ENTRY_MAX_ROWS,
): Promise<EntryRecord | null> {
  const [row] = await run(entryRowQuery(id));
  if (!row) return null;
  const parts = async (level: (typeof PART_LEVELS)[keyof typeof PART_LEVELS]) => {
    const shown = shownAttributes(held, level);
    const rows = await run(partRowsQuery(level, id, maxRows));
    return {
      items: rows.map((part) => ({
        id: String(part.rcsb_id),
        facts: factGroups(part, shown, maxRows).flatMap((group) => group.facts),
      })),
      total: rows.length === 0 ? 0 : Number(rows[0]!._total),
    };
  };
  return {
    id: String(row.rcsb_id),
    groups: factGroups(row, shownAttributes(held, 'entry'), maxRows),
    polymer_entities: await parts(PART_LEVELS.polymer_entities),
    assemblies: await parts(PART_LEVELS.assemblies),
  };
}
