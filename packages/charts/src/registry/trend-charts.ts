import type { ChartKey } from '../keys.ts';
import type {
  DistributionChartDefinition,
  RangeDimension,
  TrendChartDefinition,
  TrendQuery,
} from '../types.ts';
import { trend, yearly } from './common.ts';
import { DISTRIBUTION_CHARTS } from './distribution-charts.ts';

/** The numeric bins of a distribution chart: a trend chart's shares use the same bins as its bars. */
function rangeOf(definition: DistributionChartDefinition): RangeDimension {
  const first = definition.query.first;
  if (first.kind !== 'range') throw new Error(`chart ${definition.key} has no numeric bins`);
  return first;
}

/** The trend query of a numeric distribution chart: its attribute and bins inside each release year. */
function byYear(
  definition: DistributionChartDefinition,
  step: number,
  unit: string,
  fineBelow?: number,
): TrendQuery {
  const range = rangeOf(definition);
  return {
    returnType: definition.query.returnType,
    first: yearly(),
    second: {
      kind: 'trend',
      name: `${range.name} (fine)`,
      binsName: range.name,
      attribute: range.attribute,
      step,
      ...(fineBelow !== undefined && { fineBelow }),
      bins: range.bins,
      labelStyle: range.labelStyle,
      unit,
    },
  };
}

/**
 * The trend charts: a numeric attribute's median and quartiles per release year, or its bins' shares
 * per year. The step of each fine histogram is the resolution of the quartiles: fine enough to follow
 * the median's drift, coarse enough that a year's answer stays small. Where the values have a long
 * tail (a few huge assemblies), the fine histogram stops at a bound far above any year's third
 * quartile: past it each step would add a bucket per year as the archive grows (molecular weight's
 * 1 kDa steps made more than the 65,536 buckets an answer may hold at 10 million entries). A bound
 * has a cost: the usual bins are then counted by a statement of their own instead of from the fine
 * bins (at 10 million entries atom counts took 840 ms instead of 124), so a tail that stays within
 * the limit (atom counts in steps of 250) keeps none.
 */
export const TREND_CHARTS = {
  'resolution-by-year': trend({
    key: 'resolution-by-year',
    title: 'Resolution of PDB Structures over Time',
    menuDescription: 'Resolution',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: byYear(DISTRIBUTION_CHARTS.resolution, 0.05, 'Å'),
    options: { xAxisTitle: 'Year', yAxisTitle: 'Resolution (Å)', countTitle: 'Number of Entries' },
  }),
  'r-free-by-year': trend({
    key: 'r-free-by-year',
    title: 'R-free of PDB Structures over Time',
    menuDescription: 'R-free',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: byYear(DISTRIBUTION_CHARTS['r-free'], 0.005, ''),
    options: { xAxisTitle: 'Year', yAxisTitle: 'R-free (fraction)', countTitle: 'Number of Entries' },
  }),
  'molecular-weight-by-year': trend({
    key: 'molecular-weight-by-year',
    title: 'Molecular Weight of PDB Structures over Time',
    menuDescription: 'Molecular Weight (Structure)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: byYear(DISTRIBUTION_CHARTS['molecular-weight-structure'], 1, 'kDa', 1000),
    options: { xAxisTitle: 'Year', yAxisTitle: 'Molecular Weight (kDa)', countTitle: 'Number of Entries' },
  }),
  'atom-count-by-year': trend({
    key: 'atom-count-by-year',
    title: 'Atom Count of PDB Structures over Time',
    menuDescription: 'Atom Count',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: byYear(DISTRIBUTION_CHARTS['atom-count'], 250, 'atoms'),
    options: { xAxisTitle: 'Year', yAxisTitle: 'Atom Count', countTitle: 'Number of Entries' },
  }),
} satisfies Partial<Record<ChartKey, TrendChartDefinition>>;
