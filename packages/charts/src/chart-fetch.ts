import type { QueryNode, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { comparedOtherRequests, comparedRequests, type Comparison } from './cohorts.ts';
import { withMemberChecks } from './member-check.ts';
import { otherRequestOf, withOtherBars } from './other-bar.ts';
import type { ResolvedChart } from './registry.ts';
import { chartFacetRequest } from './requests.ts';
import type { ChartQuery } from './types.ts';

/**
 * How a chart's data is fetched, whoever asks: the page in the browser (over HTTP), the server
 * drawing a page and the chart data API (the search service in the same process). Each passes its
 * own `send`; the sequence of searches is this one.
 */

/** Sends one search and gives its answer: null when nothing matched (the service's 204). */
export type SendSearch = (request: SearchRequest) => Promise<SearchResponse | null>;

/** A chart's data: the facet request, the "Other" bar's count search when it has one, the completed answer. */
export interface FetchedChart {
  request: SearchRequest;
  otherRequest?: SearchRequest;
  /** The facet search's answer with what the second searches found put in it (member check, "Other" count). */
  response: SearchResponse | null;
}

/**
 * A chart's data over `scope` (the whole archive without one): its facet search, with the level's
 * member check sent beside it (a taxonomy group's organisms), then the "Other" bar's count search
 * built from the values answered. `query`: the query counted when not the chart's own (a
 * comparison's cohort leaves a split out).
 */
export async function fetchChartAnswer(
  send: SendSearch,
  chart: ResolvedChart,
  scope?: QueryNode,
  query: ChartQuery = chart.query,
): Promise<FetchedChart> {
  const request = chartFacetRequest(query, { scope });
  const [response = null] = await withMemberChecks(query, [send(request)], send);
  const otherRequest = otherRequestOf(chart.definition, query, response, scope);
  const [completed = null] = await withOtherBars([response], [otherRequest], send);
  return { request, ...(otherRequest && { otherRequest }), response: completed };
}

/** A comparison's data: per cohort, in order, the facet request, the "Other" bar's search (if any) and the answer. */
export interface FetchedComparison {
  requests: SearchRequest[];
  otherRequests: (SearchRequest | undefined)[];
  responses: (SearchResponse | null)[];
}

/**
 * The data of a chart compared across cohorts: every cohort's facet search sent together (with the
 * level's member check beside them), then each cohort's "Other" bar counted over the values the
 * cohorts draw together, so that the bars line up.
 */
export async function fetchComparedAnswers(
  send: SendSearch,
  comparison: Comparison,
): Promise<FetchedComparison> {
  const requests = comparedRequests(comparison);
  const answers = await withMemberChecks(comparison.query, requests.map(send), send);
  const otherRequests = comparedOtherRequests(comparison, answers);
  const responses = await withOtherBars(answers, otherRequests, send);
  return { requests, otherRequests, responses };
}
