import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { NAMES_FACET, finalizeRequest, nameOf, terminal, termsFacet, withFacet } from './requests.ts';
import type { ChartQuery, TermsDimension } from './types.ts';
import { terms } from './registry/common.ts';

/**
 * Which values of a level belong to its class, when the class is not held with them (the organisms
 * of a taxonomy group: `TermsDimension.memberOf`). The level's answer counts objects of the class by
 * value, and values of other classes held in the same objects come with it. A second search asks the
 * objects holding the class (polymer entities, which hold one organism each but for chimeras) for
 * their values, and in each value's bucket for the classes they hold. A value whose objects all hold
 * the class is in it with all its objects, and the class all of them hold is the value's own: a value
 * is kept when the level's class is the only one all of them hold. A value of another class is left
 * out (absent, or its own class is held by all its objects too), and so is one only ever found in
 * chimeras with another class's. The second search is asked of the whole archive, not the scope: a
 * value's class does not depend on what is counted, so the one answer serves every scope and cohort
 * (and is cached as such). Its answer is put in the level's, so every reader of the answer (the
 * chart, its table, the downloads, the chart data API) keeps the same bars.
 */

/** Name of the facet the pipeline adds to a level's answer: each value with the classes its objects hold. */
export const MEMBERS_FACET = 'Members (second search)';

/** The terms dimension of a level whose values are checked, or undefined. */
function memberDimension(query: ChartQuery): TermsDimension | undefined {
  const { first } = query;
  return first.kind === 'terms' && first.memberOf ? first : undefined;
}

/** The second search of a level: the values of the objects holding its class, each with the classes its objects hold; or undefined. */
export function memberCheckRequest(query: ChartQuery): SearchRequest | undefined {
  const dimension = memberDimension(query);
  if (!dimension?.memberOf) return undefined;
  const { returnType, attribute, value } = dimension.memberOf;
  return finalizeRequest({
    query: terminal({ attribute, operator: 'exact_match', value }),
    return_type: returnType,
    request_options: {
      facets: [termsFacet(terms(MEMBERS_FACET, dimension.attribute, { namedBy: attribute }))],
    },
  });
}

/** The level's answer with the second search's (a 204, no objects: no value is kept). */
export function withMemberCheck(
  response: SearchResponse | null,
  check: SearchResponse | null,
): SearchResponse | null {
  const members = check?.facets?.find((f) => f.name === MEMBERS_FACET);
  return response && withFacet(response, members ?? { name: MEMBERS_FACET, buckets: [] });
}

/**
 * The values of a level that belong to its class, from the second search put in its answer; undefined
 * when the level's values need no check.
 */
export function membersOf(query: ChartQuery, response: SearchResponse | null): Set<string> | undefined {
  const dimension = memberDimension(query);
  if (!dimension?.memberOf) return undefined;
  const facet = response?.facets?.find((f) => f.name === MEMBERS_FACET);
  const buckets = facet && 'buckets' in facet ? facet.buckets : [];
  const classOf = (b: (typeof buckets)[number]) => {
    const inner = b.facets?.find((f) => f.name === NAMES_FACET);
    return nameOf(b.population, inner && 'buckets' in inner ? inner.buckets : []);
  };
  return new Set(buckets.filter((b) => classOf(b) === dimension.memberOf!.value).map((b) => b.label));
}

/**
 * Chart answers completed with their level's member check (one second search, the same for every
 * scope, sent once with `send` when the level needs it): the one path the page, the chart data API
 * and the tests take. The check depends on the level's query alone, so it is sent beside the
 * level's searches (answers still on their way may be passed), not after them: one round trip
 * instead of two on the first open of a level.
 */
export async function withMemberChecks(
  query: ChartQuery,
  responses: readonly (SearchResponse | null | PromiseLike<SearchResponse | null>)[],
  send: (request: SearchRequest) => Promise<SearchResponse | null>,
): Promise<(SearchResponse | null)[]> {
  const request = memberCheckRequest(query);
  const [answers, check] = await Promise.all([Promise.all(responses), request && send(request)]);
  if (check === undefined || answers.every((r) => r === null)) return answers;
  return answers.map((response) => withMemberCheck(response, check));
}
