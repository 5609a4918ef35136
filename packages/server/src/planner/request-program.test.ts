import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@pdb-stats/search-model';
import type { StepAnswers } from './program-steps.ts';
import { requestProgram } from './request-program.ts';
import { plan, text } from './testing/requests.ts';

const grouped = (options: object = {}) =>
  plan({
    query: text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
    return_type: 'polymer_entity',
    request_options: {
      group_by: {
        aggregation_method: 'sequence_identity',
        similarity_cutoff: 95,
        ranking_criteria_type: { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
      },
      group_by_return_type: 'groups',
      paginate: { start: 1, rows: 2 },
      facets: [
        { name: 'methods', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
      ],
      ...options,
    },
  });

/** The overview a `groups` step answers: `groups` groups in all, `page` the ids by hit count. */
const overview = (groups: number, page: [string, number][], total = 10): SearchResponse => ({
  query_id: 'q',
  result_type: 'polymer_entity',
  total_count: total,
  facets: [
    { name: 'groups', value: groups },
    { name: 'page', buckets: page.map(([label, population]) => ({ label, population })) },
  ],
});

/** Runs the program's steps against canned answers; returns the steps run and the answer. */
function run(program: ReturnType<typeof requestProgram>, canned: Record<string, SearchResponse | null>) {
  const answers = new Map<string, SearchResponse | null>();
  for (const step of program.steps) {
    const request = step.request(answers as StepAnswers);
    if (request) answers.set(step.name, canned[step.name] ?? null);
  }
  return { ran: [...answers.keys()], answer: program.answer(answers) };
}

describe('request programs', () => {
  it('a plain request is one search, answered as it is', () => {
    const request = plan({ return_type: 'entry' });
    const program = requestProgram(request);
    expect(program.steps.map((s) => s.name)).toEqual(['search']);
    expect(program.steps[0]!.request(new Map())).toBe(request);
    const answer: SearchResponse = { query_id: 'q', result_type: 'entry', total_count: 3 };
    expect(program.answer(new Map([['search', answer]]))).toBe(answer);
  });

  it('a grouped request lists its steps, each built from the answers before it', () => {
    const request = grouped();
    const program = requestProgram(request);
    expect(program.steps.map((s) => s.name)).toEqual([
      'groups',
      'grouped-hits',
      'facets',
      'page-members',
      'member-ranking',
    ]);
    const [groups, groupedHits, facets, pageMembers, ranking] = program.steps;
    // The overview: no query change, no page, the group count and the group ids ranked by hits.
    const first = groups!.request(new Map())!;
    expect(first.query).toEqual(request.query);
    expect(first.page.rows).toBe(0);
    expect(first.groupBy).toBeUndefined();
    expect(first.facets[0]).toMatchObject({
      kind: 'filter',
      facets: [{ name: 'groups' }, { name: 'page', maxIntervals: 3 }],
    });

    const answers = new Map<string, SearchResponse | null>([
      [
        'groups',
        overview(3, [
          ['A', 5],
          ['B', 3],
          ['C', 1],
        ]),
      ],
    ]);
    expect(groupedHits!.request(answers)!.query).toMatchObject({ kind: 'group', logicalOperator: 'and' });
    expect(facets!.request(answers)!.facets).toEqual(request.facets);
    // The page (start 1, rows 2) holds groups B and C: their members are asked for.
    const members = pageMembers!.request(answers)!;
    expect(JSON.stringify(members.query)).toContain('"values":["B","C"]');
    answers.set('page-members', {
      query_id: 'q',
      result_type: 'polymer_entity',
      total_count: 4,
      facets: [
        {
          name: 'groups',
          buckets: [
            {
              label: 'B',
              population: 3,
              facets: [
                {
                  name: 'members',
                  buckets: [
                    { label: 'X_1', population: 1 },
                    { label: 'Y_1', population: 1 },
                  ],
                },
              ],
            },
            {
              label: 'C',
              population: 1,
              facets: [{ name: 'members', buckets: [{ label: 'Z_1', population: 1 }] }],
            },
          ],
        },
      ],
    } as SearchResponse);
    // The ranking search takes the members found by the step before and the request's ranking.
    const ranked = ranking!.request(answers)!;
    expect(ranked.query).toMatchObject({ comparison: { operator: 'in', values: ['X_1', 'Y_1', 'Z_1'] } });
    expect(ranked.sort).toEqual(request.groupBy!.ranking);
    answers.set('member-ranking', {
      query_id: 'q',
      result_type: 'polymer_entity',
      total_count: 3,
      result_set: ['Y_1', 'Z_1', 'X_1'],
    });
    answers.set('grouped-hits', { query_id: 'q', result_type: 'polymer_entity', total_count: 9 });
    expect(program.answer(answers)).toMatchObject({
      total_count: 3,
      group_by_count: 9,
      ungrouped_count: 1,
      group_set: [
        {
          identifier: 'B',
          count: 3,
          representative: { identifier: 'Y_1' },
          result_set: [{ identifier: 'Y_1' }, { identifier: 'X_1' }],
        },
        { identifier: 'C', count: 1, representative: { identifier: 'Z_1' } },
      ],
    });
  });

  it('skips the steps whose answers would not be used', () => {
    const page = overview(2, [
      ['A', 2],
      ['B', 1],
    ]);
    // Counts only: the groups and the grouped hits, nothing of the page.
    expect(run(requestProgram(grouped({ return_counts: true })), { groups: page }).ran).toEqual([
      'groups',
      'grouped-hits',
    ]);
    // Compact groups are their identifiers: the members are not searched.
    expect(
      run(requestProgram(grouped({ results_verbosity: 'compact' })), {
        groups: page,
        'grouped-hits': { query_id: 'q', result_type: 'polymer_entity', total_count: 3 },
      }),
    ).toMatchObject({ ran: ['groups', 'grouped-hits', 'facets'], answer: { group_set: ['B'] } });
    // No hit at all: the overview alone, and a 204.
    expect(run(requestProgram(grouped()), { groups: null })).toEqual({ ran: ['groups'], answer: null });
    // Hits but no group among them: a 204 too.
    expect(run(requestProgram(grouped()), { groups: overview(0, []) }).answer).toBeNull();
    // A page beyond the last group: the facets are still computed, no member search, a 204.
    expect(
      run(requestProgram(grouped({ paginate: { start: 5, rows: 2 } })), {
        groups: page,
        'grouped-hits': { query_id: 'q', result_type: 'polymer_entity', total_count: 3 },
      }),
    ).toEqual({ ran: ['groups', 'grouped-hits', 'facets'], answer: null });
  });
});
