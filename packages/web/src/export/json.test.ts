import { describe, expect, it } from 'vitest';
import type { QueryNode } from '@pdb-stats/search-model';
import { toExportJson } from './json.ts';
import { distributionInput, growthInput, PROVENANCE } from './test-fixtures.ts';

describe(`${toExportJson.name}`, () => {
  it('holds the data, the facet request, the date and the source', () => {
    const input = growthInput();
    const document = JSON.parse(toExportJson(input));
    expect(document).toMatchObject({
      title: 'PDB Growth by Experimental Method',
      subtitle: 'Number of Entries by Experimental Method released each year, 2019–2021',
      url: 'https://stats.example.org/growth/experimental-method?view=annual',
      licence: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
      chart: 'experimental-method',
      category: 'growth',
      view: 'annual',
      data_as_of: '2026-06-30',
      data_as_of_basis: 'archive date',
      archive_date: '2026-06-30',
      source: 'demo',
      demo: true,
      search_service: 'http://127.0.0.1:8080',
      axes: { x: 'Year', y: 'Number of Entries' },
      legend: ['X-ray', 'NMR'],
      hidden_series: ['EM'],
      columns: ['Year', 'X-ray', 'NMR'],
      data: [
        { Year: '2019', 'X-ray': 1200, NMR: 7 },
        { Year: '2020', 'X-ray': 0, NMR: 0 },
        { Year: '2021', 'X-ray': 3, NMR: 1 },
      ],
    });
    expect(document.citation).toContain(
      'PDB Statistics, “PDB Growth by Experimental Method”, https://stats.example.org/growth/experimental-method?view=annual (data as of 2026-06-30)',
    );
    expect(document.citation).toContain('The Protein Data Bank. Nucleic Acids Research 28');
    expect(document.request).toEqual(input.request);
    expect(document.request.request_options.facets.length).toBeGreaterThan(0);
  });

  it('says when the date is only that of the response, and has no archive date then', () => {
    const input = distributionInput('journal', [{ label: 'Nature', value: 3 }], {
      provenance: { ...PROVENANCE, basis: 'response', source: 'search.rcsb.org', demo: false },
    });
    const document = JSON.parse(toExportJson(input));
    expect(document).toMatchObject({
      data_as_of: '2026-06-30',
      data_as_of_basis: 'date of the response',
      archive_date: null,
      source: 'search.rcsb.org',
      data: [{ Journal: 'Nature', 'Number of Entries': 3 }],
    });
    expect(document).not.toHaveProperty('view');
    expect(document).not.toHaveProperty('hidden_series');
  });

  it('names the scope: its query node and its summary; null without one', () => {
    const node: QueryNode = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'ELECTRON MICROSCOPY' },
    };
    const scope = { node, summary: 'Method “ELECTRON MICROSCOPY”' };
    expect(JSON.parse(toExportJson(distributionInput('journal', [], { scope }))).scope).toEqual({
      query: node,
      summary: scope.summary,
    });
    expect(JSON.parse(toExportJson(distributionInput('journal', []))).scope).toBeNull();
  });

  it('holds every cohort of a compared chart: its label, its query, its request, and the measure', () => {
    const method = (value: string): QueryNode => ({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
    });
    const [xray, nmr] = [method('X-RAY DIFFRACTION'), method('NMR')];
    const base = distributionInput('journal', []);
    const requests = [xray, nmr].map((query) => ({ ...base.request, query }));
    const document = JSON.parse(
      toExportJson({
        ...base,
        request: requests[0]!,
        comparison: {
          scope: { cohorts: [{ node: xray, label: 'X-ray' }, { node: nmr }], measure: 'percent' },
          cohorts: [
            { label: 'X-ray', request: requests[0]! },
            { label: 'Method: NMR', request: requests[1]! },
          ],
        },
      }),
    );
    expect(document).toMatchObject({
      scope: null,
      cohorts: [
        { label: 'X-ray', query: xray },
        { label: 'Method: NMR', query: nmr },
      ],
      measure: 'percent',
      requests,
    });
    expect(document).not.toHaveProperty('request');
  });
});
