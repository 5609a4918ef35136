import type { ExploreAttribute } from '@pdb-stats/charts';
import type { AttributeSet } from '@pdb-stats/search-model';
import { attributeName, unitSymbol } from '@pdb-stats/web/request-summary';

/**
 * Finds an explore chart's attributes among those an archive holds, named as the dashboard names
 * them. `rcsb_id`, held at every level, resolves to the entry's.
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
      name: attributeName(attribute.path),
      ...(attribute.units && { unit: unitSymbol(attribute.units) }),
    };
  };
}
