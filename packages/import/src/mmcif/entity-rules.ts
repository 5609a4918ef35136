import type { Block, CifRecord } from './cif-file.ts';
import type { EntityModel, EntryModel, InstanceModel } from './entry-model.ts';
import type { Facts } from './facts.ts';
import { entityFeatures, sequenceDifferences, subjectOfInvestigation } from './feature-rules.ts';
import { groupBy } from './generic.ts';

/** What the entity and instance rules read, besides the object itself. */
export interface EntityContext {
  block: Block;
  model: EntryModel;
  entryId: string;
}

const kilodaltons = (daltons: number | undefined) =>
  daltons === undefined ? undefined : Number((daltons / 1000).toFixed(3));

function authAsymIds(ctx: EntityContext, entity: EntityModel): string[] {
  const ids = entity.asymIds
    .map((asym) => ctx.model.instanceByAsym.get(asym)?.authAsymId)
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

/** The entity's text columns of `entity`, under RCSB's per-entity record. */
function entityRecord(ctx: EntityContext, entity: EntityModel): CifRecord {
  return ctx.block.records('entity').find((r) => r.id === entity.id) ?? {};
}

/** rcsb_polymer_entity: the entity's description in kDa, and its EC numbers as lineages. */
export function polymerEntityInfo(ctx: EntityContext, entity: EntityModel, facts: Facts): void {
  const record = entityRecord(ctx, entity);
  const ecNumbers = ecNumbersOf(record.pdbx_ec);
  facts.setAll('rcsb_polymer_entity', {
    formula_weight: kilodaltons(entity.formulaWeight),
    pdbx_description: record.pdbx_description,
    pdbx_number_of_molecules: record.pdbx_number_of_molecules,
    pdbx_ec: record.pdbx_ec,
    pdbx_mutation: record.pdbx_mutation,
    pdbx_fragment: record.pdbx_fragment,
    details: record.details,
  });
  facts.add('rcsb_polymer_entity.rcsb_ec_lineage', ecLineage(ecNumbers));
  facts.add(
    'rcsb_polymer_entity.rcsb_enzyme_class_combined',
    ecNumbers.map((ec) => ({ ec, depth: ecLevels(ec).length, provenance_source: 'PDB Primary Data' })),
  );
  facts.setAll('entity_poly', {
    rcsb_entity_polymer_type: entity.polymerClass,
    rcsb_sample_sequence_length: entity.sequenceLength,
    rcsb_mutation_count: mutationCount(ctx, entity),
  });
  entityFeatures(ctx.block, entity, facts);
  entityNames(ctx, entity, facts, 'rcsb_polymer_entity');
  facts.set(
    'rcsb_polymer_entity.rcsb_polymer_name_combined',
    'names',
    record.pdbx_description === undefined ? undefined : [record.pdbx_description],
  );
  const names = [record.pdbx_description, ...commonNames(ctx, entity)].filter((n) => n !== undefined);
  facts.add(
    'rcsb_polymer_entity.rcsb_macromolecular_names_combined',
    [...new Set(names)].map((name) => ({ name })),
  );
}

/** Common names of an entity (entity_name_com lists several in one value, separated by commas). */
function commonNames(ctx: EntityContext, entity: EntityModel): string[] {
  return ctx.block
    .records('entity_name_com')
    .filter((r) => r.entity_id === entity.id)
    .flatMap((r) => String(r.name ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** rcsb_*_name_com / rcsb_*_name_sys: the entity's common and systematic names, one value each. */
export function entityNames(ctx: EntityContext, entity: EntityModel, facts: Facts, prefix: string): void {
  facts.add(
    `${prefix}_name_com`,
    commonNames(ctx, entity).map((name) => ({ name })),
  );
  const systematic = ctx.block.records('entity_name_sys').filter((r) => r.entity_id === entity.id);
  facts.add(
    `${prefix}_name_sys`,
    systematic.map((r) => ({ name: r.name })),
  );
}

/** Engineered mutations: positions of the entity that struct_ref_seq_dif calls so, each once. */
function mutationCount(ctx: EntityContext, entity: EntityModel): number | undefined {
  if (!ctx.block.has('struct_ref_seq_dif')) return undefined;
  const positions = sequenceDifferences(ctx.block, entity.id)
    .filter((dif) => /engineered mutation/i.test(String(dif.details ?? '')))
    .map((dif) => String(dif.seq_num ?? dif.pdbx_auth_seq_num));
  return new Set(positions).size;
}

/** BIRD molecules (pdbx_molecule) an entity's instances belong to. */
function prdIdOf(ctx: EntityContext, entity: EntityModel): string | undefined {
  const asyms = new Set(entity.asymIds);
  const molecule = ctx.block.records('pdbx_molecule').find((m) => asyms.has(String(m.asym_id)));
  return molecule?.prd_id as string | undefined;
}

/** EC numbers of entity.pdbx_ec ('3.4.22.69', or several separated by commas). */
export function ecNumbersOf(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/[,;\s]+/)
    .map((ec) => ec.trim().replace(/^EC\s*/i, ''))
    .filter((ec) => /^\d+(\.(\d+|-|n\d+))*$/.test(ec));
}

/** The classes an EC number sits in, broadest first: '3.4.22.69' → 3, 3.4, 3.4.22, 3.4.22.69. */
function ecLevels(ec: string): string[] {
  const parts = ec.split('.');
  const levels: string[] = [];
  for (let depth = 1; depth <= parts.length && parts[depth - 1] !== '-'; depth++)
    levels.push(parts.slice(0, depth).join('.'));
  return levels;
}

/** rcsb_ec_lineage: every class of every EC number once, with its depth (names need the ENZYME list). */
export function ecLineage(ecNumbers: readonly string[]): { id: string; depth: number }[] {
  const seen = new Map<string, number>();
  for (const ec of ecNumbers) ecLevels(ec).forEach((id, index) => seen.set(id, index + 1));
  return [...seen].map(([id, depth]) => ({ id, depth }));
}

/** How each source category names the organism; RCSB's source_type follows the category. */
const SOURCE_CATEGORIES = [
  {
    category: 'entity_src_gen',
    sourceType: 'genetically engineered',
    taxonomy: 'pdbx_gene_src_ncbi_taxonomy_id',
    scientific: 'pdbx_gene_src_scientific_name',
    common: 'gene_src_common_name',
    gene: 'pdbx_gene_src_gene',
  },
  {
    category: 'entity_src_nat',
    sourceType: 'natural',
    taxonomy: 'pdbx_ncbi_taxonomy_id',
    scientific: 'pdbx_organism_scientific',
    common: 'common_name',
  },
  {
    category: 'pdbx_entity_src_syn',
    sourceType: 'synthetic',
    taxonomy: 'ncbi_taxonomy_id',
    scientific: 'organism_scientific',
    common: 'organism_common_name',
  },
] as const;

/**
 * The organism name as NCBI writes it. Older depositions give names in capitals ("HOMO SAPIENS"),
 * which would make a second bar beside "Homo sapiens" while a search for either finds both (names
 * match without regard to case). NCBI capitalises the first word and writes the others in lower
 * case, but for strain and serotype codes ("K-12", "S288C"), which keep their capitals.
 */
export function ncbiStyleName(name: unknown): unknown {
  if (typeof name !== 'string' || /[a-z]/.test(name)) return name;
  return name
    .split(' ')
    .map((word, i) => {
      if (/\d/.test(word)) return word;
      const lower = word.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * rcsb_entity_source_organism (and rcsb_entity_host_organism for expression hosts), one record per
 * source part. The files give the depositor's organism name; RCSB's ncbi_scientific_name is the
 * NCBI name of the taxonomy id, which is the same name for all but a few renamed taxa.
 */
export function sourceOrganisms(ctx: EntityContext, entity: EntityModel, facts: Facts): void {
  const sources: CifRecord[] = [];
  const hosts: CifRecord[] = [];
  for (const source of SOURCE_CATEGORIES) {
    for (const row of ctx.block.records(source.category)) {
      if (row.entity_id !== entity.id) continue;
      const gene = 'gene' in source ? row[source.gene] : undefined;
      sources.push({
        source_type: source.sourceType,
        ncbi_taxonomy_id: row[source.taxonomy],
        scientific_name: row[source.scientific],
        ncbi_scientific_name: ncbiStyleName(row[source.scientific]),
        common_name: row[source.common],
        beg_seq_num: row.pdbx_beg_seq_num,
        end_seq_num: row.pdbx_end_seq_num,
        'rcsb_gene_name.value': typeof gene === 'string' ? gene.split(/\s*,\s*/).filter(Boolean) : undefined,
      });
      if (
        source.category === 'entity_src_gen' &&
        (row.pdbx_host_org_ncbi_taxonomy_id || row.pdbx_host_org_scientific_name)
      )
        hosts.push({
          ncbi_taxonomy_id: row.pdbx_host_org_ncbi_taxonomy_id,
          scientific_name: row.pdbx_host_org_scientific_name,
          ncbi_scientific_name: ncbiStyleName(row.pdbx_host_org_scientific_name),
          common_name: row.host_org_common_name,
        });
    }
  }
  // Computed models name the modelled protein's organism in the target reference instead.
  if (sources.length === 0)
    for (const row of ctx.block.records('ma_target_ref_db_details'))
      if (row.target_entity_id === entity.id)
        sources.push({
          ncbi_taxonomy_id: row.ncbi_taxonomy_id,
          scientific_name: row.organism_scientific,
          ncbi_scientific_name: ncbiStyleName(row.organism_scientific),
          'rcsb_gene_name.value': row.gene_name === undefined ? undefined : [row.gene_name],
        });
  facts.add('rcsb_entity_source_organism', sources);
  facts.add('rcsb_entity_host_organism', hosts);
  const taxa = new Set(sources.map((s) => s.ncbi_taxonomy_id).filter((t) => t !== undefined));
  facts.setAll('rcsb_polymer_entity', {
    rcsb_source_part_count: sources.length || undefined,
    rcsb_source_taxonomy_count: taxa.size || undefined,
  });
}

/** Sequence database names of struct_ref (and of computed models' targets) as RCSB spells them. */
const REFERENCE_DATABASES: Readonly<Record<string, string>> = {
  UNP: 'UniProt',
  GB: 'GenBank',
  EMBL: 'EMBL',
  PIR: 'PIR',
  NOR: 'NORINE',
  REF: 'RefSeq',
  PRF: 'PRF',
  NDB: 'NDB',
};

/**
 * The reference sequences the depositor (or the model's provider) aligned the entity to, with the
 * fraction of the entity's sequence the alignments cover (struct_ref_seq seq_align_beg..end).
 */
export function referenceSequences(ctx: EntityContext, entity: EntityModel, facts: Facts): void {
  const alignments = ctx.block.records('struct_ref_seq');
  const coverageOf = (refId: unknown) => {
    if (!entity.sequenceLength) return undefined;
    const covered = new Set<number>();
    for (const a of alignments) {
      if (a.ref_id !== refId) continue;
      const begin = Number(a.seq_align_beg);
      const end = Number(a.seq_align_end);
      if (Number.isInteger(begin) && Number.isInteger(end)) for (let p = begin; p <= end; p++) covered.add(p);
    }
    return covered.size ? Number(Math.min(1, covered.size / entity.sequenceLength).toFixed(2)) : undefined;
  };
  const fromStructRef = ctx.block
    .records('struct_ref')
    .filter((r) => r.entity_id === entity.id)
    .map((r) => ({
      name: r.db_name,
      accession: r.pdbx_db_accession,
      isoform: r.pdbx_db_isoform,
      coverage: coverageOf(r.id),
    }));
  const fromTarget = ctx.block
    .records('ma_target_ref_db_details')
    .filter((r) => r.target_entity_id === entity.id)
    .map((r) => ({
      name: r.db_name,
      accession: r.db_accession,
      isoform: r.seq_db_isoform,
      coverage: undefined,
    }));
  const references = [...fromStructRef, ...fromTarget]
    .map((r) => ({
      database_name: REFERENCE_DATABASES[String(r.name ?? '').toUpperCase()],
      database_accession: r.accession,
      database_isoform: r.isoform,
      entity_sequence_coverage: r.coverage,
      provenance_source: 'PDB',
    }))
    .filter((r) => r.database_name !== undefined && r.database_accession !== undefined);
  facts.add('rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers', references);
}

/** Identifiers linking a polymer entity to its entry and instances. */
export function polymerEntityIdentifiers(ctx: EntityContext, entity: EntityModel, facts: Facts): void {
  facts.setAll('rcsb_polymer_entity_container_identifiers', {
    rcsb_id: `${ctx.entryId}_${entity.id}`,
    entry_id: ctx.entryId,
    entity_id: entity.id,
    asym_ids: entity.asymIds,
    auth_asym_ids: authAsymIds(ctx, entity),
    chem_comp_monomers: [...entity.monomers].sort(),
    prd_id: prdIdOf(ctx, entity),
  });
}

/** rcsb_nonpolymer_entity and the identifiers linking the entity to its entry and chemical component. */
export function nonPolymerEntity(ctx: EntityContext, entity: EntityModel, facts: Facts): void {
  const record = entityRecord(ctx, entity);
  facts.setAll('rcsb_nonpolymer_entity', {
    formula_weight: kilodaltons(entity.formulaWeight),
    pdbx_description: record.pdbx_description,
    pdbx_number_of_molecules: record.pdbx_number_of_molecules,
    details: record.details,
  });
  const compId = groupBy(ctx.block.records('pdbx_entity_nonpoly'), 'entity_id').get(entity.id)?.[0]?.comp_id;
  entityNames(ctx, entity, facts, 'rcsb_nonpolymer_entity');
  subjectOfInvestigation(ctx.block, entity, compId, facts);
  facts.setAll('rcsb_nonpolymer_entity_container_identifiers', {
    rcsb_id: `${ctx.entryId}_${entity.id}`,
    entry_id: ctx.entryId,
    entity_id: entity.id,
    nonpolymer_comp_id: compId,
    prd_id: prdIdOf(ctx, entity),
    asym_ids: entity.asymIds,
    auth_asym_ids: authAsymIds(ctx, entity),
  });
  // Non-polymer instances have no table of their own: they are lists on their entity.
  facts.add(
    'rcsb_nonpolymer_entity_instance_container_identifiers',
    entity.asymIds.map((asym) => ({
      rcsb_id: `${ctx.entryId}.${asym}`,
      entry_id: ctx.entryId,
      entity_id: entity.id,
      asym_id: asym,
      auth_asym_id: ctx.model.instanceByAsym.get(asym)?.authAsymId,
      comp_id: compId,
    })),
  );
}

/** Identifiers of a polymer instance: label asym id, author chain id, entity and entry. */
export function instanceIdentifiers(ctx: EntityContext, instance: InstanceModel, facts: Facts): void {
  facts.setAll('rcsb_polymer_entity_instance_container_identifiers', {
    rcsb_id: `${ctx.entryId}.${instance.asymId}`,
    entry_id: ctx.entryId,
    entity_id: instance.entityId,
    asym_id: instance.asymId,
    auth_asym_id: instance.authAsymId,
  });
}

/** The polymer entity rules in the order they run. */
export const POLYMER_ENTITY_RULES = [
  polymerEntityIdentifiers,
  polymerEntityInfo,
  sourceOrganisms,
  referenceSequences,
] as const;
