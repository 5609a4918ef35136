import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { fetchChartAnswer } from './chart-fetch.ts';
import { readExplore } from './explore.ts';
import { MEMBERS_FACET, memberCheckRequest } from './member-check.ts';
import { OTHER_FACET, otherCountOf, otherRequestOf } from './other-bar.ts';
import { CHARTS, resolveChart, resolveExplore } from './registry.ts';
import { chartFacetRequest, terminal } from './requests.ts';

/** A service that answers each search with `answerOf` and notes what was sent. */
function service(answerOf: (request: SearchRequest) => SearchResponse | null) {
  const sent: SearchRequest[] = [];
  const send = async (request: SearchRequest) => {
    sent.push(request);
    return answerOf(request);
  };
  return { sent, send };
}

const methods = resolveExplore(
  readExplore(new URLSearchParams('attribute=exptl.method&count=entry&dimension=terms&top=2'), (path) =>
    path === 'exptl.method'
      ? { path, level: 'entry', type: 'string', contexts: ['exact-match'], name: 'Method' }
      : undefined,
  ).spec!,
);
const facetAnswer: SearchResponse = {
  query_id: 'q',
  result_type: 'entry',
  total_count: 100,
  facets: [
    {
      name: methods.query.first.name,
      buckets: [
        { label: 'X-RAY DIFFRACTION', population: 80 },
        { label: 'ELECTRON MICROSCOPY', population: 15 },
      ],
    },
  ],
};

describe(fetchChartAnswer.name, () => {
  it('sends the facet search over the scope, then the "Other" bar’s count built from its values, and puts the count in the answer', async () => {
    const scope = terminal({
      attribute: 'rcsb_entry_info.structure_determination_methodology',
      operator: 'exact_match',
      value: 'experimental',
    });
    const { sent, send } = service((request) =>
      request.request_options?.return_counts
        ? { query_id: 'o', result_type: 'entry', total_count: 7 }
        : facetAnswer,
    );
    const fetched = await fetchChartAnswer(send, methods, scope);
    expect(fetched.request).toEqual(chartFacetRequest(methods.query, { scope }));
    expect(fetched.otherRequest).toEqual(
      otherRequestOf(methods.definition, methods.query, facetAnswer, scope),
    );
    expect(sent).toEqual([fetched.request, fetched.otherRequest]);
    expect(otherCountOf(fetched.response)).toBe(7);
    expect(fetched.response?.facets?.map((f) => f.name)).toEqual([methods.query.first.name, OTHER_FACET]);
  });

  it('asks no "Other" bar when every value is drawn, and gives no answer when nothing matched', async () => {
    const { sent, send } = service(() => null);
    const fetched = await fetchChartAnswer(send, methods);
    expect(sent).toEqual([fetched.request]);
    expect(fetched).toEqual({ request: chartFacetRequest(methods.query), response: null });
  });

  it('sends a taxonomy level’s member check beside its search and keeps it in the answer', async () => {
    const level = resolveChart(CHARTS.taxonomy, undefined, 'Eukaryota');
    const check = memberCheckRequest(level.query)!;
    const { sent, send } = service((request) => ({
      query_id: 'q',
      result_type: request.return_type,
      total_count: 1,
      facets: [{ name: request === check ? MEMBERS_FACET : 'level', buckets: [] }],
    }));
    const fetched = await fetchChartAnswer(send, level);
    expect(sent).toEqual([fetched.request, check]);
    expect(fetched.response?.facets?.map((f) => f.name)).toEqual(['level', MEMBERS_FACET]);
  });
});
