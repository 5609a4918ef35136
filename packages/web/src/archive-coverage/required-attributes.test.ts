import { CHARTS, CHART_LIST, type ChartQuery } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import {
  chartAttributes,
  chartQueryAttributes,
  metadataKindOf,
  requestAttributes,
} from './required-attributes.ts';

describe(`${chartQueryAttributes.name}`, () => {
  it('reads the stacked series and its filter facet, not only the first dimension', () => {
    expect(chartQueryAttributes(CHARTS['assembly-symmetry'].query)).toEqual([
      'rcsb_accession_info.initial_release_date',
      'rcsb_struct_symmetry.kind',
      'rcsb_struct_symmetry.type',
    ]);
  });

  it('reads every condition of nested filters', () => {
    expect(chartQueryAttributes(CHARTS['scop-classification'].query)).toEqual([
      'rcsb_polymer_instance_annotation.annotation_lineage.depth',
      'rcsb_polymer_instance_annotation.annotation_lineage.name',
      'rcsb_polymer_instance_annotation.type',
    ]);
  });

  it('reads a distinct count inside an and-group filter and its cumulative sibling facet', () => {
    expect(chartQueryAttributes(CHARTS['unique-protein-sequences'].query)).toEqual([
      'rcsb_accession_info.initial_release_date',
      'rcsb_polymer_entity_group_membership.aggregation_method',
      'rcsb_polymer_entity_group_membership.group_id',
      'rcsb_polymer_entity_group_membership.similarity_cutoff',
    ]);
  });

  it('needs only the attribute of a one-dimension chart', () => {
    expect(chartQueryAttributes(CHARTS.resolution.query)).toEqual(['rcsb_entry_info.resolution_combined']);
  });

  it('follows a hand-written query of every dimension kind', () => {
    const query: ChartQuery = {
      returnType: 'entry',
      first: { kind: 'date_range', name: 'd', attribute: 'a.date', firstYear: 2000, years: 5 },
    };
    expect(chartQueryAttributes(query)).toEqual(['a.date']);
  });
});

describe(`${chartAttributes.name}`, () => {
  it('joins the attributes of every variant', () => {
    const chart = CHARTS['source-organism'];
    expect(chart.variants).toBeDefined();
    const all = new Set(chartAttributes(chart));
    for (const option of chart.variants!.options)
      for (const attribute of chartQueryAttributes(option.query)) expect(all.has(attribute)).toBe(true);
  });

  it('gives every chart of the registry at least one attribute', () => {
    for (const chart of CHART_LIST) expect(chartAttributes(chart).length, chart.key).toBeGreaterThan(0);
  });
});

describe(`${requestAttributes.name}`, () => {
  it('reads query terminals in groups as well as facets', () => {
    expect(
      requestAttributes({
        return_type: 'entry',
        query: {
          type: 'group',
          logical_operator: 'or',
          nodes: [
            { type: 'terminal', service: 'text', parameters: { attribute: 'b.x', operator: 'exists' } },
            { type: 'terminal', service: 'full_text', parameters: undefined },
          ],
        },
        request_options: { facets: [{ name: 'f', aggregation_type: 'terms', attribute: 'a.y' }] },
      }),
    ).toEqual(['a.y', 'b.x']);
  });

  it('is empty for a count', () => {
    expect(requestAttributes({ return_type: 'assembly' })).toEqual([]);
  });
});

describe(`${metadataKindOf.name}`, () => {
  it('uses the chemical schema for small molecules only', () => {
    expect(metadataKindOf('mol_definition')).toBe('chemical');
    expect(metadataKindOf('assembly')).toBe('structure');
  });
});
