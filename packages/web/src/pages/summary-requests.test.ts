import { describe, expect, it } from 'vitest';
import { countRequest, holdingsCellRequest, holdingsRequest, toHoldings } from './summary-requests.ts';

describe('summary requests', () => {
  it('counts with rows 0 and no query', () => {
    expect(countRequest('assembly')).toMatchObject({
      return_type: 'assembly',
      request_info: { src: 'ui' },
      request_options: { paginate: { start: 0, rows: 0 }, results_content_type: ['experimental'] },
    });
    expect(countRequest('assembly').query).toBeUndefined();
  });

  it('nests polymer types inside methods', () => {
    expect(holdingsRequest().request_options?.facets?.[0]).toMatchObject({
      attribute: 'rcsb_entry_info.experimental_method',
      facets: [{ attribute: 'rcsb_entry_info.selected_polymer_entity_types' }],
    });
  });

  it('builds the holdings table with totals', () => {
    const holdings = toHoldings({
      query_id: 'q',
      result_type: 'entry',
      total_count: 10,
      facets: [
        {
          name: 'Experimental Method',
          buckets: [
            {
              label: 'X-ray',
              population: 7,
              facets: [{ name: 'Polymer Type', buckets: [{ label: 'Protein (only)', population: 7 }] }],
            },
            {
              label: 'NMR',
              population: 3,
              facets: [
                {
                  name: 'Polymer Type',
                  buckets: [
                    { label: 'Protein (only)', population: 2 },
                    { label: 'Nucleic acid (only)', population: 1 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(holdings.methods).toEqual(['X-ray', 'NMR']);
    expect(holdings.types).toEqual(['Protein (only)', 'Nucleic acid (only)']);
    expect(holdings.typeTotals['Protein (only)']).toBe(9);
    expect(holdings.cells.NMR?.['Nucleic acid (only)']).toBe(1);
    expect(holdings.total).toBe(10);
    expect(toHoldings(null).methods).toEqual([]);
  });

  it('searches a cell with both conditions', () => {
    const request = holdingsCellRequest('NMR', 'Protein (only)');
    expect(request.query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [
        {
          type: 'terminal',
          service: 'text',
          parameters: {
            attribute: 'rcsb_entry_info.experimental_method',
            operator: 'exact_match',
            value: 'NMR',
          },
        },
        {
          type: 'terminal',
          service: 'text',
          parameters: {
            attribute: 'rcsb_entry_info.selected_polymer_entity_types',
            operator: 'exact_match',
            value: 'Protein (only)',
          },
        },
      ],
    });
    expect(holdingsCellRequest().query).toBeUndefined();
  });

  it('counts and tabulates over the scope; a cell is scope AND cell', () => {
    const scope = {
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'ELECTRON MICROSCOPY' },
    } as const;
    expect(countRequest('polymer_entity', scope).query).toEqual(scope);
    expect(holdingsRequest(scope).query).toEqual(scope);
    const cell = holdingsCellRequest('EM', 'Protein (only)', scope);
    expect(cell.query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [scope, holdingsCellRequest('EM', 'Protein (only)').query],
    });
    expect(holdingsCellRequest(undefined, undefined, scope).query).toEqual(scope);
  });
});
