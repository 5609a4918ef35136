import { fullCounts, type Row } from '@pdb-stats/snapshot';
import type { EntryDocuments } from './enrich/types.ts';

const ENTITY_ID = 'rcsb_polymer_entity_container_identifiers.entity_id';
const INSTANCE_ENTITY_ID = 'rcsb_polymer_entity_instance_container_identifiers.entity_id';
const COMPONENT_ID = 'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id';

/** The entity id of a polymer entity row: its identifier field, else the part after `_` of `4HHB_1`. */
function entityIdOf(row: Row): string | undefined {
  const id = row[ENTITY_ID];
  if (typeof id === 'string') return id;
  const rcsbId = row.rcsb_id;
  return typeof rcsbId === 'string' ? rcsbId.slice(rcsbId.lastIndexOf('_') + 1) : undefined;
}

/**
 * Assigns the integer link keys in write order: `_key` per level, `_entry_key` on every child of an
 * entry, `_entity_key` from an instance to its polymer entity, `_chem_key` from a non-polymer entity to
 * the mol_definition row of its component (null when the component was not imported).
 */
export class LinkKeys {
  private readonly next = fullCounts();
  private readonly components = new Map<string, number>();

  /** Each component's key (the first row of its id), as `_chem_key` names it. */
  get componentKeys(): ReadonlyMap<string, number> {
    return this.components;
  }

  /** A chemical component or BIRD row; its `rcsb_id` becomes the target of `_chem_key`. */
  component(row: Row): void {
    const key = this.next.mol_definition++;
    row._key = key;
    if (typeof row.rcsb_id === 'string' && !this.components.has(row.rcsb_id))
      this.components.set(row.rcsb_id, key);
  }

  entry(docs: EntryDocuments): void {
    const entryKey = this.next.entry++;
    docs.entry._key = entryKey;
    const entities = new Map<string, number>();
    for (const row of docs.polymer_entity) {
      row._key = this.next.polymer_entity++;
      row._entry_key = entryKey;
      const id = entityIdOf(row);
      if (id !== undefined) entities.set(id, row._key as number);
    }
    for (const row of docs.polymer_instance) {
      row._key = this.next.polymer_instance++;
      row._entry_key = entryKey;
      row._entity_key = entities.get(String(row[INSTANCE_ENTITY_ID])) ?? null;
    }
    for (const row of docs.non_polymer_entity) {
      row._key = this.next.non_polymer_entity++;
      row._entry_key = entryKey;
      const component = row[COMPONENT_ID];
      row._chem_key = typeof component === 'string' ? (this.components.get(component) ?? null) : null;
    }
    for (const row of docs.assembly) {
      row._key = this.next.assembly++;
      row._entry_key = entryKey;
    }
  }
}
