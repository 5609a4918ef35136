import { describe, expect, it } from 'vitest';
import type { Facet, SearchRequest } from '@pdb-stats/search-model';
import {
  CHART_KEYS,
  DISPLAY_CATEGORIES,
  DISPLAY_SECTIONS,
  DISTRIBUTION_CHART_KEYS,
  GROWTH_CHART_KEYS,
  CORE_CHART_KEYS,
} from './keys.ts';
import { CHARTS, CHART_LIST, resolveChart } from './registry.ts';
import { chartFacetRequest, chartFacets, queryId } from './requests.ts';

const NOW = { now: new Date('2025-06-01T00:00:00Z') };

const facetsOf = (key: keyof typeof CHARTS): Facet[] => chartFacets(CHARTS[key].query, NOW);

describe('chart registry', () => {
  it('holds the 21 core charts and the 7 further charts, each under its own key', () => {
    expect(CORE_CHART_KEYS).toHaveLength(21);
    expect(Object.keys(CHARTS).sort()).toEqual([...CHART_KEYS].sort());
    for (const [key, chart] of Object.entries(CHARTS)) expect(chart.key).toBe(key);
  });

  it('puts the growth keys in growth and the distribution keys in distribution', () => {
    for (const key of GROWTH_CHART_KEYS) expect(CHARTS[key].kind).toBe('growth');
    for (const key of DISTRIBUTION_CHART_KEYS) expect(CHARTS[key].kind).toBe('distribution');
  });

  it('uses only the known display categories and sections', () => {
    for (const chart of CHART_LIST) {
      expect(DISPLAY_CATEGORIES).toContain(chart.displayCategory);
      expect(DISPLAY_SECTIONS).toContain(chart.displaySection);
      expect(chart.menuDescription).not.toBe('');
      expect(chart.longDescription).toMatch(/^<p>/);
      expect(chart.longDescription).not.toMatch(/rcsb\.org|blue|green series/i);
    }
  });

  it('turns truncation on for exactly the five long-tailed core charts and the two organism charts', () => {
    const truncated = CHART_LIST.filter((c) => c.truncateViewData).map((c) => c.key);
    expect(truncated.sort()).toEqual(
      [
        'taxonomy',
        'space-group',
        'software',
        'journal',
        'structural-genomics-centers',
        'source-organism',
        'expression-organism',
      ].sort(),
    );
  });

  it('uses lineage depth 1 for EC and SCOP', () => {
    expect(CHARTS['enzyme-classification'].lineageDepth).toBe(1);
    expect(CHARTS['scop-classification'].lineageDepth).toBe(1);
    expect(JSON.stringify(facetsOf('enzyme-classification'))).toContain(
      '"attribute":"rcsb_polymer_entity.rcsb_ec_lineage.depth","operator":"equals","value":1',
    );
  });

  it('sets min_interval_population 0 only on the yearly histograms of three growth charts', () => {
    const zero = CHART_LIST.filter((c) => c.query.first.kind === 'year' && c.query.first.minPopulation === 0);
    expect(zero.map((c) => c.key).sort()).toEqual(
      ['assembly-symmetry', 'molecular-composition', 'unique-uniprot-entries'].sort(),
    );
    const all = JSON.stringify(CHART_LIST.map((c) => chartFacets(c.query, NOW)));
    expect(all.match(/"min_interval_population":0/g)).toHaveLength(3);
  });

  it("uses the existing app's value-axis steps on distribution charts and automatic steps on growth charts", () => {
    for (const key of CORE_CHART_KEYS) {
      const chart = CHARTS[key];
      if (chart.kind === 'growth') expect(chart.options.yStep).toBeUndefined();
      else expect([500, 1000, 5000, 10000, 25000]).toContain(chart.options.yStep);
    }
  });

  it('draws growth and range charts vertically and terms charts horizontally', () => {
    expect(CHARTS['overall-structures'].options.orientation).toBe('vertical');
    expect(CHARTS.resolution.options.orientation).toBe('vertical');
    expect(CHARTS.taxonomy.options.orientation).toBe('horizontal');
  });

  it('builds the facet request of overall-structures', () => {
    const request = chartFacetRequest(CHARTS['overall-structures'].query, NOW);
    expect(request).toEqual({
      return_type: 'entry',
      request_info: { src: 'ui', query_id: queryId(undefined, 'entry') },
      request_options: {
        paginate: { start: 0, rows: 0 },
        results_content_type: ['experimental'],
        facets: [
          {
            name: 'Release Date',
            aggregation_type: 'date_histogram',
            attribute: 'rcsb_accession_info.initial_release_date',
            interval: 'year',
            min_interval_population: 1,
          },
        ],
      },
    } satisfies SearchRequest);
  });

  it('puts the second dimension inside the yearly histogram', () => {
    expect(facetsOf('experimental-method')).toEqual([
      {
        name: 'Release Date',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        min_interval_population: 1,
        facets: [
          {
            name: 'Experimental Method',
            aggregation_type: 'terms',
            attribute: 'rcsb_entry_info.experimental_method',
            min_interval_population: 1,
          },
        ],
      },
    ]);
    expect(facetsOf('assembly-symmetry')).toEqual([
      {
        name: 'Release Date',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        min_interval_population: 0,
        facets: [
          {
            filter: {
              type: 'terminal',
              service: 'text',
              parameters: {
                attribute: 'rcsb_struct_symmetry.kind',
                operator: 'exact_match',
                value: 'Global Symmetry',
              },
            },
            facets: [
              {
                name: 'Symmetry Type',
                aggregation_type: 'terms',
                attribute: 'rcsb_struct_symmetry.type',
                min_interval_population: 1,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('builds the unique-uniprot facets with a sibling cumulative date_range', () => {
    const [annual, cumulative] = facetsOf('unique-uniprot-entries') as [Facet, Facet & { ranges: unknown[] }];
    const inner = {
      filter: {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_polymer_entity_group_membership.aggregation_method',
          operator: 'exact_match',
          value: 'matching_uniprot_accession',
        },
      },
      facets: [
        {
          name: 'Unique UniProtKB Entries',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    };
    expect(annual).toEqual({
      name: 'Annual UniProtKB Entries',
      aggregation_type: 'date_histogram',
      attribute: 'rcsb_accession_info.initial_release_date',
      interval: 'year',
      min_interval_population: 0,
      facets: [inner],
    });
    expect(cumulative).toMatchObject({
      name: 'Cumulative UniProtKB Entries',
      aggregation_type: 'date_range',
      attribute: 'rcsb_accession_info.initial_release_date',
      facets: [inner],
    });
    expect(cumulative.ranges[0]).toEqual({ from: '1976-01-01', to: '1977-01-01' });
    expect(cumulative.ranges.at(-1)).toEqual({ from: '1976-01-01', to: '2026-01-01' });
    expect(cumulative.ranges).toHaveLength(2025 - 1976 + 1);
  });

  it('builds the resolution ranges of the existing app', () => {
    const [facet] = facetsOf('resolution') as [Facet & { ranges: unknown[] }];
    expect(facet).toMatchObject({
      name: 'Resolution Combined',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
    });
    expect(facet.ranges).toEqual([
      { to: 1 },
      { from: 1, to: 1.2 },
      { from: 1.2, to: 1.4 },
      { from: 1.4, to: 1.6 },
      { from: 1.6, to: 1.8 },
      { from: 1.8, to: 2 },
      { from: 2, to: 2.2 },
      { from: 2.2, to: 2.4 },
      { from: 2.4, to: 2.6 },
      { from: 2.6, to: 2.8 },
      { from: 2.8, to: 3 },
      { from: 3, to: 3.2 },
      { from: 3.2, to: 3.4 },
      { from: 3.4, to: 3.6 },
      { from: 3.6, to: 3.8 },
      { from: 3.8, to: 4 },
      { from: 4, to: 4.2 },
      { from: 4.2, to: 4.4 },
      { from: 4.4, to: 4.6 },
      { from: 4.6 },
    ]);
  });

  it('counts polymer entities in the entity weight chart', () => {
    expect(CHARTS['molecular-weight-entity'].query.returnType).toBe('polymer_entity');
    expect(CHARTS['polymer-entity-type'].query.returnType).toBe('polymer_entity');
  });

  it('nests the SCOP filters: type SCOP, then depth 1, then the terms', () => {
    expect(facetsOf('scop-classification')).toEqual([
      {
        filter: {
          type: 'terminal',
          service: 'text',
          parameters: {
            attribute: 'rcsb_polymer_instance_annotation.type',
            operator: 'exact_match',
            value: 'SCOP',
          },
        },
        facets: [
          {
            filter: {
              type: 'terminal',
              service: 'text',
              parameters: {
                attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.depth',
                operator: 'equals',
                value: 1,
              },
            },
            facets: [
              {
                name: 'SCOP Classification',
                aggregation_type: 'terms',
                attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.name',
                min_interval_population: 1,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('requests only the 25 drawn buckets of truncated charts', () => {
    expect(facetsOf('taxonomy')).toEqual([
      {
        name: 'Taxonomy',
        aggregation_type: 'terms',
        attribute: 'rcsb_entity_source_organism.ncbi_parent_scientific_name',
        min_interval_population: 1,
        max_num_intervals: 25,
      },
    ]);
  });

  it('uses next-day upper bounds in the release-date distribution', () => {
    const [facet] = facetsOf('release-date-distribution') as [Facet & { ranges: unknown[] }];
    expect(facet.ranges).toEqual([
      { to: '2000-01-01' },
      { from: '2000-01-01', to: '2005-01-01' },
      { from: '2005-01-01', to: '2010-01-01' },
      { from: '2010-01-01', to: '2015-01-01' },
      { from: '2015-01-01', to: '2020-01-01' },
      { from: '2020-01-01', to: '2025-01-01' },
      { from: '2025-01-01', to: '2030-01-01' },
    ]);
  });

  it('resolves variants from the URL value, falling back to the default', () => {
    const sequences = CHARTS['unique-protein-sequences'];
    expect(resolveChart(sequences, '50').title).toBe(
      'Unique Protein Sequences within Released PDB Structures (50% Sequence Identity)',
    );
    expect(resolveChart(sequences, 'nonsense').variant).toBe('95');
    expect(JSON.stringify(chartFacets(resolveChart(sequences, '30').query, NOW))).toContain(
      '"attribute":"rcsb_polymer_entity_group_membership.similarity_cutoff","operator":"equals","value":30',
    );
    const organisms = resolveChart(CHARTS['source-organism'], 'engineered');
    expect(JSON.stringify(chartFacets(organisms.query, NOW))).toContain('"value":"genetically engineered"');
    // A taxonomy group's level draws its source organisms: its axis says so; the top's says groups.
    expect(resolveChart(CHARTS.taxonomy, null, 'Eukaryota').definition.options.xAxisTitle).toBe(
      'Source Organism',
    );
    expect(resolveChart(CHARTS.taxonomy).definition.options.xAxisTitle).toBe('Taxonomy');
    expect(resolveChart(CHARTS['enzyme-classification'], null, '3').definition).toBe(
      CHARTS['enzyme-classification'],
    );
    expect(resolveChart(CHARTS.resolution, 'x')).toEqual({
      kind: 'distribution',
      definition: CHARTS.resolution,
      query: CHARTS.resolution.query,
      title: CHARTS.resolution.title,
    });
  });
});
