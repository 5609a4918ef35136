import { describe, expect, it } from 'vitest';
import { DIALECTS, planSearch, type CompiledQuery } from '../planner/index.ts';
import type { Execute } from '../engine/engine.ts';
import { runSearch } from './run-search.ts';
import type { ResultRow } from './shape-facets.ts';
import { facets, plan } from '../planner/testing/requests.ts';

/**
 * Response shaping without a database: statements are answered by a stub that recognises them by
 * their shape, so each rule of the response's shape is tested on its own.
 */
const compile = (request: ReturnType<typeof plan>) =>
  DIALECTS.duckdb.createCompiler().compile(planSearch(request, { methodologies: ['experimental'] }));

function stub(
  total: number,
  page: string[],
  facetRows: ResultRow[][] = [],
): Execute & { seen: CompiledQuery[]; most: (number | undefined)[] } {
  const seen: CompiledQuery[] = [];
  const most: (number | undefined)[] = [];
  let facet = 0;
  const execute = async (query: CompiledQuery, rows?: number) => {
    seen.push(query);
    most.push(rows);
    if (query.sql.startsWith('SELECT count(*) AS total')) return [[total]];
    if (query.sql.includes('AS identifier')) return page.map((id) => [id]);
    return facetRows[facet++] ?? [];
  };
  return Object.assign(execute, { seen, most });
}

/** Four terms facets over different attributes, each answered by the stub with four rows. */
function fourFacets(extra: object = {}) {
  const terms = (name: string, attribute: string) => ({
    name,
    aggregation_type: 'terms',
    attribute,
    ...extra,
  });
  const request = facets([
    terms('A', 'rcsb_entry_info.experimental_method'),
    terms('B', 'rcsb_entry_info.polymer_composition'),
    terms('C', 'rcsb_entry_info.selected_polymer_entity_types'),
    terms('D', 'exptl.method'),
  ]);
  const rows = (prefix: string) => Array.from({ length: 4 }, (_, i): ResultRow => [`${prefix}${i}`, 1]);
  return { program: compile(request), stub: () => stub(4, [], ['a', 'b', 'c', 'd'].map(rows)) };
}

describe(`${runSearch.name}`, () => {
  it('refuses an answer over the bucket limit once the facets fetched pass it: later facets are never run', async () => {
    const { program, stub } = fourFacets();
    const execute = stub();
    const limits = { maxBuckets: 6, maxFacetRows: Infinity };
    await expect(runSearch(program, execute, execute, limits)).rejects.toThrow(
      'the facet "B" makes the answer hold more than 6 buckets',
    );
    // The count, then A and B: C and D did not run.
    expect(execute.seen).toHaveLength(3);
  });

  it('refuses an answer whose facets read more rows than the limit: the engine is told the rows left, later facets never run', async () => {
    const { program, stub } = fourFacets({ max_num_intervals: 2 });
    const execute = stub();
    const limits = { maxBuckets: Infinity, maxFacetRows: 10 };
    await expect(runSearch(program, execute, execute, limits)).rejects.toThrow(
      'the facets make the database return more than 10 rows',
    );
    // Each answer of two buckets, but four rows each: C passes the limit, D never runs.
    expect(execute.most).toEqual([undefined, 10, 6, 2]);
    // Within the limit, the same facets are answered.
    const answered = stub();
    const response = await runSearch(program, answered, answered, { ...limits, maxFacetRows: 16 });
    expect(response?.facets?.map((f) => f.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('null when nothing matches, without asking for more', async () => {
    const execute = stub(0, []);
    expect(await runSearch(compile(plan({ return_type: 'entry' })), execute)).toBeNull();
    expect(execute.seen).toHaveLength(1);
  });

  it('null when the page starts at or beyond the total', async () => {
    const request = plan({ return_type: 'entry', request_options: { paginate: { start: 3, rows: 5 } } });
    expect(await runSearch(compile(request), stub(3, []))).toBeNull();
  });

  it('count only: three keys', async () => {
    const request = plan({
      return_type: 'assembly',
      request_info: { query_id: 'abc' },
      request_options: { return_counts: true },
    });
    expect(await runSearch(compile(request), stub(7, ['x']))).toEqual({
      query_id: 'abc',
      result_type: 'assembly',
      total_count: 7,
    });
  });

  it('items by verbosity', async () => {
    const items = async (verbosity: string) =>
      (
        await runSearch(
          compile(plan({ return_type: 'entry', request_options: { results_verbosity: verbosity } })),
          stub(2, ['1ABC', '2DEF']),
        )
      )?.result_set;
    expect(await items('compact')).toEqual(['1ABC', '2DEF']);
    expect(await items('minimal')).toEqual([
      { identifier: '1ABC', score: 1 },
      { identifier: '2DEF', score: 1 },
    ]);
    // No query node is scored, and the schema wants a scored node in each service: as minimal.
    expect((await items('verbose'))?.[0]).toEqual({ identifier: '1ABC', score: 1 });
  });

  it('facets from rows: keys, populations, sub-facet rows by parent key (one statement of both keys, added up per facet)', async () => {
    const request = facets([
      {
        name: 'Y',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [{ name: 'M', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' }],
      },
    ]);
    const execute = stub(
      3,
      [],
      [
        [
          [2001, 'EM', 1],
          [2001, 'X-ray', 1],
          [1999, 'NMR', 1],
          [null, 'NMR', 3],
          [null, null, 1],
        ],
      ],
    );
    const response = await runSearch(compile(request), execute);
    expect(execute.seen).toHaveLength(2);
    expect(response).not.toHaveProperty('result_set');
    expect(response?.facets).toEqual([
      {
        name: 'Y',
        buckets: [
          {
            label: '1999',
            population: 1,
            facets: [{ name: 'M', buckets: [{ label: 'NMR', population: 1 }] }],
          },
          {
            label: '2001',
            population: 2,
            facets: [
              {
                name: 'M',
                buckets: [
                  { label: 'EM', population: 1 },
                  { label: 'X-ray', population: 1 },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('a year histogram and year-aligned cumulative ranges: one statement of years, run once, answers both', async () => {
    const released = 'rcsb_accession_info.initial_release_date';
    const request = facets([
      { name: 'Y', aggregation_type: 'date_histogram', attribute: released, interval: 'year' },
      {
        name: 'C',
        aggregation_type: 'date_range',
        attribute: released,
        ranges: [
          { from: '1999-01-01', to: '2000-01-01' },
          { from: '1999-01-01', to: '2002-01-01' },
        ],
      },
    ]);
    const years = [
      [2001, 2],
      [1999, 1],
      [1998, 5],
    ];
    const execute = stub(8, [], [years, [[2000, 99]]]);
    const response = await runSearch(compile(request), execute);
    expect(execute.seen).toHaveLength(2);
    expect(response?.facets).toEqual([
      {
        name: 'Y',
        buckets: [
          { label: '1998', population: 5 },
          { label: '1999', population: 1 },
          { label: '2001', population: 2 },
        ],
      },
      {
        name: 'C',
        buckets: [
          { label: '1999-01-01T00:00:00.000Z-2000-01-01T00:00:00.000Z', population: 1 },
          { label: '1999-01-01T00:00:00.000Z-2002-01-01T00:00:00.000Z', population: 3 },
        ],
      },
    ]);
  });
});
