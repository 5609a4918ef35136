import { describe, expect, it } from 'vitest';
import type { QueryNode } from '@pdb-stats/search-model';
import { clickRequest } from './index.ts';
import { md5Hex } from './md5.ts';
import { CHARTS } from './registry.ts';
import { chartFacetRequest, chartFacets } from './requests.ts';
import {
  MAX_COHORTS,
  parseScopeNode,
  readScope,
  scopeParams,
  scopeSearch,
  scopeTag,
  withScope,
  writeScope,
  type Scope,
} from './scope.ts';

const text = (attribute: string, operator: string, value: unknown): QueryNode =>
  ({ type: 'terminal', service: 'text', parameters: { attribute, operator, value } }) as QueryNode;
const and = (...nodes: QueryNode[]): QueryNode => ({ type: 'group', logical_operator: 'and', nodes });

const EM = text('exptl.method', 'exact_match', 'ELECTRON MICROSCOPY');
const XRAY = text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION');
const HUMAN = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens');
const NOW = { now: new Date('2026-07-01T00:00:00Z') };

const params = (search: string) => new URLSearchParams(search);
const queryParam = (node: unknown) => `query=${encodeURIComponent(JSON.stringify(node))}`;

describe('the scope in the URL', () => {
  it('is the whole archive without a query parameter', () => {
    expect(readScope(params('view=annual'))).toEqual({ cohorts: [], measure: 'count', problems: [] });
  });

  it('reads one query node, URL-encoded JSON', () => {
    const node = and(EM, HUMAN);
    expect(readScope(params(queryParam(node)))).toEqual({
      cohorts: [{ node }],
      measure: 'count',
      problems: [],
    });
  });

  it('reads cohorts with labels in step, and the measure', () => {
    const search = `${queryParam(XRAY)}&${queryParam(EM)}&label=X-ray&label=&measure=percent`;
    expect(readScope(params(search))).toEqual({
      cohorts: [{ node: XRAY, label: 'X-ray' }, { node: EM }],
      measure: 'percent',
      problems: [],
    });
  });

  it('round-trips through writeScope, keeping other parameters', () => {
    const scopes: Scope[] = [
      { cohorts: [{ node: and(EM, HUMAN) }], measure: 'count' },
      {
        cohorts: [
          { node: XRAY, label: 'X-ray' },
          { node: EM, label: 'cryo-EM' },
        ],
        measure: 'percent',
      },
      { cohorts: [{ node: XRAY }, { node: EM, label: 'EM only' }], measure: 'count' },
      { cohorts: [], measure: 'count' },
    ];
    for (const scope of scopes) {
      const written = writeScope(params('view=annual&query=old&label=x&measure=percent'), scope);
      expect(written.get('view')).toBe('annual');
      // through the address bar's text, as a shared link travels
      expect(readScope(params(written.toString()))).toEqual({ ...scope, problems: [] });
    }
  });

  it('writes no label without named cohorts and no measure for counts', () => {
    const written = writeScope(params(''), { cohorts: [{ node: EM }], measure: 'count' });
    expect([...written.keys()]).toEqual(['query']);
    expect(written.get('query')).toBe(JSON.stringify(EM));
    expect(scopeParams(EM).toString()).toBe(written.toString());
  });

  it('names the parameter and the reason of every value it cannot use', () => {
    const reading = readScope(
      params('query=%7Bnot%20json&query=%5B1%5D&query=%7B%22type%22%3A%22leaf%22%7D'),
    );
    expect(reading.cohorts).toEqual([]);
    expect(reading.problems.map(({ param, index }) => [param, index])).toEqual([
      ['query', 0],
      ['query', 1],
      ['query', 2],
    ]);
    expect(reading.problems[0]!.message).toMatch(/^not valid JSON/);
    expect(reading.problems[0]!.value).toBe('{not json');
    expect(reading.problems[1]!.message).toMatch(/must be a query node/);
    expect(reading.problems[2]!.message).toBe('"type" must be "terminal" or "group", not "leaf"');
    expect(readScope(params('measure=ratio')).problems).toEqual([
      { param: 'measure', index: 0, value: 'ratio', message: 'must be "count" or "percent"' },
    ]);
    expect(readScope(params(`${queryParam(EM)}&label=a&label=b`)).problems).toMatchObject([
      { param: 'label', index: 1, value: 'b' },
    ]);
  });

  it(`compares at most ${MAX_COHORTS} cohorts`, () => {
    const search = [XRAY, EM, HUMAN, XRAY, EM].map(queryParam).join('&');
    const reading = readScope(params(search));
    expect(reading.cohorts).toHaveLength(MAX_COHORTS);
    expect(reading.problems).toMatchObject([{ param: 'query', index: 4 }]);
    expect(reading.problems[0]!.message).toMatch(/at most 4 cohorts/);
  });

  it('tags a scope for file names, the same node always alike', () => {
    expect(scopeTag(EM)).toMatch(/^scope-[0-9a-f]{8}$/);
    expect(scopeTag(JSON.parse(JSON.stringify(EM)) as QueryNode)).toBe(scopeTag(EM));
    expect(scopeTag(XRAY)).not.toBe(scopeTag(EM));
  });

  it('parses a node without judging its attributes (the service does)', () => {
    expect(parseScopeNode('{"type":"terminal","service":"text","parameters":{"attribute":"nope"}}')).toEqual({
      node: { type: 'terminal', service: 'text', parameters: { attribute: 'nope' } },
    });
  });

  it('carries the scope parameters alone to another page', () => {
    const carried = scopeSearch(params(`view=annual&${queryParam(EM)}&label=EM&measure=percent`));
    expect(carried.startsWith('?')).toBe(true);
    expect([...params(carried)]).toEqual([
      ['query', JSON.stringify(EM)],
      ['label', 'EM'],
      ['measure', 'percent'],
    ]);
    expect(scopeSearch(params('view=annual'))).toBe('');
  });
});

describe('requests over a scope', () => {
  it('is scope AND node, the node kept a group of its own', () => {
    expect(withScope(undefined, EM)).toBe(EM);
    expect(withScope(EM, undefined)).toBe(EM);
    expect(withScope(undefined, undefined)).toBeUndefined();
    expect(withScope(HUMAN, and(EM, XRAY))).toEqual(and(HUMAN, and(EM, XRAY)));
    // two terminals on one nested attribute in a flat group would be matched on the same record
    expect(withScope(HUMAN, EM)).toEqual(and(HUMAN, and(EM)));
  });

  it('draws the chart over the scope: the scope is the facet request query', () => {
    const query = CHARTS.resolution.query;
    const request = chartFacetRequest(query, { ...NOW, scope: EM });
    expect(request.query).toEqual(EM);
    expect(request.request_options?.facets).toEqual(chartFacets(query, NOW));
    expect(request.request_info?.query_id).toBe(md5Hex(JSON.stringify({ query: EM, return_type: 'entry' })));
    expect(chartFacetRequest(query, NOW).query).toBeUndefined();
  });

  it('asks over a scope at the level its bars count, where that differs from the chart request', () => {
    // distinct UniProt accessions of polymer entities: asked over entries, clicked through as entities
    const query = CHARTS['unique-uniprot-entries'].query;
    expect(chartFacetRequest(query, NOW).return_type).toBe('entry');
    const scoped = chartFacetRequest(query, { ...NOW, scope: HUMAN });
    const click = clickRequest(CHARTS['unique-uniprot-entries'], { x: '2020', view: 'annual' }, query, HUMAN);
    expect(scoped.return_type).toBe('polymer_entity');
    expect(scoped.return_type).toBe(click.return_type);
  });

  it('keeps the scope in the query-editor link with hidden series', () => {
    const query = CHARTS['assembly-symmetry'].query;
    const series = { all: ['Asymmetric', 'Cyclic'], visible: ['Cyclic'] };
    const unscoped = chartFacetRequest(query, { series });
    expect(chartFacetRequest(query, { series, scope: EM }).query).toEqual(and(EM, unscoped.query!));
  });

  it('clicks through to scope AND bar', () => {
    const chart = CHARTS['experimental-method'];
    const click = { x: '2020', series: 'EM', view: 'annual' } as const;
    const bar = clickRequest(chart, click, chart.query);
    const scoped = clickRequest(chart, click, chart.query, HUMAN);
    expect(scoped.query).toEqual(and(HUMAN, bar.query!));
    expect(scoped.return_type).toBe(bar.return_type);
    expect(scoped.request_info?.query_id).toBe(
      md5Hex(JSON.stringify({ query: scoped.query, return_type: 'entry' })),
    );
  });

  it('keeps grouping options of a click-through over a scope', () => {
    const chart = CHARTS['unique-uniprot-entries'];
    const scoped = clickRequest(chart, { x: '2020', view: 'annual' }, chart.query, EM);
    expect(scoped.request_options).toMatchObject({ group_by_return_type: 'groups' });
    expect(scoped.query).toMatchObject({ type: 'group', nodes: [EM, { type: 'group' }] });
  });
});
