import { describe, expect, it } from 'vitest';
import {
  FROM_COLUMN,
  TO_COLUMN,
  distributionLegend,
  distributionRows,
  growthLegend,
  growthRows,
} from './table.ts';
import { distributionSource, growthSource } from './test-fixtures.ts';

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
    const bars = [
      { label: '< 1', value: 2 },
      ...Array.from({ length: 18 }, (_, i) => ({
        label: `${Math.round((1 + i * 0.2) * 10) / 10}-${Math.round((1.2 + i * 0.2) * 10) / 10}`,
        value: i,
      })),
      { label: '>= 4.6', value: 9 },
    ];
    const table = distributionRows(distributionSource('resolution', bars));
    expect(table.columns).toEqual(['Resolution (Å)', FROM_COLUMN, TO_COLUMN, 'Number of Entries']);
    expect(table.rows[0]).toEqual(['< 1', '', 1, 2]);
    expect(table.rows[1]).toEqual(['1-1.2', 1, 1.2, 0]);
    expect(table.rows.at(-1)).toEqual(['>= 4.6', 4.6, '', 9]);
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
    const table = distributionRows(distributionSource('resolution', [{ label: '1-1.2', value: 3 }]));
    expect(table).toEqual({ columns: ['Resolution (Å)', 'Number of Entries'], rows: [['1-1.2', 3]] });
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

describe('legends', () => {
  it('lists visible series with the colour of their place in the full list', () => {
    expect(growthLegend(growthSource())).toEqual([
      { label: 'X-ray', color: '#111111' },
      { label: 'NMR', color: '#333333' },
    ]);
  });

  it('names the one series of a distribution chart', () => {
    expect(distributionLegend(distributionSource('journal', []))).toEqual([
      { label: 'Number of Entries', color: '#abcdef' },
    ]);
  });
});
