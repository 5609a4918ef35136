import type { Block } from './cif-file.ts';
import type { EntryModel } from './entry-model.ts';
import type { Facts } from './facts.ts';
import {
  naPolymerEntityTypes,
  polymerComposition,
  polymerCounts,
  selectedPolymerEntityTypes,
  type PolymerClass,
} from './polymer-types.ts';

/**
 * How many operators an oper_expression applies: a list ('1,2,5'), ranges ('1-60'), and a product
 * of parenthesised lists ('(1-5)(6-10)' is 25 operators).
 */
export function operatorCount(expression: string): number {
  const groups = expression.includes('(')
    ? [...expression.matchAll(/\(([^)]*)\)/g)].map((match) => match[1]!)
    : [expression];
  return groups.reduce((product, group) => product * idCount(group), 1);
}

function idCount(group: string): number {
  let count = 0;
  for (const part of group.split(',')) {
    const id = part.trim();
    if (id === '') continue;
    const range = /^(-?\d+)\s*-\s*(-?\d+)$/.exec(id);
    count += range ? Math.abs(Number(range[2]) - Number(range[1])) + 1 : 1;
  }
  return count;
}

/** Instances of each asym id in an assembly: the sum over its generator rows of their operator counts. */
export function assemblyCopies(block: Block, assemblyId: string): Map<string, number> {
  const copies = new Map<string, number>();
  for (const gen of block.records('pdbx_struct_assembly_gen')) {
    if (gen.assembly_id !== assemblyId) continue;
    const operators = operatorCount(String(gen.oper_expression ?? '1'));
    for (const asym of String(gen.asym_id_list ?? '').split(',')) {
      const id = asym.trim();
      if (id !== '') copies.set(id, (copies.get(id) ?? 0) + operators);
    }
  }
  return copies;
}

/**
 * rcsb_assembly_info: what the generated assembly holds, counted from the generator's asym lists
 * and operators (instances, distinct entities, monomers and first-model atoms), and its
 * composition classes.
 */
/** pdbx_struct_assembly.rcsb_details: the assembly's details when they are one of RCSB's three kinds. */
export function assemblyDetails(block: Block, assemblyId: string, facts: Facts): void {
  const details = block.records('pdbx_struct_assembly').find((a) => a.id === assemblyId)?.details;
  const kind = String(details ?? '')
    .trim()
    .toLowerCase();
  const known = [
    'author_and_software_defined_assembly',
    'author_defined_assembly',
    'software_defined_assembly',
  ];
  if (known.includes(kind)) facts.set('pdbx_struct_assembly', 'rcsb_details', kind);
}

export function assemblyInfo(block: Block, model: EntryModel, assemblyId: string, facts: Facts): void {
  const copies = assemblyCopies(block, assemblyId);
  const instanceClasses: PolymerClass[] = [];
  const polymerEntities = new Map<string, PolymerClass>();
  const nonPolymerEntities = new Set<string>();
  const branchedEntities = new Set<string>();
  let branchedInstances = 0;
  const solventEntities = new Set<string>();
  let solventInstances = 0;
  let nonPolymerInstances = 0;
  let monomers = 0;
  let modeled = 0;
  const atoms = {
    all: 0,
    polymer: 0,
    nonpolymer: 0,
    branched: 0,
    solvent: 0,
    hydrogen: 0,
    deuteratedWaters: 0,
  };
  for (const [asym, count] of copies) {
    const instance = model.instanceByAsym.get(asym);
    const entity = instance && model.entityById.get(instance.entityId);
    if (!entity) continue;
    const atomCounts = model.atomsByAsym.get(asym);
    const heavy = (atomCounts?.heavy ?? 0) * count;
    atoms.all += heavy;
    atoms.hydrogen += (atomCounts?.hydrogen ?? 0) * count;
    atoms.deuteratedWaters += (atomCounts?.deuteratedWaters ?? 0) * count;
    if (entity.type === 'polymer' && entity.polymerClass) {
      for (let i = 0; i < count; i++) instanceClasses.push(entity.polymerClass);
      polymerEntities.set(entity.id, entity.polymerClass);
      monomers += (entity.sequenceLength ?? 0) * count;
      modeled += instance.modeledMonomers * count;
      atoms.polymer += heavy;
    } else if (entity.type === 'non-polymer') {
      nonPolymerEntities.add(entity.id);
      nonPolymerInstances += count;
      atoms.nonpolymer += heavy;
    } else if (entity.type === 'branched') {
      branchedEntities.add(entity.id);
      branchedInstances += count;
      atoms.branched += heavy;
    } else if (entity.type === 'water') {
      solventEntities.add(entity.id);
      solventInstances += count;
      atoms.solvent += heavy;
    }
  }
  const entityClasses = [...polymerEntities.values()];
  const hasAtoms = model.atomsByAsym.size > 0;
  facts.setAll('rcsb_assembly_info', {
    ...polymerCounts(instanceClasses, 'polymer_entity_instance_count'),
    ...polymerCounts(entityClasses, 'polymer_entity_count'),
    nonpolymer_entity_count: nonPolymerEntities.size,
    nonpolymer_entity_instance_count: nonPolymerInstances,
    branched_entity_count: branchedEntities.size,
    solvent_entity_count: solventEntities.size,
    solvent_entity_instance_count: solventInstances,
    branched_entity_instance_count: branchedInstances,
    branched_atom_count: hasAtoms ? atoms.branched : undefined,
    polymer_monomer_count: monomers,
    modeled_polymer_monomer_count: block.has('pdbx_poly_seq_scheme') ? modeled : undefined,
    unmodeled_polymer_monomer_count: block.has('pdbx_poly_seq_scheme') ? monomers - modeled : undefined,
    atom_count: hasAtoms ? atoms.all : undefined,
    polymer_atom_count: hasAtoms ? atoms.polymer : undefined,
    nonpolymer_atom_count: hasAtoms ? atoms.nonpolymer : undefined,
    solvent_atom_count: hasAtoms ? atoms.solvent : undefined,
    hydrogen_atom_count: hasAtoms ? atoms.hydrogen : undefined,
    deuterated_water_count: hasAtoms ? atoms.deuteratedWaters : undefined,
    polymer_composition: polymerComposition(entityClasses),
    selected_polymer_entity_types: selectedPolymerEntityTypes(entityClasses),
    na_polymer_entity_types: naPolymerEntityTypes(entityClasses),
  });
}
