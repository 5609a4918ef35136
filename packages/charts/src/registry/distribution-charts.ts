import type { ChartKey } from '../keys.ts';
import type { ChartVariants, DistributionChartDefinition, DistributionQuery } from '../types.ts';
import { GLOBAL_SYMMETRY, RELEASE_DATE, TOP_25, distribution, terms } from './common.ts';
import { EC_HIERARCHY } from './ec-hierarchy.ts';
import { SCOP_HIERARCHY } from './scop-hierarchy.ts';
import { TAXONOMY_HIERARCHY } from './taxonomy-hierarchy.ts';

const SOURCE_TYPES = [
  { value: 'natural', sourceType: 'natural', label: 'Natural' },
  { value: 'engineered', sourceType: 'genetically engineered', label: 'Engineered' },
  { value: 'synthetic', sourceType: 'synthetic', label: 'Synthetic' },
] as const;

function sourceOrganismQuery(sourceType: string, label: string): DistributionQuery {
  return {
    returnType: 'entry',
    first: terms(`${label} Source Organism`, 'rcsb_entity_source_organism.ncbi_scientific_name', {
      ...TOP_25,
      filters: [
        { attribute: 'rcsb_entity_source_organism.source_type', operator: 'exact_match', value: sourceType },
      ],
    }),
  };
}

const SOURCE_VARIANTS: ChartVariants<DistributionQuery> = {
  param: 'source',
  label: 'Source type',
  defaultValue: 'natural',
  options: SOURCE_TYPES.map(({ value, sourceType, label }) => ({
    value,
    label,
    title: `PDB Data Distribution by ${label} Source Organism`,
    query: sourceOrganismQuery(sourceType, label),
  })),
};

/** The distribution charts: one bar per value, per numeric bin or per date bin. */
export const DISTRIBUTION_CHARTS = {
  resolution: distribution({
    key: 'resolution',
    title: 'PDB Data Distribution by Resolution',
    menuDescription: 'Resolution',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'Resolution Combined',
        attribute: 'rcsb_entry_info.resolution_combined',
        bins: { start: 1, step: 0.2, end: 4.6 },
        labelStyle: 'plain',
        unit: 'Å',
      },
    },
    options: { xAxisTitle: 'Resolution (Å)', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'r-free': distribution({
    key: 'r-free',
    title: 'PDB Data Distribution by R-free',
    menuDescription: 'R-free',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'R-free',
        attribute: 'refine.ls_R_factor_R_free',
        bins: { start: 0.14, step: 0.01, end: 0.32 },
        labelStyle: 'plain',
      },
    },
    options: { xAxisTitle: 'R-free (fraction)', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'molecular-weight-structure': distribution({
    key: 'molecular-weight-structure',
    title: 'PDB Data Distribution by Molecular Weight (Structure)',
    menuDescription: 'Molecular Weight (Structure)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'Molecular Weight',
        attribute: 'rcsb_entry_info.molecular_weight',
        bins: { start: 20, step: 20, end: 380 },
        labelStyle: 'kilo',
      },
    },
    options: { xAxisTitle: 'Molecular Weight (Daltons)', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'molecular-weight-entity': distribution({
    key: 'molecular-weight-entity',
    title: 'PDB Data Distribution by Molecular Weight (Entity)',
    menuDescription: 'Molecular Weight (Entity)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'polymer_entity',
      first: {
        kind: 'range',
        name: 'Molecular Weight',
        attribute: 'rcsb_polymer_entity.formula_weight',
        bins: { start: 5, step: 5, end: 75 },
        labelStyle: 'kilo',
      },
    },
    options: { xAxisTitle: 'Molecular Weight (Daltons)', yAxisTitle: 'Number of Entities', yStep: 5000 },
  }),
  'molecular-weight-small-molecules': distribution({
    key: 'molecular-weight-small-molecules',
    title: 'PDB Data Distribution by Molecular Weight (Small Molecule)',
    menuDescription: 'Molecular Weight (Small Molecule)',
    menuText: 'Molecular Weight',
    displayCategory: 'Small Molecules Molecular Composition',
    displaySection: 'Small Molecules',
    query: {
      returnType: 'mol_definition',
      first: {
        kind: 'range',
        name: 'Molecular Weight',
        attribute: 'chem_comp.formula_weight',
        bins: { start: 100, step: 100, end: 2000 },
        labelStyle: 'dalton',
      },
    },
    options: {
      xAxisTitle: 'Molecular Weight (Daltons)',
      yAxisTitle: 'Number of Small Molecules',
      yStep: 5000,
    },
  }),
  'atom-count': distribution({
    key: 'atom-count',
    title: 'PDB Data Distribution by Atom Count',
    menuDescription: 'Atom Count',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'Atom Count',
        attribute: 'rcsb_entry_info.deposited_atom_count',
        bins: { start: 1000, step: 1000, end: 19000 },
        labelStyle: 'plain',
      },
    },
    options: { xAxisTitle: 'Atom Count Range', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'residue-count': distribution({
    key: 'residue-count',
    title: 'PDB Data Distribution by Residue Count',
    menuDescription: 'Residue Count',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'Residue Count',
        attribute: 'rcsb_entry_info.deposited_polymer_monomer_count',
        bins: { start: 100, step: 100, end: 1900 },
        labelStyle: 'plain',
      },
    },
    options: { xAxisTitle: 'Residue Count Range', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  taxonomy: distribution({
    key: 'taxonomy',
    title: 'PDB Data Distribution by Taxonomy',
    menuDescription: 'Taxonomy',
    displayCategory: 'Biological Context',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Taxonomy', 'rcsb_entity_source_organism.ncbi_parent_scientific_name', TOP_25),
    },
    truncateViewData: true,
    options: { xAxisTitle: 'Taxonomy', yAxisTitle: 'Number of Entries', yStep: 25000 },
    hierarchy: TAXONOMY_HIERARCHY,
  }),
  'space-group': distribution({
    key: 'space-group',
    title: 'PDB Data Distribution by Space Group',
    menuDescription: 'Space Groups',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: { returnType: 'entry', first: terms('Space Groups', 'symmetry.space_group_name_H_M', TOP_25) },
    truncateViewData: true,
    options: { xAxisTitle: 'Space Group', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  software: distribution({
    key: 'software',
    title: 'PDB Data Distribution by Processing Software',
    menuDescription: 'Processing Software',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Processing Software', 'rcsb_entry_info.software_programs_combined', TOP_25),
    },
    truncateViewData: true,
    options: { xAxisTitle: 'Software Used', yAxisTitle: 'Number of Entries', yStep: 10000 },
  }),
  journal: distribution({
    key: 'journal',
    title: 'PDB Data Distribution by Journal',
    menuDescription: 'Publication Journal',
    displayCategory: 'Structure Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Publication Journal', 'rcsb_primary_citation.rcsb_journal_abbrev', TOP_25),
    },
    truncateViewData: true,
    options: { xAxisTitle: 'Journal', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'structural-genomics-centers': distribution({
    key: 'structural-genomics-centers',
    title: 'PDB Data Distribution by Structural Genomics Centers',
    menuDescription: 'Structural Genomics Centers',
    displayCategory: 'Structure Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Structural Genomics Centers', 'pdbx_SG_project.full_name_of_center', TOP_25),
    },
    truncateViewData: true,
    options: { xAxisTitle: 'Structural Genomics Center', yAxisTitle: 'Number of Entries', yStep: 500 },
  }),
  'enzyme-classification': distribution({
    key: 'enzyme-classification',
    title: 'PDB Data Distribution by Enzyme Classification Name',
    menuDescription: 'Enzyme Classification',
    displayCategory: 'Biological Context',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Enzyme Classification Name', 'rcsb_polymer_entity.rcsb_ec_lineage.name', {
        filters: [{ attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.depth', operator: 'equals', value: 1 }],
      }),
    },
    lineageDepth: 1,
    hierarchy: EC_HIERARCHY,
    options: { xAxisTitle: 'Enzyme Classification', yAxisTitle: 'Number of Entries', yStep: 10000 },
  }),
  'assembly-symmetry-distribution': distribution({
    key: 'assembly-symmetry-distribution',
    title: 'PDB Data Distribution by Assembly Symmetry Type',
    menuDescription: 'Assembly Symmetry',
    menuText: 'Assembly Symmetry (Distribution)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'assembly',
      first: terms('Symmetry Type', 'rcsb_struct_symmetry.type', { filters: [GLOBAL_SYMMETRY] }),
    },
    options: { xAxisTitle: 'Assembly Symmetry Type', yAxisTitle: 'Number of Assemblies', yStep: 25000 },
  }),
  'scop-classification': distribution({
    key: 'scop-classification',
    title: 'PDB Data Distribution by SCOP Classification',
    menuDescription: 'SCOP Classification',
    displayCategory: 'Biological Context',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('SCOP Classification', 'rcsb_polymer_instance_annotation.annotation_lineage.name', {
        filters: [
          { attribute: 'rcsb_polymer_instance_annotation.type', operator: 'exact_match', value: 'SCOP' },
          {
            attribute: 'rcsb_polymer_instance_annotation.annotation_lineage.depth',
            operator: 'equals',
            value: 1,
          },
        ],
      }),
    },
    lineageDepth: 1,
    hierarchy: SCOP_HIERARCHY,
    options: { xAxisTitle: 'SCOP Classification', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),
  'integrative-input-data': distribution({
    key: 'integrative-input-data',
    title: 'Distribution of Input Data Types in PDB Integrative Structures',
    menuDescription: 'Integrative Input Data',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Integrative Input Data', 'rcsb_ihm_dataset_list.name', {
        filters: [
          {
            attribute: 'rcsb_entry_info.structure_determination_methodology',
            operator: 'exact_match',
            value: 'integrative',
          },
        ],
      }),
    },
    options: { xAxisTitle: 'Input Data Type', yAxisTitle: 'Number of Entries', yStep: 50 },
  }),
  'source-organism': distribution({
    key: 'source-organism',
    title: 'PDB Data Distribution by Natural Source Organism',
    menuDescription: 'Source Organism',
    displayCategory: 'Biological Context',
    displaySection: 'Released Structures',
    query: sourceOrganismQuery('natural', 'Natural'),
    variants: SOURCE_VARIANTS,
    truncateViewData: true,
    options: { xAxisTitle: 'Source Organism', yAxisTitle: 'Number of Entries', yStep: 500 },
  }),
  'expression-organism': distribution({
    key: 'expression-organism',
    title: 'PDB Data Distribution by Expression System Organism',
    menuDescription: 'Expression System Organism',
    displayCategory: 'Biological Context',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Expression System Organism', 'rcsb_entity_host_organism.ncbi_scientific_name', TOP_25),
    },
    truncateViewData: true,
    options: {
      xAxisTitle: 'Expression System Organism',
      yAxisTitle: 'Number of Entries (with at least one Entity from the Expression Organism)',
      yStep: 500,
    },
  }),
  'polymer-entity-type': distribution({
    key: 'polymer-entity-type',
    title: 'PDB Data Distribution by Polymer Entity Type',
    menuDescription: 'Polymer Entity Type',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    query: {
      returnType: 'polymer_entity',
      first: terms('Polymer Entity Type', 'entity_poly.rcsb_entity_polymer_type', { maxIntervals: 100 }),
    },
    options: { xAxisTitle: 'Polymer Entity Type', yAxisTitle: 'Number of Polymer Entities', yStep: 1000 },
  }),
  'release-date-distribution': distribution({
    key: 'release-date-distribution',
    title: 'PDB Data Distribution by Release Date',
    menuDescription: 'Release Date',
    displayCategory: 'Structure Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: { kind: 'date_range', name: 'Release Date', attribute: RELEASE_DATE, firstYear: 2000, years: 5 },
    },
    options: { xAxisTitle: 'Release Date', yAxisTitle: 'Number of Entries', yStep: 1000 },
  }),
  'funding-countries': distribution({
    key: 'funding-countries',
    title: 'PDB Data Distribution by Funding Country',
    menuDescription: 'Funding Country',
    displayCategory: 'Structure Details',
    displaySection: 'Released Structures',
    query: {
      returnType: 'entry',
      first: terms('Funding Country', 'pdbx_audit_support.country'),
    },
    options: {
      xAxisTitle: 'Funding Country',
      yAxisTitle: 'Number of Entries (with at least one Grant from the Country)',
      yStep: 5000,
    },
  }),
} satisfies Partial<Record<ChartKey, DistributionChartDefinition>>;
