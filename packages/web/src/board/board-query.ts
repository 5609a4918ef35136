import {
  chartFacetRequest,
  fetchChartAnswer,
  trimBase,
  type ChartKey,
  type FetchedChart,
} from '@pdb-stats/charts';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import type { QueryNode, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { searchQuery } from '../api/queries.ts';
import { serviceOf } from '../api/query-client.ts';
import { checkSearchResponse } from '../api/response-shape.ts';
import { ApiError } from '../api/search-client.ts';
import { countRequest } from '../pages/summary-requests.ts';
import { boardChart, boardResultsRequest, boardScope, readBoard, type Board } from './board-state.ts';

/**
 * A board's data: every chart's answer over its scope, asked together in one request to the chart
 * batch of this service (one round trip per selection); a service without it (the public search
 * service) is asked chart by chart.
 */

/** One chart of a board as asked: its key and the scope it is drawn over. */
export interface BoardItem {
  chart: ChartKey;
  scope: QueryNode | undefined;
}

/** A board's answers, in the order of its charts. */
export interface BoardAnswer {
  charts: (FetchedChart & { chart: ChartKey })[];
  /** Milliseconds since the epoch when the answers arrived. */
  respondedAt: number;
}

/** Where the chart batch of the service is (only our own service has it). */
const chartBatchUrl = (searchApiUrl: string) => `${trimBase(searchApiUrl)}/api/charts/batch`;

/** The charts of a board and the scope each is drawn over (every selection but its own). */
export function boardItems(board: Pick<Board, 'charts' | 'selections'>): BoardItem[] {
  return board.charts.map((chart) => ({ chart, scope: boardScope(board.selections, chart) }));
}

/** Each chart's answer, asked search by search (`send`): on the server, and from a service without a batch. */
async function answersOneByOne(
  send: (request: SearchRequest) => Promise<SearchResponse | null>,
  items: readonly BoardItem[],
): Promise<BoardAnswer> {
  const charts = await Promise.all(
    items.map(async (item) => ({
      chart: item.chart,
      ...(await fetchChartAnswer(send, boardChart(item.chart), item.scope)),
    })),
  );
  return { charts, respondedAt: Date.now() };
}

interface BatchAnswer {
  chart: ChartKey;
  request: SearchRequest;
  other_request?: SearchRequest;
  response: unknown;
}

/** Every chart's answer in one request to the chart batch; null when the service has no batch. */
async function answersTogether(
  searchApiUrl: string,
  items: readonly BoardItem[],
  signal?: AbortSignal,
): Promise<BoardAnswer | null> {
  const response = await fetch(chartBatchUrl(searchApiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      charts: items.map((item) => ({ chart: item.chart, ...(item.scope && { query: item.scope }) })),
    }),
    ...(signal && { signal }),
  });
  if (response.status === 404 || response.status === 405) return null;
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(
      `${response.status} ${payload?.message ?? response.statusText}`,
      response.status,
      payload,
    );
  }
  const { answers } = (await response.json()) as { answers: BatchAnswer[] };
  return {
    charts: answers.map((answer) => ({
      chart: answer.chart,
      request: answer.request,
      ...(answer.other_request && { otherRequest: answer.other_request }),
      response: answer.response === null ? null : checkSearchResponse(answer.response),
    })),
    respondedAt: Date.now(),
  };
}

/** The answers of a board's charts. The key holds each chart and the search it is drawn from. */
export function boardQuery(searchApiUrl: string, board: Pick<Board, 'charts' | 'selections'>) {
  const items = boardItems(board);
  const requests = items.map((item) =>
    chartFacetRequest(boardChart(item.chart).query, { scope: item.scope }),
  );
  // The requests hold each chart's query and scope: nothing else decides the answers.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['board', { searchApiUrl, charts: board.charts, requests }] as const,
    queryFn: async ({ client, signal }): Promise<BoardAnswer> =>
      (await answersTogether(searchApiUrl, items, signal)) ??
      answersOneByOne((search) => serviceOf(client, searchApiUrl).search(search, signal), items),
  });
}

/** The count of the entries every selection finds together (what "See the N entries" says). */
export function boardCountQuery(searchApiUrl: string, board: Pick<Board, 'selections'>) {
  const request = boardResultsRequest(board.selections);
  return searchQuery(searchApiUrl, 'board-count', countRequest('entry', request?.query));
}

/**
 * A board drawn on the server: its answers asked of the service in this process, chart by chart, into
 * the board's query (the browser then hydrates without asking), and the count of its selections.
 */
export async function loadBoardData(
  client: QueryClient,
  searchApiUrl: string,
  params: URLSearchParams,
): Promise<void> {
  const board = readBoard(params);
  const service = serviceOf(client, searchApiUrl);
  const options = boardQuery(searchApiUrl, board);
  await Promise.all([
    client.fetchQuery({
      ...options,
      queryFn: ({ signal }) => answersOneByOne((search) => service.search(search, signal), boardItems(board)),
    }),
    board.selections.length > 0 ? client.fetchQuery(boardCountQuery(searchApiUrl, board)) : undefined,
  ]);
}
