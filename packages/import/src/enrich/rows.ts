import type { EntryDocuments, Row } from './types.ts';

type PlainRecord = Record<string, unknown>;

const ENTITY_IDS = 'rcsb_polymer_entity_container_identifiers';
const INSTANCE_IDS = 'rcsb_polymer_entity_instance_container_identifiers';

/** Null, undefined, an empty string or an empty list: nothing the mmCIF file gave. */
export function isMissing(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The list held by a row's column, created when the column is missing. */
function listOf<T>(row: Row, column: string): T[] {
  const current = row[column];
  if (Array.isArray(current)) return current as T[];
  const list: T[] = [];
  row[column] = list;
  return list;
}

/**
 * Appends a nested record to the column named by its root, unless a record with the same values of
 * `keys` is already there.
 */
export function addRecord(row: Row, column: string, record: PlainRecord, keys: readonly string[]) {
  const list = listOf<PlainRecord>(row, column);
  const present = list.some(
    (other) => other !== null && typeof other === 'object' && keys.every((k) => other[k] === record[k]),
  );
  if (!present) list.push(record);
}

/** Appends values to a multi-valued column, each at most once. */
export function addValues(row: Row, column: string, values: Iterable<unknown>) {
  const list = listOf<unknown>(row, column);
  for (const value of values) if (!list.includes(value)) list.push(value);
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The upper-case entry id of an entry's documents (from the entry row, else from its entities). */
export function entryIdOf(docs: EntryDocuments): string | undefined {
  const id =
    text(docs.entry['rcsb_id']) ??
    text(docs.entry['rcsb_entry_container_identifiers.entry_id']) ??
    text(docs.polymer_entity[0]?.[`${ENTITY_IDS}.entry_id`]);
  return id?.toUpperCase();
}

/** `4HHB_1`: the polymer entity's id as RCSB writes it. */
export function entityIdOf(row: Row): string | undefined {
  const id = text(row['rcsb_id']);
  if (id) return id.toUpperCase();
  const entry = text(row[`${ENTITY_IDS}.entry_id`]);
  const entity = text(row[`${ENTITY_IDS}.entity_id`]);
  return entry && entity ? `${entry}_${entity}`.toUpperCase() : undefined;
}

/** The entity number within its entry (`'1'`), from the container identifiers or the id. */
function entityNumberOf(row: Row): string | undefined {
  const entity = text(row[`${ENTITY_IDS}.entity_id`]);
  if (entity) return entity;
  const id = text(row['rcsb_id']);
  const cut = id?.lastIndexOf('_') ?? -1;
  return id && cut > 0 ? id.slice(cut + 1) : undefined;
}

/**
 * Author chain id (`auth_asym_id`, the chain id the SIFTS files use) → the polymer entity rows it
 * belongs to: from the instances, else from the entity's own list of author chain ids.
 */
export function entitiesByChain(docs: EntryDocuments): Map<string, Row[]> {
  const byNumber = new Map<string, Row>();
  for (const entity of docs.polymer_entity) {
    const number = entityNumberOf(entity);
    if (number !== undefined) byNumber.set(number, entity);
  }
  const byChain = new Map<string, Row[]>();
  const link = (chain: string, entity: Row) => {
    const list = byChain.get(chain);
    if (!list) byChain.set(chain, [entity]);
    else if (!list.includes(entity)) list.push(entity);
  };
  for (const instance of docs.polymer_instance) {
    const chain = text(instance[`${INSTANCE_IDS}.auth_asym_id`]);
    const entity = byNumber.get(text(instance[`${INSTANCE_IDS}.entity_id`]) ?? '');
    if (chain !== undefined && entity) link(chain, entity);
  }
  for (const entity of docs.polymer_entity) {
    const chains = entity[`${ENTITY_IDS}.auth_asym_ids`];
    if (Array.isArray(chains)) for (const chain of chains) if (typeof chain === 'string') link(chain, entity);
  }
  return byChain;
}

/** Author chain id → the polymer instance rows with that chain id. */
export function instancesByChain(docs: EntryDocuments): Map<string, Row[]> {
  const byChain = new Map<string, Row[]>();
  for (const instance of docs.polymer_instance) {
    const chain = text(instance[`${INSTANCE_IDS}.auth_asym_id`]);
    if (chain === undefined) continue;
    const list = byChain.get(chain);
    if (list) list.push(instance);
    else byChain.set(chain, [instance]);
  }
  return byChain;
}
