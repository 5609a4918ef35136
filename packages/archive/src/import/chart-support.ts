import { AttributeSet, type CatalogueAttribute } from '@pdb-stats/search-model';
import { CHART_LIST, chartAttributes } from '@pdb-stats/charts';

/** The dashboard's charts an archive can draw, and for the others the attributes it lacks. */
export interface ChartSupport {
  drawn: string[];
  notDrawn: { chart: string; missing: string[] }[];
}

/** Which charts (in any of their variants) the attributes an archive holds can draw. */
export function chartSupport(held: readonly CatalogueAttribute[]): ChartSupport {
  const set = new AttributeSet(held);
  const support: ChartSupport = { drawn: [], notDrawn: [] };
  for (const definition of CHART_LIST) {
    const missing = chartAttributes(definition).filter(
      (path) => !set.find(path, definition.query.returnType),
    );
    if (missing.length === 0) support.drawn.push(definition.key);
    else support.notDrawn.push({ chart: definition.key, missing });
  }
  return support;
}
