import type { ExploreAttribute } from '@pdb-stats/charts';
import type { AttributeSet } from '@pdb-stats/search-model';
import { attributeName, unitSymbol } from '@pdb-stats/charts/request-summary';
import { attributeBrief } from './catalogue/metadata-schema.ts';

/**
 * Finds an explore chart's attributes among those an archive holds, named as the dashboard's
 * picker names them (the schema's brief, else words of the path). `rcsb_id`, held at every level, resolves to the entry's.
 */
export function exploreResolver(held: AttributeSet): (path: string) => ExploreAttribute | undefined {
  return (path) => {
    const attribute = held.find(path, 'entry');
    if (!attribute) return undefined;
    return {
      path: attribute.path,
      level: attribute.level,
      type: attribute.type,
      contexts: attribute.contexts,
      // Named as the dashboard names it from the metadata schema, so that titles agree.
      name: attributeName(attribute.path, attributeBrief(attribute)),
      ...(attribute.units && { unit: unitSymbol(attribute.units) }),
    };
  };
}
