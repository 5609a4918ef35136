import { categoryText, type ChartKey, type DisplayCategory } from './keys.ts';
import { searchFromDimensions, withClickOptions } from './requests.ts';
import type {
  ChartDefinition,
  ChartOptions,
  ChartQuery,
  ChartVariants,
  FixedCondition,
  TermsDimension,
} from './types.ts';

const RELEASE_DATE = 'rcsb_accession_info.initial_release_date';
const CHEM_RELEASE_DATE = 'rcsb_chem_comp_info.initial_release_date';
const GROUP_ID = 'rcsb_polymer_entity_group_membership.group_id';
const GLOBAL_SYMMETRY: FixedCondition = {
  attribute: 'rcsb_struct_symmetry.kind',
  operator: 'exact_match',
  value: 'Global Symmetry',
};
const BY_BEST_RESOLUTION = { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' } as const;
/** Cumulative distinct counts start with the archive's first release year. */
const FIRST_RELEASE_YEAR = 1976;

type Common = 'category' | 'categoryText' | 'menuText' | 'buildSearch' | 'truncateViewData' | 'options';
type Spec = Omit<ChartDefinition, Common> &
  Partial<Pick<ChartDefinition, 'menuText' | 'buildSearch' | 'truncateViewData'>> & {
    options: Omit<ChartOptions, 'chartType' | 'scale' | 'orientation'> &
      Partial<Pick<ChartOptions, 'orientation'>>;
  };

function chart(category: ChartDefinition['category'], spec: Spec): ChartDefinition {
  const first = spec.query.first;
  return {
    ...spec,
    category,
    categoryText: categoryText(spec.displayCategory),
    menuText: spec.menuText ?? spec.menuDescription,
    buildSearch: spec.buildSearch ?? searchFromDimensions,
    truncateViewData: spec.truncateViewData ?? false,
    options: {
      chartType: 'bar',
      scale: 'linear',
      orientation: first.kind === 'terms' ? 'horizontal' : 'vertical',
      ...spec.options,
    },
  };
}

const growth = (spec: Spec) => chart('growth', spec);
const distribution = (spec: Spec) => chart('distribution', spec);

function yearly(name = 'Release Date', minPopulation: 0 | 1 = 1, attribute = RELEASE_DATE) {
  return { kind: 'year', name, attribute, minPopulation } as const;
}

function terms(name: string, attribute: string, extra: Partial<TermsDimension> = {}): TermsDimension {
  return { kind: 'terms', name, attribute, minPopulation: 1, ...extra };
}

/** The charts whose truncation flag is on request only what they draw. */
const TOP_25 = { maxIntervals: 25 } as const;

const growthAxes = (yAxisTitle: string) => ({ xAxisTitle: 'Year', yAxisTitle });

function link(href: string, text: string): string {
  return `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

const CUMULATIVE_NOTE =
  '<p>The cumulative view shows the total up to the end of each year; the annual view shows the releases of each year.</p>';

// --- Variants of the further charts ---------------------------------------------------------------

const IDENTITY_CUTOFFS = ['100', '95', '90', '70', '50', '30'] as const;

function uniqueSequencesQuery(cutoff: number): ChartQuery {
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

const IDENTITY_VARIANTS: ChartVariants = {
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

const SOURCE_TYPES = [
  { value: 'natural', sourceType: 'natural', label: 'Natural' },
  { value: 'engineered', sourceType: 'genetically engineered', label: 'Engineered' },
  { value: 'synthetic', sourceType: 'synthetic', label: 'Synthetic' },
] as const;

function sourceOrganismQuery(sourceType: string, label: string): ChartQuery {
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

const SOURCE_VARIANTS: ChartVariants = {
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

function cutoffOf(query: ChartQuery): number {
  const second = query.second;
  const cutoff =
    second?.kind === 'distinct' ? second.filters.find((f) => f.operator === 'equals')?.value : undefined;
  return Number(cutoff ?? 95);
}

// --- The registry ------------------------------------------------------------------------------------

/**
 * Every chart of the dashboard: the 21 core charts, then the further charts of the existing RCSB
 * app. Pages, menus, tests and benchmarks walk this record; adding a chart is one entry.
 */
export const CHARTS: Record<ChartKey, ChartDefinition> = {
  'overall-structures': growth({
    key: 'overall-structures',
    title: 'PDB Data Growth by Released Structures',
    menuDescription: 'Released Structures',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    longDescription:
      `<p>Number of experimental and integrative structures released in the PDB archive each year, since the first release in 1976. The archive is kept by the ${link('https://www.wwpdb.org', 'Worldwide Protein Data Bank (wwPDB)')}.</p>` +
      CUMULATIVE_NOTE,
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
    longDescription:
      `<p>Number of small-molecule definitions (chemical components and BIRD molecules) first released each year. Definitions are taken from the ${link('https://www.wwpdb.org/data/ccd', 'Chemical Component Dictionary')}.</p>` +
      CUMULATIVE_NOTE,
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
    longDescription:
      '<p>Structures released each year, by the experimental method used to determine them: X-ray crystallography, electron microscopy (EM), NMR spectroscopy, neutron diffraction, several methods combined, integrative methods and others. Each entry has exactly one method, so the stacked bars add up to the number of entries.</p>' +
      CUMULATIVE_NOTE,
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
    longDescription:
      '<p>Structures released each year, by the types of polymer they contain: protein only, protein with nucleic acid, protein with oligosaccharide, nucleic acid only, oligosaccharide only, and other combinations.</p>' +
      CUMULATIVE_NOTE,
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
    longDescription:
      '<p>Biological assemblies released each year, by the global symmetry of the assembly (asymmetric, cyclic, dihedral, helical, tetrahedral, octahedral, icosahedral). The values count assemblies; the release date is that of the entry. Symmetry is computed for protein assemblies only.</p>' +
      CUMULATIVE_NOTE,
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
    longDescription: `<p>Number of distinct ${link('https://www.uniprot.org', 'UniProtKB')} accessions mapped to protein entities of released structures. The annual view counts the accessions among the structures released that year; the cumulative view counts the accessions among all structures released up to the end of the year. Distinct counts are approximate, so the numbers show the trend.</p>`,
    query: {
      returnType: 'entry',
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

  resolution: distribution({
    key: 'resolution',
    title: 'PDB Data Distribution by Resolution',
    menuDescription: 'Resolution',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    longDescription:
      '<p>Entries by their combined resolution in ångström (Å): the resolution of the X-ray, EM or neutron experiment. Lower values mean finer detail. Each bin includes its lower bound and excludes its upper bound. NMR structures have no resolution and are not counted.</p>',
    query: {
      returnType: 'entry',
      first: {
        kind: 'range',
        name: 'Resolution Combined',
        attribute: 'rcsb_entry_info.resolution_combined',
        bins: { start: 1, step: 0.2, end: 4.6 },
        labelStyle: 'plain',
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
    longDescription:
      '<p>Entries by R-free, the agreement between a crystallographic model and the reflections left out of refinement, written as a fraction (0.25 is 25%). Lower values indicate a better fit. Only crystallographic entries report it.</p>',
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
    longDescription:
      '<p>Entries by the total molecular weight of the deposited model, in thousands of daltons (20k is 20,000 Da, i.e. 20 kDa).</p>',
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
    longDescription:
      '<p>Polymer entities by their formula weight, in thousands of daltons (5k is 5,000 Da). A polymer entity is one distinct chemical molecule of an entry; identical chains count once. The values count polymer entities, not entries.</p>',
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
    longDescription: `<p>Small-molecule definitions of the ${link('https://www.wwpdb.org/data/ccd', 'Chemical Component Dictionary')} by formula weight, in daltons (Da).</p>`,
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
    longDescription: '<p>Entries by the number of atoms in the deposited model.</p>',
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
    longDescription:
      '<p>Entries by the number of polymer residues (amino acids and nucleotides) in the deposited model.</p>',
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
    longDescription: `<p>Entries by the parent taxonomic group of their source organisms in the ${link('https://www.ncbi.nlm.nih.gov/taxonomy', 'NCBI Taxonomy')}: a superkingdom such as Eukaryota, Bacteria or Archaea for cellular organisms, a clade for viruses. An entry with molecules from several groups counts in each. The 25 largest groups are shown.</p>`,
    query: {
      returnType: 'entry',
      first: terms('Taxonomy', 'rcsb_entity_source_organism.ncbi_parent_scientific_name', TOP_25),
    },
    truncateViewData: true,
    options: { xAxisTitle: 'Taxonomy', yAxisTitle: 'Number of Entries', yStep: 25000 },
  }),
  'space-group': distribution({
    key: 'space-group',
    title: 'PDB Data Distribution by Space Group',
    menuDescription: 'Space Groups',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    longDescription:
      '<p>Crystallographic entries by the space group of the crystal, in Hermann–Mauguin notation. The 25 most frequent space groups are shown.</p>',
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
    longDescription:
      '<p>Entries by the software used for data collection, processing, phasing and refinement. An entry that names several programs counts under each. The 25 most used programs are shown.</p>',
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
    longDescription:
      '<p>Entries by the journal of their primary citation, as abbreviated in the archive. Entries whose primary citation is not yet published appear as "To be published". The 25 most frequent journals are shown.</p>',
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
    longDescription: `<p>Entries deposited by structural genomics centers, such as those of the ${link('https://www.nigms.nih.gov/Research/specificareas/PSI', 'Protein Structure Initiative')}. The 25 centers with the most entries are shown.</p>`,
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
    longDescription: `<p>Entries by the top-level ${link('https://enzyme.expasy.org', 'Enzyme Commission (EC)')} class of their polymer entities, such as transferases or hydrolases (lineage depth 1). An entry with enzymes of several classes counts in each.</p>`,
    query: {
      returnType: 'entry',
      first: terms('Enzyme Classification Name', 'rcsb_polymer_entity.rcsb_ec_lineage.name', {
        filters: [{ attribute: 'rcsb_polymer_entity.rcsb_ec_lineage.depth', operator: 'equals', value: 1 }],
      }),
    },
    lineageDepth: 1,
    options: { xAxisTitle: 'Enzyme Classification', yAxisTitle: 'Number of Entries', yStep: 10000 },
  }),
  'assembly-symmetry-distribution': distribution({
    key: 'assembly-symmetry-distribution',
    title: 'PDB Data Distribution by Assembly Symmetry Type',
    menuDescription: 'Assembly Symmetry',
    menuText: 'Assembly Symmetry (Distribution)',
    displayCategory: 'Molecular Composition',
    displaySection: 'Released Structures',
    longDescription:
      '<p>Biological assemblies by the type of their global symmetry. The values count assemblies, not entries.</p>',
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
    longDescription: `<p>Entries by the top-level class (lineage depth 1) of the ${link('https://scop.berkeley.edu', 'SCOPe')} domains assigned to their chains, such as "All alpha proteins".</p>`,
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
    options: { xAxisTitle: 'SCOP Classification', yAxisTitle: 'Number of Entries', yStep: 5000 },
  }),

  'unique-protein-sequences': growth({
    key: 'unique-protein-sequences',
    title: 'Unique Protein Sequences within Released PDB Structures (95% Sequence Identity)',
    menuDescription: 'Unique Protein Sequences',
    displayCategory: 'Structure Growth Trends',
    displaySection: 'Released Structures',
    longDescription:
      '<p>Number of distinct protein sequence clusters among the protein entities of released structures, at the chosen sequence-identity cutoff. The annual view counts the clusters among the entities released that year (a cluster seen in earlier years counts again); the cumulative view counts the clusters among all entities released up to the end of the year. Distinct counts are approximate, so the numbers show the trend.</p>',
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
    longDescription: `<p>Protein entities of released structures with at least one domain annotation, per classification resource (${link('https://scop.berkeley.edu', 'SCOPe')}, ${link('http://prodata.swmed.edu/ecod/', 'ECOD')}, ${link('https://www.ebi.ac.uk/pdbe/scop/', 'SCOP2')}, ${link('https://www.cathdb.info', 'CATH')}). The values count polymer entities, not domains; an entity annotated by several resources counts once per resource.</p>${CUMULATIVE_NOTE}`,
    query: {
      returnType: 'polymer_entity',
      first: yearly('Domain Yearly Histogram'),
      second: terms('Domain Classification Resource', 'rcsb_polymer_instance_annotation.type'),
    },
    options: growthAxes('Number of Polymer Entities with Domain Annotations'),
  }),
  'integrative-input-data': distribution({
    key: 'integrative-input-data',
    title: 'Distribution of Input Data Types in PDB Integrative Structures',
    menuDescription: 'Integrative Input Data',
    displayCategory: 'Experimental Details',
    displaySection: 'Released Structures',
    longDescription: `<p>Integrative structures by the types of input data combined to build them, such as crosslinking mass spectrometry, small-angle scattering or EM maps. See the ${link('https://pdb-ihm.org', 'PDB-IHM')} resource for these methods. A structure that used several data types counts under each.</p>`,
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
    longDescription: `<p>Entries by the scientific name of the organism their molecules come from (${link('https://www.ncbi.nlm.nih.gov/taxonomy', 'NCBI Taxonomy')}), for molecules taken from a natural source, produced by genetic engineering, or synthesized. An entry with molecules of several organisms counts under each. The 25 most frequent organisms are shown.</p>`,
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
    longDescription:
      '<p>Entries by the host organism used to express their molecules, such as <em>Escherichia coli</em>. An entry counts under every host organism of its entities. The 25 most frequent hosts are shown.</p>',
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
    longDescription:
      '<p>Polymer entities by polymer type: protein, DNA, RNA, DNA/RNA hybrids and others. The values count polymer entities.</p>',
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
    longDescription:
      '<p>Entries by initial release date, in five-year periods. Each period includes 31 December of its last year.</p>',
    query: {
      returnType: 'entry',
      first: { kind: 'date_range', name: 'Release Date', attribute: RELEASE_DATE, firstYear: 2000, years: 5 },
    },
    options: { xAxisTitle: 'Release Date', yAxisTitle: 'Number of Entries', yStep: 1000 },
  }),
};

for (const [key, definition] of Object.entries(CHARTS)) {
  if (definition.key !== key) throw new Error(`chart registry: entry ${key} names itself ${definition.key}`);
}

/** Charts in registry order. */
export const CHART_LIST: readonly ChartDefinition[] = Object.values(CHARTS);

/** A chart with its variant resolved: the query and title to use. */
export interface ResolvedChart {
  definition: ChartDefinition;
  query: ChartQuery;
  title: string;
  /** The chosen variant value, when the chart has variants. */
  variant?: string;
}

/** Resolves a chart's variant from a URL parameter value; unknown values fall back to the default. */
export function resolveChart(definition: ChartDefinition, variant?: string | null): ResolvedChart {
  const variants = definition.variants;
  if (!variants) return { definition, query: definition.query, title: definition.title };
  const option =
    variants.options.find((o) => o.value === variant) ??
    variants.options.find((o) => o.value === variants.defaultValue);
  if (!option)
    throw new Error(`chart ${definition.key}: default variant ${variants.defaultValue} is missing`);
  return { definition, query: option.query, title: option.title, variant: option.value };
}

/** Charts of a display category, in registry order. */
export function chartsOfCategory(displayCategory: DisplayCategory): ChartDefinition[] {
  return CHART_LIST.filter((c) => c.displayCategory === displayCategory);
}
