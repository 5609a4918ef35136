import type { ReturnType } from '@pdb-stats/search-model';
import {
  chartQueryAttributes,
  requestAttributes,
  type ChartDefinition,
} from '@pdb-stats/search-model/charts';

export { chartQueryAttributes, requestAttributes };

/** Which metadata schema describes the attributes of a request: the chemical one for small molecules. */
export type MetadataKind = 'structure' | 'chemical';

export function metadataKindOf(returnType: ReturnType): MetadataKind {
  return returnType === 'mol_definition' ? 'chemical' : 'structure';
}

/** The attributes a chart needs in any of its variants (for marking it in menus and lists). */
export function chartAttributes(definition: ChartDefinition): string[] {
  const queries = [definition.query, ...(definition.variants?.options.map((o) => o.query) ?? [])];
  return [...new Set(queries.flatMap(chartQueryAttributes))].sort();
}
