import type {
  Facet,
  FacetResult,
  ReturnType,
  FilterNode,
  GroupNode,
  QueryNode,
  RequestOptions,
  SearchRequest,
  SearchResponse,
  Operator,
  TerminalNode,
  TerminalValue,
} from '@pdb-stats/search-model';
import { generateBins, type DateBin } from './bins.ts';
import type { ChartView } from './keys.ts';
import { md5Hex } from './md5.ts';
import { parseRangeLabel } from './range-label.ts';
import { withScope } from './scope.ts';
import type {
  ChartClick,
  ChartQuery,
  DateRangeDimension,
  DistinctDimension,
  FixedCondition,
  TermsDimension,
  TrendDimension,
} from './types.ts';

/** Paging of every request the dashboard sends: counts and facets only. */
export const PAGINATE_NONE = { start: 0, rows: 0 } as const;

export function terminal(condition: FixedCondition): TerminalNode {
  return {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: condition.attribute, operator: condition.operator, value: condition.value },
  };
}

/** The condition of one value of a terms dimension: its label (an identifier's number, when named) as a keyword, or as a number. */
export function termNode(dimension: TermsDimension, label: string): TerminalNode {
  return dimension.numeric
    ? terminal({ attribute: dimension.attribute, operator: 'equals', value: Number(label) })
    : terminal({
        attribute: dimension.attribute,
        operator: 'exact_match',
        value: dimension.namedBy === undefined ? label : idOfNamedLabel(label),
      });
}

function filterTerminal(condition: FixedCondition): FilterNode {
  return terminal(condition) as FilterNode;
}

export function andGroup(nodes: QueryNode[]): GroupNode {
  return { type: 'group', logical_operator: 'and', nodes };
}

/** `query_id`: lowercase hex MD5 of `JSON.stringify({query, return_type})`. */
export function queryId(query: QueryNode | undefined, returnType: ReturnType): string {
  return md5Hex(JSON.stringify({ query, return_type: returnType }));
}

/**
 * Completes a request the way the dashboard sends every request: request_info with src "ui"
 * and a query_id, paginate start 0 rows 0, results content type experimental, facets where given.
 */
export function finalizeRequest(request: SearchRequest): SearchRequest {
  const { query, return_type, request_options } = request;
  return {
    ...(query && { query }),
    return_type,
    request_info: { src: 'ui', query_id: queryId(query, return_type) },
    request_options: {
      paginate: { ...PAGINATE_NONE },
      results_content_type: ['experimental'],
      ...request_options,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Facets

function wrapInFilters(conditions: FixedCondition[] | undefined, facet: Facet): Facet {
  return (conditions ?? []).reduceRight<Facet>(
    (inner, condition) => ({ filter: filterTerminal(condition), facets: [inner] }),
    facet,
  );
}

/** Name of the facet of the names of an identifier's bucket (`TermsDimension.namedBy`). */
export const NAMES_FACET = 'Names';

/** A terms facet; `inner` facets are asked inside each of its buckets. */
export function termsFacet(dimension: TermsDimension, inner: Facet[] = []): Facet {
  const nested: Facet[] = [
    ...inner,
    ...(dimension.namedBy !== undefined
      ? [
          {
            name: NAMES_FACET,
            aggregation_type: 'terms' as const,
            attribute: dimension.namedBy,
            min_interval_population: 1 as const,
          },
        ]
      : []),
  ];
  const facet = wrapInFilters(dimension.filters, {
    name: dimension.name,
    aggregation_type: 'terms',
    attribute: dimension.attribute,
    min_interval_population: dimension.minPopulation,
    ...(dimension.maxIntervals !== undefined && { max_num_intervals: dimension.maxIntervals }),
    // Inside the filter facets, so the names (and segments) are read from records like the bucket's own.
    ...(nested.length > 0 && { facets: nested }),
  });
  if (!dimension.within) return facet;
  const { record, parent } = dimension.within;
  // One group: the kind and the class hold on one record (the annotation is the scope of both).
  return { filter: andGroup([...record, parent].map(terminal)) as FilterNode, facets: [facet] };
}

/**
 * The label of an identifier's bar: `<id> <name>`. The facet of names counts, in the identifier's
 * bucket, every name its entries hold on such records: its own name is held by all of them, another
 * by all of them only if the two always come together. The name is given when exactly one is held
 * by all; otherwise the identifier stands alone, never under a name that may be another's.
 */
export function namedLabel(
  id: string,
  population: number,
  names: readonly { label: string; population: number }[],
) {
  const name = nameOf(population, names);
  return name === undefined ? id : `${id} ${name}`;
}

/** The one name held by all `population` objects of an identifier's bucket, if exactly one is (see `namedLabel`). */
export function nameOf(population: number, names: readonly { label: string; population: number }[]) {
  const whole = names.filter((n) => n.population === population);
  return whole.length === 1 ? whole[0]!.label : undefined;
}

/** The identifier of a bar labelled by `namedLabel` (identifiers hold no spaces). */
export function idOfNamedLabel(label: string): string {
  return label.split(' ', 1)[0]!;
}

function distinctFacet(dimension: DistinctDimension): Facet {
  const [only, ...more] = dimension.filters;
  const filter: FilterNode =
    more.length === 0 && only
      ? filterTerminal(only)
      : { type: 'group', logical_operator: 'and', nodes: dimension.filters.map(filterTerminal) };
  return {
    filter,
    facets: [{ name: dimension.name, aggregation_type: 'cardinality', attribute: dimension.attribute }],
  };
}

/**
 * The facets of a trend chart inside each year: the fine histogram the quartiles are read from and
 * the usual bins the shares are made of. Only filled bins of the histogram come back, and only
 * below `fineBelow` when the dimension has one (inside a filter facet, which adds nothing to the answer).
 */
function trendFacets(dimension: TrendDimension): Facet[] {
  const fine: Facet = {
    name: dimension.name,
    aggregation_type: 'histogram',
    attribute: dimension.attribute,
    interval: dimension.step,
    min_interval_population: 1,
  };
  const below = dimension.fineBelow;
  return [
    below === undefined
      ? fine
      : { filter: textNode(dimension.attribute, 'less', below) as FilterNode, facets: [fine] },
    {
      name: dimension.binsName,
      aggregation_type: 'range',
      attribute: dimension.attribute,
      ranges: generateBins(dimension.bins),
    },
  ];
}

/** Cumulative yearly ranges `{from: "<fromYear>-01-01", to: "<Y+1>-01-01"}`, one per year up to `year`. */
export function cumulativeYearRanges(fromYear: number, year: number): DateBin[] {
  const ranges: DateBin[] = [];
  for (let y = fromYear; y <= year; y++) ranges.push({ from: `${fromYear}-01-01`, to: `${y + 1}-01-01` });
  return ranges;
}

/**
 * Date bins of the release-date distribution: an open bin before `firstYear`, then bins of `years`
 * years up to the one holding `year`. Upper bounds are the next day, so 31 December is kept.
 */
export function dateRangeBins(
  dimension: Pick<DateRangeDimension, 'firstYear' | 'years'>,
  year: number,
): DateBin[] {
  const bins: DateBin[] = [{ to: `${dimension.firstYear}-01-01` }];
  for (let y = dimension.firstYear; y <= year; y += dimension.years)
    bins.push({ from: `${y}-01-01`, to: `${y + dimension.years}-01-01` });
  return bins;
}

/** Display label of a date bin: `before 2000`, `2000 - 2004`. */
export function dateBinLabel(bin: DateBin): string {
  const fromYear = bin.from?.slice(0, 4);
  const lastYear = bin.to ? String(Number(bin.to.slice(0, 4)) - 1) : undefined;
  if (!fromYear) return `before ${bin.to?.slice(0, 4)}`;
  if (!lastYear) return `${fromYear} and later`;
  return `${fromYear} - ${lastYear}`;
}

/** Options that make a request reproducible: the current year decides the last date bins. */
export interface FacetOptions {
  /** Reference date (the current date by default). */
  now?: Date;
}

/** Options of a chart's data request. */
export interface ChartRequestOptions extends FacetOptions {
  /** Hidden series of a stacked growth chart (the query-editor link keeps the visible ones). */
  series?: SeriesSelection;
  /** The search the chart is drawn over (a cohort's node); the whole archive when absent. */
  scope?: QueryNode;
}

/** The facets of a chart's data request. */
export function chartFacets(query: ChartQuery, options: FacetOptions = {}): Facet[] {
  const year = (options.now ?? new Date()).getUTCFullYear();
  const { first, second } = query;
  // A distribution's second dimension splits each bar into segments: its facet inside each bucket.
  const segments = first.kind !== 'year' && second?.kind === 'terms' ? [termsFacet(second)] : [];
  switch (first.kind) {
    case 'year': {
      const inner = !second
        ? undefined
        : second.kind === 'terms'
          ? [termsFacet(second)]
          : second.kind === 'trend'
            ? trendFacets(second)
            : [distinctFacet(second)];
      const histogram: Facet = {
        name: first.name,
        aggregation_type: 'date_histogram',
        attribute: first.attribute,
        interval: 'year',
        min_interval_population: first.minPopulation,
        ...(inner && { facets: inner }),
      };
      if (second?.kind !== 'distinct') return [histogram];
      return [
        histogram,
        {
          name: second.cumulativeName,
          aggregation_type: 'date_range',
          attribute: first.attribute,
          ranges: cumulativeYearRanges(second.fromYear, year),
          facets: [distinctFacet(second)],
        },
      ];
    }
    case 'terms':
      return [
        termsFacet(first, segments),
        ...(('trail' in query && query.trail) || []).map((t) => termsFacet(t)),
        ...('below' in query && query.below ? [termsFacet(query.below)] : []),
      ];
    case 'range':
      return [
        {
          name: first.name,
          aggregation_type: 'range',
          attribute: first.attribute,
          ranges: generateBins(first.bins),
          ...(segments.length > 0 && { facets: segments }),
        },
      ];
    case 'date_range':
      return [
        {
          name: first.name,
          aggregation_type: 'date_range',
          attribute: first.attribute,
          ranges: dateRangeBins(first, year),
        },
      ];
  }
}

/** Which series of a stacked growth chart are shown; a query-editor link keeps only those. */
export interface SeriesSelection {
  all: string[];
  visible: string[];
}

/**
 * The chart's data request: facets over the scope (the whole archive without one). With hidden
 * series the query-editor link adds a query: scope AND the chart's fixed filters AND an OR of the
 * visible series.
 */
export function chartFacetRequest(query: ChartQuery, options: ChartRequestOptions = {}): SearchRequest {
  const { second } = query;
  const series = options.series;
  let node: QueryNode | undefined;
  if (
    second?.kind === 'terms' &&
    series &&
    series.visible.length > 0 &&
    series.visible.length < series.all.length
  ) {
    node = andGroup([
      ...(second.filters ?? []).map(terminal),
      {
        type: 'group',
        logical_operator: 'or',
        nodes: series.visible.map((value) => termNode(second, value)),
      },
    ]);
  }
  const scoped = withScope(
    options.scope,
    'parentCondition' in query ? (query.parentCondition ?? node) : node,
  );
  const returnType =
    options.scope && 'scopedReturnType' in query && query.scopedReturnType
      ? query.scopedReturnType
      : query.returnType;
  return finalizeRequest({
    ...(scoped && { query: scoped }),
    return_type: returnType,
    request_options: { facets: chartFacets(query, options) },
  });
}

// ---------------------------------------------------------------------------------------------------
// Click-through searches

/** A text-service condition on one attribute. */
function textNode(attribute: string, operator: Operator, value?: TerminalValue): TerminalNode {
  return {
    type: 'terminal',
    service: 'text',
    parameters: { attribute, operator, ...(value !== undefined && { value }) },
  };
}

/** Release dates from 1 January of `from` to 31 December of `to`, both included. */
function yearsNode(attribute: string, from: string, to: string): TerminalNode {
  return textNode(attribute, 'range', {
    from: `${from}-01-01`,
    to: `${to}-12-31`,
    include_lower: true,
    include_upper: true,
  });
}

/** Release-date condition of a clicked year: cumulative `<=` 31 December, any other view the year. */
export function yearNode(attribute: string, year: string, view: ChartView): TerminalNode {
  return view === 'cumulative'
    ? textNode(attribute, 'less_or_equal', `${year}-12-31`)
    : yearsNode(attribute, year, year);
}

/** Condition of a clicked range bin, parsed back from its display label. */
export function binNode(attribute: string, label: string): TerminalNode {
  const condition = parseRangeLabel(label);
  return { type: 'terminal', service: 'text', parameters: { attribute, ...condition } };
}

const DATE_BIN_LABEL = /^(\d{4}) - (\d{4})$/;
const BEFORE_LABEL = /^before (\d{4})$/;
const LATER_LABEL = /^(\d{4}) and later$/;

/** Condition of a clicked release-date bin: `before 2000` is `<= 1999-12-31`, `A - B` both years. */
export function dateBinNode(attribute: string, label: string): TerminalNode {
  const between = DATE_BIN_LABEL.exec(label);
  if (between) return yearsNode(attribute, between[1]!, between[2]!);
  const before = BEFORE_LABEL.exec(label);
  if (before) return textNode(attribute, 'less_or_equal', `${Number(before[1]) - 1}-12-31`);
  const later = LATER_LABEL.exec(label);
  if (later) return textNode(attribute, 'greater_or_equal', `${later[1]}-01-01`);
  throw new Error(`Unsupported operator for a value: ${label}`);
}

/**
 * The default click-through search: an `and` group of the date node, the fixed
 * filters and the clicked series only; or the clicked bin; or the clicked term and the
 * fixed filters.
 */
export function searchFromDimensions(click: ChartClick, query: ChartQuery): SearchRequest {
  const { first, second } = query;
  const nodes: QueryNode[] = [];
  switch (first.kind) {
    case 'year':
      nodes.push(yearNode(first.attribute, click.x, click.view));
      if (second?.kind === 'terms' && click.series !== undefined) {
        const series = termNode(second, click.series);
        const filters = (second.filters ?? []).map(terminal);
        // The fixed filter and the series describe one record (a symmetry's kind and type); in their
        // own group the service matches them on the same record, as the facet counted.
        nodes.push(filters.length > 0 ? andGroup([...filters, series]) : series);
      }
      // A trend chart's segment is its bin; its point (no bin) counts every value of that year.
      if (second?.kind === 'trend')
        nodes.push(
          click.series !== undefined
            ? binNode(second.attribute, click.series)
            : textNode(second.attribute, 'exists'),
        );
      break;
    case 'range':
      nodes.push(binNode(first.attribute, click.x));
      break;
    case 'date_range':
      nodes.push(dateBinNode(first.attribute, click.x));
      break;
    case 'terms':
      nodes.push(...(first.within?.record ?? []).map(terminal));
      nodes.push(...(first.filters ?? []).map(terminal));
      nodes.push(...(click.shown ? otherNodes(first, click.shown) : [termNode(first, click.x)]));
      break;
  }
  // A segment of a distribution's bar: the bar AND the segment's value of the second attribute.
  if (first.kind !== 'year' && second?.kind === 'terms' && click.series !== undefined)
    nodes.push(termNode(second, click.series));
  return { query: andGroup(nodes), return_type: query.returnType };
}

/**
 * The conditions of a terms chart's "Other" bar: a value of the attribute, and none of the values
 * drawn. The negated condition sits in a group of its own: conditions on one nested record side by
 * side are matched on the same record, which would find an object with one record outside the values
 * drawn even when another record holds one of them.
 */
export function otherNodes(dimension: TermsDimension, shown: readonly string[]): QueryNode[] {
  const exists = textNode(dimension.attribute, 'exists');
  if (shown.length === 0) return [exists];
  const values = dimension.numeric ? shown.map(Number) : [...shown];
  const none = textNode(dimension.attribute, 'in', values);
  return [exists, andGroup([{ ...none, parameters: { ...none.parameters!, negation: true } }])];
}

/** A click-through search that returns other objects, or carries grouping options. */
export function withClickOptions(
  build: (click: ChartClick, query: ChartQuery) => SearchRequest,
  returnType: ReturnType,
  options: (query: ChartQuery) => RequestOptions,
): (click: ChartClick, query: ChartQuery) => SearchRequest {
  return (click, query) => ({
    ...build(click, query),
    return_type: returnType,
    request_options: options(query),
  });
}

/**
 * The answer with `facet` in place of any facet of its name: how a second search's result (an "Other"
 * bar's count, a level's member check) is put in the answer that every reader of a chart reads.
 */
export function withFacet(response: SearchResponse, facet: FacetResult): SearchResponse {
  return { ...response, facets: [...(response.facets ?? []).filter((f) => f.name !== facet.name), facet] };
}
