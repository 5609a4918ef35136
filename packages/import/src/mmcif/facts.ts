import { normalName, type CifRecord } from './cif-file.ts';

/**
 * What is known of one object before it becomes a row: groups of records named by a category or a
 * derived record path (`entity_poly`, `rcsb_entry_info`, `rcsb_polymer_entity.rcsb_ec_lineage`),
 * each record keyed by item names in their normal spelling. The catalogue decides afterwards which
 * of these become columns.
 */
export class Facts {
  private readonly groups = new Map<string, CifRecord[]>();

  /** Adds records to a group (a category's rows, or derived records such as EC lineage steps). */
  add(root: string, records: readonly CifRecord[]): void {
    if (records.length === 0) return;
    const key = normalName(root);
    const list = this.groups.get(key);
    if (!list) this.groups.set(key, records.map(normalRecord));
    else for (const record of records) list.push(normalRecord(record)); // no spread: groups can be long
  }

  /** Sets one derived value on the group's first record (created when the group is new). */
  set(root: string, item: string, value: unknown): void {
    if (value === undefined || value === null) return;
    if (Array.isArray(value) && value.length === 0) return;
    const key = normalName(root);
    let list = this.groups.get(key);
    if (!list) this.groups.set(key, (list = [{}]));
    list[0]![normalName(item)] = value;
  }

  /** Several derived values of one group at once. */
  setAll(root: string, values: Record<string, unknown>): void {
    for (const [item, value] of Object.entries(values)) this.set(root, item, value);
  }

  get(root: string): CifRecord[] | undefined {
    return this.groups.get(normalName(root));
  }

  /** The first value of an item across the group's records. */
  first(root: string, item: string): unknown {
    const key = normalName(item);
    for (const record of this.get(root) ?? []) if (record[key] !== undefined) return record[key];
    return undefined;
  }
}

function normalRecord(record: CifRecord): CifRecord {
  const normal: CifRecord = {};
  for (const [item, value] of Object.entries(record)) normal[normalName(item)] = value;
  return normal;
}
