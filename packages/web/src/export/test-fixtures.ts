import { CHARTS, chartFacetRequest, type ChartQuery } from '@pdb-stats/charts';
import type { ChartExportInput, Provenance } from './types.ts';

/** Tiny hand-made chart inputs for the export tests. */
export const PROVENANCE: Provenance = {
  date: '2026-06-30',
  basis: 'archive',
  source: 'demo',
  demo: true,
  searchApiUrl: 'http://127.0.0.1:8080',
};

const GROWTH_QUERY: ChartQuery = CHARTS['experimental-method'].query;

export function growthInput(overrides: Partial<ChartExportInput> = {}): ChartExportInput {
  return {
    key: 'experimental-method',
    title: 'PDB Growth by Experimental Method',
    category: 'growth',
    view: 'annual',
    growth: {
      years: ['2019', '2020', '2021'],
      series: [
        { label: 'X-ray', annual: [1200, 0, 3], cumulative: [1200, 1200, 1203] },
        { label: 'EM', annual: [5, 10, 20], cumulative: [5, 15, 35] },
        { label: 'NMR', annual: [7, 0, 1], cumulative: [7, 7, 8] },
      ],
    },
    hidden: ['EM'],
    xAxisTitle: 'Year',
    yAxisTitle: 'Number of Entries',
    colors: ['#111111', '#222222', '#333333'],
    query: GROWTH_QUERY,
    request: chartFacetRequest(GROWTH_QUERY),
    provenance: PROVENANCE,
    ...overrides,
  };
}

export function distributionInput(
  key: 'resolution' | 'release-date-distribution' | 'journal',
  bars: { label: string; value: number }[],
  overrides: Partial<ChartExportInput> = {},
): ChartExportInput {
  const definition = CHARTS[key];
  return {
    key,
    title: definition.title,
    category: 'distribution',
    distribution: { bars, bucketCount: bars.length },
    hidden: [],
    xAxisTitle: definition.options.xAxisTitle,
    yAxisTitle: definition.options.yAxisTitle,
    colors: ['#abcdef'],
    query: definition.query,
    request: chartFacetRequest(definition.query),
    provenance: PROVENANCE,
    ...overrides,
  };
}
