import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { axisTitles } from './axes.ts';
import { barShares, comparesCohorts, inBarShares, scopeFileParts, segmentCount } from './cohorts.ts';
import { readExplore, type ExploreAttribute } from './explore.ts';
import { CHARTS, resolveExplore } from './registry.ts';
import { readScope, scopeTag, writeScope, type Scope } from './scope.ts';
import { chartTable } from './table.ts';
import type { DistributionData } from './transform.ts';

/**
 * Split bars in percent (`measure=percent` on a chart whose bars are split by a second attribute):
 * each segment as a share of its bar, in the values drawn, the table and the file name.
 */

const ATTRIBUTES: ExploreAttribute[] = [
  {
    path: 'rcsb_entry_info.resolution_combined',
    level: 'entry',
    type: 'number',
    contexts: ['default-match'],
    name: 'Resolution',
    unit: 'Å',
  },
  { path: 'exptl.method', level: 'entry', type: 'string', contexts: ['exact-match'], name: 'Method' },
];
const explore = (text: string) =>
  resolveExplore(
    readExplore(new URLSearchParams(text), (path) => ATTRIBUTES.find((a) => a.path === path)).spec!,
  );
const SPLIT =
  'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=1&end=3&by=exptl.method';
const node = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'x', operator: 'exists' },
} as const;
const scope = (measure: Scope['measure'], cohorts = 0): Scope => ({
  cohorts: Array.from({ length: cohorts }, (_, i) => ({ node, label: `c${i}` })),
  measure,
});

/** Three bars: 10 X-ray and 30 EM; 5 X-ray alone; nothing. */
const DATA: DistributionData = {
  bars: [
    { label: '1-2', value: 38 },
    { label: '2-3', value: 5 },
    { label: '>= 3', value: 0 },
  ],
  bucketCount: 3,
  segments: [
    { label: 'X-RAY', values: [10, 5, 0] },
    { label: 'EM', values: [30, 0, 0] },
  ],
  segmentCount: 2,
};

describe(barShares.name, () => {
  it('gives each segment its share of its bar, so that a stacked bar reaches 100 %; the bars keep their counts', () => {
    const shares = barShares(DATA);
    expect(shares.segments).toEqual([
      { label: 'X-RAY', values: [25, 100, 0] },
      { label: 'EM', values: [75, 0, 0] },
    ]);
    expect(shares.bars).toEqual(DATA.bars);
    // The first bar's count (38) is not its segments' sum (40: objects with two methods): the share is of the sum.
    expect(shares.segments!.reduce((sum, s) => sum + s.values[0]!, 0)).toBe(100);
  });

  it('shares a bar among its segments shown: a hidden one is left out of the sum', () => {
    expect(barShares(DATA, ['EM']).segments!.find((s) => s.label === 'X-RAY')!.values).toEqual([100, 100, 0]);
  });

  it('leaves data without segments as they are', () => {
    const plain = { bars: DATA.bars, bucketCount: 3 };
    expect(barShares(plain)).toBe(plain);
  });

  it('finds the count behind a segment drawn in percent: what its search finds', () => {
    expect(segmentCount(DATA, '1-2', 'EM')).toBe(30);
    expect(segmentCount(DATA, '2-3', 'NMR')).toBe(0);
  });
});

describe('which charts draw their bars in shares', () => {
  const split = explore(SPLIT).query;
  const unsplit = explore(
    'attribute=rcsb_entry_info.resolution_combined&dimension=bins&start=1&step=1&end=3',
  ).query;
  it('split bars in percent over the whole archive or one scope: shares of each bar, not a comparison', () => {
    for (const cohorts of [0, 1]) {
      expect(inBarShares(scope('percent', cohorts), split)).toBe(true);
      expect(comparesCohorts(scope('percent', cohorts), split)).toBe(false);
    }
    expect(inBarShares(scope('count'), split)).toBe(false);
  });

  it('cohorts compared, or bars not split, stay a comparison in percent of each cohort', () => {
    expect(inBarShares(scope('percent', 2), split)).toBe(false);
    expect(comparesCohorts(scope('percent', 2), split)).toBe(true);
    expect(inBarShares(scope('percent'), unsplit)).toBe(false);
    expect(comparesCohorts(scope('percent'), unsplit)).toBe(true);
    // A stacked growth chart's series are not a distribution's segments.
    expect(inBarShares(scope('percent'), CHARTS['experimental-method'].query)).toBe(false);
  });

  it('is the same parameter as the registry charts’ percent, read back from the address it writes', () => {
    const params = writeScope(new URLSearchParams(SPLIT), { cohorts: [{ node }], measure: 'percent' });
    expect(params.get('measure')).toBe('percent');
    const read = readScope(new URLSearchParams(params.toString()));
    expect(inBarShares(read, explore(params.toString()).query)).toBe(true);
  });

  it('names its files with the scope’s tag and percent', () => {
    expect(scopeFileParts(scope('percent'), true)).toEqual(['percent']);
    expect(scopeFileParts(scope('percent', 1), true)).toEqual([scopeTag(node), 'percent']);
    expect(scopeFileParts(scope('count', 1))).toEqual([scopeTag(node)]);
  });

  it('says the percent is of each bar on the value axis', () => {
    const { definition } = explore(SPLIT);
    expect(axisTitles(definition, undefined, 'percent', true).y).toBe('Number of Entries (% of each bar)');
    expect(axisTitles(definition, undefined, 'percent').y).toBe('Number of Entries (% of each cohort)');
    expect(axisTitles(definition, undefined, 'count', true).y).toBe('Number of Entries');
  });
});

describe('the table of split bars in percent', () => {
  it('keeps each bar’s count and gives each segment shown its share, to two decimals, in a column saying so', () => {
    const chart = explore(SPLIT);
    const inner = (pairs: [string, number][]) => [
      { name: 'Method', buckets: pairs.map(([label, population]) => ({ label, population })) },
    ];
    const response: SearchResponse = {
      query_id: 'x',
      result_type: 'entry',
      total_count: 50,
      facets: [
        {
          name: 'Resolution',
          buckets: [
            { label: '*-1.0', population: 0 },
            {
              label: '1.0-2.0',
              population: 3,
              facets: inner([
                ['X-RAY', 2],
                ['EM', 1],
              ]),
            },
            { label: '2.0-3.0', population: 7, facets: inner([['X-RAY', 7]]) },
            { label: '3.0-*', population: 0 },
          ],
        },
      ],
    };
    const table = chartTable(chart, response, { view: 'cumulative', hidden: [], measure: 'percent' });
    expect(table.columns.slice(-3)).toEqual(['Number of Entries', 'Method: X-RAY (%)', 'Method: EM (%)']);
    expect(table.rows.map((row) => row.slice(-3))).toEqual([
      [0, 0, 0],
      [3, 66.67, 33.33],
      [7, 100, 0],
      [0, 0, 0],
    ]);
    // In counts, the same chart's table counts.
    const counts = chartTable(chart, response, { view: 'cumulative', hidden: [] });
    expect(counts.columns.at(-1)).toBe('Method: EM');
    expect(counts.rows[1]!.slice(-3)).toEqual([3, 2, 1]);
  });
});
