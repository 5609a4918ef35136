import { describe, expect, it } from 'vitest';
import { CATALOGUE, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';
import { filledAttributes } from './filled-attributes.ts';
import { parseEntry } from './parse-entry.ts';

/** The item naming the object a row belongs to, for categories of a level below the entry. */
const OBJECT_ITEM: Partial<Record<string, [string, string]>> = {
  entity_poly: ['entity_id', '1'],
  entity_src_gen: ['entity_id', '1'],
  entity_src_nat: ['entity_id', '1'],
  pdbx_entity_nonpoly: ['entity_id', '2'],
  pdbx_struct_assembly: ['id', '1'],
  pdbx_struct_assembly_auth_evidence: ['assembly_id', '1'],
};

const SAMPLE: Record<CatalogueAttribute['type'], string> = {
  string: 'sample',
  integer: '7',
  number: '1.5',
  date: '2020-02-03',
};

/** Catalogue attributes named `category.item` of a category the mmCIF dictionary has (not RCSB's own). */
function fileAttributes(): CatalogueAttribute[] {
  const levels: ReturnType[] = ['entry', 'polymer_entity', 'non_polymer_entity', 'assembly'];
  return CATALOGUE.filter((a) => {
    const [category, ...rest] = a.path.split('.');
    if (!levels.includes(a.level) || rest.length !== 1) return false;
    if (category!.startsWith('rcsb_') || rest[0]!.startsWith('rcsb_')) return false; // RCSB's own
    return a.level === 'entry' || OBJECT_ITEM[category!] !== undefined;
  });
}

/**
 * An entry holding one value of every such attribute: a polymer entity 1, a non-polymer entity 2
 * and an assembly 1 for the child-level categories to join to.
 */
function fileWithEveryAttribute(attributes: readonly CatalogueAttribute[]): string {
  const byCategory = new Map<string, Map<string, string>>();
  for (const a of attributes) {
    const [category, item] = a.path.split('.') as [string, string];
    const items = byCategory.get(category) ?? new Map<string, string>();
    items.set(item, SAMPLE[a.type]);
    const join = OBJECT_ITEM[category];
    if (join) items.set(join[0], join[1]);
    byCategory.set(category, items);
  }
  const lines = ['data_GEN1', '_entry.id GEN1'];
  lines.push('loop_', '_entity.id', '_entity.type', '1 polymer', '2 non-polymer');
  lines.push('loop_', '_struct_asym.id', '_struct_asym.entity_id', 'A 1', 'B 2');
  const seeded = new Map<string, Map<string, string>>([
    ['entity_poly', new Map([['type', "'polypeptide(L)'"]])],
    ['pdbx_entity_nonpoly', new Map([['comp_id', 'HEM']])],
    ['pdbx_struct_assembly', new Map()],
  ]);
  for (const [category, extra] of seeded) {
    const items = byCategory.get(category) ?? new Map<string, string>();
    const join = OBJECT_ITEM[category]!;
    items.set(join[0], join[1]);
    for (const [item, value] of extra) if (!items.has(item)) items.set(item, value);
    byCategory.set(category, items);
  }
  for (const [category, items] of byCategory) {
    lines.push('#');
    for (const [item, value] of items) lines.push(`_${category}.${item} ${value}`);
  }
  return lines.join('\n') + '\n';
}

describe('the generic reader over the whole catalogue', () => {
  it('fills every catalogue attribute named category.item when the file has that item', async () => {
    const attributes = fileAttributes();
    const docs = await parseEntry(fileWithEveryAttribute(attributes), { kind: 'pdb', attributes: CATALOGUE });
    const filled = filledAttributes(CATALOGUE, {
      entry: [docs.entry],
      polymer_entity: docs.polymer_entity,
      non_polymer_entity: docs.non_polymer_entity,
      assembly: docs.assembly,
    });
    const missing = attributes.filter((a) => !filled.has(`${a.level}:${a.path}`)).map((a) => a.path);
    expect(missing).toEqual([]);
    console.log(`The generic reader fills ${attributes.length} catalogue attributes named category.item`);
    // The dictionary's own categories alone are a large part of the catalogue.
    expect(attributes.length).toBeGreaterThan(250);
  });
});
