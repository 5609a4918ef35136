import type { ReturnType } from '@pdb-stats/search-model';

/** How a count of the return type reads: "1 entry", "1,234 chemical components". */
const NOUNS: Record<ReturnType, [string, string]> = {
  entry: ['entry', 'entries'],
  polymer_entity: ['polymer entity', 'polymer entities'],
  polymer_instance: ['polymer instance', 'polymer instances'],
  non_polymer_entity: ['non-polymer entity', 'non-polymer entities'],
  assembly: ['assembly', 'assemblies'],
  mol_definition: ['chemical component', 'chemical components'],
};

export function countNoun(returnType: ReturnType, count: number, grouped = false): string {
  if (grouped) return count === 1 ? 'group' : 'groups';
  const [one, many] = NOUNS[returnType] ?? ['result', 'results'];
  return count === 1 ? one : many;
}

/** What each level is called as a column or axis title. */
const LEVEL_PLURALS: Record<ReturnType, string> = {
  entry: 'Entries',
  polymer_entity: 'Polymer Entities',
  polymer_instance: 'Polymer Instances',
  non_polymer_entity: 'Non-polymer Entities',
  assembly: 'Assemblies',
  mol_definition: 'Chemical Components',
};

/** Display name of what a chart counts: `Entries`, `Polymer Entities`… */
export function countedName(level: ReturnType): string {
  return LEVEL_PLURALS[level];
}
