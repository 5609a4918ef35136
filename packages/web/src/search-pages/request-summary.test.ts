import { describe, expect, it } from 'vitest';
import { attributeName, summarizeRequest } from './request-summary.ts';

const terminal = (attribute: string, operator: string, value?: unknown, negation?: boolean) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, ...(value !== undefined && { value }), ...(negation && { negation }) },
});

describe('summarizeRequest', () => {
  it('says a resolution bin with its unit and what the request returns', () => {
    const request = {
      query: terminal('rcsb_entry_info.resolution_combined', 'range', {
        from: 2,
        to: 2.2,
        include_lower: true,
        include_upper: false,
      }),
      return_type: 'entry',
    };
    expect(summarizeRequest(request)).toBe('Resolution from 2 to 2.2 Å, entries');
  });

  it('joins the conditions of an and group, dates and matched text in words', () => {
    const request = {
      query: {
        type: 'group',
        logical_operator: 'and',
        nodes: [
          terminal('rcsb_accession_info.initial_release_date', 'less_or_equal', '2000-12-31'),
          terminal('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
        ],
      },
      return_type: 'entry',
    };
    expect(summarizeRequest(request)).toBe(
      'Release date on or before 2000-12-31, Experimental method “X-ray”, entries',
    );
  });

  it('brackets an or group inside an and group, and says negations and lists', () => {
    const request = {
      query: {
        type: 'group',
        logical_operator: 'and',
        nodes: [
          {
            type: 'group',
            logical_operator: 'or',
            nodes: [
              terminal('chem_comp.formula_weight', 'greater', 500),
              terminal('chem_comp.type', 'in', ['peptide-like', 'saccharide']),
            ],
          },
          terminal('chem_comp.name', 'exists', undefined, true),
        ],
      },
      return_type: 'mol_definition',
    };
    expect(summarizeRequest(request)).toBe(
      '(Formula weight above 500 Da or Type one of “peptide-like”, “saccharide”), Name not given, chemical components',
    );
  });

  it('says "All" without a query, and names the facets and groups', () => {
    expect(summarizeRequest({ return_type: 'entry' })).toBe('All entries');
    expect(
      summarizeRequest({
        return_type: 'polymer_entity',
        request_options: {
          group_by_return_type: 'groups',
          facets: [{ name: 'Release Date', aggregation_type: 'date_histogram' }],
        },
      }),
    ).toBe('All polymer entities in groups; counted by Release Date');
  });

  it('names full-text and similarity searches by their service', () => {
    expect(
      summarizeRequest({
        query: { type: 'terminal', service: 'full_text', parameters: { value: 'hemoglobin' } },
        return_type: 'entry',
      }),
    ).toBe('Text “hemoglobin”, entries');
    expect(
      summarizeRequest({
        query: { type: 'terminal', service: 'sequence', parameters: {} },
        return_type: 'entry',
      }),
    ).toBe('Sequence similarity search, entries');
  });

  it('tells what it cannot read instead of failing', () => {
    expect(summarizeRequest([1, 2])).toBeUndefined();
    expect(summarizeRequest({ query: 'x' })).toBe('All results (no return_type)');
    expect(summarizeRequest({ query: { type: 'group', nodes: [null, 3] }, return_type: 'assembly' })).toBe(
      'All assemblies',
    );
  });
});

describe('attributeName', () => {
  it('names known attributes, and makes the last word of others readable', () => {
    expect(attributeName('refine.ls_R_factor_R_free')).toBe('R-free');
    expect(attributeName('rcsb_entry_info.polymer_entity_count_protein')).toBe(
      'Polymer entity count protein',
    );
    expect(attributeName('exptl_crystal.pdbx_mosaicity')).toBe('Mosaicity');
  });
});
