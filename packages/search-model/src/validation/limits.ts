import { RequestValidationError } from './errors.ts';
import { child } from './json.ts';

/** Limits on the size of a request, so that one request cannot hold the service. */
export const REQUEST_LIMITS = {
  /** Nesting depth of query groups. */
  queryDepth: 16,
  /** Query nodes (groups and terminals) in one request. */
  queryNodes: 400,
  /** Facet objects, sub-facets and filter facets included. */
  facets: 64,
  /**
   * Nesting depth of named facets; filter facets, which add no buckets, do not count (the facet
   * count bounds them). Each level of terms multiplies the buckets: on 20,000 entries, organism and
   * annotation names alternating, 3 levels answer 4.7 MB in 2 s, 4 levels 74 MB in 64 s, and 5
   * levels took 6.7 GB of memory. The dashboard's charts nest 2 deep.
   */
  facetDepth: 3,
  /** Ranges of one range or date_range facet. */
  ranges: 1000,
  /** Values of one `in` list. */
  inValues: 10000,
  /**
   * Nesting of the JSON body, objects and arrays alike: checked first, without recursion, so that
   * no later walk of the body can run out of stack. A request within the other limits nests well
   * under it (64 filter facets, each with 16 levels of query groups, stay below 200).
   */
  jsonDepth: 256,
} as const;

/**
 * Limits on what a request costs to answer, estimated from the request alone before it runs; the
 * server reads each from its environment (SEARCH_MAX_BUCKETS, SEARCH_MAX_IN_VALUES,
 * SEARCH_MAX_FACET_ROWS).
 */
export interface CostLimits {
  /**
   * Buckets one answer may hold, facets and sub-facets together: a facet nested in others has
   * up to the product of their bucket counts. Ranges and `max_num_intervals` are counted from the
   * request; the buckets of terms without `max_num_intervals` and of histograms, which the data
   * decide, are counted while the answer is shaped (refused there before it is built). 65,536 is
   * the public service's own bound (its search engine's most buckets per search).
   */
  maxBuckets: number;
  /** Values of all `in` lists of one request together (each list holds at most `inValues`). */
  maxInValues: number;
  /**
   * Rows the database may return for one answer's facets, all statements together (a terms facet
   * nested in another returns a row per pair of values): counted as they are read, refused past
   * it. The buckets of an answer are far fewer than these rows when facets are nested, so the
   * bucket limit alone lets one request hold millions of rows in memory. The dashboard's charts
   * read at most about 21,000 at 250,000 entries.
   */
  maxFacetRows: number;
}

export const DEFAULT_COST_LIMITS: CostLimits = {
  maxBuckets: 65_536,
  maxInValues: 10_000,
  maxFacetRows: 250_000,
};

function fail(path: string, what: string, limit: number): never {
  throw new RequestValidationError('REQ_ERR_LIMIT', path, `${what}: at most ${limit} are allowed`);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Buckets of a facet that the request alone tells: one per range, `max_num_intervals` of terms.
 * Others count one here; the data decide how many they have.
 */
function knownBuckets(facet: Record<string, unknown>): number {
  if (Array.isArray(facet.ranges)) return Math.max(1, facet.ranges.length);
  const most = facet.max_num_intervals;
  // A value out of its range is refused by the full validation, saying so.
  const valid = typeof most === 'number' && Number.isInteger(most) && most > 0 && most <= 65536;
  return facet.aggregation_type === 'terms' && valid ? most : 1;
}

/** Refuses a body nested deeper than the limit; iterative, for bodies of any depth. */
export function checkJsonDepth(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= REQUEST_LIMITS.jsonDepth) {
      throw new RequestValidationError(
        'REQ_ERR_LIMIT',
        '',
        `objects and arrays nested too deeply: at most ${REQUEST_LIMITS.jsonDepth} levels are allowed`,
      );
    }
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
}

/** Checks the size and cost limits on the raw request before the full validation walks it. */
export function checkRequestLimits(request: unknown, limits: CostLimits = DEFAULT_COST_LIMITS): void {
  checkJsonDepth(request);
  if (!isObject(request)) return;
  let nodes = 0;
  let inValues = 0;
  const walkQuery = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node)) return;
    if (++nodes > REQUEST_LIMITS.queryNodes) fail(path, 'too many query nodes', REQUEST_LIMITS.queryNodes);
    const value = isObject(node.parameters) ? node.parameters.value : undefined;
    if (Array.isArray(value)) {
      const valuePath = child(child(path, 'parameters'), 'value');
      if (value.length > REQUEST_LIMITS.inValues) fail(valuePath, 'too many values', REQUEST_LIMITS.inValues);
      inValues += value.length;
      if (inValues > limits.maxInValues) {
        throw new RequestValidationError(
          'REQ_ERR_LIMIT',
          valuePath,
          `the values of the request's "in" lists number ${inValues} up to here: at most ${limits.maxInValues} are allowed in one request`,
        );
      }
    }
    if (!Array.isArray(node.nodes)) return;
    if (depth >= REQUEST_LIMITS.queryDepth)
      fail(path, 'query groups nested too deeply', REQUEST_LIMITS.queryDepth);
    node.nodes.forEach((n, i) => walkQuery(n, child(child(path, 'nodes'), i), depth + 1));
  };
  walkQuery(request.query, 'query', 0);

  let facets = 0;
  let buckets = 0;
  /** `depth`: named facets around the list; `around`: buckets of those facets, multiplied. */
  const walkFacets = (list: unknown, path: string, depth: number, around: number): void => {
    if (!Array.isArray(list)) return;
    list.forEach((facet, i) => {
      const facetPath = child(path, i);
      if (++facets > REQUEST_LIMITS.facets) fail(facetPath, 'too many facets', REQUEST_LIMITS.facets);
      if (!isObject(facet)) return;
      const named = facet.filter === undefined;
      if (named && depth >= REQUEST_LIMITS.facetDepth) {
        fail(facetPath, 'facets nested too deeply', REQUEST_LIMITS.facetDepth);
      }
      if (Array.isArray(facet.ranges) && facet.ranges.length > REQUEST_LIMITS.ranges) {
        fail(child(facetPath, 'ranges'), 'too many ranges', REQUEST_LIMITS.ranges);
      }
      if (facet.filter !== undefined) walkQuery(facet.filter, child(facetPath, 'filter'), 0);
      const own = named ? knownBuckets(facet) : 1;
      buckets += around * own;
      if (buckets > limits.maxBuckets) {
        const nested = around > 1 ? ` under ${around} buckets of the facets around it` : '';
        throw new RequestValidationError(
          'REQ_ERR_LIMIT',
          facetPath,
          `${own} buckets${nested} make the answer hold at least ${buckets} buckets: at most ${limits.maxBuckets} are allowed in one answer`,
        );
      }
      walkFacets(facet.facets, child(facetPath, 'facets'), named ? depth + 1 : depth, around * own);
    });
  };
  const options = request.request_options;
  if (isObject(options)) walkFacets(options.facets, 'request_options.facets', 0, 1);
}
