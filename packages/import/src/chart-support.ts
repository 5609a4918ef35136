import { AttributeSet, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';

/**
 * What one dashboard chart needs of an archive, as plain data: the importers are told the charts (by
 * their command line, from the chart registry) instead of importing the dashboard's code.
 */
export interface ChartNeeds {
  key: string;
  returnType: ReturnType;
  /** The attribute paths the chart's requests use, in any of its variants. */
  attributes: readonly string[];
}

/** The dashboard's charts an archive can draw, and for the others the attributes it lacks. */
export interface ChartSupport {
  drawn: string[];
  notDrawn: { chart: string; missing: string[] }[];
}

/** Which of the charts (in any of their variants) the attributes an archive holds can draw. */
export function chartSupport(
  held: readonly CatalogueAttribute[],
  charts: readonly ChartNeeds[],
): ChartSupport {
  const set = new AttributeSet(held);
  const support: ChartSupport = { drawn: [], notDrawn: [] };
  for (const chart of charts) {
    const missing = chart.attributes.filter((path) => !set.find(path, chart.returnType));
    if (missing.length === 0) support.drawn.push(chart.key);
    else support.notDrawn.push({ chart: chart.key, missing });
  }
  return support;
}
