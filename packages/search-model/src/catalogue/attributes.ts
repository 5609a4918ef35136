import type { ReturnType } from '../levels.ts';

/** Scalar type of an attribute's values (dates are `string` with `format: date` in the public schema). */
export type ScalarType = 'string' | 'integer' | 'number' | 'date';

/** Search contexts of the public metadata (`rcsb_search_context`). */
export type SearchContext = 'exact-match' | 'full-text' | 'default-match' | 'suggest';

/**
 * A nested-indexed record that holds the attribute. Conditions on attributes of the same record
 * standing alone together in a group must hold on the same record (search-api.md 2.6 point 4).
 */
export interface NestedRecord {
  /** Path of the nested-indexed array, e.g. `rcsb_struct_symmetry`; the Parquet column of the list. */
  root: string;
  /** A nested-indexed array inside the record (e.g. `annotation_lineage`); the outer record is the scope. */
  inner?: string;
}

/** One attribute this archive holds: the public path plus how it is stored. */
export interface HeldAttribute {
  /** Public dotted path (array levels left out). */
  path: string;
  /** Object level whose table holds the attribute. */
  level: ReturnType;
  type: ScalarType;
  contexts: readonly SearchContext[];
  /** True when one object can hold several values (stored as a list). */
  multi: boolean;
  /** Set when the attribute lives in a nested-indexed record (stored as a list of structs). */
  nested?: NestedRecord;
  /** Units of the values, as the public metadata names them. */
  units?: string;
  /** Display text when the public metadata gives none. */
  brief?: string;
}

type Ctx = 'exact' | 'text' | 'both' | 'num';
const CONTEXTS: Record<Ctx, readonly SearchContext[]> = {
  exact: ['exact-match'],
  text: ['full-text'],
  both: ['exact-match', 'full-text'],
  num: ['default-match'],
};

interface Options {
  multi?: boolean;
  nested?: NestedRecord;
  units?: string;
  brief?: string;
}

function held(
  level: ReturnType,
  path: string,
  type: ScalarType,
  ctx: Ctx,
  options: Options = {},
): HeldAttribute {
  return {
    path,
    level,
    type,
    contexts: CONTEXTS[ctx],
    multi: options.multi ?? options.nested !== undefined,
    ...(options.nested && { nested: options.nested }),
    ...(options.units && { units: options.units }),
    ...(options.brief && { brief: options.brief }),
  };
}

const LIST = { multi: true } as const;
const CITATION = { nested: { root: 'citation' } } as const;
const AFFINITY = { nested: { root: 'rcsb_binding_affinity' } } as const;
const EC = { nested: { root: 'rcsb_polymer_entity.rcsb_ec_lineage' } } as const;
const GROUPS = { nested: { root: 'rcsb_polymer_entity_group_membership' } } as const;
const REFSEQ = {
  nested: { root: 'rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers' },
} as const;
const DOMAINS = { nested: { root: 'rcsb_polymer_instance_annotation' } } as const;
const DOMAIN_LINEAGE = {
  nested: { root: 'rcsb_polymer_instance_annotation', inner: 'annotation_lineage' },
} as const;
const SYMMETRY = { nested: { root: 'rcsb_struct_symmetry' } } as const;

const e = (path: string, type: ScalarType, ctx: Ctx, o?: Options) => held('entry', path, type, ctx, o);
const pe = (path: string, type: ScalarType, ctx: Ctx, o?: Options) =>
  held('polymer_entity', path, type, ctx, o);
const pi = (path: string, type: ScalarType, ctx: Ctx, o?: Options) =>
  held('polymer_instance', path, type, ctx, o);
const npe = (path: string, type: ScalarType, ctx: Ctx, o?: Options) =>
  held('non_polymer_entity', path, type, ctx, o);
const as = (path: string, type: ScalarType, ctx: Ctx, o?: Options) => held('assembly', path, type, ctx, o);
const cc = (path: string, type: ScalarType, ctx: Ctx, o?: Options) =>
  held('mol_definition', path, type, ctx, o);

/**
 * Every attribute the archive holds: those the charts use (reference/charts.md) plus the everyday
 * search attributes. `rcsb_id` exists on every level; the planner resolves it to the level of the
 * request's return type (or of the service, for `text_chem`).
 */
export const HELD_ATTRIBUTES: readonly HeldAttribute[] = [
  // entry: identifiers, dates, method, composition
  e('rcsb_id', 'string', 'exact', { brief: 'Entry ID' }),
  e('rcsb_entry_container_identifiers.entry_id', 'string', 'exact'),
  e('rcsb_accession_info.initial_release_date', 'date', 'num'),
  e('rcsb_accession_info.deposit_date', 'date', 'num'),
  e('rcsb_accession_info.revision_date', 'date', 'num'),
  e('exptl.method', 'string', 'exact', LIST),
  e('rcsb_entry_info.experimental_method', 'string', 'exact'),
  e('rcsb_entry_info.structure_determination_methodology', 'string', 'exact'),
  e('rcsb_entry_info.selected_polymer_entity_types', 'string', 'exact'),
  e('rcsb_entry_info.polymer_composition', 'string', 'exact'),
  e('rcsb_entry_info.resolution_combined', 'number', 'num', { multi: true, units: 'angstroms' }),
  e('rcsb_entry_info.molecular_weight', 'number', 'num', { units: 'kilodaltons' }),
  e('rcsb_entry_info.deposited_atom_count', 'integer', 'num'),
  e('rcsb_entry_info.deposited_polymer_monomer_count', 'integer', 'num'),
  e('rcsb_entry_info.deposited_model_count', 'integer', 'num'),
  e('rcsb_entry_info.polymer_entity_count', 'integer', 'num'),
  e('rcsb_entry_info.nonpolymer_entity_count', 'integer', 'num'),
  e('rcsb_entry_info.assembly_count', 'integer', 'num'),
  e('rcsb_entry_info.software_programs_combined', 'string', 'exact', LIST),
  e('refine.ls_R_factor_R_free', 'number', 'num', LIST),
  e('refine.ls_R_factor_R_work', 'number', 'num', LIST),
  e('symmetry.space_group_name_H_M', 'string', 'exact'),
  e('cell.length_a', 'number', 'num', { units: 'angstroms' }),
  // entry: descriptive text and people
  e('struct.title', 'string', 'text'),
  e('struct_keywords.pdbx_keywords', 'string', 'both'),
  e('struct_keywords.text', 'string', 'text'),
  e('audit_author.name', 'string', 'both', LIST),
  e('pdbx_SG_project.full_name_of_center', 'string', 'exact', LIST),
  e('pdbx_SG_project.initial_of_center', 'string', 'exact', LIST),
  e('pdbx_SG_project.project_name', 'string', 'exact', LIST),
  e('rcsb_ihm_dataset_list.name', 'string', 'exact', LIST),
  // entry: citations
  e('rcsb_primary_citation.title', 'string', 'text'),
  e('rcsb_primary_citation.rcsb_journal_abbrev', 'string', 'exact'),
  e('rcsb_primary_citation.year', 'integer', 'num'),
  e('rcsb_primary_citation.pdbx_database_id_DOI', 'string', 'exact'),
  e('rcsb_primary_citation.pdbx_database_id_PubMed', 'integer', 'num'),
  e('rcsb_primary_citation.rcsb_authors', 'string', 'both', LIST),
  e('citation.title', 'string', 'text', CITATION),
  e('citation.rcsb_journal_abbrev', 'string', 'exact', CITATION),
  e('citation.year', 'integer', 'num', CITATION),
  e('citation.rcsb_is_primary', 'string', 'exact', CITATION),
  e('rcsb_binding_affinity.comp_id', 'string', 'exact', AFFINITY),
  e('rcsb_binding_affinity.type', 'string', 'exact', AFFINITY),
  e('rcsb_binding_affinity.value', 'number', 'num', AFFINITY),
  e('rcsb_binding_affinity.unit', 'string', 'exact', AFFINITY),
  // polymer entity
  pe('rcsb_id', 'string', 'exact', { brief: 'Entity ID' }),
  pe('rcsb_polymer_entity_container_identifiers.entry_id', 'string', 'exact'),
  pe('rcsb_polymer_entity_container_identifiers.entity_id', 'string', 'exact'),
  pe('rcsb_polymer_entity_container_identifiers.uniprot_ids', 'string', 'exact', LIST),
  pe(
    'rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers.database_name',
    'string',
    'exact',
    REFSEQ,
  ),
  pe(
    'rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers.database_accession',
    'string',
    'exact',
    REFSEQ,
  ),
  pe('entity_poly.rcsb_entity_polymer_type', 'string', 'exact'),
  pe('entity_poly.rcsb_sample_sequence_length', 'integer', 'num'),
  pe('rcsb_polymer_entity.pdbx_description', 'string', 'both'),
  pe('rcsb_polymer_entity.formula_weight', 'number', 'num', { units: 'kilodaltons' }),
  pe('rcsb_polymer_entity.pdbx_number_of_molecules', 'integer', 'num'),
  pe('rcsb_polymer_entity.pdbx_ec', 'string', 'exact'),
  pe('rcsb_polymer_entity.rcsb_ec_lineage.id', 'string', 'exact', EC),
  pe('rcsb_polymer_entity.rcsb_ec_lineage.name', 'string', 'exact', EC),
  pe('rcsb_polymer_entity.rcsb_ec_lineage.depth', 'integer', 'num', EC),
  pe('rcsb_entity_source_organism.ncbi_scientific_name', 'string', 'both', LIST),
  pe('rcsb_entity_source_organism.ncbi_parent_scientific_name', 'string', 'both', LIST),
  pe('rcsb_entity_source_organism.ncbi_taxonomy_id', 'integer', 'num', LIST),
  pe('rcsb_entity_source_organism.source_type', 'string', 'exact', LIST),
  pe('rcsb_entity_source_organism.taxonomy_lineage.id', 'string', 'exact', LIST),
  pe('rcsb_entity_source_organism.taxonomy_lineage.name', 'string', 'both', LIST),
  pe('rcsb_entity_source_organism.taxonomy_lineage.depth', 'integer', 'num', LIST),
  pe('rcsb_entity_host_organism.ncbi_scientific_name', 'string', 'both', LIST),
  pe('rcsb_polymer_entity_group_membership.group_id', 'string', 'exact', GROUPS),
  pe('rcsb_polymer_entity_group_membership.aggregation_method', 'string', 'exact', GROUPS),
  pe('rcsb_polymer_entity_group_membership.similarity_cutoff', 'number', 'num', GROUPS),
  // polymer instance
  pi('rcsb_id', 'string', 'exact', { brief: 'Instance ID' }),
  pi('rcsb_polymer_entity_instance_container_identifiers.entry_id', 'string', 'exact'),
  pi('rcsb_polymer_entity_instance_container_identifiers.entity_id', 'string', 'exact'),
  pi('rcsb_polymer_entity_instance_container_identifiers.asym_id', 'string', 'exact'),
  pi('rcsb_polymer_entity_instance_container_identifiers.auth_asym_id', 'string', 'exact'),
  pi('rcsb_polymer_instance_annotation.type', 'string', 'exact', DOMAINS),
  pi('rcsb_polymer_instance_annotation.annotation_id', 'string', 'exact', DOMAINS),
  pi('rcsb_polymer_instance_annotation.name', 'string', 'both', DOMAINS),
  pi('rcsb_polymer_instance_annotation.annotation_lineage.id', 'string', 'exact', DOMAIN_LINEAGE),
  pi('rcsb_polymer_instance_annotation.annotation_lineage.name', 'string', 'both', DOMAIN_LINEAGE),
  pi('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'integer', 'num', DOMAIN_LINEAGE),
  // non-polymer entity
  npe('rcsb_id', 'string', 'exact', { brief: 'Non-polymer Entity ID' }),
  npe('rcsb_nonpolymer_entity_container_identifiers.entry_id', 'string', 'exact'),
  npe('rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id', 'string', 'exact'),
  npe('pdbx_entity_nonpoly.comp_id', 'string', 'exact'),
  npe('pdbx_entity_nonpoly.name', 'string', 'text'),
  npe('rcsb_nonpolymer_entity.formula_weight', 'number', 'num', { units: 'kilodaltons' }),
  npe('rcsb_nonpolymer_entity.pdbx_number_of_molecules', 'integer', 'num'),
  // assembly
  as('rcsb_id', 'string', 'exact', { brief: 'Assembly ID' }),
  as('rcsb_assembly_container_identifiers.entry_id', 'string', 'exact'),
  as('rcsb_assembly_container_identifiers.assembly_id', 'string', 'exact'),
  as('pdbx_struct_assembly.oligomeric_details', 'string', 'exact'),
  as('pdbx_struct_assembly.oligomeric_count', 'integer', 'num'),
  as('rcsb_assembly_info.polymer_entity_instance_count', 'integer', 'num'),
  as('rcsb_struct_symmetry.kind', 'string', 'exact', SYMMETRY),
  as('rcsb_struct_symmetry.type', 'string', 'exact', SYMMETRY),
  as('rcsb_struct_symmetry.symbol', 'string', 'exact', SYMMETRY),
  as('rcsb_struct_symmetry.oligomeric_state', 'string', 'exact', SYMMETRY),
  // chemical components (mol_definition)
  cc('rcsb_id', 'string', 'exact', { brief: 'Chemical Component ID' }),
  cc('rcsb_chem_comp_container_identifiers.comp_id', 'string', 'exact'),
  cc('rcsb_chem_comp_container_identifiers.prd_id', 'string', 'exact'),
  cc('chem_comp.id', 'string', 'exact'),
  cc('chem_comp.name', 'string', 'both'),
  cc('chem_comp.type', 'string', 'exact'),
  cc('chem_comp.formula', 'string', 'exact'),
  cc('chem_comp.formula_weight', 'number', 'num', { units: 'daltons' }),
  cc('rcsb_chem_comp_info.initial_release_date', 'date', 'num'),
];
