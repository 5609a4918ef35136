import { validateSearchRequest } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, planSearch, type BucketProgram } from '../src/planner/index.ts';
import { search, startArchiveFixture, type ArchiveFixture, type Row } from './support/archive-fixture.ts';

/**
 * Date ranges whose bounds all fall on 1 January are counted per year and the years mapped to
 * ranges after the statement (planner/compiler/relation-compiler.ts, `yearKeyed`). Here every
 * range's population is recounted from the plain documents of a generated archive, for the
 * cumulative ranges of the growth charts, ranges from each year on, disjoint ranges with gaps and
 * open ends, with a query, and as the parent of a terms facet.
 */

const RELEASED = 'rcsb_accession_info.initial_release_date';
const METHOD = 'rcsb_entry_info.experimental_method';
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(900, 43);
});
afterAll(() => fixture?.close());

interface Range {
  from?: string;
  to?: string;
}
const inRange = (date: unknown, r: Range) =>
  typeof date === 'string' && (r.from === undefined || date >= r.from) && (r.to === undefined || date < r.to);

const years = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const CASES: Record<string, Range[]> = {
  'up to each year (the growth charts)': years(1976, 2026).map((y) => ({
    from: '1976-01-01',
    to: `${y + 1}-01-01`,
  })),
  'from each year on': years(1990, 2026).map((y) => ({ from: `${y}-01-01` })),
  'disjoint, with gaps and open ends': [
    { to: '1990-01-01' },
    { from: '1995-01-01', to: '2000-01-01' },
    { from: '2000-01-01', to: '2001-01-01' },
    { from: '2010-01-01', to: '2010-01-01' },
    { from: '2015-01-01' },
  ],
  'overlapping, not all from one start': [
    { from: '1990-01-01', to: '2005-01-01' },
    { from: '2000-01-01', to: '2020-01-01' },
    { to: '1995-01-01' },
  ],
};

const entries = () => fixture.docs.entry as Row[];
const population = (ranges: Range[], keep: (entry: Row) => boolean) =>
  ranges.map((r) => entries().filter((e) => keep(e) && inRange(e[RELEASED], r)).length);

function rangesRequest(ranges: Range[], extra: object = {}, query?: object) {
  return {
    return_type: 'entry',
    ...(query && { query }),
    request_options: {
      paginate: { start: 0, rows: 0 },
      facets: [{ name: 'D', aggregation_type: 'date_range', attribute: RELEASED, ranges, ...extra }],
    },
  };
}

/** The request's first facet is compiled to a statement of years, not of range keys. */
function countsByYear(request: object): boolean {
  const program = DIALECTS.duckdb
    .createCompiler()
    .compile(planSearch(validateSearchRequest(request), fixture.engine.facts));
  return (program.facets[0] as BucketProgram).years !== undefined;
}

describe('populations of date ranges at year starts equal a count of the documents per range', () => {
  it.each(Object.entries(CASES))('%s', async (_name, ranges) => {
    const request = rangesRequest(ranges);
    expect(countsByYear(request)).toBe(true);
    const response = await search(fixture.app, request);
    const counted = (response!.facets[0].buckets as { population: number }[]).map((b) => b.population);
    expect(counted).toEqual(population(ranges, () => true));
    expect(counted.some((n) => n > 0)).toBe(true);
  });

  it('with a query, only the hits count', async () => {
    const ranges = CASES['up to each year (the growth charts)']!;
    const xray = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: METHOD, operator: 'exact_match', value: 'X-ray' },
    };
    const response = await search(fixture.app, rangesRequest(ranges, {}, xray));
    const counted = (response!.facets[0].buckets as { population: number }[]).map((b) => b.population);
    expect(counted).toEqual(population(ranges, (e) => e[METHOD] === 'X-ray'));
  });

  it('as the parent of a terms facet: per range, the methods of its entries', async () => {
    const ranges = CASES['overlapping, not all from one start']!;
    const terms = { name: 'M', aggregation_type: 'terms', attribute: METHOD, min_interval_population: 1 };
    const request = rangesRequest(ranges, { facets: [terms] });
    const response = await search(fixture.app, request);
    const buckets = response!.facets[0].buckets as {
      facets?: { buckets: { label: string; population: number }[] }[];
    }[];
    ranges.forEach((range, i) => {
      const expected = new Map<string, number>();
      for (const e of entries()) {
        if (inRange(e[RELEASED], range) && typeof e[METHOD] === 'string')
          expected.set(e[METHOD], (expected.get(e[METHOD]) ?? 0) + 1);
      }
      const got = new Map((buckets[i]!.facets?.[0]?.buckets ?? []).map((b) => [b.label, b.population]));
      expect(got).toEqual(expected);
    });
  });

  it('ranges with a bound inside a year keep their comparison per bound, with the same counts', async () => {
    const ranges = [{ from: '1976-01-01', to: '2000-07-01' }, { from: '2000-07-01' }];
    const request = rangesRequest(ranges);
    expect(countsByYear(request)).toBe(false);
    const response = await search(fixture.app, request);
    const counted = (response!.facets[0].buckets as { population: number }[]).map((b) => b.population);
    expect(counted).toEqual(population(ranges, () => true));
  });
});
