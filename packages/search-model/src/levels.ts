/** The six object levels of the archive; each is also a `return_type` of the Search API. */
export const RETURN_TYPES = [
  'entry',
  'polymer_entity',
  'non_polymer_entity',
  'polymer_instance',
  'assembly',
  'mol_definition',
] as const;

export type ReturnType = (typeof RETURN_TYPES)[number];

export function isReturnType(value: unknown): value is ReturnType {
  return typeof value === 'string' && (RETURN_TYPES as readonly string[]).includes(value);
}

/**
 * How rows of one level point at the rows they belong to. Every table has an integer `_key` and its
 * public `rcsb_id`; children carry the keys of their parents so that the planner can map a condition
 * at one level to another (an entry condition selects the entities of the matching entries, an
 * entity condition the entries that hold a matching entity).
 */
export const LEVEL_LINKS: Record<ReturnType, readonly string[]> = {
  entry: [],
  polymer_entity: ['_entry_key'],
  polymer_instance: ['_entry_key', '_entity_key'],
  non_polymer_entity: ['_entry_key', '_chem_key'],
  assembly: ['_entry_key'],
  mol_definition: [],
};
