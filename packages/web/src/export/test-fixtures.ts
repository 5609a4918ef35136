import { CHARTS, chartFacetRequest, distributionRows, growthRows } from '@pdb-stats/charts';
import {
  distributionLegend,
  growthLegend,
  type DistributionExportSource,
  type GrowthExportSource,
} from './table.ts';
import type { ChartExportInput, Provenance } from './types.ts';

/** Tiny hand-made chart inputs for the export tests. */
export const PROVENANCE: Provenance = {
  date: '2026-06-30',
  basis: 'archive',
  source: 'demo',
  demo: true,
  searchApiUrl: 'http://127.0.0.1:8080',
};

const GROWTH_CHART = CHARTS['experimental-method'];

export function growthSource(overrides: Partial<GrowthExportSource> = {}): GrowthExportSource {
  return {
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
    yAxisTitle: 'Number of Entries',
    colors: ['#111111', '#222222', '#333333'],
    ...overrides,
  };
}

export function growthInput(overrides: Partial<ChartExportInput> = {}): ChartExportInput {
  const source = growthSource();
  return {
    key: GROWTH_CHART.key,
    title: 'PDB Growth by Experimental Method',
    subtitle: 'Number of Entries by Experimental Method released each year, 2019–2021',
    address: 'https://stats.example.org/growth/experimental-method?view=annual',
    kind: 'growth',
    view: source.view,
    hidden: source.hidden,
    xAxisTitle: 'Year',
    yAxisTitle: source.yAxisTitle,
    table: growthRows(source),
    legend: growthLegend(source),
    request: chartFacetRequest(GROWTH_CHART.query),
    provenance: PROVENANCE,
    ...overrides,
  };
}

type DistributionKey = 'resolution' | 'release-date-distribution' | 'journal';

export function distributionSource(
  key: DistributionKey,
  bars: { label: string; value: number }[],
): DistributionExportSource {
  const definition = CHARTS[key];
  return {
    distribution: { bars, bucketCount: bars.length },
    query: definition.query,
    xAxisTitle: definition.options.xAxisTitle,
    yAxisTitle: definition.options.yAxisTitle,
    hidden: [],
    colors: ['#abcdef'],
  };
}

export function distributionInput(
  key: DistributionKey,
  bars: { label: string; value: number }[],
  overrides: Partial<ChartExportInput> = {},
): ChartExportInput {
  const definition = CHARTS[key];
  const source = distributionSource(key, bars);
  return {
    key,
    title: definition.title,
    subtitle: `${definition.options.yAxisTitle} by ${definition.options.xAxisTitle}`,
    address: `https://stats.example.org/distribution/${key}`,
    kind: 'distribution',
    hidden: [],
    xAxisTitle: source.xAxisTitle,
    yAxisTitle: source.yAxisTitle,
    table: distributionRows(source),
    legend: distributionLegend(source),
    request: chartFacetRequest(definition.query),
    provenance: PROVENANCE,
    ...overrides,
  };
}
