import { describe, expect, it } from 'vitest';
import { DIALECTS, planSearch, type FacetProgram } from '../planner/index.ts';
import {
  expandMasks,
  groupRows,
  rangeKeyed,
  shapeFacets,
  yearsToKeys,
  type FacetData,
  type Key,
  type ResultRow,
} from './shape-facets.ts';
import { facets } from '../planner/testing/requests.ts';

/** Shaping rules of facet answers (order, fill, cut, labels) on rows written by hand. */
function shape(facet: object, rows: ResultRow[], universe?: Key[]) {
  const program = DIALECTS.duckdb
    .createCompiler()
    .compile(planSearch(facets([facet]), { methodologies: ['experimental'] })).facets[0] as FacetProgram;
  const data: FacetData = {
    program,
    groups: groupRows(rangeKeyed(program, rows), 0),
    ...(universe && { universe }),
    children: [],
  };
  return shapeFacets([data])[0] as { name: string; buckets: { label: string; population: number }[] };
}
const terms = (extra: object = {}) => ({
  name: 'T',
  aggregation_type: 'terms',
  attribute: 'rcsb_entry_info.experimental_method',
  ...extra,
});

describe(`${shapeFacets.name}`, () => {
  it('terms: population desc, ties by label asc, null keys dropped', () => {
    const rows = [
      ['b', 2],
      ['a', 2],
      ['c', 5],
      [null, 9],
      ['B', 2],
    ];
    expect(shape(terms(), rows)).toEqual({
      name: 'T',
      buckets: [
        { label: 'c', population: 5 },
        { label: 'B', population: 2 },
        { label: 'a', population: 2 },
        { label: 'b', population: 2 },
      ],
    });
  });

  it('a facet without buckets is left out: the schema allows no empty bucket list', () => {
    expect(shape(terms(), [[null, 4]])).toBeUndefined();
    expect(shape(terms({ min_interval_population: 3 }), [['a', 2]])).toBeUndefined();
  });

  it('terms: min population first, then the cut to max intervals', () => {
    const rows = [
      ['a', 1],
      ['b', 3],
      ['c', 2],
      ['d', 2],
    ];
    expect(shape(terms({ min_interval_population: 2, max_num_intervals: 2 }), rows)).toEqual({
      name: 'T',
      buckets: [
        { label: 'b', population: 3 },
        { label: 'c', population: 2 },
      ],
    });
  });

  it('terms with min population 0: values of the archive with 0, ordered like the others', () => {
    expect(shape(terms({ min_interval_population: 0 }), [['m', 1]], ['z', 'm', 'a'])).toEqual({
      name: 'T',
      buckets: [
        { label: 'm', population: 1 },
        { label: 'a', population: 0 },
        { label: 'z', population: 0 },
      ],
    });
  });

  it('histogram: bin index times interval, ascending, gaps filled only with min population 0', () => {
    const histogram = (extra: object = {}) => ({
      name: 'H',
      aggregation_type: 'histogram',
      attribute: 'rcsb_entry_info.molecular_weight',
      interval: 0.1,
      ...extra,
    });
    const rows = [
      [3, 1],
      [0, 2],
      [1, 1],
    ];
    expect(shape(histogram(), rows)).toEqual({
      name: 'H',
      buckets: [
        { label: '0.0', population: 2 },
        { label: '0.1', population: 1 },
        { label: '0.30000000000000004', population: 1 },
      ],
    });
    expect(shape(histogram({ min_interval_population: 0 }), rows).buckets).toHaveLength(4);
  });

  it('date_histogram: years ascending, filled between the first and the last', () => {
    const years = (extra: object = {}) => ({
      name: 'Y',
      aggregation_type: 'date_histogram',
      attribute: 'rcsb_accession_info.initial_release_date',
      interval: 'year',
      ...extra,
    });
    expect(
      shape(years({ min_interval_population: 0 }), [
        [2003, 1],
        [2000, 4],
      ]),
    ).toEqual({
      name: 'Y',
      buckets: [
        { label: '2000', population: 4 },
        { label: '2001', population: 0 },
        { label: '2002', population: 0 },
        { label: '2003', population: 1 },
      ],
    });
    expect(shape(years(), [])).toBeUndefined();
  });

  it('range: every requested range in request order, empty ones with 0', () => {
    const range = {
      name: 'R',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.molecular_weight',
      ranges: [{ from: 10 }, { to: 10 }],
    };
    expect(shape(range, [[1, 3]])).toEqual({
      name: 'R',
      buckets: [
        { label: '10.0-*', population: 0 },
        { label: '*-10.0', population: 3 },
      ],
    });
  });

  it('overlapping ranges: masks of segments add up per range', () => {
    const range = {
      name: 'R',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.molecular_weight',
      ranges: [{ to: 20 }, { from: 10, to: 30 }, { from: 40 }],
    };
    // Segments: 0 = (-inf, 10), 1 = [10, 20), 2 = [20, 30), 3 = [40, inf).
    const rows = [
      ['1', 5],
      ['2', 7],
      ['4', 1],
      ['6', 2],
      ['8', 4],
    ];
    expect(shape(range, rows)).toEqual({
      name: 'R',
      buckets: [
        { label: '*-20.0', population: 14 },
        { label: '10.0-30.0', population: 10 },
        { label: '40.0-*', population: 4 },
      ],
    });
  });
});

describe(`${expandMasks.name}`, () => {
  it('keeps the other keys and sums per range', () => {
    const mask = { position: 1, members: [[0, 1], [1]] };
    expect(
      expandMasks(
        [
          ['a', '1', 2],
          ['a', '2', 3],
          ['b', '3', 1],
          ['b', '0', 9],
          ['c', null, 9],
        ],
        mask,
      ),
    ).toEqual([
      ['a', 0, 5],
      ['a', 1, 3],
      ['b', 0, 1],
      ['b', 1, 1],
    ]);
  });

  it('sums rows apart whose other keys differ, a number and its text included, in order of first appearance', () => {
    const mask = { position: 1, members: [[0], [0, 1]] };
    expect(
      expandMasks(
        [
          [1, '1', 'x', 1],
          ['1', '1', 'x', 2],
          [1, '2', 'x', 4],
          [1, '1', null, 8],
          [1, '3', 'x', 16],
          ['1', '2', 'x', 32],
        ],
        mask,
      ),
    ).toEqual([
      [1, 0, 'x', 17],
      [1, 1, 'x', 21],
      ['1', 0, 'x', 2],
      ['1', 1, 'x', 34],
      [1, 0, null, 8],
      [1, 1, null, 8],
    ]);
  });

  it('handles masks beyond 2^53', () => {
    const mask = { position: 0, members: [[62], [0, 62]] };
    expect(expandMasks([[(1n << 62n).toString(), 4]], mask)).toEqual([
      [0, 4],
      [1, 4],
    ]);
  });
});

describe(`${yearsToKeys.name}`, () => {
  it('a year takes the key of the range holding it, open ends included; rows of one key are added up', () => {
    const years = {
      position: 1,
      intervals: [
        { to: 2000, key: 0 },
        { from: 2000, to: 2002, key: 1 },
        { from: 2010, key: 2 },
      ],
    };
    expect(
      yearsToKeys(
        [
          ['a', 1999, 1],
          ['a', 1850, 2],
          ['a', 2000, 4],
          ['a', 2001, 8],
          ['a', 2002, 16],
          ['a', 2009, 32],
          ['b', 2010, 64],
          ['b', 2026, 128],
          ['b', null, 256],
        ],
        years,
      ),
    ).toEqual([
      ['a', 0, 3],
      ['a', 1, 12],
      ['a', null, 48],
      ['b', 2, 192],
      ['b', null, 256],
    ]);
  });

  it('cumulative date ranges: years become segment masks, then ranges', () => {
    const facet = {
      name: 'C',
      aggregation_type: 'date_range',
      attribute: 'rcsb_accession_info.initial_release_date',
      ranges: [
        { from: '2000-01-01', to: '2001-01-01' },
        { from: '2000-01-01', to: '2002-01-01' },
      ],
    };
    const program = DIALECTS.duckdb
      .createCompiler()
      .compile(planSearch(facets([facet]), { methodologies: ['experimental'] })).facets[0] as FacetProgram;
    expect(program.kind === 'buckets' && program.years).toEqual({
      position: 0,
      intervals: [
        { from: 2000, to: 2001, key: '1' },
        { from: 2001, to: 2002, key: '2' },
      ],
    });
    expect(
      rangeKeyed(program, [
        [1999, 7],
        [2000, 2],
        [2001, 3],
        [2002, 5],
      ]),
    ).toEqual([
      [0, 2],
      [1, 5],
    ]);
  });
});
