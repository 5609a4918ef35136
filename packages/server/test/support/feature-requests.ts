import { and, or, text } from '../../src/planner/testing/requests.ts';

/**
 * One request per feature the search service's HTTP tests exercise (routes/query.test.ts):
 * operators on every type, nested records and their inner lists, level mapping, every facet type,
 * filter facets, sorts, pages and group_by. The conformance suite sends each to every engine.
 */

const request = (query: object | undefined, return_type: string, request_options: object = {}) => ({
  ...(query && { query }),
  return_type,
  request_options,
});
const page = { paginate: { start: 0, rows: 25 } };
const facets = (...list: object[]) => ({ paginate: { start: 0, rows: 0 }, facets: list });

export const FEATURE_REQUESTS: { name: string; request: object }[] = [
  {
    name: 'exact_match',
    request: request(text('rcsb_entry_info.experimental_method', 'exact_match', 'x-RAY'), 'entry', page),
  },
  {
    name: 'exact_match case_sensitive',
    request: request(
      text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray', { case_sensitive: true }),
      'entry',
      page,
    ),
  },
  {
    name: 'in',
    request: request(text('rcsb_entry_info.experimental_method', 'in', ['EM', 'NMR']), 'entry', page),
  },
  {
    name: 'contains_words',
    request: request(text('struct.title', 'contains_words', 'protein complex'), 'entry', page),
  },
  {
    name: 'contains_phrase',
    request: request(text('struct.title', 'contains_phrase', 'crystal structure'), 'entry', page),
  },
  {
    name: 'equals integer',
    request: request(text('rcsb_entry_info.deposited_atom_count', 'greater', 5000), 'entry', page),
  },
  {
    name: 'less number',
    request: request(text('rcsb_entry_info.molecular_weight', 'less_or_equal', 80.5), 'entry', page),
  },
  {
    name: 'range on a list',
    request: request(
      text('rcsb_entry_info.resolution_combined', 'range', {
        from: 1.5,
        to: 2.5,
        include_lower: true,
        include_upper: false,
      }),
      'entry',
      page,
    ),
  },
  {
    name: 'date range with a time',
    request: request(
      text('rcsb_accession_info.initial_release_date', 'range', {
        from: '2010-01-01T12:00:00Z',
        to: '2015-06-30',
        include_upper: true,
      }),
      'entry',
      page,
    ),
  },
  {
    name: 'date relative to now',
    request: request(text('rcsb_accession_info.initial_release_date', 'greater', 'now-10y'), 'entry', {
      return_counts: true,
    }),
  },
  {
    name: 'exists, negated',
    request: request(
      text('refine.ls_R_factor_R_free', 'exists', undefined, { negation: true }),
      'entry',
      page,
    ),
  },
  {
    name: 'entity condition for entries',
    request: request(
      text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens'),
      'entry',
      page,
    ),
  },
  {
    name: 'entry condition for instances',
    request: request(
      text('rcsb_entry_info.experimental_method', 'exact_match', 'EM'),
      'polymer_instance',
      page,
    ),
  },
  {
    name: 'component condition for entries',
    request: request(text('chem_comp.formula_weight', 'greater', 300), 'entry', page),
  },
  {
    name: 'entry condition for components',
    request: request(
      text('rcsb_entry_info.experimental_method', 'exact_match', 'NMR'),
      'mol_definition',
      page,
    ),
  },
  {
    name: 'assembly symmetry',
    request: request(text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic'), 'assembly', page),
  },
  {
    name: 'same record: binding affinity type and value',
    request: request(
      and(
        text('rcsb_binding_affinity.type', 'exact_match', 'Kd'),
        text('rcsb_binding_affinity.value', 'less', 100),
      ),
      'entry',
      page,
    ),
  },
  {
    name: 'inner list: annotation lineage name and depth',
    request: request(
      and(
        text('rcsb_polymer_instance_annotation.type', 'exact_match', 'CATH'),
        text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2),
        text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exists'),
      ),
      'polymer_instance',
      page,
    ),
  },
  {
    name: 'or of levels, negations',
    request: request(
      or(
        text('rcsb_entry_info.experimental_method', 'exact_match', 'NMR', { negation: true }),
        text('exptl.method', 'exact_match', 'SOLUTION NMR'),
        text('rcsb_polymer_entity_group_membership.aggregation_method', 'exact_match', 'sequence_identity'),
      ),
      'polymer_entity',
      page,
    ),
  },
  {
    name: 'terms, histogram, date_histogram, cardinality',
    request: request(
      undefined,
      'entry',
      facets(
        { name: 'm', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
        {
          name: 'r',
          aggregation_type: 'histogram',
          attribute: 'rcsb_entry_info.resolution_combined',
          interval: 0.5,
          min_interval_population: 1,
        },
        {
          name: 'y',
          aggregation_type: 'date_histogram',
          attribute: 'rcsb_accession_info.initial_release_date',
          interval: 'year',
          min_interval_population: 0,
        },
        {
          name: 'c',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
        },
      ),
    ),
  },
  {
    name: 'terms with min_interval_population 0 and max_num_intervals',
    request: request(
      text('rcsb_entry_info.resolution_combined', 'less', 2),
      'entry',
      facets({
        name: 's',
        aggregation_type: 'terms',
        attribute: 'rcsb_struct_symmetry.type',
        min_interval_population: 0,
        max_num_intervals: 3,
      }),
    ),
  },
  {
    name: 'overlapping ranges and date ranges',
    request: request(
      undefined,
      'entry',
      facets(
        {
          name: 'w',
          aggregation_type: 'range',
          attribute: 'rcsb_entry_info.molecular_weight',
          ranges: [{ to: 50 }, { from: 25, to: 100 }, { from: 75 }],
        },
        {
          name: 'd',
          aggregation_type: 'date_range',
          attribute: 'rcsb_accession_info.initial_release_date',
          ranges: [{ to: '2000-01-01' }, { from: '1995-01-01', to: '2010-01-01' }, { from: '2005-01-01' }],
        },
      ),
    ),
  },
  {
    name: 'cardinality of a value some entries lack, under overlapping ranges',
    request: request(
      undefined,
      'entry',
      facets({
        name: 'w',
        aggregation_type: 'range',
        attribute: 'rcsb_entry_info.molecular_weight',
        ranges: [{ to: 50 }, { from: 25, to: 100 }, { from: 75 }],
        facets: [{ name: 'g', aggregation_type: 'cardinality', attribute: 'symmetry.space_group_name_H_M' }],
      }),
    ),
  },
  {
    name: 'nested facets and a filter facet',
    request: request(
      undefined,
      'entry',
      facets({
        name: 'm',
        aggregation_type: 'terms',
        attribute: 'rcsb_entry_info.experimental_method',
        facets: [
          {
            filter: text('rcsb_binding_affinity.type', 'exact_match', 'Kd'),
            facets: [
              {
                name: 'v',
                aggregation_type: 'histogram',
                attribute: 'rcsb_binding_affinity.value',
                interval: 100,
                min_interval_population: 1,
              },
            ],
          },
          {
            name: 'y',
            aggregation_type: 'date_histogram',
            attribute: 'rcsb_accession_info.initial_release_date',
            interval: 'year',
            min_interval_population: 1,
          },
        ],
      }),
    ),
  },
  {
    name: 'facets of lineage names for instances',
    request: request(
      undefined,
      'polymer_instance',
      facets({
        filter: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'CATH'),
        facets: [
          {
            name: 'n',
            aggregation_type: 'terms',
            attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.name',
            max_num_intervals: 10,
          },
        ],
      }),
    ),
  },
  {
    // The level below a SCOP class: the group holds on one annotation, the depth on the item counted.
    name: 'lineage items at depth 2 of annotations of one class, with their names',
    request: request(
      and(
        text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
        text('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', '51349'),
      ),
      'entry',
      facets({
        filter: and(
          text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
          text('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', '51349'),
        ),
        facets: [
          {
            filter: text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2),
            facets: [
              {
                name: 'c',
                aggregation_type: 'terms',
                attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.id',
                facets: [
                  {
                    name: 'n',
                    aggregation_type: 'terms',
                    attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.name',
                  },
                ],
              },
            ],
          },
        ],
      }),
    ),
  },
  {
    name: 'EC lineage depth facet for entities',
    request: request(
      undefined,
      'polymer_entity',
      facets({
        name: 'd',
        aggregation_type: 'terms',
        attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.depth',
      }),
    ),
  },
  {
    name: 'sort by weight, descending, second page',
    request: request(text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'), 'entry', {
      paginate: { start: 25, rows: 25 },
      sort: [{ sort_by: 'rcsb_entry_info.molecular_weight', direction: 'desc' }],
    }),
  },
  {
    name: 'sort entities by an entry attribute',
    request: request(undefined, 'polymer_entity', {
      paginate: { start: 0, rows: 30 },
      sort: [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'asc' }],
    }),
  },
  {
    name: 'return_all_hits',
    request: request(text('rcsb_entry_info.molecular_weight', 'less', 20), 'entry', {
      return_all_hits: true,
    }),
  },
  {
    name: 'page past the end: 204',
    request: request(undefined, 'entry', { paginate: { start: 100000, rows: 10 } }),
  },
  {
    name: 'all content types',
    request: request(undefined, 'entry', {
      paginate: { start: 0, rows: 10 },
      results_content_type: ['experimental', 'computational'],
    }),
  },
  {
    name: 'group_by sequence identity',
    request: request(
      text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens'),
      'polymer_entity',
      {
        paginate: { start: 0, rows: 10 },
        group_by: { aggregation_method: 'sequence_identity', similarity_cutoff: 95 },
        group_by_return_type: 'groups',
      },
    ),
  },
  {
    name: 'group_by uniprot accession',
    request: request(undefined, 'polymer_entity', {
      paginate: { start: 0, rows: 10 },
      group_by: { aggregation_method: 'matching_uniprot_accession' },
    }),
  },
];
