import {
  DEFAULT_DATA_VIEW,
  ENTRY_ID_PATTERN,
  comparedOtherRequests,
  comparesCohorts,
  comparisonOf,
  drillProblem,
  readExplore,
  readScope,
  resolveChart,
  resolveExplore,
  type ChartDefinition,
  type ResolvedChart,
  type ScopeReading,
} from '@pdb-stats/charts';
import type { QueryClient } from '@tanstack/react-query';
import {
  archiveInfoQuery,
  chartDataQuery,
  documentsQuery,
  entryQuery,
  heldAttributesQuery,
  resultsPageQuery,
  searchQuery,
} from '../api/queries.ts';
import {
  missingAttributes,
  missingInRequest,
  type HeldAttributes,
} from '../archive-coverage/held-attributes.ts';
import { chartQueryAttributes, metadataKindOf } from '../archive-coverage/required-attributes.ts';
import { needsSchema } from '../archive-coverage/use-held-attributes.ts';
import {
  binsToComplete,
  chosenExplore,
  completedExplore,
  exploreParamsOf,
  pickerResolver,
} from '../explore/explore-params.ts';
import { loadBoardData } from '../board/board-query.ts';
import { FUNDING_CHART, mapYearOf, yearScope } from '../map/funding-map-data.ts';
import { heldExamples } from '../explore/explore-examples.ts';
import { exploreAttributesQuery } from '../explore/use-explore-attributes.ts';
import { loadCatalogue } from '../query-builder/use-catalogue.ts';
import { scopeRefusal } from '../scope/scope-refusal.ts';
import { typicalBinsQuery } from '../explore/use-typical-bins.ts';
import { HEADLINE_COUNTS, countRequest, holdingsRequest } from '../pages/summary-requests.ts';
import { correctedChartParams, readPlotState } from '../routing/plot-state.ts';
import { parseRequestText } from '../search-pages/request-param.ts';
import { resultRows } from '../search-pages/result-items.ts';
import { addressedPage } from '../search-pages/results-request.ts';
import type { RouteMatch } from '@pdb-stats/charts';

/**
 * The data of a page drawn on the server, asked for before it is drawn, so that it is drawn once:
 * from its route and address, each page's queries as its components ask for them (the same query
 * options, chosen the way the components choose them), answered into the query cache.
 */

/**
 * What the address of a page drawn on the server turned out to be, when not one drawn as asked:
 * an explore link to be written out first, or a chart address with values the page does not read
 * (`complete`: the query string the page is drawn at), or
 * one whose parameters cannot be drawn (`status`: 400, or 404 for an attribute the archive does not
 * hold), which the page is still drawn for, saying why.
 */
export interface AddressReading {
  complete?: URLSearchParams;
  status?: 400 | 404;
}

/** A scope the page cannot read: the page says so instead of drawing. */
const scopeStatus = (scope: ScopeReading): AddressReading =>
  scope.problems.length > 0 ? { status: 400 } : {};

/** What the archive holds, as `useHeldAttributes` reads it (a schema that cannot be read: all). */
async function heldAttributes(client: QueryClient, url: string): Promise<HeldAttributes> {
  const archive = await client.fetchQuery(archiveInfoQuery(url)).catch(() => null);
  const held = async (kind: 'structure' | 'chemical') => {
    if (!needsSchema(archive, kind)) return 'all';
    const paths = await client.fetchQuery(heldAttributesQuery(url, kind)).catch(() => undefined);
    return paths ? new Set(paths) : 'all';
  };
  const [structure, chemical] = await Promise.all([held('structure'), held('chemical')]);
  return { structure, chemical };
}

/** The home page: its figures and table over the scope, unless the archive lacks what they count. */
async function homeData(client: QueryClient, url: string, held: HeldAttributes, scope: ScopeReading) {
  const node = scope.cohorts[0]?.node;
  const searches: [string, ReturnType<typeof countRequest>][] = [];
  if (node) searches.push(['count-entry', countRequest('entry', node)]);
  if (scope.problems.length === 0) {
    for (const { returnType } of HEADLINE_COUNTS)
      searches.push([`count-${returnType}`, countRequest(returnType, node)]);
    searches.push(['holdings', holdingsRequest(node)]);
  }
  await Promise.all(
    searches
      .filter(([, request]) => missingInRequest(request, held).length === 0)
      .map(([name, request]) => client.fetchQuery(searchQuery(url, name, request))),
  );
}

/**
 * A chart page's data, and what its address turned out to be: a scope the page cannot read, or one
 * the search service refuses (an attribute it does not know, a value of the wrong type), is drawn
 * saying so, with the status 400; the refusal stays in the query cache, as the page reads it.
 */
async function chartData(
  client: QueryClient,
  url: string,
  held: HeldAttributes,
  chart: ResolvedChart,
  scope: ScopeReading,
): Promise<AddressReading> {
  try {
    await chartAnswers(client, url, held, chart, scope);
  } catch (error) {
    if (scopeRefusal(error, scope.cohorts[0]?.node) === undefined) throw error;
    return { status: 400 };
  }
  return scopeStatus(scope);
}

/** A chart page: the chart's answer over its scope, or every cohort's (and their "Other" bars) when compared. */
async function chartAnswers(
  client: QueryClient,
  url: string,
  held: HeldAttributes,
  chart: ResolvedChart,
  scope: ScopeReading,
) {
  const { query } = chart;
  if (scope.problems.length > 0) return;
  if (missingAttributes(chartQueryAttributes(query), metadataKindOf(query.returnType), held).length > 0)
    return;
  if (!comparesCohorts(scope, query)) {
    await client.fetchQuery(chartDataQuery(url, chart, scope.cohorts[0]?.node));
    return;
  }
  // A trend chart is not compared: the page says so instead of asking.
  if (chart.kind === 'trend') return;
  // The cohorts' labels are not part of what is asked for.
  const comparison = comparisonOf(chart, scope, () => undefined);
  const answers = await Promise.all(
    comparison.cohorts.map((cohort) =>
      client.fetchQuery(chartDataQuery(url, comparison.chart, cohort.scope, comparison.query)),
    ),
  );
  const others = comparedOtherRequests(
    comparison,
    answers.map((answer) => answer.response),
  );
  await Promise.all(
    others.map((request) => request && client.fetchQuery(searchQuery(url, 'other-bar', request))),
  );
}

/** The explorer: the attributes its address names, then its chart when the address is complete. */
async function exploreData(
  client: QueryClient,
  url: string,
  held: HeldAttributes,
  sent: URLSearchParams,
  scope: ScopeReading,
  landing: boolean,
): Promise<AddressReading> {
  const named = [sent.get('attribute'), sent.get('by')].filter((path): path is string => !!path);
  const attributes = await client.fetchQuery(exploreAttributesQuery(url, named));
  const lookup = pickerResolver(attributes);
  // The builder lists the attributes to choose from where scripts do not run (the whole catalogue).
  if (landing) await loadCatalogue(client, url).catch(() => undefined);
  // A builder form sent without scripts: the choice it means, to be written out as any other.
  const chosen = chosenExplore(sent, lookup.picker);
  const params = chosen ?? sent;
  // An incomplete address is written out as the page would (the same bins read off the values),
  // and the visitor sent there: the complete address is the one drawn, kept and linked.
  const path = params.get('attribute') ?? '';
  const attribute = lookup.picker(path);
  const typical = binsToComplete(params, attribute)
    ? await client.fetchQuery(typicalBinsQuery(url, attribute))
    : undefined;
  const complete = completedExplore(params, lookup.picker, typical ?? undefined) ?? chosen;
  if (complete) return { complete };
  const own = exploreParamsOf(params);
  if (own.toString() === '') {
    // The landing (not embedded): its examples' charts, drawn small.
    if (landing)
      await Promise.all(heldExamples(held).map(({ chart }) => client.fetchQuery(chartDataQuery(url, chart))));
    return {};
  }
  const { spec } = readExplore(own, lookup.resolve);
  if (!spec) return { status: path !== '' && attribute === undefined ? 404 : 400 };
  return chartData(client, url, held, resolveExplore(spec), scope);
}

/** A results page: the page of hits its address names, then their key attributes. */
async function resultsData(client: QueryClient, url: string, params: URLSearchParams) {
  const parsed = parseRequestText(params.get('request'), 'request');
  if (!parsed.ok) return;
  const { request } = addressedPage(parsed.request, params);
  const answer = await client.fetchQuery(resultsPageQuery(url, request));
  const rows = resultRows(answer);
  if (answer && rows.length > 0)
    await client.fetchQuery(
      documentsQuery(
        url,
        answer.result_type,
        rows.map((row) => row.identifier),
      ),
    );
}

/**
 * Answers into `client` the queries of the page `route` (none: the not-found page) at an address
 * with `params`, and says what the address turned out to be.
 */
export async function loadPageData(
  client: QueryClient,
  searchApiUrl: string,
  route: RouteMatch | undefined,
  params: URLSearchParams,
): Promise<AddressReading> {
  const held = await heldAttributes(client, searchApiUrl);
  const scope = readScope(params);
  switch (route?.page) {
    case 'home':
      await homeData(client, searchApiUrl, held, scope);
      return scopeStatus(scope);
    case 'chart':
    case 'embed': {
      const definition: ChartDefinition = route.chart;
      const corrected = correctedChartParams(params, definition);
      if (corrected) return { complete: corrected };
      const { variant, parent } = readPlotState(params, definition, DEFAULT_DATA_VIEW);
      const reading = await chartData(
        client,
        searchApiUrl,
        held,
        resolveChart(definition, variant, parent),
        scope,
      );
      // A level the address names that cannot be opened: the page draws the top level and says why.
      if (parent !== undefined && drillProblem(definition, parent) !== undefined) return { status: 400 };
      return reading;
    }
    case 'explore':
    case 'exploreEmbed':
      return exploreData(client, searchApiUrl, held, params, scope, route.page === 'explore');
    case 'board':
    case 'boardEmbed':
      await loadBoardData(client, searchApiUrl, params);
      return {};
    case 'fundingMap':
      await client.fetchQuery(
        chartDataQuery(
          searchApiUrl,
          FUNDING_CHART,
          yearScope(mapYearOf(params, new Date().getUTCFullYear())),
        ),
      );
      return {};
    case 'results':
    case 'chemicalResults':
      await resultsData(client, searchApiUrl, params);
      return {};
    case 'entry': {
      // As the page asks: a record of an identifier, from a service that keeps records.
      const archive = await client.fetchQuery(archiveInfoQuery(searchApiUrl)).catch(() => null);
      if (archive?.entry_records && ENTRY_ID_PATTERN.test(route.id))
        await client.fetchQuery(entryQuery(searchApiUrl, route.id.toUpperCase()));
      return {};
    }
    default:
      return {};
  }
}
