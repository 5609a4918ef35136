import type { ReturnType } from '../levels.ts';
import type { AttributeRow, NativeLevel } from './catalogue-rows.ts';
import { ATTRIBUTE_ROWS, ROOT_LEVELS } from './public-catalogue.generated.ts';

/** Scalar type of an attribute's values (dates are `string` with `format: date` in the public schema). */
export type ScalarType = 'string' | 'integer' | 'number' | 'date';

/** Search contexts of the public metadata (`rcsb_search_context`). */
export type SearchContext = 'exact-match' | 'full-text' | 'default-match' | 'suggest';

/**
 * A nested-indexed record that holds the attribute. Conditions on attributes of the same record
 * standing alone together in a group must hold on the same record.
 */
export interface NestedRecord {
  /** Path of the nested-indexed array, e.g. `rcsb_struct_symmetry`; the Parquet column of the list. */
  root: string;
  /** A list of records inside the record (e.g. `annotation_lineage`); the outer record is the scope. */
  inner?: string;
}

/** One attribute of the catalogue: the public path plus how an archive stores it. */
export interface CatalogueAttribute {
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
  /** The public metadata that lists it: structure (`text` service), chemical (`text_chem`), or both. */
  metadata: readonly ('structure' | 'chemical')[];
  /** A field of the archive's documents that the public metadata does not list as searchable. */
  documentField?: true;
}

/**
 * Where attributes of levels without a table of their own are held: branched entities and their
 * instances on the entry, non-polymer instances on their entity. One object then holds the values of
 * several, so such attributes are lists.
 */
const STORAGE_LEVEL: Record<NativeLevel, ReturnType> = {
  entry: 'entry',
  polymer_entity: 'polymer_entity',
  polymer_instance: 'polymer_instance',
  non_polymer_entity: 'non_polymer_entity',
  assembly: 'assembly',
  mol_definition: 'mol_definition',
  branched_entity: 'entry',
  branched_instance: 'entry',
  non_polymer_instance: 'non_polymer_entity',
};

const CONTEXTS: Record<string, SearchContext> = {
  e: 'exact-match',
  t: 'full-text',
  d: 'default-match',
  s: 'suggest',
};

const ID_BRIEFS: Record<ReturnType, string> = {
  entry: 'Entry ID',
  polymer_entity: 'Entity ID',
  polymer_instance: 'Instance ID',
  non_polymer_entity: 'Non-polymer Entity ID',
  assembly: 'Assembly ID',
  mol_definition: 'Chemical Component ID',
};

function fromRow(row: AttributeRow, nativeLevel: NativeLevel): CatalogueAttribute {
  const [path, type, contexts, multi, metadata, nested, inner, units] = row;
  const level = STORAGE_LEVEL[nativeLevel];
  return {
    path,
    level,
    type,
    contexts: [...contexts].map((c) => CONTEXTS[c] as SearchContext),
    multi: multi === 1 || level !== nativeLevel,
    ...(nested && { nested: { root: nested, ...(inner && { inner }) } }),
    ...(units && { units }),
    metadata: [
      ...(metadata.includes('s') ? (['structure'] as const) : []),
      ...(metadata.includes('c') ? (['chemical'] as const) : []),
    ],
  };
}

/** `rcsb_id` is one public attribute per metadata but names the object of every level. */
function identifiers(): CatalogueAttribute[] {
  return (Object.keys(ID_BRIEFS) as ReturnType[]).map((level) => ({
    path: 'rcsb_id',
    level,
    type: 'string',
    contexts: ['exact-match'],
    multi: false,
    brief: ID_BRIEFS[level],
    metadata: [level === 'mol_definition' ? 'chemical' : 'structure'],
  }));
}

/**
 * Fields of the archive's documents that its search metadata does not list as searchable, held here
 * because the results pages show them and `group_by` and everyday searches use them.
 */
const DOCUMENT_FIELDS: readonly (readonly [ReturnType, ...AttributeRow])[] = [
  ['entry', 'rcsb_primary_citation.pdbx_database_id_PubMed', 'integer', 'd', 0, 's'],
  ['entry', 'rcsb_binding_affinity.unit', 'string', 'e', 1, 's', 'rcsb_binding_affinity'],
  ['polymer_entity', 'rcsb_polymer_entity_container_identifiers.entity_id', 'string', 'e', 0, 's'],
  ['polymer_entity', 'rcsb_polymer_entity_container_identifiers.uniprot_ids', 'string', 'e', 1, 's'],
  ['polymer_entity', 'rcsb_polymer_entity.pdbx_ec', 'string', 'e', 0, 's'],
  ['polymer_entity', 'rcsb_entity_source_organism.ncbi_taxonomy_id', 'integer', 'd', 1, 's'],
  ['non_polymer_entity', 'rcsb_nonpolymer_entity_container_identifiers.entry_id', 'string', 'e', 0, 's'],
  ['non_polymer_entity', 'pdbx_entity_nonpoly.comp_id', 'string', 'e', 0, 's'],
  ['assembly', 'pdbx_struct_assembly.oligomeric_count', 'integer', 'd', 0, 's'],
  ['mol_definition', 'chem_comp.id', 'string', 'e', 0, 'c'],
  ['mol_definition', 'chem_comp.formula', 'string', 'e', 0, 'c'],
];

/**
 * The level of the public documents an attribute belongs to: a branched entity's attributes are held
 * by the entry here, but a source of documents (the Data API) serves them on the branched entity.
 */
export function nativeLevelOf(attribute: CatalogueAttribute): NativeLevel {
  if (attribute.path === 'rcsb_id' || attribute.documentField) return attribute.level;
  return ROOT_LEVELS[attribute.path.split('.')[0] as string] ?? 'entry';
}

/**
 * Every searchable attribute of the public archive, with the level of its root (roots not in the
 * table are entry-level), and the document fields above. An archive holds the subset its snapshot
 * has columns for.
 */
export const CATALOGUE: readonly CatalogueAttribute[] = [
  ...identifiers(),
  ...ATTRIBUTE_ROWS.filter(([path]) => path !== 'rcsb_id').map((row) =>
    fromRow(row, ROOT_LEVELS[row[0].split('.')[0] as string] ?? 'entry'),
  ),
  ...DOCUMENT_FIELDS.map(([level, ...row]) => ({ ...fromRow(row, level), documentField: true as const })),
];
