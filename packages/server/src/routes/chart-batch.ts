import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPLORE_PARAMS, chartFacetRequest, fetchChartAnswer, type FetchedChart } from '@pdb-stats/charts';
import { RequestValidationError, type SearchRequest, type SearchResponse } from '@pdb-stats/search-model';
import type { Admission } from '../plugins/load-protection.ts';
import { VARIANT_PARAMS } from '../schemas/route-envelopes.ts';
import type { SearchService } from '../search-service.ts';
import { chartAsked, type ChartAsked, type ChartDataQuery } from './chart-data.ts';
import { SEARCH_FAILURES, jsonAnswer, responses } from '../schemas/responses.ts';

/**
 * `POST /api/charts/batch`: the answers of several charts in one request, each over its own scope, as
 * a board of linked charts asks for them after a selection (one round trip instead of one per chart).
 * Each chart is read as the chart data API reads `GET /api/charts/<key>.json` (the same parameters,
 * the same refusals, named by the chart's place in the batch), and answered by the same searches.
 */
export const CHART_BATCH_PATH = '/batch';

/** What one batch may ask; each past its limit is a 400 naming `charts` and the limit. */
export interface ChartBatchLimits {
  /** `CHART_BATCH_MAX_CHARTS`: charts of one batch. */
  maxCharts: number;
  /** `CHART_BATCH_MAX_BYTES`: the batch's JSON, in bytes. */
  maxBytes: number;
  /** `CHART_BATCH_MAX_CONDITIONS`: terminal conditions of all the charts' queries together. */
  maxConditions: number;
}

/**
 * A board draws at most 9 charts; 8 selections on 8 other charts make a chart's scope, each of a few
 * conditions (a term, a bin's two bounds), so 9 charts of 8 such scopes stay well within 256.
 */
export const DEFAULT_CHART_BATCH_LIMITS: ChartBatchLimits = {
  maxCharts: 9,
  maxBytes: 65_536,
  maxConditions: 256,
};

/** The parameters a chart of a batch takes: those that change its searches (not its view or hidden series). */
const ITEM_PARAMS = new Set<string>([...VARIANT_PARAMS, 'parent', ...EXPLORE_PARAMS]);

export const CHART_BATCH_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['charts'],
  properties: {
    charts: {
      type: 'array',
      minItems: 1,
      description: 'the charts, each answered over its own scope',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['chart'],
        properties: {
          chart: { type: 'string', description: 'a chart key of GET /api/charts, or explore' },
          query: { type: 'object', description: 'the scope: a Search API query node' },
          params: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description:
              'the variant parameter, parent, or the explore parameters, as GET /api/charts/<key>.json takes them',
          },
        },
      },
    },
  },
} as const;

/** One chart of a batch as sent. */
export interface BatchItem {
  chart: string;
  query?: object;
  params?: Record<string, string>;
}

/** Terminal conditions of a query node (a group counts what it holds). */
function conditions(node: unknown, depth = 0): number {
  if (typeof node !== 'object' || node === null || depth > 64) return 0;
  const { type, nodes } = node as { type?: unknown; nodes?: unknown };
  if (type === 'terminal') return 1;
  if (!Array.isArray(nodes)) return 0;
  return nodes.reduce((sum: number, child) => sum + conditions(child, depth + 1), 0);
}

/** The first refusal of a batch's size (charts, bytes), before its charts are read. */
function sizeProblem(body: unknown, limits: ChartBatchLimits): string | undefined {
  const charts = (body as { charts?: unknown } | null)?.charts;
  if (!Array.isArray(charts)) return undefined;
  if (charts.length > limits.maxCharts)
    return `at most ${limits.maxCharts} charts in one batch, got ${charts.length}`;
  const bytes = Buffer.byteLength(JSON.stringify(body));
  if (bytes > limits.maxBytes) return `at most ${limits.maxBytes} bytes of JSON in one batch, got ${bytes}`;
  return undefined;
}

/** A refusal of one chart, named by its place in the batch (`charts[2].query`). */
function itemError(index: number, error: unknown): unknown {
  if (error instanceof RequestValidationError) {
    const field = error.field ? `charts[${index}].${error.field}` : `charts[${index}]`;
    const reason = error.field ? error.message.slice(error.field.length + 2) : error.message;
    return new RequestValidationError(error.code, field, reason);
  }
  const status = (error as { statusCode?: number }).statusCode;
  // An unknown chart is a 404 of the chart data API; in a batch it is a part of the body.
  if (status === 404)
    return new RequestValidationError('REQ_ERR_VALUE', `charts[${index}].chart`, (error as Error).message);
  return error;
}

/** Each chart of a batch as the chart data API reads it; the first refused is a 400 naming it. */
export function batchAsked(items: readonly BatchItem[], service: SearchService): ChartAsked[] {
  return items.map((item, index) => {
    try {
      for (const param of Object.keys(item.params ?? {}))
        if (!ITEM_PARAMS.has(param))
          throw new RequestValidationError(
            'REQ_ERR_UNKNOWN_KEY',
            `params.${param}`,
            `a chart of a batch takes ${[...ITEM_PARAMS].join(', ')}`,
          );
      const query: ChartDataQuery = {
        ...item.params,
        ...(item.query !== undefined && { query: [JSON.stringify(item.query)] }),
      };
      return chartAsked(`${item.chart}.json`, query, service.source.held);
    } catch (error) {
      throw itemError(index, error);
    }
  });
}

/** The facet searches of a batch (the first search of each chart), or undefined when it is refused. */
export function batchSearches(request: FastifyRequest): SearchRequest[] | undefined {
  try {
    const { charts } = request.body as { charts: BatchItem[] };
    return batchAsked(charts, request.server.searchService).map((asked) =>
      chartFacetRequest(asked.chart.query, { scope: asked.scope }),
    );
  } catch {
    return undefined;
  }
}

export interface ChartBatchOptions {
  service: SearchService;
  /** Hooks that let a request in (load protection, one search of the quota when not all are cached). */
  admission?: Admission;
  limits?: Partial<ChartBatchLimits>;
}

/** One chart's answer as the batch sends it. */
interface BatchAnswer {
  chart: string;
  variant?: string;
  parent?: string;
  request: SearchRequest;
  other_request?: SearchRequest;
  response: SearchResponse | null;
}

const answerOf = (asked: ChartAsked, fetched: FetchedChart): BatchAnswer => ({
  chart: asked.chart.definition.key,
  ...(asked.chart.variant !== undefined && { variant: asked.chart.variant }),
  ...(asked.chart.parent !== undefined && { parent: asked.chart.parent }),
  request: fetched.request,
  ...(fetched.otherRequest && { other_request: fetched.otherRequest }),
  response: fetched.response,
});

export async function chartBatchRoutes(app: FastifyInstance, options: ChartBatchOptions): Promise<void> {
  const { service } = options;
  const limits = { ...DEFAULT_CHART_BATCH_LIMITS, ...options.limits };

  /** Before its shape is checked: a batch over its size is refused without reading its charts. */
  async function checkSize(request: FastifyRequest) {
    const problem = sizeProblem(request.body, limits);
    if (problem) throw new RequestValidationError('REQ_ERR_LIMIT', 'charts', problem);
  }

  /** Its charts read and their conditions counted, before any search (and before the quota). */
  async function checkCharts(request: FastifyRequest) {
    const { charts } = request.body as { charts: BatchItem[] };
    const total = charts.reduce((sum, item) => sum + conditions(item.query), 0);
    if (total > limits.maxConditions)
      throw new RequestValidationError(
        'REQ_ERR_LIMIT',
        'charts',
        `at most ${limits.maxConditions} conditions in the queries of one batch together, got ${total}`,
      );
    batchAsked(charts, service);
  }

  /**
   * Every chart whose answer is not cached is one search of the client's quota: the admission took
   * one for the request, this takes the others.
   */
  async function takeQuota(request: FastifyRequest, reply: FastifyReply) {
    const quota = request.server.searchQuota;
    if (!quota) return;
    const uncached = (batchSearches(request) ?? []).filter((search) => !service.isCached(search)).length;
    for (let taken = 1; taken < uncached; taken++) {
      const take = await quota(request);
      if (take.isAllowed || !take.isExceeded) continue;
      reply.header('retry-after', take.ttlInSeconds);
      throw Object.assign(
        new Error(
          `too many searches that are not cached: at most ${take.max} a minute from one client (a batch counts one per chart not cached); retry in ${take.ttlInSeconds} s`,
        ),
        { statusCode: 429 },
      );
    }
  }

  app.post(
    CHART_BATCH_PATH,
    {
      ...(options.admission?.config && { config: options.admission.config }),
      preValidation: checkSize,
      preHandler: [checkCharts, ...[options.admission?.preHandler ?? []].flat(), takeQuota],
      schema: {
        tags: ['Chart data'],
        operationId: 'getChartBatch',
        summary: 'Several charts in one request, each over its own scope, each as its .json data reads it',
        body: CHART_BATCH_BODY,
        response: responses({ 200: jsonAnswer('one answer per chart asked, in the order asked') }, [
          413,
          415,
          ...SEARCH_FAILURES,
        ]),
      },
    },
    async (request) => {
      const { charts } = request.body as { charts: BatchItem[] };
      const asked = batchAsked(charts, service);
      const send = async (search: SearchRequest) => {
        const answer = await service.answer(search);
        return answer.body === null ? null : (JSON.parse(answer.body) as SearchResponse);
      };
      const answers = await Promise.all(
        asked.map((one, index) =>
          fetchChartAnswer(send, one.chart, one.scope).then(
            (fetched) => answerOf(one, fetched),
            (error: unknown) => {
              throw itemError(index, error);
            },
          ),
        ),
      );
      return { answers };
    },
  );
}
