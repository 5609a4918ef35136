import type { SearchRequest } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { advancedSearchUrl, queryEditorUrl, searchEndpoint } from './addresses.ts';

const upTo2020 = {
  type: 'terminal',
  service: 'text',
  parameters: {
    attribute: 'rcsb_accession_info.initial_release_date',
    operator: 'less_or_equal',
    value: '2020-12-31',
  },
};

describe('addresses', () => {
  const request: SearchRequest = {
    query: { type: 'group', logical_operator: 'and', nodes: [upTo2020] } as SearchRequest['query'],
    return_type: 'entry',
  };

  it('strips trailing slashes before joining', () => {
    expect(searchEndpoint('http://localhost:8080/')).toBe('http://localhost:8080/rcsbsearch/v2/query');
    expect(queryEditorUrl('https://search.rcsb.org//')).toBe(
      'https://search.rcsb.org/query-editor.html?json=',
    );
  });

  it('encodes the request as JSON', () => {
    const url = queryEditorUrl('https://search.rcsb.org/', request);
    expect(url.startsWith('https://search.rcsb.org/query-editor.html?json=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.split('?json=')[1] ?? ''))).toEqual(request);
  });

  it('opens small molecules in the chemical search', () => {
    expect(advancedSearchUrl('https://www.rcsb.org/', request)).toMatch(
      /^https:\/\/www\.rcsb\.org\/search\?request=%7B/,
    );
    expect(advancedSearchUrl('https://www.rcsb.org', { ...request, return_type: 'mol_definition' })).toMatch(
      /^https:\/\/www\.rcsb\.org\/search\/chemical\/\?request=%7B/,
    );
  });
});
