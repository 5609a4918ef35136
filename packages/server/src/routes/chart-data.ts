import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CHART_LIST,
  CHARTS,
  axisTitles,
  DEFAULT_DATA_VIEW,
  KIND_VIEWS,
  chartFacetRequest,
  defaultKindView,
  drillProblem,
  chartFileName,
  levelTag,
  levelTitle,
  readLevel,
  chartTable,
  comparedRequests,
  fetchChartAnswer,
  fetchComparedAnswers,
  comparedTable,
  comparisonOf,
  isChartKey,
  EXPLORE_KEY,
  MAX_SEGMENTS,
  EXPLORE_PARAMS,
  exploreTag,
  DEFAULT_TOP,
  MAX_BINS,
  MAX_TOP,
  readExplore,
  resolveExplore,
  writeExplore,
  isComparison,
  comparesCohorts,
  inBarShares,
  MAX_COHORTS,
  readScope,
  readYearWindow,
  resolveChart,
  scopeFileParts,
  toCsv,
  type ChartDefinition,
  type ExploreParam,
  type ChartKey,
  type ChartView,
  type Comparison,
  type ResolvedChart,
  type YearWindow,
} from '@pdb-stats/charts';
import {
  FULL_CATALOGUE,
  RequestValidationError,
  type AttributeSet,
  type QueryNode,
  type SearchRequest,
  type SearchResponse,
} from '@pdb-stats/search-model';
import type { Admission } from '../plugins/load-protection.ts';
import { CHART_DATA_PARAMS, CHART_DATA_QUERYSTRING, VARIANT_PARAMS } from '../schemas/route-envelopes.ts';
import { SEARCH_FAILURES, jsonAnswer, responses } from '../schemas/responses.ts';
import type { SearchService, ServedAnswer } from '../search-service.ts';
import { shortSummary } from '@pdb-stats/charts/request-summary';
import { exploreResolver } from '../explore-attributes.ts';
import { sendCacheHeaders } from './search.ts';

/** Where the chart data API is mounted (app.ts registers chartDataRoutes with this prefix). */
export const CHART_DATA_PREFIX = '/api/charts';

const FORMATS = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;
type Format = keyof typeof FORMATS;

/** The search route the chart's request can be sent to, to see the answer the table comes from. */
const SEARCH_PATH = '/rcsbsearch/v2/query';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The query of a chart data request, as the schema lets it through. */
export type ChartDataQuery = {
  view?: ChartView;
  hide?: string[];
  query?: string[];
  label?: string[];
  measure?: string;
  from?: string;
  to?: string;
  parent?: string;
} & Partial<Record<ExploreParam, string>> & {
    [variantParam: string]: unknown;
  };

/** What a request asks for: the chart (variant resolved), its view, hidden series and scope, and the format. */
export interface ChartAsked {
  chart: ResolvedChart;
  /** The view of a growth or trend chart; none for a distribution chart. */
  view: ChartView | undefined;
  hidden: string[];
  /** The search the chart is drawn over; the whole archive when absent. */
  scope: QueryNode | undefined;
  /** Cohorts compared (two or more, or percent): drawn side by side instead of over `scope`. */
  comparison: Comparison | undefined;
  /** The cohorts' nodes as given (a comparison's scopes may carry more conditions). */
  cohortNodes: QueryNode[];
  /** Split bars in percent over `scope`: each segment as a percent of its bar (`inBarShares`). */
  shares: boolean;
  /** What the file's name says of the scope (its tag, or the cohorts' tag and the measure). */
  fileParts: string[];
  /** The years of a growth chart asked for; all when open. */
  window: YearWindow;
  format: Format;
}

/**
 * The scope parameters as the chart page reads them (`query` repeated for cohorts, `label` in step,
 * `measure`); a value it cannot use is a 400 naming the parameter and the reason.
 */
function scopeOf(query: ChartDataQuery) {
  const params = new URLSearchParams();
  for (const node of query.query ?? []) params.append('query', node);
  for (const label of query.label ?? []) params.append('label', label);
  if (query.measure !== undefined) params.set('measure', query.measure);
  const reading = readScope(params);
  const problem = reading.problems[0];
  if (problem)
    throw new RequestValidationError(
      problem.index >= MAX_COHORTS
        ? 'REQ_ERR_LIMIT'
        : problem.param === 'query'
          ? 'REQ_ERR_JSON'
          : 'REQ_ERR_VALUE',
      problem.param,
      problem.message,
    );
  return reading;
}

function notFound(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 404 });
}

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/**
 * Reads `<key>.<csv|json>` and the page's URL parameters. An unknown chart or format is a 404 that
 * says where the charts are listed; a parameter the chart does not take, or a value it does not
 * have, is a 400 that names the parameter and what it allows.
 */
export function chartAsked(
  file: string,
  query: ChartDataQuery,
  held: AttributeSet = FULL_CATALOGUE,
): ChartAsked {
  const dot = file.lastIndexOf('.');
  const key = dot > 0 ? file.slice(0, dot) : file;
  const format = dot > 0 ? file.slice(dot + 1) : '';
  if (!isChartKey(key) && key !== EXPLORE_KEY)
    throw notFound(
      `no chart "${key}": GET ${CHART_DATA_PREFIX} lists the charts and the addresses of their data`,
    );
  if (!(format in FORMATS))
    throw notFound(
      `no ${format ? `"${format}" ` : ''}data of chart "${key}": ask for ${CHART_DATA_PREFIX}/${key}.csv or ${CHART_DATA_PREFIX}/${key}.json`,
    );
  const explore = key === EXPLORE_KEY ? exploreAsked(query, held) : undefined;
  if (!explore)
    for (const param of EXPLORE_PARAMS)
      if (query[param] !== undefined)
        throw new RequestValidationError(
          'REQ_ERR_UNKNOWN_KEY',
          param,
          `chart "${key}" is a chart of the registry; ${param} applies to ${CHART_DATA_PREFIX}/${EXPLORE_KEY}.csv and .json`,
        );
  const definition: ChartDefinition = explore ? explore.definition : CHARTS[key as ChartKey];
  const views = KIND_VIEWS[definition.kind];
  if (query.view !== undefined && views.length === 0)
    throw new RequestValidationError(
      'REQ_ERR_UNKNOWN_KEY',
      'view',
      `chart "${key}" is a distribution chart and has no data views; view applies to growth and trend charts`,
    );
  if (query.view !== undefined && !views.includes(query.view))
    throw new RequestValidationError(
      'REQ_ERR_ENUM',
      'view',
      `must be one of ${listed(views)} for the ${definition.kind} chart "${key}", got "${query.view}"`,
    );
  for (const param of ['from', 'to'] as const)
    if (query[param] !== undefined && definition.kind !== 'growth')
      throw new RequestValidationError(
        'REQ_ERR_UNKNOWN_KEY',
        param,
        `chart "${key}" is a ${definition.kind} chart and has no window of years; ${param} applies to growth charts`,
      );
  const variants = definition.variants;
  for (const param of VARIANT_PARAMS) {
    if (query[param] === undefined || variants?.param === param) continue;
    throw new RequestValidationError(
      'REQ_ERR_UNKNOWN_KEY',
      param,
      variants ? `chart "${key}" names its variant with ${variants.param}` : `chart "${key}" has no variants`,
    );
  }
  const variant = variants ? query[variants.param] : undefined;
  if (variants && variant !== undefined) {
    const values = variants.options.map((o) => o.value);
    if (!values.includes(String(variant)))
      throw new RequestValidationError(
        'REQ_ERR_ENUM',
        variants.param,
        `must be one of ${listed(values)} for chart "${key}", got "${String(variant)}"`,
      );
  }
  if (query.parent !== undefined) {
    const problem = drillProblem(definition, query.parent);
    if (problem)
      throw new RequestValidationError(
        definition.hierarchy ? 'REQ_ERR_VALUE' : 'REQ_ERR_UNKNOWN_KEY',
        'parent',
        problem,
      );
  }
  const chart =
    explore ?? resolveChart(definition, variant === undefined ? undefined : String(variant), query.parent);
  const scope = scopeOf(query);
  if (isComparison(scope) && definition.kind === 'trend')
    throw new RequestValidationError(
      'REQ_ERR_UNSUPPORTED',
      scope.cohorts.length > 1 ? 'query' : 'measure',
      `chart "${key}" is a trend chart: its medians and shares are not counts, so cohorts are not compared on it (give one query, and no measure)`,
    );
  const shares = inBarShares(scope, chart.query);
  return {
    chart,
    view: views.length > 0 ? (query.view ?? defaultKindView(definition.kind)) : undefined,
    hidden: query.hide ?? [],
    scope: scope.cohorts[0]?.node,
    cohortNodes: scope.cohorts.map((c) => c.node),
    fileParts: scopeFileParts(scope, shares),
    // Split bars in percent: each segment's share of its bar, from the chart's one request.
    shares,
    // Unlabelled cohorts are named by their conditions said short, as on the chart page.
    comparison: comparesCohorts(scope, chart.query) ? comparisonOf(chart, scope, shortSummary) : undefined,
    window: readYearWindow(query.from ?? null, query.to ?? null),
    format: format as Format,
  };
}

/** An explore chart from its URL parameters; the first unusable one is a 400 naming it and why. */
function exploreAsked(query: ChartDataQuery, held: AttributeSet) {
  const params = new URLSearchParams();
  for (const param of EXPLORE_PARAMS) if (query[param] !== undefined) params.set(param, query[param]);
  const reading = readExplore(params, exploreResolver(held));
  const problem = reading.problems[0];
  if (!reading.spec)
    throw new RequestValidationError(
      'REQ_ERR_VALUE',
      problem?.param ?? 'attribute',
      problem?.message ?? 'is required',
    );
  return resolveExplore(reading.spec);
}

/** What the data are as of and where they come from, as the dashboard's caption tells it. */
function provenance(info: Record<string, unknown>, fetchedAt: number) {
  const archiveDate =
    typeof info.archive_date === 'string' ? ISO_DATE.exec(info.archive_date)?.[0] : undefined;
  const source = typeof info.source === 'string' && info.source.trim() ? info.source.trim() : null;
  return {
    data_as_of: archiveDate ?? new Date(fetchedAt).toISOString().slice(0, 10),
    data_as_of_basis: archiveDate ? 'archive date' : 'date of the response',
    archive_date: archiveDate ?? null,
    source,
    demo: info.demo === true,
  };
}

/** One entry of the chart list: what the chart is and the addresses of its data. */
function listEntry(definition: ChartDefinition) {
  const { key, kind, variants } = definition;
  return {
    key,
    title: definition.title,
    kind,
    csv: `${CHART_DATA_PREFIX}/${key}.csv`,
    json: `${CHART_DATA_PREFIX}/${key}.json`,
    ...(KIND_VIEWS[kind].length > 0 && {
      parameters: {
        view: { values: [...KIND_VIEWS[kind]], default: defaultKindView(kind) },
        hide: kind === 'trend' ? 'a bin label (shares view)' : 'a series label',
        ...(kind === 'growth' && { from: 'the first year shown', to: 'the last year shown' }),
      },
    }),
    ...(definition.hierarchy && {
      levels: {
        param: definition.hierarchy.param,
        top: definition.hierarchy.topLabel,
        value: 'a class whose level below is drawn, e.g. 3.4',
      },
    }),
    ...(variants && {
      variants: {
        param: variants.param,
        label: variants.label,
        values: variants.options.map((o) => o.value),
        default: variants.defaultValue,
      },
    }),
  };
}

export interface ChartDataOptions {
  service: SearchService;
  /** Hooks and config that decide whether a request is let in (plugins/load-protection.ts). */
  admission?: Admission;
}

/** The facet requests of what was asked: one per cohort compared, else the chart's one. */
function searchesOf(asked: ChartAsked): SearchRequest[] {
  return asked.comparison
    ? comparedRequests(asked.comparison)
    : [chartFacetRequest(asked.chart.query, { scope: asked.scope })];
}

/** The facet requests of what a request asks for, or undefined when it asks for no chart. */
export function chartDataSearches(request: FastifyRequest): SearchRequest[] | undefined {
  try {
    return searchesOf(
      chartAsked(
        (request.params as { file: string }).file,
        request.query as ChartDataQuery,
        request.server.searchService.source.held,
      ),
    );
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/charts/<key>.csv` and `.json`: the data table of a chart of the registry, the same rows as
 * the dashboard's table and downloads (one implementation, `chartTable`), from the same facet request
 * answered by the search service (cached, with its ETag). `GET /api/charts` lists the charts.
 */
export async function chartDataRoutes(app: FastifyInstance, options: ChartDataOptions): Promise<void> {
  const { service } = options;

  app.get(
    '/',
    {
      schema: {
        tags: ['Chart data'],
        operationId: 'listCharts',
        summary: 'The charts, the addresses of their data and the parameters each takes',
        response: responses(
          { 200: jsonAnswer('the charts and the explore chart, with their parameters') },
          [304],
        ),
      },
    },
    async () => ({
      charts: CHART_LIST.map(listEntry),
      explore: {
        csv: `${CHART_DATA_PREFIX}/${EXPLORE_KEY}.csv`,
        json: `${CHART_DATA_PREFIX}/${EXPLORE_KEY}.json`,
        parameters: {
          attribute: 'the path of a facetable attribute of the catalogue (required)',
          count: "the return type each bar counts; the attribute's level by default",
          dimension: 'terms (keywords and numbers), bins (numbers; the default) or years (dates)',
          top: `terms: the most frequent values drawn, 1 to ${MAX_TOP} (default ${DEFAULT_TOP})`,
          other:
            'terms: on (default) or off: a last bar counting the objects with a value but none of those drawn',
          start: "bins: the first bin's lower bound (required; may be negative)",
          step: 'bins: the width of a bin (required, > 0)',
          end: `bins: the last bin's lower bound (required; at most ${MAX_BINS} bins)`,
          by: `a second attribute (a keyword or number) whose values split each bar: stacks of the years, or segments of each term or bin (its ${MAX_SEGMENTS} most frequent values over the bars; the table gains a column per value)`,
          stack: 'terms and bins with by: stacked (the default) or grouped (segments side by side)',
        },
        example: `${CHART_DATA_PREFIX}/${EXPLORE_KEY}.csv?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4`,
      },
      // The answers of several charts in one request (routes/chart-batch.ts), as a board asks for them.
      batch: {
        method: 'POST',
        path: `${CHART_DATA_PREFIX}/batch`,
        body: '{"charts": [{"chart": <a key above, or explore>, "query": <a Search API query node, the scope>, "params": {<the variant parameter, parent or the explore parameters>: <value>}}]}',
        answer:
          '{"answers": [{"chart", "request", "response", "other_request"}]}, in the order of the charts',
        example: {
          charts: [
            { chart: 'resolution' },
            {
              chart: 'journal',
              query: {
                type: 'terminal',
                service: 'text',
                parameters: {
                  attribute: 'exptl.method',
                  operator: 'exact_match',
                  value: 'X-RAY DIFFRACTION',
                },
              },
            },
          ],
        },
      },
      parameters:
        'view=cumulative|annual (growth charts) or quartiles|shares (trend charts), hide=<series label> (repeatable), query=<JSON of a Search API query node> (the chart over that search; repeated, up to 4 cohorts compared), label=<cohort name> (repeated in step with query), measure=count|percent (percent of each cohort; on a chart split by a second attribute over one query or none, each segment as a percent of its bar), parent=<class> (classification and taxonomy charts: the level below that class or group), and the variant parameter a chart names; explore charts (explore.csv, explore.json) take the parameters under explore',
    }),
  );

  async function data(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as ChartDataQuery;
    const asked = chartAsked((request.params as { file: string }).file, query, service.source.held);
    const { chart, view, hidden, scope, comparison, shares, window, format } = asked;
    // Every search of the chart (the cohorts', a level's member check, the "Other" bars), answered
    // and cached like any other: the ETag and the age of the data come from all of them.
    const served: ServedAnswer[] = [];
    const send = async (search: SearchRequest) => {
      const answer = await service.answer(search);
      served.push(answer);
      return answer.body === null ? null : (JSON.parse(answer.body) as SearchResponse);
    };
    const fetched = comparison
      ? await fetchComparedAnswers(send, comparison)
      : await fetchChartAnswer(send, chart, scope).then((one) => ({
          requests: [one.request],
          otherRequests: [one.otherRequest],
          responses: [one.response],
        }));
    const { requests: searches, otherRequests: others, responses } = fetched;
    // A drilled-down level whose answer shows its path is not the archive's is refused, naming parent.
    const level = readLevel(chart, responses, asked.cohortNodes.length > 0);
    if (level.problem) throw new RequestValidationError('REQ_ERR_VALUE', 'parent', level.problem);
    const oldest = served.reduce((oldest, next) => (next.fetchedAt < oldest.fetchedAt ? next : oldest));
    // One representation per set of answers (the scope is in their requests; sorted, since they
    // arrive in any order), format, view, hidden series, cohorts' labels and measure, and years.
    const etag = `"${sha1(
      JSON.stringify([
        served.map((a) => a.etag).sort(),
        format,
        view,
        chart.variant,
        chart.parent,
        chart.explore && writeExplore(chart.explore).toString(),
        hidden,
        comparison?.cohorts.map((c) => c.label),
        comparison?.measure,
        shares,
        window,
      ]),
    )}"`;
    if (sendCacheHeaders(request, reply, oldest, service.source.lifetime, etag))
      return reply.code(304).send();

    const look = {
      view: view ?? DEFAULT_DATA_VIEW,
      hidden,
      window,
      ...(shares && { measure: 'percent' as const }),
    };
    const table = comparison
      ? comparedTable(
          chart,
          responses.map((response, i) => ({ label: comparison.cohorts[i]!.label, response })),
          { ...look, measure: comparison.measure },
        )
      : chartTable(chart, responses[0]!, look);
    const about = provenance(service.source.archiveInfo(), oldest.fetchedAt);
    const { key } = chart.definition;
    const name = chartFileName(
      [
        key,
        view,
        chart.variant,
        levelTag(chart.parent),
        exploreTag(chart.explore),
        ...asked.fileParts,
        about.data_as_of,
      ],
      format,
    );
    reply.type(FORMATS[format]).header('content-disposition', `inline; filename="${name}"`);
    if (format === 'csv') return toCsv(table);

    const document = {
      chart: key,
      title:
        chart.parent === undefined ? chart.title : levelTitle(chart.definition, chart.parent, level.names),
      kind: chart.kind,
      ...(view && { view }),
      ...(chart.variant !== undefined &&
        chart.definition.variants && { variant: { [chart.definition.variants.param]: chart.variant } }),
      ...(chart.parent !== undefined && { parent: chart.parent }),
      ...(chart.explore && { explore: Object.fromEntries(writeExplore(chart.explore)) }),
      ...(table.hidden.length > 0 && { hidden_series: table.hidden }),
      scope: comparison ? null : (scope ?? null),
      ...(comparison && {
        cohorts: comparison.cohorts.map((c, i) => ({ label: c.label, query: asked.cohortNodes[i] ?? null })),
        measure: comparison.measure,
      }),
      ...(shares && { measure: 'percent' }),
      ...((window.from !== undefined || window.to !== undefined) && { years: window }),
      ...about,
      axes: axisTitles(chart.definition, view, shares ? 'percent' : comparison?.measure, shares),
      series: table.series,
      columns: table.columns,
      rows: table.rows,
      ...(comparison ? { requests: searches } : { request: searches[0] }),
      // The "Other" bar's count searches, where it has one (null for a cohort without).
      ...(others.some(Boolean) &&
        (comparison ? { other_requests: others.map((o) => o ?? null) } : { other_request: others[0] })),
      search_endpoint: SEARCH_PATH,
    };
    return `${JSON.stringify(document, null, 2)}\n`;
  }

  app.get(
    '/:file',
    {
      ...options.admission,
      schema: {
        tags: ['Chart data'],
        operationId: 'getChartData',
        summary: "A chart's data table as CSV or JSON: the dashboard's table, from the chart's searches",
        params: CHART_DATA_PARAMS,
        querystring: CHART_DATA_QUERYSTRING,
        response: responses(
          {
            200: {
              description:
                "the chart's table: CSV (<key>.csv) or JSON with its title, axes, rows and requests (<key>.json)",
              content: {
                'text/csv': { schema: { type: 'string' } },
                'application/json': { schema: jsonAnswer('the table with what it was drawn from') },
              },
            },
          },
          [304, 404, ...SEARCH_FAILURES],
        ),
      },
    },
    data,
  );
}
