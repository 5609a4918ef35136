import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BAR_SEARCH_PATH,
  EXPLORE_KEY,
  EXPLORE_PARAMS,
  barRequest,
  defaultKindView,
  isOtherLabel,
  otherDimension,
  readBarSearch,
  type ChartDefinition,
  type ChartView,
  advancedSearchUrl,
  EMBED_PREFIX,
  matchRoute,
} from '@pdb-stats/charts';
import { RequestValidationError } from '@pdb-stats/search-model';
import { chartAsked, type ChartDataQuery } from './chart-data.ts';

/** The chart a page's address draws, and its key as the chart data API names it; undefined for another page. */
function chartOfPage(path: string): { key: string; definition?: ChartDefinition } | undefined {
  const match = matchRoute(path.startsWith(`${EMBED_PREFIX}/`) ? path.slice(EMBED_PREFIX.length) : path);
  if (match?.page === 'chart' || match?.page === 'embed')
    return { key: match.chart.key, definition: match.chart };
  if (match?.page === 'explore' || match?.page === 'exploreEmbed') return { key: EXPLORE_KEY };
  return undefined;
}

/**
 * The chart data API's parameters of what a chart page draws, from the page's own: its scope or
 * cohorts, variant, level and explored attribute (the page's other parameters change how it looks,
 * not what its bars search); the view is the bar's.
 */
function chartDataQueryOf(
  params: URLSearchParams,
  chart: { key: string; definition?: ChartDefinition },
  view: string | undefined,
): ChartDataQuery {
  const query: ChartDataQuery = {};
  const explore = chart.key === EXPLORE_KEY;
  for (const [name, value] of params) {
    if (name === 'query' || name === 'label') (query[name] ??= []).push(value);
    else if (name === 'measure') query.measure = value;
    else if (name === chart.definition?.hierarchy?.param) query.parent = value;
    else if (name === chart.definition?.variants?.param) query[name] = value;
    else if (explore && (EXPLORE_PARAMS as readonly string[]).includes(name)) query[name] = value;
  }
  if (view !== undefined) query.view = view as ChartView;
  return query;
}

/** A problem of the chart page's own parameters, said as the short link's `chart` parameter's. */
function ofChart(error: unknown): unknown {
  // The view is the link's own parameter.
  if (!(error instanceof RequestValidationError) || error.field === 'view') return error;
  const reason = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return new RequestValidationError(error.code, `chart (its ${error.field})`, reason);
}

/**
 * `GET /search/bar?chart=<page>&x=<bar>[&series=…][&view=…][&cohort=…]`: a bar's short link, which
 * chart pages drawn on the server give their bars, redirected to the bar's results page (drawn on
 * the server too, so read without scripts): the address a click on the bar opens (one computation,
 * `barRequest`, for both).
 */
export async function barSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get(BAR_SEARCH_PATH, async (request: FastifyRequest, reply) => {
    const read = readBarSearch(new URL(request.url, 'http://link.invalid').searchParams);
    if ('problem' in read)
      throw new RequestValidationError('REQ_ERR_VALUE', read.problem.param, read.problem.message);
    const { bar } = read;
    const page = new URL(bar.chart, 'http://page.invalid');
    const chart = chartOfPage(page.pathname);
    if (!chart)
      throw new RequestValidationError(
        'REQ_ERR_VALUE',
        'chart',
        `"${page.pathname}" is not the address of a chart page`,
      );
    let asked;
    try {
      asked = chartAsked(
        `${chart.key}.json`,
        chartDataQueryOf(page.searchParams, chart, bar.view),
        app.searchService.source.held,
      );
    } catch (error) {
      throw ofChart(error);
    }
    const { comparison } = asked;
    if (bar.cohort !== undefined && !comparison)
      throw new RequestValidationError('REQ_ERR_VALUE', 'cohort', 'the chart compares no cohorts');
    if (comparison && bar.cohort !== undefined && bar.cohort >= comparison.cohorts.length)
      throw new RequestValidationError(
        'REQ_ERR_RANGE',
        'cohort',
        `the chart compares ${comparison.cohorts.length} cohorts (0 to ${comparison.cohorts.length - 1}), got ${bar.cohort}`,
      );
    // Its search names the values drawn beside it, which a short link does not carry (the page links
    // the Other bar to its whole search).
    if (otherDimension(asked.chart.query) && isOtherLabel(bar.x))
      throw new RequestValidationError(
        'REQ_ERR_VALUE',
        'x',
        `"${bar.x}" is the chart's Other bar, whose search names the values drawn beside it: open it from the chart page`,
      );
    const click = {
      x: bar.x,
      view: asked.view ?? defaultKindView(asked.chart.kind),
      ...(bar.series !== undefined && { series: bar.series }),
    };
    let search;
    try {
      search = barRequest(asked, click, bar.cohort);
    } catch (error) {
      throw new RequestValidationError(
        'REQ_ERR_VALUE',
        'x',
        `"${bar.x}" is not a bar of the chart: ${(error as Error).message}`,
      );
    }
    // Relative: to the results page of the server the link reached, as the click opens it.
    return reply.redirect(advancedSearchUrl('', search, bar.chart), 302);
  });
}
