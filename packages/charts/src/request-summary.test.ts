import { describe, expect, it } from 'vitest';
import { attributeName, summarizeNode, summarizeRequest } from './request-summary.ts';

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
      '(Formula weight above 500 Da or Chemical component type one of “peptide-like”, “saccharide”), Chemical name not given, chemical components',
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

  it('names an attribute alike with or without the service’s brief where it knows the name', () => {
    expect(attributeName('exptl.method')).toBe('Experimental method');
    expect(attributeName('exptl.method', 'Experimental Method')).toBe('Experimental method');
    expect(attributeName('pdbx_reference_molecule.class', 'BIRD Class')).toBe('BIRD Class');
    // A brief that repeats the path says less than its last word.
    expect(attributeName('exptl_crystal.pdbx_mosaicity', 'exptl_crystal.pdbx_mosaicity')).toBe('Mosaicity');
  });
});

describe('summarizeNode in the short style (scope chips, cohorts in a legend)', () => {
  const short = (node: unknown, returnType: 'entry' | 'mol_definition' = 'entry') =>
    summarizeNode(node, returnType, 'short');
  const released = (from: string, to: string, include_lower = true, include_upper = true) =>
    terminal('rcsb_accession_info.initial_release_date', 'range', { from, to, include_lower, include_upper });

  it('says comparisons of numbers with symbols and units', () => {
    expect(short(terminal('rcsb_entry_info.resolution_combined', 'less', 2))).toBe('Resolution < 2 Å');
    expect(short(terminal('rcsb_entry_info.resolution_combined', 'greater_or_equal', 3))).toBe(
      'Resolution ≥ 3 Å',
    );
    expect(short(terminal('rcsb_entry_info.deposited_atom_count', 'equals', 100))).toBe('Atom count = 100');
    expect(
      short(
        terminal('rcsb_entry_info.resolution_combined', 'range', {
          from: 2,
          to: 2.5,
          include_lower: true,
          include_upper: false,
        }),
      ),
    ).toBe('Resolution 2–2.5 Å');
    // One bound: the service's default excludes it.
    expect(short(terminal('rcsb_entry_info.resolution_combined', 'range', { from: 3 }))).toBe(
      'Resolution > 3 Å',
    );
  });

  it('says a matched value after the attribute, lists with "or", a negation with "not"', () => {
    expect(
      short(terminal('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens')),
    ).toBe('Source organism: Homo sapiens');
    expect(short(terminal('exptl.method', 'in', ['X-RAY DIFFRACTION', 'SOLUTION NMR', 'OTHER']))).toBe(
      'Experimental method: X-RAY DIFFRACTION, SOLUTION NMR or OTHER',
    );
    expect(short(terminal('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', true))).toBe(
      'Experimental method: not X-RAY DIFFRACTION',
    );
    expect(short(terminal('exptl.method', 'in', ['A', 'B'], true))).toBe(
      'Experimental method: none of A or B',
    );
    expect(short(terminal('rcsb_entry_info.resolution_combined', 'less', 2, true))).toBe(
      'not resolution < 2 Å',
    );
  });

  it('says release dates on a year’s edge as years', () => {
    expect(short(released('2015-01-01', '2020-12-31'))).toBe('Released 2015–2020');
    expect(short(released('2015-01-01', '2021-01-01', true, false))).toBe('Released 2015–2020');
    expect(short(released('2014-12-31', '2015-12-31', false, true))).toBe('Released in 2015');
    expect(short(released('2015-03-01', '2020-06-30'))).toBe('Released 2015-03-01 to 2020-06-30');
    expect(
      short(terminal('rcsb_accession_info.initial_release_date', 'greater_or_equal', '2015-01-01')),
    ).toBe('Released since 2015');
    expect(short(terminal('rcsb_accession_info.initial_release_date', 'less', '2000-01-01'))).toBe(
      'Released before 2000',
    );
    expect(short(terminal('rcsb_accession_info.initial_release_date', 'less_or_equal', '1999-12-31'))).toBe(
      'Released before 2000',
    );
    expect(short(terminal('rcsb_accession_info.initial_release_date', 'greater', '2015-06-01'))).toBe(
      'Released after 2015-06-01',
    );
  });

  it('says an or group of one attribute’s values once, and other groups part by part', () => {
    const methods = {
      type: 'group',
      logical_operator: 'or',
      nodes: [
        terminal('exptl.method', 'exact_match', 'X-RAY DIFFRACTION'),
        terminal('exptl.method', 'exact_match', 'ELECTRON MICROSCOPY'),
      ],
    };
    expect(short(methods)).toBe('Experimental method: X-RAY DIFFRACTION or ELECTRON MICROSCOPY');
    expect(summarizeNode(methods)).toBe(
      'Experimental method “X-RAY DIFFRACTION” or Experimental method “ELECTRON MICROSCOPY”',
    );
    const mixed = {
      type: 'group',
      logical_operator: 'and',
      nodes: [methods, terminal('rcsb_entry_info.resolution_combined', 'less', 2)],
    };
    expect(short(mixed)).toBe(
      'Experimental method: X-RAY DIFFRACTION or ELECTRON MICROSCOPY, Resolution < 2 Å',
    );
  });

  it('keeps the sentence style readable, with the service’s default bounds', () => {
    expect(summarizeNode(terminal('rcsb_entry_info.resolution_combined', 'less', 2))).toBe(
      'Resolution below 2 Å',
    );
    expect(summarizeNode(terminal('rcsb_entry_info.resolution_combined', 'range', { from: 3 }))).toBe(
      'Resolution above 3 Å',
    );
    expect(
      summarizeNode(
        terminal('rcsb_entry_info.resolution_combined', 'range', { from: 3, include_lower: true }),
      ),
    ).toBe('Resolution from 3 Å');
  });
});
