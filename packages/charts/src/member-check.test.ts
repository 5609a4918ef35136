import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { MEMBERS_FACET, membersOf, withMemberChecks } from './member-check.ts';
import { NAMES_FACET } from './requests.ts';
import { CHARTS, resolveChart } from './registry.ts';

const level = resolveChart(CHARTS.taxonomy, undefined, 'Eukaryota');
const answer: SearchResponse = {
  query_id: 'level',
  result_type: 'entry',
  total_count: 3,
  facets: [{ name: 'Source Organism', buckets: [{ label: 'Homo sapiens', population: 3 }] }],
};
const check: SearchResponse = {
  query_id: 'check',
  result_type: 'polymer_entity',
  total_count: 4,
  facets: [
    {
      name: MEMBERS_FACET,
      buckets: [
        {
          label: 'Homo sapiens',
          population: 4,
          facets: [{ name: NAMES_FACET, buckets: [{ label: 'Eukaryota', population: 4 }] }],
        },
      ],
    },
  ],
};

describe(withMemberChecks.name, () => {
  it('sends the check beside the level’s search, before its answer has come, and puts it in the answer', async () => {
    const sent: SearchRequest[] = [];
    let arrive: (response: SearchResponse) => void = () => {};
    const pending = new Promise<SearchResponse>((resolve) => (arrive = resolve));
    const completing = withMemberChecks(level.query, [pending], async (request) => {
      sent.push(request);
      return check;
    });
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.return_type).toBe('polymer_entity');
    arrive(answer);
    const [completed = null] = await completing;
    expect(completed?.facets?.map((f) => f.name)).toEqual(['Source Organism', MEMBERS_FACET]);
    expect(membersOf(level.query, completed)).toEqual(new Set(['Homo sapiens']));
  });

  it('sends nothing for a chart whose values need no check', async () => {
    const sent: SearchRequest[] = [];
    const top = resolveChart(CHARTS.taxonomy);
    const [response] = await withMemberChecks(top.query, [answer], async (request) => {
      sent.push(request);
      return check;
    });
    expect(sent).toEqual([]);
    expect(response).toBe(answer);
  });
});
