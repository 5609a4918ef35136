import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { CHARTS, resolveChart } from './registry.ts';
import { binLabel, generateBins } from './bins.ts';
import {
  FROM_COLUMN,
  TO_COLUMN,
  chartTable,
  distributionRows,
  growthRows,
  type DistributionTableSource,
  type GrowthTableSource,
} from './table.ts';
import { TRUNCATED_BUCKETS, type DistributionBar } from './transform.ts';
import type { RangeDimension } from './types.ts';

function growthSource(overrides: Partial<GrowthTableSource> = {}): GrowthTableSource {
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
    ...overrides,
  };
}

function distributionSource(
  key: 'resolution' | 'release-date-distribution' | 'journal',
  bars: DistributionBar[],
): DistributionTableSource {
  const definition = CHARTS[key];
  return {
    distribution: { bars, bucketCount: bars.length },
    query: definition.query,
    xAxisTitle: definition.options.xAxisTitle,
    yAxisTitle: definition.options.yAxisTitle,
    hidden: [],
  };
}

/** The resolution chart's bins as it labels them: 2 below 1 Å, i in the i-th closed bin, 9 from 4.6 Å up. */
function resolutionBars() {
  const first = CHARTS.resolution.query.first as RangeDimension;
  const bins = generateBins(first.bins);
  return bins.map((bin, i) => ({
    label: binLabel(bin, first),
    value: i === 0 ? 2 : i === bins.length - 1 ? 9 : i - 1,
  }));
}

describe('export tables', () => {
  it('growth: one row per year, one column per visible series, values of the view on screen', () => {
    expect(growthRows(growthSource())).toEqual({
      columns: ['Year', 'X-ray', 'NMR'],
      rows: [
        ['2019', 1200, 7],
        ['2020', 0, 0],
        ['2021', 3, 1],
      ],
    });
    expect(growthRows(growthSource({ view: 'cumulative', hidden: [] })).rows.at(-1)).toEqual([
      '2021',
      1203,
      35,
      8,
    ]);
  });

  it('growth with one series: the series is named as the chart names it', () => {
    const input = growthSource({
      growth: { years: ['2000'], series: [{ label: 'Release Date', annual: [4], cumulative: [4] }] },
      hidden: [],
    });
    expect(growthRows(input).columns).toEqual(['Year', 'Number of Entries']);
    expect(growthRows({ ...input, singleSeriesLabel: 'Total entries' })).toEqual({
      columns: ['Year', 'Total entries'],
      rows: [['2000', 4]],
    });
  });

  it('range bins carry their numeric bounds', () => {
    const bars = resolutionBars();
    const table = distributionRows(distributionSource('resolution', bars));
    expect(table.columns).toEqual(['Resolution (Å)', FROM_COLUMN, TO_COLUMN, 'Number of Entries']);
    expect(table.rows[0]).toEqual(['< 1.0 Å', '', 1, 2]);
    expect(table.rows[1]).toEqual(['1.0–1.2 Å', 1, 1.2, 0]);
    expect(table.rows.at(-1)).toEqual(['≥ 4.6 Å', 4.6, '', 9]);
  });

  it('segments: a column per visible segment, named by the second attribute, after the bar count', () => {
    const bars = resolutionBars();
    const source = distributionSource('resolution', bars);
    const table = distributionRows({
      ...source,
      query: {
        ...source.query,
        second: { kind: 'terms', name: 'Method', attribute: 'exptl.method', minPopulation: 1 },
      },
      distribution: {
        bars,
        bucketCount: bars.length,
        segments: [
          { label: 'X-RAY', values: bars.map((bar) => bar.value) },
          { label: 'NMR', values: bars.map(() => 1) },
        ],
        segmentCount: 2,
      },
      // Hidden segments are left out; a name that is no segment of the chart is ignored.
      hidden: ['NMR'],
    });
    expect(table.columns).toEqual([
      'Resolution (Å)',
      FROM_COLUMN,
      TO_COLUMN,
      'Number of Entries',
      'Method: X-RAY',
    ]);
    expect(table.rows[0]).toEqual(['< 1.0 Å', '', 1, 2, 2]);
    expect(table.rows.at(-1)).toEqual(['≥ 4.6 Å', 4.6, '', 9, 9]);
  });

  it('date bins carry ISO dates', () => {
    const bars = [
      { label: 'before 2000', value: 10 },
      { label: '2000 - 2004', value: 20 },
      { label: '2005 - 2009', value: 30 },
    ];
    expect(distributionRows(distributionSource('release-date-distribution', bars)).rows).toEqual([
      ['before 2000', '', '2000-01-01', 10],
      ['2000 - 2004', '2000-01-01', '2005-01-01', 20],
      ['2005 - 2009', '2005-01-01', '2010-01-01', 30],
    ]);
  });

  it('writes no bounds when the bars are not the bins of the query', () => {
    const table = distributionRows(distributionSource('resolution', [{ label: '1.0–1.2 Å', value: 3 }]));
    expect(table).toEqual({ columns: ['Resolution (Å)', 'Number of Entries'], rows: [['1.0–1.2 Å', 3]] });
  });

  it('terms: label and count in service order', () => {
    const bars = [
      { label: 'Nature', value: 30 },
      { label: 'To be published', value: 12 },
    ];
    expect(distributionRows(distributionSource('journal', bars))).toEqual({
      columns: ['Journal', 'Number of Entries'],
      rows: [
        ['Nature', 30],
        ['To be published', 12],
      ],
    });
  });
});

describe(`${chartTable.name}`, () => {
  const answer = (facets: SearchResponse['facets']): SearchResponse =>
    ({ query_id: 'q', result_type: 'entry', total_count: 0, facets }) as SearchResponse;

  it('growth: the series of the answer, the view asked for, hidden series left out, other names ignored', () => {
    const chart = resolveChart(CHARTS['experimental-method']);
    const { first, second } = chart.query;
    const year = (label: string, methods: [string, number][]) => ({
      label,
      population: methods.reduce((sum, [, n]) => sum + n, 0),
      facets: [{ name: second!.name, buckets: methods.map(([l, population]) => ({ label: l, population })) }],
    });
    const response = answer([
      {
        name: first.name,
        buckets: [
          year('2020-01-01T00:00:00.000Z', [
            ['X-RAY DIFFRACTION', 5],
            ['SOLUTION NMR', 1],
          ]),
          year('2022-01-01T00:00:00.000Z', [['X-RAY DIFFRACTION', 2]]),
        ],
      },
    ]);
    expect(
      chartTable(chart, response, { view: 'cumulative', hidden: ['SOLUTION NMR', 'not a series'] }),
    ).toEqual({
      columns: ['Year', 'X-RAY DIFFRACTION'],
      rows: [
        ['2020', 5],
        ['2021', 5],
        ['2022', 7],
      ],
      series: ['X-RAY DIFFRACTION'],
      hidden: ['SOLUTION NMR'],
    });
    expect(chartTable(chart, response, { view: 'annual', hidden: [] }).rows).toEqual([
      ['2020', 5, 1],
      ['2021', 0, 0],
      ['2022', 2, 0],
    ]);
  });

  it('growth with one series: named as the chart names it in the view', () => {
    const chart = resolveChart(CHARTS['overall-structures']);
    const response = answer([
      { name: chart.query.first.name, buckets: [{ label: '2000-01-01T00:00:00.000Z', population: 4 }] },
    ]);
    const table = chartTable(chart, response, { view: 'annual', hidden: [] });
    const name = chart.definition.options.seriesLabels?.annual ?? chart.definition.options.yAxisTitle;
    expect(table).toEqual({ columns: ['Year', name], rows: [['2000', 4]], series: [name], hidden: [] });
  });

  it('distribution: the bars the page draws, the first 25 of a truncated chart', () => {
    const chart = resolveChart(CHARTS.journal);
    expect(chart.definition.truncateViewData).toBe(true);
    const buckets = Array.from({ length: 30 }, (_, i) => ({ label: `Journal ${i}`, population: 100 - i }));
    const table = chartTable(chart, answer([{ name: chart.query.first.name, buckets }]), {
      view: 'cumulative',
      hidden: [],
    });
    expect(table.rows).toHaveLength(TRUNCATED_BUCKETS);
    expect(table.rows[0]).toEqual(['Journal 0', 100]);
    expect(table.series).toEqual([chart.definition.options.yAxisTitle]);
  });

  it('an answer without data (204) gives the header and no rows', () => {
    expect(
      chartTable(resolveChart(CHARTS.resolution), null, { view: 'cumulative', hidden: [] }).rows,
    ).toHaveLength(20);
    expect(chartTable(resolveChart(CHARTS.journal), null, { view: 'cumulative', hidden: [] })).toEqual({
      columns: ['Journal', 'Number of Entries'],
      rows: [],
      series: ['Number of Entries'],
      hidden: [],
    });
  });
});
