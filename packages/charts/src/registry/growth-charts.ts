import { searchFromDimensions, withClickOptions } from '../requests.ts';
import type { ChartKey } from '../keys.ts';
import type { ChartQuery, ChartVariants, GrowthChartDefinition, GrowthQuery } from '../types.ts';
import {
  BY_BEST_RESOLUTION,
  CHEM_RELEASE_DATE,
  FIRST_RELEASE_YEAR,
  GLOBAL_SYMMETRY,
  GROUP_ID,
  growth,
  growthAxes,
  terms,
  yearly,
} from './common.ts';

const IDENTITY_CUTOFFS = ['100', '95', '90', '70', '50', '30'] as const;

function uniqueSequencesQuery(cutoff: number): GrowthQuery {
  return {
    returnType: 'polymer_entity',
    first: yearly('Non-Redundant Yearly Stats'),
    second: {
      kind: 'distinct',
      name: 'Unique Protein Sequences',
      attribute: GROUP_ID,
      filters: [
        {
          attribute: 'rcsb_polymer_entity_group_membership.aggregation_method',
          operator: 'exact_match',
          value: 'sequence_identity',
        },
        {
          attribute: 'rcsb_polymer_entity_group_membership.similarity_cutoff',
          operator: 'equals',
          value: cutoff,
        },
      ],
      cumulativeName: 'Non-Redundant Yearly Growth Stats',
      fromYear: FIRST_RELEASE_YEAR,
    },
  };
}

const IDENTITY_VARIANTS: ChartVariants<GrowthQuery> = {
  param: 'identity',
  label: 'Sequence identity',
  defaultValue: '95',
  options: IDENTITY_CUTOFFS.map((cutoff) => ({
    value: cutoff,
    label: `${cutoff}%`,
    title: `Unique Protein Sequences within Released PDB Structures (${cutoff}% Sequence Identity)`,
    query: uniqueSequencesQuery(Number(cutoff)),
  })),
};

function cutoffOf(query: ChartQuery): number {
  const second = query.second;
  const cutoff =
    second?.kind === 'distinct' ? second.filters.find((f) => f.operator === 'equals')?.value : undefined;
  return Number(cutoff ?? 95);
}

/** The growth charts: counts per release year, optionally stacked by series. */
export const GROWTH_CHARTS = {
  'overall-structures': growth({
    key: 'overall-structures',
    title: 'PDB Data Growth by Released Structures',
    menuDescription: 'Released Structures',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    query: { returnType: 'entry', first: yearly() },
    options: {
      ...growthAxes('Number of Released Structures'),
      seriesLabels: { annual: 'Number of Structures Released', cumulative: 'Total Number of Structures' },
    },
  }),
  'overall-small-molecules': growth({
    key: 'overall-small-molecules',
    title: 'PDB Data Growth by Released Small Molecules',
    menuDescription: 'Released Small Molecules',
    displayCategory: 'Small Molecule Growth Trends',
    displaySection: 'Small Molecules',
    query: { returnType: 'mol_definition', first: yearly('Release Date', 1, CHEM_RELEASE_DATE) },
    options: {
      ...growthAxes('Number of Small Molecules'),
      seriesLabels: {
        annual: 'Number of Small Molecules Released',
        cumulative: 'Total Number of Small Molecules',
      },
    },
  }),
  'experimental-method': growth({
    key: 'experimental-method',
    title: 'PDB Data Growth by Experimental Method',
    menuDescription: 'Experimental Method',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: yearly(),
      second: terms('Experimental Method', 'rcsb_entry_info.experimental_method'),
    },
    options: growthAxes('Number of Entries'),
  }),
  'molecular-composition': growth({
    key: 'molecular-composition',
    title: 'PDB Data Growth by Molecular Composition',
    menuDescription: 'Molecular Composition',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: yearly('Release Date', 0),
      second: terms('Polymer Type', 'rcsb_entry_info.selected_polymer_entity_types'),
    },
    options: growthAxes('Number of Entries'),
  }),
  'assembly-symmetry': growth({
    key: 'assembly-symmetry',
    title: 'PDB Data Growth by Assembly Symmetry',
    menuDescription: 'Assembly Symmetry',
    menuText: 'Assembly Symmetry (Growth)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'assembly',
      first: yearly('Release Date', 0),
      second: terms('Symmetry Type', 'rcsb_struct_symmetry.type', { filters: [GLOBAL_SYMMETRY] }),
    },
    options: growthAxes('Number of Assemblies'),
  }),
  'unique-uniprot-entries': growth({
    key: 'unique-uniprot-entries',
    title: 'PDB Data Growth by UniProtKB Entries with Known 3D Structure',
    menuDescription: 'UniProtKB Entries',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      scopedReturnType: 'polymer_entity',
      first: yearly('Annual UniProtKB Entries', 0),
      second: {
        kind: 'distinct',
        name: 'Unique UniProtKB Entries',
        attribute: GROUP_ID,
        filters: [
          {
            attribute: 'rcsb_polymer_entity_group_membership.aggregation_method',
            operator: 'exact_match',
            value: 'matching_uniprot_accession',
          },
        ],
        cumulativeName: 'Cumulative UniProtKB Entries',
        fromYear: FIRST_RELEASE_YEAR,
      },
    },
    buildSearch: withClickOptions(searchFromDimensions, 'polymer_entity', () => ({
      group_by: {
        aggregation_method: 'matching_uniprot_accession',
        ranking_criteria_type: BY_BEST_RESOLUTION,
      },
      group_by_return_type: 'groups',
    })),
    options: {
      ...growthAxes('UniProtKB Entries with Known 3D Structure'),
      seriesLabels: {
        annual: 'UniProtKB Entries in Structures Released',
        cumulative: 'Total UniProtKB Entries',
      },
    },
  }),
  'unique-protein-sequences': growth({
    key: 'unique-protein-sequences',
    title: 'Unique Protein Sequences within Released PDB Structures (95% Sequence Identity)',
    menuDescription: 'Unique Protein Sequences',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    query: uniqueSequencesQuery(95),
    variants: IDENTITY_VARIANTS,
    buildSearch: withClickOptions(searchFromDimensions, 'polymer_entity', (query) => ({
      group_by: {
        aggregation_method: 'sequence_identity',
        similarity_cutoff: cutoffOf(query),
        ranking_criteria_type: BY_BEST_RESOLUTION,
      },
      group_by_return_type: 'groups',
    })),
    options: {
      ...growthAxes('Number of Unique Protein Sequences'),
      seriesLabels: {
        annual: 'Sequence Clusters in Entities Released',
        cumulative: 'Total Sequence Clusters',
      },
    },
  }),
  'protein-domains': growth({
    key: 'protein-domains',
    title: 'Protein Domains within Released PDB Structures',
    menuDescription: 'Protein Domains',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    query: {
      returnType: 'polymer_entity',
      first: yearly('Domain Yearly Histogram'),
      second: terms('Domain Classification Resource', 'rcsb_polymer_instance_annotation.type'),
    },
    options: growthAxes('Number of Polymer Entities with Domain Annotations'),
  }),
} satisfies Partial<Record<ChartKey, GrowthChartDefinition>>;
