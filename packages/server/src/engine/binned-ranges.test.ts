import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetResult } from '@pdb-stats/search-model';
import { planSearch } from '../planner/search-plan.ts';
import { DuckDbCompiler } from '../planner/compiler/duckdb-compiler.ts';
import type { BucketProgram } from '../planner/program.ts';
import { facets } from '../planner/testing/requests.ts';
import { openFixtureEngine, type FixtureEngine } from './testing/fixture-engine.ts';

/**
 * A trend chart asks, inside each year, for a fine histogram of a column and for its coarse
 * ranges. Where every bound lies on the histogram's grid, the statement groups by the bins and
 * reads each bin's range from its lower edge. These values sit on, just below and just above
 * the bounds, so a bin put in the wrong range would show.
 */
const RELEASED = 'rcsb_accession_info.initial_release_date';
const WEIGHT = 'rcsb_entry_info.molecular_weight';
const ATOMS = 'rcsb_entry_info.deposited_atom_count';
const WEIGHTS = [
  0,
  0.5,
  19.999999999999996,
  20,
  20.000000000000004,
  39.5,
  40,
  59.99,
  379.99999999999994,
  380,
  1e6,
  null,
];
const ATOM_COUNTS = [0, 1, 249, 250, 251, 499, 500, 749, 4999, 5000, 123_456_789, null];

let fixture: FixtureEngine;
beforeAll(async () => {
  const entry = (i: number) => ({
    rcsb_id: String(i + 1).padStart(4, 'X'),
    [RELEASED]: i % 2 === 0 ? '2019-06-01' : '2020-06-01',
    'rcsb_entry_info.structure_determination_methodology': 'experimental',
    [WEIGHT]: WEIGHTS[i],
    [ATOMS]: ATOM_COUNTS[i],
  });
  fixture = await openFixtureEngine({ entry: WEIGHTS.map((_, i) => entry(i)) });
});
afterAll(() => fixture?.close());

const grid = (start: number, step: number, end: number) => [
  { to: start },
  ...Array.from({ length: Math.round((end - start) / step) }, (_, i) => ({
    from: start + i * step,
    to: start + (i + 1) * step,
  })),
  { from: end },
];
const histogram = (attribute: string, interval: number) => ({
  name: 'fine',
  aggregation_type: 'histogram',
  attribute,
  interval,
});
const range = (attribute: string, ranges: object[]) => ({
  name: 'bins',
  aggregation_type: 'range',
  attribute,
  ranges,
});
const byYear = (children: object[]) => [
  {
    name: 'year',
    aggregation_type: 'date_histogram',
    attribute: RELEASED,
    interval: 'year',
    facets: children,
  },
];

async function answer(children: object[]): Promise<FacetResult[]> {
  return (await fixture.search(facets(byYear(children))))!.facets!;
}

/** The buckets of a sub-facet inside each year: (year, bucket) → entries. */
function perYear(result: FacetResult[], name: string): Record<string, number> {
  const buckets = (facet: FacetResult | undefined) => (facet && 'buckets' in facet ? facet.buckets : []);
  const out: Record<string, number> = {};
  for (const year of buckets(result[0]))
    for (const bin of buckets(year.facets?.find((f) => f.name === name)))
      out[`${year.label} ${bin.label}`] = bin.population;
  return out;
}
const rangesPerYear = (result: FacetResult[]) => perYear(result, 'bins');

const compiled = (children: object[]) =>
  new DuckDbCompiler().compile(planSearch(facets(byYear(children)), { methodologies: ['experimental'] }))
    .facets[0] as BucketProgram;

/** Whether the compiled statement reads the ranges off the bins (no comparison of each row). */
const readOffBins = (children: object[]) => /\.c2 \* CAST/.test(compiled(children).query.sql);

describe('ranges read off the histogram bins of one statement', () => {
  const cases = [
    {
      what: 'molecular weight by 1, bounds every 20 (a number column)',
      attribute: WEIGHT,
      interval: 1,
      bins: grid(20, 20, 380),
    },
    { what: 'a power-of-two interval (0.5)', attribute: WEIGHT, interval: 0.5, bins: grid(20, 20, 380) },
    {
      what: 'atom counts by 250, bounds every 250 (an integer column)',
      attribute: ATOMS,
      interval: 250,
      bins: grid(250, 250, 5000),
    },
  ];
  for (const { what, attribute, interval, bins } of cases) {
    it(`${what}: the same ranges as each row compared with the bounds`, async () => {
      const together = [histogram(attribute, interval), range(attribute, bins)];
      expect(readOffBins(together)).toBe(true);
      // Alone in their year, the ranges compare each row with the bounds.
      expect(readOffBins([range(attribute, bins)])).toBe(false);
      const expected = rangesPerYear(await answer([range(attribute, bins)]));
      const shared = await answer(together);
      expect(rangesPerYear(shared)).toEqual(expected);
      // The statement has a row per bin: the histogram reads them as they are, the ranges add up.
      const [fine, coarse] = compiled(together).children as BucketProgram[];
      expect([fine!.rollUp, coarse!.rollUp]).toEqual([undefined, [0, 2]]);
      expect(perYear(shared, 'fine')).toEqual(
        perYear(await answer([histogram(attribute, interval)]), 'fine'),
      );
      // Every value with a year is counted once.
      const values = attribute === WEIGHT ? WEIGHTS : ATOM_COUNTS;
      const counted = Object.values(expected).reduce((a, b) => a + b, 0);
      expect(counted).toBe(values.filter((v) => v !== null).length);
    });
  }

  it('counts by hand: a value just below a bound is in the range below it', async () => {
    const perYear = rangesPerYear(await answer([histogram(WEIGHT, 1), range(WEIGHT, grid(20, 20, 380))]));
    // 2019: 0, 19.999999999999996, 20.000000000000004, 40, 379.99999999999994, 1e6.
    expect(perYear['2019 *-20.0']).toBe(2);
    expect(perYear['2019 20.0-40.0']).toBe(1);
    expect(perYear['2019 40.0-60.0']).toBe(1);
    expect(perYear['2019 360.0-380.0']).toBe(1);
    expect(perYear['2019 380.0-*']).toBe(1);
    // 2020: 0.5, 20, 39.5, 59.99, 380 (and a missing weight).
    expect(perYear['2020 *-20.0']).toBe(1);
    expect(perYear['2020 20.0-40.0']).toBe(2);
    expect(perYear['2020 40.0-60.0']).toBe(1);
    expect(perYear['2020 380.0-*']).toBe(1);
  });

  it('bounds off the grid, or an interval whose bins are not exact, compare each row', () => {
    // 0.05 is no power of two: 1.45 / 0.05 is 28.999999999999996, so a bin's edge can misplace it.
    expect(readOffBins([histogram(WEIGHT, 0.05), range(WEIGHT, grid(1, 0.5, 4))])).toBe(false);
    expect(readOffBins([histogram(WEIGHT, 1), range(WEIGHT, grid(2.5, 5, 12.5))])).toBe(false);
    // A whole interval is exact over integers only.
    expect(readOffBins([histogram(WEIGHT, 250), range(WEIGHT, grid(250, 250, 5000))])).toBe(false);
    expect(readOffBins([histogram(ATOMS, 250), range(ATOMS, grid(100, 100, 1000))])).toBe(false);
  });
});
