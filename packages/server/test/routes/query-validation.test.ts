import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REQUEST_LIMITS, validateSearchRequest } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { DEMO_HELD } from '../support/demo-held.ts';
import type { Engine } from '../../src/engine/index.ts';

/** Validation happens before the engine: an engine that fails on use proves no request reaches it. */
const unreachableEngine: Engine = {
  dialect: 'duckdb',
  facts: { methodologies: [null] },
  session: () => Promise.reject(new Error('the engine must not see an invalid request')),
  archiveInfo: () => ({ source: 'test', demo: true, archive_date: '2026-07-01', counts: {} }) as never,
  close: async () => {},
  held: DEMO_HELD,
};

const t = (parameters: Record<string, unknown>) => ({ type: 'terminal', service: 'text', parameters });
const entry = (extra: Record<string, unknown>) => ({ return_type: 'entry', ...extra });
const facet = (f: Record<string, unknown>) => entry({ request_options: { facets: [f] } });

/** [what is wrong, request, message expected in the 400 body] */
const INVALID: [string, unknown, string][] = [
  ['body is not an object', [1, 2], 'must be an object, got an array'],
  [
    'missing return_type',
    { query: t({ attribute: 'rcsb_id', operator: 'exists' }) },
    'return_type: is required',
  ],
  ['unknown return_type', { return_type: 'protein' }, 'return_type: must be one of'],
  ['unknown top-level key', entry({ querry: {} }), 'querry: unknown key'],
  [
    'unknown key in request_options',
    entry({ request_options: { page: {} } }),
    'request_options.page: unknown key',
  ],
  ['unknown node type', entry({ query: { type: 'leaf' } }), 'query.type: must be one of "group", "terminal"'],
  [
    'group without nodes',
    entry({ query: { type: 'group', logical_operator: 'and' } }),
    'query.nodes: is required',
  ],
  [
    'empty group',
    entry({ query: { type: 'group', logical_operator: 'and', nodes: [] } }),
    'query.nodes: must hold at least 1 item',
  ],
  [
    'bad logical operator',
    entry({
      query: {
        type: 'group',
        logical_operator: 'not',
        nodes: [t({ attribute: 'rcsb_id', operator: 'exists' })],
      },
    }),
    'query.logical_operator: must be one of "and", "or"',
  ],
  [
    'terminal without service',
    entry({ query: { type: 'terminal', parameters: { attribute: 'rcsb_id', operator: 'exists' } } }),
    'query.service: is required',
  ],
  [
    'unimplemented service',
    entry({ query: { type: 'terminal', service: 'sequence', parameters: { value: 'MVLS' } } }),
    'service "sequence" is not implemented',
  ],
  [
    'unknown service',
    entry({ query: { type: 'terminal', service: 'magic' } }),
    'query.service: must be one of',
  ],
  [
    'unknown attribute',
    entry({ query: t({ attribute: 'rcsb_entry_info.favourite_colour', operator: 'exists' }) }),
    'unknown attribute "rcsb_entry_info.favourite_colour"',
  ],
  [
    'attribute not held',
    entry({ query: t({ attribute: 'exptl_crystal.density_Matthews', operator: 'exists' }) }),
    'not held by this archive',
  ],
  [
    'operator missing',
    entry({ query: t({ attribute: 'rcsb_id', value: '4HHB' }) }),
    'query.parameters.operator: is required',
  ],
  [
    'unknown operator',
    entry({ query: t({ attribute: 'rcsb_id', operator: 'like', value: '4H%' }) }),
    'query.parameters.operator: must be one of',
  ],
  [
    'text operator on a keyword',
    entry({
      query: t({
        attribute: 'rcsb_entry_info.experimental_method',
        operator: 'contains_words',
        value: 'ray',
      }),
    }),
    'operator "contains_words" is not allowed on attribute "rcsb_entry_info.experimental_method"',
  ],
  [
    'keyword operator on full text',
    entry({ query: t({ attribute: 'struct.title', operator: 'exact_match', value: 'x' }) }),
    'operator "exact_match" is not allowed on attribute "struct.title"',
  ],
  [
    'comparison on a string',
    entry({ query: t({ attribute: 'symmetry.space_group_name_H_M', operator: 'greater', value: 'P 1' }) }),
    'operator "greater" is not allowed',
  ],
  [
    'exact_match on a number',
    entry({
      query: t({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'exact_match', value: '2.0' }),
    }),
    'operator "exact_match" is not allowed on attribute "rcsb_entry_info.resolution_combined"',
  ],
  [
    'numeric string for a number',
    entry({ query: t({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: '2.0' }) }),
    'the value must be a JSON number, got the string "2.0"',
  ],
  [
    'number for a keyword',
    entry({ query: t({ attribute: 'rcsb_id', operator: 'exact_match', value: 4 }) }),
    'query.parameters.value: must be a string, got number 4',
  ],
  [
    'missing value',
    entry({ query: t({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'less' }) }),
    'query.parameters.value: is required with operator "less"',
  ],
  [
    'value with exists',
    entry({ query: t({ attribute: 'rcsb_id', operator: 'exists', value: 'x' }) }),
    'operator "exists" takes no value',
  ],
  [
    'empty in list',
    entry({ query: t({ attribute: 'rcsb_id', operator: 'in', value: [] }) }),
    'query.parameters.value: must hold at least 1 item',
  ],
  [
    'malformed date',
    entry({
      query: t({
        attribute: 'rcsb_accession_info.initial_release_date',
        operator: 'less',
        value: '2020-13-01',
      }),
    }),
    'is not a date',
  ],
  [
    'malformed date math',
    entry({
      query: t({ attribute: 'rcsb_accession_info.initial_release_date', operator: 'less', value: 'now-1d' }),
    }),
    'is not a date',
  ],
  [
    'range without bounds',
    entry({
      query: t({
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: 'range',
        value: { include_lower: true },
      }),
    }),
    'a range needs "from", "to" or both',
  ],
  [
    'range with unknown key',
    entry({
      query: t({
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: 'range',
        value: { from: 1, upto: 2 },
      }),
    }),
    'query.parameters.value.upto: unknown key',
  ],
  [
    'range from after to',
    entry({
      query: t({
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: 'range',
        value: { from: 3, to: 2 },
      }),
    }),
    '"from" (3) is after "to" (2)',
  ],
  [
    'range_closed removed in v2',
    entry({
      query: t({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'range_closed', value: [1, 2] }),
    }),
    'query.parameters.operator: must be one of',
  ],
  [
    'negation not boolean',
    entry({ query: t({ attribute: 'rcsb_id', operator: 'exists', negation: 'yes' }) }),
    'query.parameters.negation: must be true or false',
  ],
  [
    'text_chem on a structure attribute',
    entry({
      query: {
        type: 'terminal',
        service: 'text_chem',
        parameters: {
          attribute: 'rcsb_entry_info.experimental_method',
          operator: 'exact_match',
          value: 'EM',
        },
      },
    }),
    'is a structure attribute',
  ],
  [
    'rows above 10000',
    entry({ request_options: { paginate: { start: 0, rows: 10001 } } }),
    'request_options.paginate.rows: must be between 0 and 10000, got 10001',
  ],
  [
    'negative start',
    entry({ request_options: { paginate: { start: -1, rows: 10 } } }),
    'request_options.paginate.start: must be between 0',
  ],
  [
    'fractional rows',
    entry({ request_options: { paginate: { rows: 2.5 } } }),
    'request_options.paginate.rows: must be an integer',
  ],
  [
    'return_all_hits with paginate',
    entry({ request_options: { return_all_hits: true, paginate: { rows: 5 } } }),
    'request_options.return_all_hits: cannot be combined with paginate',
  ],
  [
    'return_all_hits with return_counts',
    entry({ request_options: { return_all_hits: true, return_counts: true } }),
    'cannot be combined with return_counts',
  ],
  [
    'bad results_content_type',
    entry({ request_options: { results_content_type: ['predicted'] } }),
    'request_options.results_content_type[0]: must be one of',
  ],
  [
    'bad verbosity',
    entry({ request_options: { results_verbosity: 'loud' } }),
    'request_options.results_verbosity: must be one of',
  ],
  [
    'sort by full text',
    entry({ request_options: { sort: [{ sort_by: 'struct.title' }] } }),
    'cannot sort by the full-text attribute "struct.title"',
  ],
  [
    'facet without name',
    facet({ aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' }),
    'request_options.facets[0].name: is required',
  ],
  [
    'unknown aggregation type',
    facet({ name: 'x', aggregation_type: 'stats', attribute: 'rcsb_id' }),
    'request_options.facets[0].aggregation_type: must be one of',
  ],
  [
    'min_interval_population on range',
    facet({
      name: 'x',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
      ranges: [{ to: 2 }],
      min_interval_population: 1,
    }),
    'request_options.facets[0].min_interval_population: unknown key',
  ],
  [
    'max_num_intervals too large',
    facet({
      name: 'x',
      aggregation_type: 'terms',
      attribute: 'rcsb_entry_info.experimental_method',
      max_num_intervals: 70000,
    }),
    'request_options.facets[0].max_num_intervals: must be between 1 and 65536',
  ],
  [
    'date_histogram by month',
    facet({
      name: 'x',
      aggregation_type: 'date_histogram',
      attribute: 'rcsb_accession_info.initial_release_date',
      interval: 'month',
    }),
    'request_options.facets[0].interval: must be one of "year"',
  ],
  [
    'histogram without interval',
    facet({ name: 'x', aggregation_type: 'histogram', attribute: 'rcsb_entry_info.molecular_weight' }),
    'request_options.facets[0].interval: is required',
  ],
  [
    'range facet on a date',
    facet({
      name: 'x',
      aggregation_type: 'range',
      attribute: 'rcsb_accession_info.initial_release_date',
      ranges: [{ to: 2 }],
    }),
    'a range facet needs a integer or number attribute',
  ],
  [
    'range facet bound not a number',
    facet({
      name: 'x',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
      ranges: [{ from: 'low' }],
    }),
    'request_options.facets[0].ranges[0].from: must be a number',
  ],
  [
    'empty range in facet',
    facet({
      name: 'x',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
      ranges: [{}],
    }),
    'request_options.facets[0].ranges[0]: a range needs',
  ],
  [
    'date_range bound not a date',
    facet({
      name: 'x',
      aggregation_type: 'date_range',
      attribute: 'rcsb_accession_info.initial_release_date',
      ranges: [{ from: '1976' }],
    }),
    'request_options.facets[0].ranges[0].from: the string "1976" is not a date',
  ],
  [
    'terms on a full-text attribute',
    facet({ name: 'x', aggregation_type: 'terms', attribute: 'struct.title' }),
    'aggregation is not allowed on the attribute',
  ],
  [
    'precision_threshold too large',
    facet({ name: 'x', aggregation_type: 'cardinality', attribute: 'rcsb_id', precision_threshold: 50000 }),
    'request_options.facets[0].precision_threshold: must be between 0 and 40000',
  ],
  [
    'full-text operator in a facet filter',
    facet({
      filter: t({ attribute: 'struct.title', operator: 'contains_words', value: 'kinase' }),
      facets: [{ name: 'x', aggregation_type: 'terms', attribute: 'rcsb_id' }],
    }),
    'request_options.facets[0].filter.parameters.operator: must be one of',
  ],
  [
    'filter facet without facets',
    facet({ filter: t({ attribute: 'rcsb_id', operator: 'exists' }) }),
    'request_options.facets[0].facets: is required',
  ],
  [
    'group_by on the wrong return type',
    entry({ request_options: { group_by: { aggregation_method: 'matching_uniprot_accession' } } }),
    'request_options.group_by.aggregation_method: "matching_uniprot_accession" groups polymer_entity results',
  ],
  [
    'sequence_identity without cutoff',
    {
      return_type: 'polymer_entity',
      request_options: { group_by: { aggregation_method: 'sequence_identity' } },
    },
    'request_options.group_by.similarity_cutoff: sequence_identity needs a similarity_cutoff',
  ],
  [
    'sequence_identity with an odd cutoff',
    {
      return_type: 'polymer_entity',
      request_options: { group_by: { aggregation_method: 'sequence_identity', similarity_cutoff: 80 } },
    },
    'of 100, 95, 90, 70, 50, 30',
  ],
  [
    'deposit groups not held',
    entry({ request_options: { group_by: { aggregation_method: 'matching_deposit_group_id' } } }),
    'deposit groups (rcsb_entry_group_membership) are not held by this archive',
  ],
  [
    'group_by_return_type alone',
    entry({ request_options: { group_by_return_type: 'groups' } }),
    'request_options.group_by_return_type: needs group_by',
  ],
  ['bad request_info.src', entry({ request_info: { src: 'robot' } }), 'request_info.src: must be one of'],
];

const deep = (depth: number): object =>
  depth === 0
    ? { type: 'terminal', service: 'text', parameters: { attribute: 'rcsb_id', operator: 'exists' } }
    : { type: 'group', logical_operator: 'and', nodes: [deep(depth - 1)] };
const manyTerminals = (n: number) => ({
  type: 'group',
  logical_operator: 'or',
  nodes: Array.from({ length: n }, (_, i) =>
    t({ attribute: 'rcsb_id', operator: 'exact_match', value: `${i}` }),
  ),
});
const termsFacet = { name: 'x', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' };
/** Named terms facets nested `depth` deep, with a filter facet around each inner level. */
const nestedFacets = (depth: number): Record<string, unknown> => ({
  ...termsFacet,
  name: `level ${depth}`,
  ...(depth > 1 && {
    facets: [
      {
        filter: t({ attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 3 }),
        facets: [nestedFacets(depth - 1)],
      },
    ],
  }),
});

/** A range facet of `count` overlapping ranges. */
const ranges = (count: number) => ({
  aggregation_type: 'range',
  attribute: 'rcsb_entry_info.resolution_combined',
  ranges: Array.from({ length: count }, (_, i) => ({ from: i / 100 })),
});

/** [limit, request, message] — each size limit answers 400 naming the field. */
const OVER_LIMITS: [string, unknown, string][] = [
  [
    'query depth',
    entry({ query: deep(REQUEST_LIMITS.queryDepth + 1) }),
    'query groups nested too deeply: at most 16',
  ],
  [
    'query nodes',
    entry({ query: manyTerminals(REQUEST_LIMITS.queryNodes) }),
    'too many query nodes: at most 400',
  ],
  [
    'in values',
    entry({
      query: t({
        attribute: 'rcsb_id',
        operator: 'in',
        value: Array.from({ length: 10001 }, (_, i) => `${i}`),
      }),
    }),
    'query.parameters.value: too many values: at most 10000',
  ],
  [
    'facets',
    entry({
      request_options: { facets: Array.from({ length: REQUEST_LIMITS.facets + 1 }, () => termsFacet) },
    }),
    'request_options.facets[64]: too many facets',
  ],
  [
    'facet depth',
    facet(nestedFacets(REQUEST_LIMITS.facetDepth + 1)),
    `request_options${'.facets[0]'.repeat(7)}: facets nested too deeply: at most 3`,
  ],
  [
    'ranges',
    facet({
      name: 'r',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
      ranges: Array.from({ length: 1001 }, (_, i) => ({ from: i })),
    }),
    'request_options.facets[0].ranges: too many ranges: at most 1000',
  ],
  [
    'in values of one request',
    entry({
      query: {
        type: 'group',
        logical_operator: 'or',
        nodes: [0, 1].map((n) =>
          t({
            attribute: 'rcsb_id',
            operator: 'in',
            value: Array.from({ length: 6000 }, (_, i) => `${n}-${i}`),
          }),
        ),
      },
    }),
    `query.nodes[1].parameters.value: the values of the request's "in" lists number 12000 up to here: at most 10000 are allowed in one request`,
  ],
  [
    'buckets: ranges nested in ranges',
    facet({
      ...ranges(1000),
      name: 'outer',
      facets: [{ ...ranges(1000), name: 'inner' }],
    }),
    'request_options.facets[0].facets[0]: 1000 buckets under 1000 buckets of the facets around it make the answer hold at least 1001000 buckets: at most 65536 are allowed in one answer',
  ],
  [
    'buckets: terms of many intervals beside each other',
    entry({
      request_options: {
        facets: [0, 1].map((i) => ({ ...termsFacet, name: `t${i}`, max_num_intervals: 40000 })),
      },
    }),
    'request_options.facets[1]: 40000 buckets make the answer hold at least 80000 buckets',
  ],
  [
    'dates: date math past the year 9999 in a terminal',
    entry({
      query: t({
        attribute: 'rcsb_accession_info.initial_release_date',
        operator: 'greater',
        value: 'now+8000y',
      }),
    }),
    'query.parameters.value: the string "now+8000y" resolves to the year 10026',
  ],
  [
    'dates: date math past any calendar in a date_range facet',
    facet({
      name: 'd',
      aggregation_type: 'date_range',
      attribute: 'rcsb_accession_info.initial_release_date',
      ranges: [{ from: 'now-99999999999y' }],
    }),
    'request_options.facets[0].ranges[0].from: the string "now-99999999999y" resolves to no date, outside the dates this service represents (0001-01-01 to 9999-12-31)',
  ],
  [
    'dates: an anchored date math past the year 9999',
    entry({
      query: t({
        attribute: 'rcsb_accession_info.initial_release_date',
        operator: 'range',
        value: { from: '2020-01-01', to: '2020-01-01||+8000y' },
      }),
    }),
    'query.parameters.value.to: the string "2020-01-01||+8000y" resolves to the year 10020',
  ],
];

describe('size limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ engine: unreachableEngine, bodyLimit: 256 * 1024 });
  });
  afterAll(() => app.close());

  it.each(OVER_LIMITS)('%s', async (_limit, request, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('allows requests at the limits', () => {
    expect(() => validateSearchRequest(entry({ query: deep(REQUEST_LIMITS.queryDepth - 1) }))).not.toThrow();
    expect(() => validateSearchRequest(facet(nestedFacets(REQUEST_LIMITS.facetDepth)))).not.toThrow();
    // Filter facets add no level: many of them around one named facet are fine.
    let filters: Record<string, unknown> = termsFacet;
    for (let i = 0; i < 10; i++)
      filters = { filter: t({ attribute: 'rcsb_id', operator: 'exists' }), facets: [filters] };
    expect(() => validateSearchRequest(facet(filters))).not.toThrow();
    const page = validateSearchRequest(entry({ request_options: { paginate: { start: 0, rows: 10_000 } } }));
    expect(page.page.rows).toBe(10_000);
  });

  it.each([4_000, 20_000])('refuses a body nested %i levels deep with 400, not a crash', async (levels) => {
    // Written as text: building such an object and serializing it would itself overflow the stack.
    const payload = `{"return_type":"entry","query":${'{"nodes":['.repeat(levels)}1${']}'.repeat(levels)}}`;
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('nested too deeply: at most 256 levels');
  });

  it('refuses a body over the size limit with 413 and a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: { return_type: 'entry', padding: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('too large');
  });
});

describe('400 for invalid requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ engine: unreachableEngine });
  });
  afterAll(() => app.close());

  it('has at least 30 distinct cases', () => {
    expect(new Set(INVALID.map(([, request]) => JSON.stringify(request))).size).toBeGreaterThanOrEqual(30);
  });

  it.each(INVALID)('%s', async (_what, request, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toContain(message);
  });

  it('answers the same 400 over GET ?json=', async () => {
    const [, request, message] = INVALID[20]!;
    const response = await app.inject({
      method: 'GET',
      url: `/rcsbsearch/v2/query?json=${encodeURIComponent(JSON.stringify(request))}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('rejects a GET without json, and with json that does not parse', async () => {
    const missing = await app.inject({ method: 'GET', url: '/rcsbsearch/v2/query' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('json: the query parameter "json"');
    const broken = await app.inject({ method: 'GET', url: '/rcsbsearch/v2/query?json=%7Bnope' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('json: is not valid JSON');
  });

  it('rejects a body that is not JSON, and another media type with 415', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"return_type": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('not valid JSON');
    const text = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: { 'content-type': 'text/plain' },
      payload: 'entry',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toContain('Content-Type: application/json');
  });
});
