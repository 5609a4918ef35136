import type { Bucket, SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import {
  compareDistributions,
  compareGrowth,
  comparedQuery,
  comparedRequests,
  comparisonOf,
  isComparison,
  distributionInMeasure,
  growthInMeasure,
  uniqueLabels,
} from './cohorts.ts';
import { CHARTS, resolveChart } from './registry.ts';
import { FROM_COLUMN, TO_COLUMN, comparedTable } from './table.ts';
import { TRUNCATED_BUCKETS } from './transform.ts';

const b = (label: string, population: number): Bucket => ({ label, population });
const response = (facets: SearchResponse['facets']): SearchResponse => ({
  query_id: 'x',
  result_type: 'entry',
  total_count: 1,
  facets,
});
const bars = (pairs: [string, number][]) => ({
  bars: pairs.map(([label, value]) => ({ label, value })),
  bucketCount: pairs.length,
});

describe(compareDistributions.name, () => {
  it('keeps the bins of the query in order and aligns each cohort on them', () => {
    const compared = compareDistributions(
      [
        {
          label: 'X-ray',
          data: bars([
            ['< 1', 5],
            ['1-2', 15],
            ['> 2', 0],
          ]),
        },
        {
          label: 'EM',
          data: bars([
            ['< 1', 0],
            ['1-2', 1],
            ['> 2', 3],
          ]),
        },
      ],
      { byTotal: false, truncate: false },
    );
    expect(compared.categories).toEqual(['< 1', '1-2', '> 2']);
    expect(compared.cohorts).toEqual([
      { label: 'X-ray', values: [5, 15, 0], total: 20 },
      { label: 'EM', values: [0, 1, 3], total: 4 },
    ]);
  });

  it('unites the terms of all cohorts, largest together first, 0 where a cohort has none', () => {
    const compared = compareDistributions(
      [
        {
          label: 'A',
          data: bars([
            ['human', 10],
            ['mouse', 4],
          ]),
        },
        {
          label: 'B',
          data: bars([
            ['yeast', 9],
            ['mouse', 8],
          ]),
        },
      ],
      { byTotal: true, truncate: false },
    );
    expect(compared.categories).toEqual(['mouse', 'human', 'yeast']);
    expect(compared.cohorts.map((c) => c.values)).toEqual([
      [4, 10, 0],
      [8, 0, 9],
    ]);
  });

  it('keeps the service order of one cohort and cuts to the largest 25, totals counting every bucket', () => {
    const many = Array.from({ length: 30 }, (_, i) => [`t${i}`, 30 - i] as [string, number]);
    const compared = compareDistributions([{ label: 'All', data: bars(many) }], {
      byTotal: true,
      truncate: true,
    });
    expect(compared.categories).toEqual(many.slice(0, TRUNCATED_BUCKETS).map(([label]) => label));
    expect(compared.categoryCount).toBe(30);
    expect(compared.cohorts[0]!.total).toBe((30 * 31) / 2);
  });

  it('gives each cohort in percent of its own total', () => {
    const compared = compareDistributions(
      [
        {
          label: 'X-ray',
          data: bars([
            ['a', 1],
            ['b', 3],
          ]),
        },
        {
          label: 'EM',
          data: bars([
            ['a', 0],
            ['b', 0],
          ]),
        },
      ],
      { byTotal: false, truncate: false },
    );
    const percent = distributionInMeasure(compared, 'percent');
    expect(percent.cohorts.map((c) => c.values)).toEqual([
      [25, 75],
      [0, 0],
    ]);
    expect(distributionInMeasure(compared, 'count')).toBe(compared);
  });
});

describe(compareGrowth.name, () => {
  it('aligns cohorts on the union of their years: 0 before a cohort starts, its total kept after it ends', () => {
    const growth = compareGrowth([
      {
        label: 'A',
        data: { years: ['2000', '2001'], series: [{ label: 'x', annual: [2, 3], cumulative: [2, 5] }] },
      },
      {
        label: 'B',
        data: {
          years: ['2001', '2002', '2003'],
          series: [{ label: 'x', annual: [1, 0, 4], cumulative: [1, 1, 5] }],
        },
      },
    ]);
    expect(growth).toEqual({
      years: ['2000', '2001', '2002', '2003'],
      series: [
        { label: 'A', annual: [2, 3, 0, 0], cumulative: [2, 5, 5, 5] },
        { label: 'B', annual: [0, 1, 0, 4], cumulative: [0, 1, 1, 5] },
      ],
    });
  });

  it('gives an empty axis when no cohort has data', () => {
    const empty = { years: [], series: [] };
    expect(compareGrowth([{ label: 'A', data: empty }])).toEqual({
      years: [],
      series: [{ label: 'A', annual: [], cumulative: [] }],
    });
  });

  it('in percent, each year is a share of the cohort total at the end, in both views', () => {
    const percent = growthInMeasure(
      { years: ['1', '2'], series: [{ label: 'A', annual: [1, 3], cumulative: [1, 4] }] },
      'percent',
    );
    expect(percent.series[0]).toEqual({ label: 'A', annual: [25, 75], cumulative: [25, 100] });
  });
});

describe(comparedQuery.name, () => {
  it('compares the yearly totals of a stacked chart, keeping the filters of its split as conditions', () => {
    const symmetry = comparedQuery(CHARTS['assembly-symmetry'].query);
    expect(symmetry.query.second).toBeUndefined();
    expect(symmetry.conditions).toEqual([
      { attribute: 'rcsb_struct_symmetry.kind', operator: 'exact_match', value: 'Global Symmetry' },
    ]);
    expect(symmetry.droppedSplit).toBe('Symmetry Type');
    expect(comparedQuery(CHARTS['experimental-method'].query).conditions).toEqual([]);
  });

  it('asks a top-25 terms chart for all its terms, so that no cohort misses one of another’s largest', () => {
    const { query } = comparedQuery(CHARTS.journal.query);
    expect(query.first).not.toHaveProperty('maxIntervals');
    expect(query.first.attribute).toBe(CHARTS.journal.query.first.attribute);
  });

  it('compares the bars of a distribution split by a second attribute, its segments dropped', () => {
    const second = { kind: 'terms', name: 'Method', attribute: 'exptl.method', minPopulation: 1 } as const;
    const split = comparedQuery({ ...CHARTS.resolution.query, second });
    expect(split).toEqual({ query: CHARTS.resolution.query, conditions: [], droppedSplit: 'Method' });
    const terms = comparedQuery({ ...CHARTS.journal.query, second });
    expect(terms.query.second).toBeUndefined();
    expect(terms.droppedSplit).toBe('Method');
  });

  it('leaves one-series and distinct-count charts as they are', () => {
    for (const key of ['overall-structures', 'unique-uniprot-entries', 'resolution'] as const) {
      const { query } = CHARTS[key];
      expect(comparedQuery(query)).toEqual({ query, conditions: [] });
    }
  });
});

describe(uniqueLabels.name, () => {
  it('numbers repeated labels', () => {
    expect(uniqueLabels(['A', 'B', 'A', 'A'])).toEqual(['A', 'B', 'A (2)', 'A (3)']);
  });
});

describe(comparedTable.name, () => {
  const resolution = resolveChart(CHARTS.resolution);
  const answer = (label: string, buckets: Bucket[]) => ({
    label,
    response: response([{ name: resolution.query.first.name, buckets }]),
  });

  it('writes one column per cohort named with its label, with the bins’ bounds', () => {
    const table = comparedTable(
      resolution,
      [answer('X-ray', [b('1.0-1.2', 6), b('1.2-1.4', 2)]), answer('Cryo-EM', [b('1.2-1.4', 4)])],
      { view: 'cumulative', hidden: [], measure: 'count' },
    );
    expect(table.columns).toEqual(['Resolution (Å)', FROM_COLUMN, TO_COLUMN, 'X-ray', 'Cryo-EM']);
    expect(table.series).toEqual(['X-ray', 'Cryo-EM']);
    const row = table.rows.find((r) => r[0] === '1.0–1.2 Å');
    expect(row).toEqual(['1.0–1.2 Å', 1, 1.2, 6, 0]);
  });

  it('in percent each cohort column sums to 100', () => {
    const table = comparedTable(
      resolution,
      [answer('X-ray', [b('1.0-1.2', 1), b('1.2-1.4', 2)]), answer('Cryo-EM', [b('1.2-1.4', 4)])],
      { view: 'cumulative', hidden: [], measure: 'percent' },
    );
    expect(table.columns.slice(-2)).toEqual(['X-ray (%)', 'Cryo-EM (%)']);
    const sum = (column: number) => table.rows.reduce((s, r) => s + Number(r[column]), 0);
    expect(sum(3)).toBeCloseTo(100, 1);
    expect(sum(4)).toBe(100);
    expect(table.rows.find((r) => r[0] === '1.0–1.2 Å')?.[3]).toBe(33.33);
  });

  it('growth: a year column and one column per visible cohort in the view shown', () => {
    const chart = resolveChart(CHARTS['experimental-method']);
    const histogram = (pairs: [string, number][]) =>
      response([{ name: chart.query.first.name, buckets: pairs.map(([l, p]) => b(l, p)) }]);
    const table = comparedTable(
      chart,
      [
        {
          label: 'A',
          response: histogram([
            ['2000', 2],
            ['2001', 2],
          ]),
        },
        { label: 'B', response: histogram([['2001', 5]]) },
        { label: 'C', response: null },
      ],
      { view: 'cumulative', hidden: ['C'], measure: 'count' },
    );
    expect(table.columns).toEqual(['Year', 'A', 'B']);
    expect(table.rows).toEqual([
      ['2000', 2, 0],
      ['2001', 4, 5],
    ]);
    expect(table.hidden).toEqual(['C']);
  });
});

describe(comparisonOf.name, () => {
  const node = (value: string) => ({
    type: 'terminal' as const,
    service: 'text' as const,
    parameters: { attribute: 'exptl.method', operator: 'exact_match' as const, value },
  });

  it('names unlabelled cohorts by their conditions, numbers repeated names, keeps given labels', () => {
    const comparison = comparisonOf(
      resolveChart(CHARTS.resolution),
      {
        cohorts: [{ node: node('A') }, { node: node('A') }, { node: node('B'), label: 'Mine' }],
        measure: 'percent',
      },
      (n) => `method ${JSON.stringify((n as { parameters: { value: string } }).parameters.value)}`,
    );
    expect(comparison.cohorts.map((c) => c.label)).toEqual(['method "A"', 'method "A" (2)', 'Mine']);
    expect(comparison.cohorts[0]!.scope).toEqual(node('A'));
    expect(comparison.measure).toBe('percent');
    // One request per cohort, each over its cohort.
    expect(comparedRequests(comparison).map((r) => r.query)).toEqual([node('A'), node('A'), node('B')]);
  });

  it('percent without a cohort is the whole archive, named "All"', () => {
    const comparison = comparisonOf(
      resolveChart(CHARTS.resolution),
      { cohorts: [], measure: 'percent' },
      () => 'x',
    );
    expect(comparison.cohorts).toEqual([{ label: 'All', scope: undefined }]);
    expect(comparedRequests(comparison)[0]!.query).toBeUndefined();
  });

  it('a stacked chart’s cohorts carry its split’s fixed filters', () => {
    const comparison = comparisonOf(
      resolveChart(CHARTS['assembly-symmetry']),
      { cohorts: [{ node: node('A') }, { node: node('B') }], measure: 'count' },
      () => undefined,
    );
    expect(comparison.cohorts[0]!.label).toBe('Cohort 1');
    expect(JSON.stringify(comparison.cohorts[1]!.scope)).toContain('Global Symmetry');
    expect(comparison.droppedSplit).toBe('Symmetry Type');
    expect(isComparison({ cohorts: [{ node: node('A') }], measure: 'count' })).toBe(false);
  });
});
