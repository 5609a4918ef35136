import {
  LEVEL_LINKS,
  RETURN_TYPES,
  findAttribute,
  FULL_CATALOGUE,
  type AttributeSet,
  type CatalogueAttribute,
  type ReturnType,
} from '@pdb-stats/search-model';

/** A level a key attribute is read from when it is not the return type's own: its entry or entity. */
export type Parent = 'entry' | 'polymer_entity';

/** The link column of a child row that names its parent (see LEVEL_LINKS). */
export const PARENT_LINK: Record<Parent, string> = { entry: '_entry_key', polymer_entity: '_entity_key' };

export interface KeyAttribute {
  path: string;
  /** Read from the parent row: an instance shows its entity's description, every child its entry's title. */
  from?: Parent;
}

const ENTRY_CONTEXT: readonly KeyAttribute[] = [
  { path: 'struct.title', from: 'entry' },
  { path: 'rcsb_accession_info.initial_release_date', from: 'entry' },
];

/**
 * What a results page shows per identifier: a fixed list per return type, so the lookup answers the
 * same shape every time. Keys of a document are these paths.
 */
export const KEY_ATTRIBUTES: Record<ReturnType, readonly KeyAttribute[]> = {
  entry: [
    { path: 'struct.title' },
    { path: 'rcsb_entry_info.experimental_method' },
    { path: 'rcsb_entry_info.resolution_combined' },
    { path: 'rcsb_accession_info.initial_release_date' },
  ],
  polymer_entity: [
    { path: 'rcsb_polymer_entity.pdbx_description' },
    { path: 'entity_poly.rcsb_entity_polymer_type' },
    { path: 'rcsb_polymer_entity.formula_weight' },
    { path: 'rcsb_entity_source_organism.ncbi_scientific_name' },
    ...ENTRY_CONTEXT,
  ],
  polymer_instance: [
    { path: 'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id' },
    { path: 'rcsb_polymer_entity.pdbx_description', from: 'polymer_entity' },
    { path: 'entity_poly.rcsb_entity_polymer_type', from: 'polymer_entity' },
    ...ENTRY_CONTEXT,
  ],
  non_polymer_entity: [
    { path: 'pdbx_entity_nonpoly.comp_id' },
    { path: 'pdbx_entity_nonpoly.name' },
    { path: 'rcsb_nonpolymer_entity.formula_weight' },
    ...ENTRY_CONTEXT,
  ],
  assembly: [
    { path: 'pdbx_struct_assembly.oligomeric_details' },
    { path: 'rcsb_struct_symmetry.kind' },
    { path: 'rcsb_struct_symmetry.type' },
    { path: 'rcsb_struct_symmetry.symbol' },
    { path: 'rcsb_struct_symmetry.oligomeric_state' },
    ...ENTRY_CONTEXT,
  ],
  mol_definition: [
    { path: 'chem_comp.name' },
    { path: 'chem_comp.formula_weight' },
    { path: 'chem_comp.type' },
    { path: 'chem_comp.formula' },
    { path: 'rcsb_chem_comp_info.initial_release_date' },
  ],
};

/** A key attribute with the catalogue entry that says where it is stored. */
export interface ResolvedKeyAttribute extends KeyAttribute {
  attribute: CatalogueAttribute;
}

/**
 * Checks the list against the catalogue once, at start-up: every path is in the catalogue at the
 * level it is read from, parents are linked, and nothing sits in an inner list (one value list per
 * record is shown). Attributes the archive does not hold are left out (`held`).
 */
export function resolveKeyAttributes(
  held: AttributeSet = FULL_CATALOGUE,
): Record<ReturnType, readonly ResolvedKeyAttribute[]> {
  const resolved = {} as Record<ReturnType, ResolvedKeyAttribute[]>;
  for (const returnType of RETURN_TYPES) {
    resolved[returnType] = KEY_ATTRIBUTES[returnType].map((key) => {
      const level = key.from ?? returnType;
      const attribute = findAttribute(key.path, level);
      if (!attribute || attribute.level !== level)
        throw new Error(`key attribute ${key.path} of ${returnType} is not held at level ${level}`);
      if (key.from && !LEVEL_LINKS[returnType].includes(PARENT_LINK[key.from]))
        throw new Error(`key attribute ${key.path}: ${returnType} rows do not link to ${key.from}`);
      if (attribute.nested?.inner)
        throw new Error(`key attribute ${key.path} lies in an inner list of ${attribute.nested.root}`);
      return { ...key, attribute };
    });
    resolved[returnType] = resolved[returnType].filter((key) => held.has(key.attribute));
  }
  return resolved;
}
