import { describe, expect, it } from 'vitest';
import { searchLane } from './search-lane.ts';

const terminal = (value: unknown = 2) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value },
});

describe(`${searchLane.name}`, () => {
  it('counts and short pages under a few conditions are light', () => {
    expect(searchLane({ return_type: 'entry', query: terminal() })).toBe('light');
    expect(
      searchLane({
        return_type: 'entry',
        query: { type: 'group', logical_operator: 'and', nodes: Array.from({ length: 8 }, () => terminal()) },
        request_options: { paginate: { start: 0, rows: 25 } },
      }),
    ).toBe('light');
  });

  it('facets, grouping, long pages, many conditions and long value lists are heavy', () => {
    const heavy = [
      { request_options: { facets: [{ name: 'f', aggregation_type: 'terms', attribute: 'exptl.method' }] } },
      { request_options: { group_by: { aggregation_method: 'matching_deposit_group_id' } } },
      { request_options: { return_all_hits: true } },
      { request_options: { paginate: { start: 0, rows: 101 } } },
      {
        query: { type: 'group', logical_operator: 'or', nodes: Array.from({ length: 9 }, () => terminal()) },
      },
      {
        query: {
          ...terminal(),
          parameters: { attribute: 'rcsb_id', operator: 'in', value: Array(33).fill('1ABC') },
        },
      },
    ];
    for (const extra of heavy)
      expect(searchLane({ return_type: 'entry', ...extra }), JSON.stringify(extra)).toBe('heavy');
  });
});
