import type { QueryNode, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { countedName } from './nouns.ts';
import { withScope } from './scope.ts';
import { finalizeRequest, withFacet } from './requests.ts';
import type { ChartDefinition, ChartQuery, TermsDimension } from './types.ts';

/**
 * The "Other" bar of a top-N terms chart: the objects that have a value of the attribute but none
 * of the N values drawn. An object with several values counts in several bars, so the bar is not the
 * total less the bars drawn; it is counted by a second search, built from the first answer's values
 * exactly as the bar's click-through search (so the two always agree), and its count is put in that
 * answer. Every reader of the answer (the chart, its table, the downloads, the chart data API) then
 * draws the same bar. No bar when every value is drawn already.
 */

/** Name of the value facet the pipeline adds to a chart's answer: the count of the "Other" bar. */
export const OTHER_FACET = 'Other (second search)';

const OTHER_LABEL = /^Other \(none of the (\d+) shown\)$/;

/** Label of the "Other" bar after `shown` values. */
export function otherLabel(shown: number): string {
  return `Other (none of the ${shown} shown)`;
}

export function isOtherLabel(label: string): boolean {
  return OTHER_LABEL.test(label);
}

/** What the "Other" bar after `shown` values counts, in words (its tooltip and the chart's note). */
export function otherMeaning(query: ChartQuery, shown: number): string {
  const dimension = otherDimension(query);
  const attribute = dimension?.name ?? 'the attribute';
  return `${countedName(query.returnType)} with a value of ${attribute} but none of the ${shown} shown (one with several values counts in the bar of each).`;
}

/** The "Other" category among a chart's categories (always the last), and what it counts; or undefined. */
export function otherBarOf(
  categories: readonly string[],
  query: ChartQuery,
): { label: string; note: string } | undefined {
  const label = categories.at(-1);
  if (!otherDimension(query) || label === undefined || !isOtherLabel(label)) return undefined;
  return { label, note: otherMeaning(query, categories.length - 1) };
}

/** The terms dimension of a chart that draws an "Other" bar, or undefined. */
export function otherDimension(query: ChartQuery): TermsDimension | undefined {
  const { first } = query;
  return first.kind === 'terms' && first.other ? first : undefined;
}

/** The count search of the "Other" bar after the `shown` values, over `scope`: its click-through search, counted. */
export function otherRequest(
  definition: ChartDefinition,
  query: ChartQuery,
  shown: readonly string[],
  scope?: QueryNode,
): SearchRequest {
  if (!otherDimension(query))
    throw new Error(`chart ${definition.key}: no "Other" bar (not a terms chart with one)`);
  // As `clickRequest` builds the bar's search, with only its count asked for.
  const search = definition.buildSearch({ x: otherLabel(shown.length), view: 'cumulative', shown }, query);
  const scoped = withScope(scope, search.query);
  return finalizeRequest({
    ...search,
    ...(scoped && { query: scoped }),
    request_options: { ...search.request_options, return_counts: true },
  });
}

/** The values a terms chart's answer draws, when it needs an "Other" bar: as many as it asked for (more may exist). */
function cutValues(query: ChartQuery, response: SearchResponse | null): string[] | undefined {
  const dimension = otherDimension(query);
  if (!dimension || dimension.maxIntervals === undefined || !response) return undefined;
  const facet = response.facets?.find((f) => f.name === dimension.name);
  const buckets = facet && 'buckets' in facet ? facet.buckets : [];
  return buckets.length >= dimension.maxIntervals ? buckets.map((b) => b.label) : undefined;
}

/** The "Other" bar's search a chart's answer needs (over the answer's scope), or undefined. */
export function otherRequestOf(
  definition: ChartDefinition,
  query: ChartQuery,
  response: SearchResponse | null,
  scope?: QueryNode,
): SearchRequest | undefined {
  const shown = cutValues(query, response);
  return shown && otherRequest(definition, query, shown, scope);
}

/** The answer with the "Other" bar's count (a 204, no object, counts 0). */
export function withOtherCount(
  response: SearchResponse | null,
  other: SearchResponse | null,
): SearchResponse | null {
  return response && withFacet(response, { name: OTHER_FACET, value: other?.total_count ?? 0 });
}

/** The "Other" bar's count in an answer, when the pipeline put one there. */
export function otherCountOf(response: SearchResponse | null): number | undefined {
  const facet = response?.facets?.find((f) => f.name === OTHER_FACET);
  return facet && 'value' in facet ? facet.value : undefined;
}

/**
 * A chart's answers completed with their "Other" bars: each request given (undefined: no bar) is
 * sent with `send`, and its count put in the answer at the same place. The one path the page, the
 * chart data API and the tests take.
 */
export async function withOtherBars(
  responses: readonly (SearchResponse | null)[],
  requests: readonly (SearchRequest | undefined)[],
  send: (request: SearchRequest) => Promise<SearchResponse | null>,
): Promise<(SearchResponse | null)[]> {
  return Promise.all(
    responses.map(async (response, i) => {
      const request = requests[i];
      return request ? withOtherCount(response, await send(request)) : response;
    }),
  );
}
