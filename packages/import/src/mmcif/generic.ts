import type { ReturnType } from '@pdb-stats/search-model';
import type { Block, CifRecord } from './cif-file.ts';
import type { CataloguePlan } from './catalogue-plan.ts';
import type { Facts } from './facts.ts';

/**
 * Categories whose rows describe one object below the entry, with the item naming that object
 * (an entity id, an asym id or an assembly id). Entry-level categories need no entry: all their
 * rows belong to the entry.
 */
const OBJECT_ITEM: Readonly<Record<string, string>> = {
  entity: 'id',
  entity_poly: 'entity_id',
  entity_src_gen: 'entity_id',
  entity_src_nat: 'entity_id',
  pdbx_entity_src_syn: 'entity_id',
  entity_name_com: 'entity_id',
  entity_name_sys: 'entity_id',
  entity_keywords: 'entity_id',
  pdbx_entity_nonpoly: 'entity_id',
  struct_asym: 'id',
  pdbx_struct_assembly: 'id',
  pdbx_struct_assembly_auth_evidence: 'assembly_id',
  pdbx_struct_assembly_gen: 'assembly_id',
  pdbx_struct_assembly_prop: 'biol_id',
};

/** The objects of one level below the entry, by the id the file gives them (entity, asym, assembly id). */
export type ObjectFacts = Map<string, Facts>;

/**
 * Copies every category the catalogue names at a level into the facts of the objects it describes:
 * all rows to the entry, or each row to the child object its join item names. Categories of a child
 * level that the join table does not know are skipped, and returned so a caller can tell.
 */
export function collectGenericFacts(
  block: Block,
  plan: CataloguePlan,
  entry: Facts,
  children: Partial<Record<ReturnType, ObjectFacts>>,
): string[] {
  const unjoined: string[] = [];
  for (const [level, levelPlan] of plan) {
    for (const category of levelPlan.roots) {
      if (!block.has(category)) continue;
      const records = block.records(category);
      if (level === 'entry') {
        entry.add(category, records);
        continue;
      }
      const objects = children[level];
      if (!objects) continue;
      const item = OBJECT_ITEM[category];
      if (!item) {
        unjoined.push(`${level}:${category}`);
        continue;
      }
      for (const [id, group] of groupBy(records, item)) objects.get(id)?.add(category, group);
    }
  }
  return unjoined;
}

/** Records grouped by the value of one item (records lacking it are dropped). */
export function groupBy(records: readonly CifRecord[], item: string): Map<string, CifRecord[]> {
  const groups = new Map<string, CifRecord[]>();
  for (const record of records) {
    const key = record[item];
    if (typeof key !== 'string') continue;
    const list = groups.get(key);
    if (list) list.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}
