import type { ReturnType } from '@pdb-stats/search-model';
export { chartAttributes, chartQueryAttributes, requestAttributes } from '@pdb-stats/charts';

/** Which metadata schema describes the attributes of a request: the chemical one for small molecules. */
export type MetadataKind = 'structure' | 'chemical';

export function metadataKindOf(returnType: ReturnType): MetadataKind {
  return returnType === 'mol_definition' ? 'chemical' : 'structure';
}
