import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtureEngine, type FixtureEngine } from './testing/fixture-engine.ts';
import { plan, text } from '../planner/testing/requests.ts';

/** Result sets: order, pages, verbosity, counts and empty answers. */
let fixture: FixtureEngine;
beforeAll(async () => {
  fixture = await openFixtureEngine();
});
afterAll(() => fixture?.close());

const search = (request: object) => fixture.search(plan({ return_type: 'entry', ...request }));
const compact = async (options: object, request: object = {}) =>
  (await search({ ...request, request_options: { results_verbosity: 'compact', ...options } }))?.result_set;

describe('order', () => {
  it('by identifier when sorted by score (all scores are 1)', async () => {
    expect(await compact({})).toEqual(['1ABC', '2DEF', '3GHI', '4JKL']);
    expect(await compact({ sort: [{ sort_by: 'score', direction: 'asc' }] })).toEqual([
      '1ABC',
      '2DEF',
      '3GHI',
      '4JKL',
    ]);
  });

  it('by a number, both directions', async () => {
    const sort = (direction: string) => ({
      sort: [{ sort_by: 'rcsb_entry_info.molecular_weight', direction }],
    });
    expect(await compact(sort('desc'))).toEqual(['2DEF', '4JKL', '1ABC', '3GHI']);
    expect(await compact(sort('asc'))).toEqual(['3GHI', '1ABC', '4JKL', '2DEF']);
  });

  it('by a list: min ascending, max descending, missing values last', async () => {
    const sort = (direction: string) => ({
      sort: [{ sort_by: 'rcsb_entry_info.resolution_combined', direction }],
    });
    expect(await compact(sort('asc'))).toEqual(['4JKL', '1ABC', '2DEF', '3GHI']);
    expect(await compact(sort('desc'))).toEqual(['2DEF', '4JKL', '1ABC', '3GHI']);
  });

  it('ties broken by identifier, nulls last', async () => {
    expect(await compact({ sort: [{ sort_by: 'symmetry.space_group_name_H_M', direction: 'asc' }] })).toEqual(
      ['3GHI', '1ABC', '4JKL', '2DEF'],
    );
  });

  it('by an attribute of another level (entry release date for entities)', async () => {
    const response = await fixture.search(
      plan({
        return_type: 'polymer_entity',
        request_options: {
          results_verbosity: 'compact',
          sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' }],
        },
      }),
    );
    expect(response?.result_set).toEqual(['4JKL_1', '3GHI_1', '2DEF_1', '1ABC_1', '1ABC_2']);
  });

  it('by an attribute of the entities: min ascending, max descending over an entry’s entities', async () => {
    const sort = (direction: string) => ({
      sort: [{ sort_by: 'rcsb_polymer_entity.formula_weight', direction }],
    });
    expect(await compact(sort('desc'))).toEqual(['2DEF', '1ABC', '3GHI', '4JKL']);
    expect(await compact(sort('asc'))).toEqual(['4JKL', '3GHI', '1ABC', '2DEF']);
  });

  it('by several keys', async () => {
    const sort = [
      { sort_by: 'rcsb_entry_info.experimental_method', direction: 'asc' },
      { sort_by: 'rcsb_entry_info.deposited_atom_count', direction: 'desc' },
    ];
    expect(await compact({ sort })).toEqual(['2DEF', '3GHI', '4JKL', '1ABC']);
  });
});

describe('pages and verbosity', () => {
  it('start and rows', async () => {
    expect(await compact({ paginate: { start: 1, rows: 2 } })).toEqual(['2DEF', '3GHI']);
    expect(await compact({ paginate: { start: 3, rows: 10 } })).toEqual(['4JKL']);
  });

  it('default page of 10, minimal items', async () => {
    const response = await search({});
    expect(response?.total_count).toBe(4);
    expect(response?.result_set).toEqual([
      { identifier: '1ABC', score: 1 },
      { identifier: '2DEF', score: 1 },
      { identifier: '3GHI', score: 1 },
      { identifier: '4JKL', score: 1 },
    ]);
  });

  it('verbose items are minimal ones: no query node is scored, and the schema wants a scored node in each service', async () => {
    const response = await search({
      request_options: { results_verbosity: 'verbose', paginate: { rows: 1 } },
    });
    expect(response?.result_set).toEqual([{ identifier: '1ABC', score: 1 }]);
  });

  it('rows 0: no result_set key', async () => {
    const response = await search({ request_options: { paginate: { start: 0, rows: 0 } } });
    expect(response).not.toHaveProperty('result_set');
    expect(response?.total_count).toBe(4);
  });

  it('return_all_hits: every hit', async () => {
    const response = await fixture.search(
      plan({
        return_type: 'assembly',
        request_options: { return_all_hits: true, results_verbosity: 'compact' },
      }),
    );
    expect(response?.result_set).toEqual(['1ABC-1', '1ABC-2', '2DEF-1', '3GHI-1', '4JKL-1']);
  });
});

describe('counts and empty answers', () => {
  it('counts only, with the query_id echoed', async () => {
    expect(
      await search({ request_info: { query_id: 'q-1' }, request_options: { return_counts: true } }),
    ).toEqual({ query_id: 'q-1', result_type: 'entry', total_count: 4 });
  });

  it('a query_id is made up when the request has none', async () => {
    const response = await search({ request_options: { return_counts: true } });
    expect(response?.query_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('null (204) when nothing matches, for hits, counts and facets alike', async () => {
    const none = text('rcsb_entry_info.experimental_method', 'exact_match', 'cryo-EM');
    expect(await search({ query: none })).toBeNull();
    expect(await search({ query: none, request_options: { return_counts: true } })).toBeNull();
    expect(
      await search({
        query: none,
        request_options: {
          paginate: { start: 0, rows: 0 },
          facets: [{ name: 'M', aggregation_type: 'terms', attribute: 'exptl.method' }],
        },
      }),
    ).toBeNull();
  });

  it('null (204) when the page starts beyond the last hit', async () => {
    expect(await search({ request_options: { paginate: { start: 4, rows: 10 } } })).toBeNull();
    expect(await search({ request_options: { paginate: { start: 4, rows: 0 } } })).toMatchObject({
      total_count: 4,
    });
  });
});
