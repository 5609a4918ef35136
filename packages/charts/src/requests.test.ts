import { describe, expect, it } from 'vitest';
import type { SearchRequest } from '@pdb-stats/search-model';
import { clickRequest } from './index.ts';
import { md5Hex } from './md5.ts';
import { CHARTS, resolveChart } from './registry.ts';
import { chartFacetRequest, dateBinNode, finalizeRequest } from './requests.ts';
import type { ChartKey } from './keys.ts';
import type { ChartClick } from './types.ts';

const RELEASE = 'rcsb_accession_info.initial_release_date';
const text = (attribute: string, operator: string, value: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value },
});
const and = (...nodes: unknown[]) => ({ type: 'group', logical_operator: 'and', nodes });
const annual2020 = text(RELEASE, 'range', {
  from: '2020-01-01',
  to: '2020-12-31',
  include_lower: true,
  include_upper: true,
});
const upTo2020 = text(RELEASE, 'less_or_equal', '2020-12-31');

function search(key: ChartKey, click: ChartClick, variant?: string): SearchRequest {
  const { query } = resolveChart(CHARTS[key], variant);
  return CHARTS[key].buildSearch(click, query);
}

describe('click-through searches', () => {
  it('filters growth charts on the clicked year, cumulative or annual', () => {
    expect(search('overall-structures', { x: '2020', view: 'cumulative' })).toEqual({
      query: and(upTo2020),
      return_type: 'entry',
    });
    expect(search('overall-structures', { x: '2020', view: 'annual' })).toEqual({
      query: and(annual2020),
      return_type: 'entry',
    });
    expect(search('overall-small-molecules', { x: '2020', view: 'cumulative' })).toEqual({
      query: and(text('rcsb_chem_comp_info.initial_release_date', 'less_or_equal', '2020-12-31')),
      return_type: 'mol_definition',
    });
  });

  it('uses only the clicked series of a stacked growth chart', () => {
    expect(search('experimental-method', { x: '2020', series: 'X-ray', view: 'cumulative' })).toEqual({
      query: and(upTo2020, text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray')),
      return_type: 'entry',
    });
    expect(search('assembly-symmetry', { x: '2020', series: 'Cyclic', view: 'annual' })).toEqual({
      // kind and type in their own group: matched on the same symmetry record
      query: and(
        annual2020,
        and(
          text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'),
          text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'),
        ),
      ),
      return_type: 'assembly',
    });
  });

  it('searches polymer entities grouped by UniProt accession for unique-uniprot-entries', () => {
    expect(search('unique-uniprot-entries', { x: '2020', view: 'cumulative' })).toEqual({
      query: and(upTo2020),
      return_type: 'polymer_entity',
      request_options: {
        group_by: {
          aggregation_method: 'matching_uniprot_accession',
          ranking_criteria_type: { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
        },
        group_by_return_type: 'groups',
      },
    });
  });

  it('groups by sequence identity at the chosen cutoff', () => {
    const request = search('unique-protein-sequences', { x: '2020', view: 'annual' }, '70');
    expect(request.request_options?.group_by).toEqual({
      aggregation_method: 'sequence_identity',
      similarity_cutoff: 70,
      ranking_criteria_type: { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
    });
    expect(request.query).toEqual(and(annual2020));
  });

  it.each([
    [
      'resolution',
      '1-1.2',
      'rcsb_entry_info.resolution_combined',
      'range',
      { from: 1, to: 1.2, include_lower: true, include_upper: false },
    ],
    ['resolution', '< 1', 'rcsb_entry_info.resolution_combined', 'less', 1],
    ['resolution', '>= 4.6', 'rcsb_entry_info.resolution_combined', 'greater_or_equal', 4.6],
    [
      'r-free',
      '0.14-0.15',
      'refine.ls_R_factor_R_free',
      'range',
      { from: 0.14, to: 0.15, include_lower: true, include_upper: false },
    ],
    [
      'molecular-weight-structure',
      '20k-40k',
      'rcsb_entry_info.molecular_weight',
      'range',
      { from: 20, to: 40, include_lower: true, include_upper: false },
    ],
    ['molecular-weight-entity', '>= 75k', 'rcsb_polymer_entity.formula_weight', 'greater_or_equal', 75],
    ['molecular-weight-small-molecules', '< 100 Da', 'chem_comp.formula_weight', 'less', 100],
    [
      'atom-count',
      '1000-2000',
      'rcsb_entry_info.deposited_atom_count',
      'range',
      { from: 1000, to: 2000, include_lower: true, include_upper: false },
    ],
    ['residue-count', '>= 1900', 'rcsb_entry_info.deposited_polymer_monomer_count', 'greater_or_equal', 1900],
  ] as const)('%s bin %j gives %s %s', (key, label, attribute, operator, value) => {
    const request = search(key, { x: label, view: 'cumulative' });
    expect(request.query).toEqual(and(text(attribute, operator, value)));
    expect(request.return_type).toBe(CHARTS[key].query.returnType);
  });

  it('adds the fixed filters to a terms click', () => {
    expect(search('taxonomy', { x: 'Eukaryota', view: 'cumulative' }).query).toEqual(
      and(text('rcsb_entity_source_organism.ncbi_parent_scientific_name', 'exact_match', 'Eukaryota')),
    );
    expect(search('assembly-symmetry-distribution', { x: 'Cyclic', view: 'cumulative' })).toEqual({
      query: and(
        text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'),
        text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'),
      ),
      return_type: 'assembly',
    });
    expect(search('integrative-input-data', { x: 'Crosslinking-MS data', view: 'cumulative' }).query).toEqual(
      and(
        text('rcsb_entry_info.structure_determination_methodology', 'exact_match', 'integrative'),
        text('rcsb_ihm_dataset_list.name', 'exact_match', 'Crosslinking-MS data'),
      ),
    );
    // The depth filter of the facet is part of the click too.
    expect(search('enzyme-classification', { x: 'Transferases', view: 'cumulative' }).query).toEqual(
      and(
        text('rcsb_polymer_entity.rcsb_ec_lineage.depth', 'equals', 1),
        text('rcsb_polymer_entity.rcsb_ec_lineage.name', 'exact_match', 'Transferases'),
      ),
    );
  });

  it('maps release-date bins to inclusive date conditions', () => {
    expect(search('release-date-distribution', { x: 'before 2000', view: 'cumulative' }).query).toEqual(
      and(text(RELEASE, 'less_or_equal', '1999-12-31')),
    );
    expect(search('release-date-distribution', { x: '2000 - 2004', view: 'cumulative' }).query).toEqual(
      and(
        text(RELEASE, 'range', {
          from: '2000-01-01',
          to: '2004-12-31',
          include_lower: true,
          include_upper: true,
        }),
      ),
    );
    expect(() => dateBinNode(RELEASE, 'soon')).toThrow('Unsupported operator for a value: soon');
  });

  it('completes a click with request_info, paging and content type', () => {
    const click = clickRequest(
      CHARTS['experimental-method'],
      { x: '2020', series: 'EM', view: 'annual' },
      CHARTS['experimental-method'].query,
    );
    expect(click.request_info).toEqual({
      src: 'ui',
      query_id: md5Hex(JSON.stringify({ query: click.query, return_type: 'entry' })),
    });
    expect(click.request_options).toEqual({
      paginate: { start: 0, rows: 0 },
      results_content_type: ['experimental'],
    });
    const grouped = finalizeRequest(search('unique-uniprot-entries', { x: '2020', view: 'annual' }));
    expect(grouped.request_options).toMatchObject({
      paginate: { start: 0, rows: 0 },
      results_content_type: ['experimental'],
      group_by_return_type: 'groups',
    });
  });
});

describe('query-editor link of the facet request', () => {
  it('adds the fixed filter AND an OR of the visible series when some are hidden', () => {
    const request = chartFacetRequest(CHARTS['assembly-symmetry'].query, {
      series: { all: ['Asymmetric', 'Cyclic', 'Dihedral'], visible: ['Asymmetric', 'Cyclic'] },
    });
    expect(request.query).toEqual(
      and(text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'), {
        type: 'group',
        logical_operator: 'or',
        nodes: [
          text('rcsb_struct_symmetry.type', 'exact_match', 'Asymmetric'),
          text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'),
        ],
      }),
    );
    expect(request.request_info?.query_id).toBe(
      md5Hex(JSON.stringify({ query: request.query, return_type: 'assembly' })),
    );
    expect(request.request_options?.facets).toHaveLength(1);
  });

  it('adds no query when every series is visible', () => {
    const request = chartFacetRequest(CHARTS['experimental-method'].query, {
      series: { all: ['X-ray', 'EM'], visible: ['X-ray', 'EM'] },
    });
    expect(request.query).toBeUndefined();
  });
});
