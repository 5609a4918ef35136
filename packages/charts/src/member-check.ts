import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { NAMES_FACET, finalizeRequest, nameOf, termsFacet } from './requests.ts';
import type { ChartQuery, TermsDimension } from './types.ts';
import { terms } from './registry/common.ts';

/**
 * Which values of a level belong to its class, when the class is not held with them (the organisms
 * of a taxonomy group: `TermsDimension.memberOf`). The level's answer counts objects of the class by
 * value, and values of other classes held in the same objects come with it; a second search asks the
 * objects holding each value answered (polymer entities, which hold one organism each but for
 * chimeras) which classes they hold. The class all of them hold is the value's own; a value is kept
 * when that one is the level's class, and left out when it is another or not one alone (an organism
 * only ever found in chimeras with another group's). The question is asked of the whole archive, not
 * the scope: a value's class does not depend on what is counted. Its answer is put in the level's,
 * so every reader of the answer (the chart, its table, the downloads, the chart data API) keeps the
 * same bars.
 */

/** Name of the facet the pipeline adds to a level's answer: each value with the classes its objects hold. */
export const MEMBERS_FACET = 'Members (second search)';

/** The terms dimension of a level whose values are checked, or undefined. */
function memberDimension(query: ChartQuery): TermsDimension | undefined {
  const { first } = query;
  return first.kind === 'terms' && first.memberOf ? first : undefined;
}

/** The second search of a level's answer: the values answered, each with the classes its objects hold; or undefined. */
export function memberCheckRequest(
  query: ChartQuery,
  response: SearchResponse | null,
): SearchRequest | undefined {
  const dimension = memberDimension(query);
  const facet = response?.facets?.find((f) => f.name === dimension?.name);
  const values = facet && 'buckets' in facet ? facet.buckets.map((b) => b.label) : [];
  if (!dimension?.memberOf || values.length === 0) return undefined;
  const { returnType, attribute } = dimension.memberOf;
  return finalizeRequest({
    query: {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: dimension.attribute, operator: 'in', value: values },
    },
    return_type: returnType,
    // Every value held by these objects (the chimeras' other organisms too), so none asked is crowded out.
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
  if (!response) return response;
  const facets = (response.facets ?? []).filter((f) => f.name !== MEMBERS_FACET);
  const members = check?.facets?.find((f) => f.name === MEMBERS_FACET);
  return {
    ...response,
    facets: [...facets, members ?? { name: MEMBERS_FACET, buckets: [] }],
  };
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
 * Chart answers completed with their member checks (one second search per answer whose values need
 * it, sent with `send`): the one path the page, the chart data API and the tests take.
 */
export async function withMemberChecks(
  query: ChartQuery,
  responses: readonly (SearchResponse | null)[],
  send: (request: SearchRequest) => Promise<SearchResponse | null>,
): Promise<(SearchResponse | null)[]> {
  return Promise.all(
    responses.map(async (response) => {
      if (!memberDimension(query)) return response;
      const request = memberCheckRequest(query, response);
      return withMemberCheck(response, request ? await send(request) : null);
    }),
  );
}
