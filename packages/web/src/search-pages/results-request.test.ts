import type { SearchRequest } from '@pdb-stats/search-model';
import { advancedSearchUrl, queryEditorUrl } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import { chartRoute, parseRequestText } from './request-param.ts';
import { resultRows } from './result-items.ts';
import { defaultOrderLabel, headingSort, parsePage, resultsRequest, sortChoice } from './results-request.ts';

const request: SearchRequest = {
  query: { type: 'terminal', service: 'text', parameters: { attribute: 'a', operator: 'exists' } },
  return_type: 'entry',
  request_info: { src: 'ui', query_id: 'x' },
  request_options: {
    paginate: { start: 0, rows: 0 },
    results_content_type: ['experimental'],
    facets: [{ name: 'f', aggregation_type: 'terms', attribute: 'b' }],
    return_counts: true,
    sort: [{ sort_by: 'c', direction: 'asc' }],
  },
};

describe(`${resultsRequest.name}`, () => {
  it('keeps the query and content types, pages and drops facets and counting', () => {
    expect(resultsRequest(request, { start: 25, rows: 25 })).toEqual({
      query: request.query,
      return_type: 'entry',
      request_info: { src: 'ui', query_id: 'x' },
      request_options: {
        paginate: { start: 25, rows: 25 },
        results_content_type: ['experimental'],
        sort: [{ sort_by: 'c', direction: 'asc' }],
      },
    });
  });

  it('replaces the order with the chosen one; score means no sort', () => {
    const newest = sortChoice('entry', 'release-desc')!;
    expect(resultsRequest(request, { start: 0, rows: 25 }, newest).request_options?.sort).toEqual([
      { sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' },
    ]);
    const score = sortChoice('entry', 'score')!;
    expect(resultsRequest(request, { start: 0, rows: 25 }, score).request_options).not.toHaveProperty('sort');
    expect(sortChoice('mol_definition', 'resolution')).toBeUndefined();
  });
});

describe(`${parsePage.name}`, () => {
  it('reads 1-based pages', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });
});

describe(`${parseRequestText.name}`, () => {
  it('reads a JSON object and names the parameter otherwise', () => {
    expect(parseRequestText('{"return_type":"entry"}', 'request')).toMatchObject({ ok: true });
    expect(parseRequestText(null, 'json')).toMatchObject({ ok: false, field: 'json' });
    expect(parseRequestText('{"a":', 'request')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^request is not valid JSON/),
    });
    expect(parseRequestText('[1]', 'request')).toMatchObject({ ok: false });
  });
});

describe(`${chartRoute.name}`, () => {
  it('accepts paths on this site only', () => {
    expect(chartRoute('/growth/experimental-method?view=annual')).toBe(
      '/growth/experimental-method?view=annual',
    );
    for (const bad of [null, '', 'javascript:alert(1)', '//evil.example/x', 'https://evil.example', '/a b'])
      expect(chartRoute(bad)).toBeUndefined();
  });

  it('travels in the links the dashboard builds, after the request', () => {
    const route = '/growth/experimental-method?view=annual';
    const editor = new URL(queryEditorUrl('http://localhost:8080', request, route));
    expect(editor.searchParams.get('chart')).toBe(route);
    expect(JSON.parse(editor.searchParams.get('json')!)).toEqual(request);
    const results = new URL(advancedSearchUrl('http://localhost:8080/', request, route));
    expect(results.pathname).toBe('/search');
    expect(results.searchParams.get('chart')).toBe(route);
    expect(queryEditorUrl('http://x', request)).not.toContain('chart=');
  });
});

describe(`${resultRows.name}`, () => {
  it('reads hits in any verbosity and groups by their representative', () => {
    expect(resultRows({ result_set: ['1ABC', { identifier: '2XYZ', score: 1 }] })).toEqual([
      { identifier: '1ABC' },
      { identifier: '2XYZ' },
    ]);
    expect(
      resultRows({
        group_set: [{ identifier: 'P1', count: 2, representative: { identifier: '1ABC_1' }, result_set: [] }],
      }),
    ).toEqual([{ identifier: '1ABC_1', group: { identifier: 'P1', count: 2 } }]);
    expect(resultRows(null)).toEqual([]);
  });
});

describe('orders of the results page', () => {
  it('calls the default order a score only for a full-text search', () => {
    expect(defaultOrderLabel({ return_type: 'entry' })).toBe('Default order');
    expect(
      defaultOrderLabel({
        return_type: 'entry',
        query: {
          type: 'group',
          logical_operator: 'and',
          nodes: [{ type: 'terminal', service: 'full_text', parameters: { value: 'kinase' } as never }],
        },
      }),
    ).toBe('Relevance (score)');
  });

  it("sorts by a column's heading, and the other way round on a second click", () => {
    expect(headingSort('entry', 'Resolution', undefined)?.key).toBe('resolution');
    expect(headingSort('entry', 'Resolution', 'resolution')?.key).toBe('resolution-desc');
    expect(headingSort('entry', 'Resolution', 'resolution-desc')?.key).toBe('resolution');
    expect(headingSort('entry', 'Released', 'resolution')?.key).toBe('release-desc');
    expect(headingSort('mol_definition', 'Formula weight', 'weight-asc')?.key).toBe('weight-desc');
    expect(headingSort('entry', 'Title', undefined)).toBeUndefined();
  });
});
