import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { comparedChartData, comparedOtherRequests, comparisonOf } from './cohorts.ts';
import { clickRequest } from './index.ts';
import { readExplore, writeExplore, type ExploreAttribute } from './explore.ts';
import { OTHER_FACET, otherBarOf, otherRequestOf, withOtherBars, withOtherCount } from './other-bar.ts';
import { resolveExplore } from './registry.ts';
import { toDistributionData } from './transform.ts';
import type { DistributionQuery } from './types.ts';

const ATTRIBUTES: ExploreAttribute[] = [
  { path: 'exptl.method', level: 'entry', type: 'string', contexts: ['exact-match'], name: 'Method' },
  {
    path: 'rcsb_entry_info.polymer_entity_count',
    level: 'entry',
    type: 'integer',
    contexts: ['default-match'],
    name: 'Entities',
  },
  {
    path: 'rcsb_entity_source_organism.ncbi_scientific_name',
    level: 'polymer_entity',
    type: 'string',
    contexts: ['exact-match'],
    name: 'Organism',
  },
];
const resolve = (path: string) => ATTRIBUTES.find((a) => a.path === path);
const chartOf = (text: string) => {
  const reading = readExplore(new URLSearchParams(text), resolve);
  expect(reading.problems).toEqual([]);
  return resolveExplore(reading.spec!);
};
const METHODS = 'attribute=exptl.method&count=entry&dimension=terms&top=2';

const answer = (name: string, buckets: [string, number][]): SearchResponse => ({
  query_id: 'q',
  result_type: 'entry',
  total_count: 100,
  facets: [{ name, buckets: buckets.map(([label, population]) => ({ label, population })) }],
});
const counted = (total_count: number): SearchResponse => ({
  query_id: 'o',
  result_type: 'entry',
  total_count,
});

describe('the "Other" bar of an explore terms chart', () => {
  it('is on by default; other=off switches it off, and only "off" is written', () => {
    const on = readExplore(new URLSearchParams(METHODS), resolve).spec!;
    expect(on.other).toBe(true);
    expect(writeExplore(on).has('other')).toBe(false);
    const off = readExplore(new URLSearchParams(`${METHODS}&other=off`), resolve).spec!;
    expect(off.other).toBe(false);
    expect(writeExplore(off).get('other')).toBe('off');
    expect(readExplore(new URLSearchParams(`${METHODS}&other=maybe`), resolve).problems).toEqual([
      { param: 'other', message: 'must be "on" or "off", got "maybe"' },
    ]);
    expect(
      readExplore(
        new URLSearchParams('attribute=exptl.method&dimension=terms&other=on&top=3&count=entry'),
        resolve,
      ).spec?.other,
    ).toBe(true);
  });

  it('is off, and refused when asked for, where counted above its attribute’s level', () => {
    const organism = 'attribute=rcsb_entity_source_organism.ncbi_scientific_name&dimension=terms';
    expect(readExplore(new URLSearchParams(`${organism}&count=entry`), resolve).spec?.other).toBe(false);
    expect(readExplore(new URLSearchParams(`${organism}&count=polymer_instance`), resolve).spec?.other).toBe(
      true,
    );
    const [problem] = readExplore(new URLSearchParams(`${organism}&count=entry&other=on`), resolve).problems;
    expect(problem?.param).toBe('other');
  });

  it('is counted by the bar’s click-through search, with only its count asked for', () => {
    const chart = chartOf(METHODS);
    const response = answer('Method', [
      ['X-RAY DIFFRACTION', 70],
      ['ELECTRON MICROSCOPY', 20],
    ]);
    const scope = {
      type: 'terminal' as const,
      service: 'text' as const,
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less' as const, value: 3 },
    };
    const request = otherRequestOf(chart.definition, chart.query, response, scope)!;
    const shown = ['X-RAY DIFFRACTION', 'ELECTRON MICROSCOPY'];
    const click = clickRequest(
      chart.definition,
      { x: 'Other', view: 'cumulative', shown },
      chart.query,
      scope,
    );
    expect(request.query).toEqual(click.query);
    expect(request.return_type).toBe('entry');
    expect(request.request_options?.return_counts).toBe(true);
    expect(JSON.stringify(request.query)).toContain(
      '"operator":"in","value":["X-RAY DIFFRACTION","ELECTRON MICROSCOPY"],"negation":true',
    );
  });

  it('numeric values are matched as numbers', () => {
    const chart = chartOf('attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=terms&top=1');
    const request = otherRequestOf(
      chart.definition,
      chart.query,
      answer('Entities', [['1', 50]]),
      undefined,
    )!;
    expect(JSON.stringify(request.query)).toContain('"value":[1]');
  });

  it('is asked for only when the answer holds as many values as drawn, and not over a 204', () => {
    const chart = chartOf(METHODS);
    expect(otherRequestOf(chart.definition, chart.query, answer('Method', [['X-RAY DIFFRACTION', 70]]))).toBe(
      undefined,
    );
    expect(otherRequestOf(chart.definition, chart.query, null)).toBeUndefined();
  });

  it('is drawn last with its count from the second search; a 204 counts 0', async () => {
    const chart = chartOf(METHODS);
    const first = answer('Method', [
      ['X-RAY DIFFRACTION', 70],
      ['ELECTRON MICROSCOPY', 20],
    ]);
    const sent: unknown[] = [];
    const [completed] = await withOtherBars(
      [first],
      [otherRequestOf(chart.definition, chart.query, first)],
      async (request) => (sent.push(request), counted(12)),
    );
    expect(sent).toHaveLength(1);
    const { bars } = toDistributionData(completed ?? null, chart.query as DistributionQuery);
    expect(bars).toEqual([
      { label: 'X-RAY DIFFRACTION', value: 70 },
      { label: 'ELECTRON MICROSCOPY', value: 20 },
      { label: 'Other (none of the 2 shown)', value: 12, other: true },
    ]);
    expect(
      otherBarOf(
        bars.map((b) => b.label),
        chart.query,
      )?.note,
    ).toBe(
      'Entries with a value of Method but none of the 2 shown (one with several values counts in the bar of each).',
    );
    const empty = withOtherCount(first, null);
    expect(empty?.facets?.find((f) => f.name === OTHER_FACET)).toEqual({ name: OTHER_FACET, value: 0 });
  });

  it('compared: the cohorts’ values together are cut to N, and each cohort has its Other over those N', () => {
    const chart = chartOf(METHODS);
    const node = (value: string) => ({
      type: 'terminal' as const,
      service: 'text' as const,
      parameters: { attribute: 'struct_keywords.pdbx_keywords', operator: 'exact_match' as const, value },
    });
    const comparison = comparisonOf(
      chart,
      { cohorts: [{ node: node('A') }, { node: node('B') }], measure: 'count' },
      () => undefined,
    );
    const responses = [
      answer('Method', [
        ['X-RAY DIFFRACTION', 50],
        ['NEUTRON DIFFRACTION', 3],
      ]),
      answer('Method', [
        ['ELECTRON MICROSCOPY', 40],
        ['SOLUTION NMR', 5],
      ]),
    ];
    const requests = comparedOtherRequests(comparison, responses);
    expect(requests.map((r) => JSON.stringify(r?.query))).toEqual([
      expect.stringContaining('["X-RAY DIFFRACTION","ELECTRON MICROSCOPY"]'),
      expect.stringContaining('["X-RAY DIFFRACTION","ELECTRON MICROSCOPY"]'),
    ]);
    expect(JSON.stringify(requests[1]?.query)).toContain('"value":"B"');
    const data = comparedChartData(chart, [
      { label: 'A', response: withOtherCount(responses[0]!, counted(3)) },
      { label: 'B', response: withOtherCount(responses[1]!, counted(5)) },
    ]);
    expect(data).toMatchObject({
      kind: 'distribution',
      distribution: {
        categories: ['X-RAY DIFFRACTION', 'ELECTRON MICROSCOPY', 'Other (none of the 2 shown)'],
        cohorts: [
          { label: 'A', values: [50, 0, 3] },
          { label: 'B', values: [0, 40, 5] },
        ],
      },
    });
  });

  it('compared: no Other when the cohorts’ values are all drawn, and none for an empty cohort', () => {
    const chart = chartOf(METHODS);
    const comparison = comparisonOf(chart, { cohorts: [], measure: 'percent' }, () => undefined);
    expect(comparedOtherRequests(comparison, [answer('Method', [['X-RAY DIFFRACTION', 1]])])).toEqual([
      undefined,
    ]);
    const two = comparisonOf(
      chart,
      {
        cohorts: [
          {
            node: {
              type: 'terminal',
              service: 'text',
              parameters: { attribute: 'exptl.method', operator: 'exists' },
            },
          },
          {
            node: {
              type: 'terminal',
              service: 'text',
              parameters: { attribute: 'struct.title', operator: 'exists' },
            },
          },
        ],
        measure: 'count',
      },
      () => undefined,
    );
    const three = answer('Method', [
      ['A', 3],
      ['B', 2],
      ['C', 1],
    ]);
    expect(comparedOtherRequests(two, [three, null]).map((r) => r !== undefined)).toEqual([true, false]);
  });
});
