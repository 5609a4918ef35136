import type { ReturnType } from '@pdb-stats/search-model';
import { assemblyDetails, assemblyInfo } from './assembly-rules.ts';
import { readCifBlocks, type Block } from './cif-file.ts';
import { planOf, placeFacts, type CataloguePlan } from './catalogue-plan.ts';
import { readEntryModel, type EntryModel } from './entry-model.ts';
import { ligandContacts, neighbourRecords } from './neighbors.ts';
import { ENTRY_RULES, methodologyOf, type EntryContext } from './entry-rules.ts';
import { computedModel, ihmDatasets, ihmFlags } from './integrative-computed-rules.ts';
import {
  instanceIdentifiers,
  nonPolymerEntity,
  POLYMER_ENTITY_RULES,
  type EntityContext,
} from './entity-rules.ts';
import { Facts } from './facts.ts';
import { instanceConnections, instanceFeatures } from './feature-rules.ts';
import { collectGenericFacts, type ObjectFacts } from './generic.ts';
import { MmcifError } from './mmcif-error.ts';
import type { AttributeSpec, EntryDocuments, EntryKind, InvalidValueCounts, Row } from './types.ts';

export { MmcifError };
export type { AttributeSpec, EntryDocuments, EntryKind };

export interface ParseEntryOptions {
  kind: EntryKind;
  /** The catalogue: only its attributes become columns. */
  attributes: readonly AttributeSpec[];
  /** Names the file in error messages (defaults to 'mmCIF data'). */
  source?: string;
  /** Collects, per attribute path, how many values could not be read as the attribute's type. */
  invalidValues?: InvalidValueCounts;
}

/**
 * One entry file (PDB, PDB-IHM or computed model; text or binary CIF, already decompressed) → the
 * rows of the entry and of its polymer entities, polymer instances, non-polymer entities and
 * assemblies. Throws MmcifError when the data is not CIF, has no data block or no entry.id.
 */
export async function parseEntry(
  data: Uint8Array | string,
  options: ParseEntryOptions,
): Promise<EntryDocuments> {
  const source = options.source ?? 'mmCIF data';
  const block = (await readCifBlocks(data, source))[0]!; // never empty: readCifBlocks throws
  const fileId = block.text('entry', 'id');
  if (fileId === undefined || fileId.trim() === '')
    throw new MmcifError(source, `no entry.id in data block '${block.header}'`);
  const entryId = fileId.trim().toUpperCase();
  const model = readEntryModel(block);
  const plan = planOf(options.attributes);

  const polymerEntities = new Map(model.entities.filter((e) => e.type === 'polymer').map((e) => [e.id, e]));
  const nonPolymerEntities = new Map(
    model.entities.filter((e) => e.type === 'non-polymer').map((e) => [e.id, e]),
  );
  const polymerInstances = model.instances.filter((i) => polymerEntities.has(i.entityId));
  const assemblyIds = block
    .texts('pdbx_struct_assembly', 'id')
    .filter((id): id is string => id !== undefined);

  const entry = new Facts();
  const children: Record<Exclude<ReturnType, 'entry' | 'mol_definition'>, ObjectFacts> = {
    polymer_entity: factsFor(polymerEntities.keys()),
    non_polymer_entity: factsFor(nonPolymerEntities.keys()),
    polymer_instance: factsFor(polymerInstances.map((i) => i.asymId)),
    assembly: factsFor(assemblyIds),
  };
  collectGenericFacts(block, plan, entry, children);

  const entryContext: EntryContext = { block: block, model, kind: options.kind, entryId, assemblyIds };
  for (const rule of ENTRY_RULES) rule(entryContext, entry);
  if (block.has('ihm_dataset_list')) ihmDatasets(entryContext, entry);
  if (methodologyOf(entryContext) === 'integrative') ihmFlags(entryContext, entry);
  if (methodologyOf(entryContext) === 'computational' || block.has('ma_qa_metric_global'))
    computedModel(entryContext, entry);

  const entityContext: EntityContext = { block: block, model, entryId };
  for (const [id, facts] of children.polymer_entity)
    for (const rule of POLYMER_ENTITY_RULES) rule(entityContext, polymerEntities.get(id)!, facts);
  for (const [id, facts] of children.non_polymer_entity)
    nonPolymerEntity(entityContext, nonPolymerEntities.get(id)!, facts);
  for (const instance of polymerInstances) {
    const facts = children.polymer_instance.get(instance.asymId)!;
    instanceIdentifiers(entityContext, instance, facts);
    instanceFeatures(block, instance, polymerEntities.get(instance.entityId)!, facts);
    instanceConnections(block, instance, facts);
  }
  for (const [id, facts] of children.assembly) {
    assemblyInfo(block, model, id, facts);
    assemblyDetails(block, id, facts);
    facts.setAll('rcsb_assembly_container_identifiers', {
      rcsb_id: `${entryId}-${id}`,
      entry_id: entryId,
      assembly_id: id,
    });
  }
  entry.set('rcsb_entry_info', 'polymer_entity_taxonomy_count', taxonomyCount(children.polymer_entity));
  addNeighbours(block, model, children);

  const invalid = options.invalidValues ?? new Map<string, number>();
  const rowsOf = (level: ReturnType, objects: ObjectFacts, idOf: (id: string) => string) =>
    [...objects].map(([id, facts]) => rowOf(plan, level, facts, idOf(id), invalid));
  const documents: EntryDocuments = {
    entry: rowOf(plan, 'entry', entry, entryId, invalid),
    polymer_entity: rowsOf('polymer_entity', children.polymer_entity, (id) => `${entryId}_${id}`),
    polymer_instance: rowsOf('polymer_instance', children.polymer_instance, (id) => `${entryId}.${id}`),
    non_polymer_entity: rowsOf('non_polymer_entity', children.non_polymer_entity, (id) => `${entryId}_${id}`),
    assembly: rowsOf('assembly', children.assembly, (id) => `${entryId}-${id}`),
  };
  keepLinkColumns(documents, children);
  return documents;
}

/** Ligand–polymer contacts, on the non-polymer entities and on the polymer instances. */
function addNeighbours(block: Block, model: EntryModel, children: Record<string, ObjectFacts>): void {
  const compIds = new Map(block.records('pdbx_entity_nonpoly').map((r) => [String(r.entity_id), r.comp_id]));
  const { targets, ligands } = neighbourRecords(ligandContacts(block, model), model, (id) => compIds.get(id));
  for (const [entityId, records] of targets)
    children.non_polymer_entity!.get(entityId)?.add('rcsb_target_neighbors', records);
  for (const [asymId, records] of ligands)
    children.polymer_instance!.get(asymId)?.add('rcsb_ligand_neighbors', records);
}

function factsFor(ids: Iterable<string>): ObjectFacts {
  return new Map([...ids].map((id) => [id, new Facts()]));
}

function rowOf(
  plan: CataloguePlan,
  level: ReturnType,
  facts: Facts,
  rcsbId: string,
  invalid: InvalidValueCounts,
): Row {
  const levelPlan = plan.get(level);
  const row = levelPlan ? placeFacts(facts, levelPlan, invalid) : {};
  return { rcsb_id: rcsbId, ...row };
}

/** Distinct source taxonomies over the polymer entities (rcsb_entry_info.polymer_entity_taxonomy_count). */
function taxonomyCount(entities: ObjectFacts): number | undefined {
  const taxa = new Set<unknown>();
  for (const facts of entities.values())
    for (const source of facts.get('rcsb_entity_source_organism') ?? [])
      if (source.ncbi_taxonomy_id !== undefined) taxa.add(String(source.ncbi_taxonomy_id));
  return entities.size > 0 ? taxa.size : undefined;
}

/**
 * The pipeline links instances to their entity and non-polymer entities to their chemical
 * component by these two columns, so they are kept even when the catalogue given lacks them.
 */
function keepLinkColumns(documents: EntryDocuments, children: Record<string, ObjectFacts>): void {
  const instanceFacts = [...children.polymer_instance!.values()];
  documents.polymer_instance.forEach((row, index) => {
    const path = 'rcsb_polymer_entity_instance_container_identifiers.entity_id';
    row[path] ??= instanceFacts[index]!.first(
      'rcsb_polymer_entity_instance_container_identifiers',
      'entity_id',
    );
  });
  const entityFacts = [...children.non_polymer_entity!.values()];
  documents.non_polymer_entity.forEach((row, index) => {
    const path = 'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id';
    const compId = entityFacts[index]!.first(
      'rcsb_nonpolymer_entity_container_identifiers',
      'nonpolymer_comp_id',
    );
    if (compId !== undefined) row[path] ??= compId;
  });
}
