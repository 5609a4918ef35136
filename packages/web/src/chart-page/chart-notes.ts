import type { ChartKey } from '@pdb-stats/charts';
import type { ReturnType } from '@pdb-stats/search-model';

/** What one object of each level is, in plain words: what a chart over that level counts. */
export const COUNTED_OBJECT: Record<ReturnType, string> = {
  entry:
    'Entries: an entry is one structure released by the archive under its own identifier (such as 4HHB), with all its molecules.',
  polymer_entity:
    'Polymer entities: a polymer entity is one distinct polymer molecule (a protein, DNA or RNA chain) of an entry; identical chains of an entry count once.',
  polymer_instance: 'Polymer instances: a polymer instance is one chain of an entry’s model.',
  non_polymer_entity:
    'Non-polymer entities: a non-polymer entity is one distinct small molecule (a ligand, an ion) of an entry.',
  assembly:
    'Assemblies: an assembly is one biological assembly of an entry, the form its molecules are thought to take in the cell; an entry may have several.',
  mol_definition:
    'Chemical components: a chemical component is one definition of the Chemical Component Dictionary or of BIRD (a ligand, a modified residue), counted once however many entries hold it.',
};

/** Objects holding several values of the charted attribute count under each: its bars add up to more than the objects counted. */
const SEVERAL = (objects: string, value: string) =>
  `${objects} with several ${value} count under each, so the bars add up to more than the ${objects.toLowerCase()} counted.`;
const TOP = (n: number, what: string) => `Only the ${n} most frequent ${what} are drawn.`;
const BINS = 'Each bin holds its lower bound and not its upper bound.';
const DISTINCT =
  'Distinct counts are approximate (the service estimates them), so the numbers show the trend, not an exact count.';
const TREND =
  'The quartiles are interpolated inside fine bins, so they are exact to within the width of a bin, given in the subtitle.';
const BOUNDED =
  'The fine bins stop at the bound given in the subtitle (larger values are rare): a quartile above it would be shown as the bound.';

/**
 * The caveats that change how each chart is read, said under it (not only in its description): who
 * is left out, what counts twice, what is approximate. A new chart fails the build until it has its line.
 */
export const CHART_CAVEATS: Record<ChartKey, readonly string[]> = {
  'overall-structures': ['Each entry counts once, in the year of its first release.'],
  'overall-small-molecules': ['Each definition counts once, in the year it was first released.'],
  'experimental-method': [
    'Each entry has exactly one method, so the stacked bars add up to the number of entries.',
  ],
  'molecular-composition': ['Each entry counts once, by the combination of polymer types it holds.'],
  'assembly-symmetry': [
    'Assemblies, not entries, are counted; the release date is the entry’s.',
    'Symmetry is computed for protein assemblies only; the others have none and are not counted.',
  ],
  'unique-uniprot-entries': [
    'Counted: distinct UniProtKB accessions mapped to the protein entities of released entries, not entries.',
    DISTINCT,
  ],
  'unique-protein-sequences': [
    'Counted: distinct clusters of protein sequences at the chosen sequence identity, not entries.',
    'The annual view counts a cluster again in each year it appears.',
    DISTINCT,
  ],
  'protein-domains': [
    'Counted: polymer entities with at least one domain annotation, not domains.',
    SEVERAL('Entities', 'classification resources'),
  ],
  'resolution-by-year': ['NMR structures have no resolution and are not counted.', TREND],
  'r-free-by-year': ['Only crystal structures report an R-free; the others are not counted.', TREND],
  'molecular-weight-by-year': [
    'The weight of the deposited model: all its polymers and ligands together.',
    TREND,
    BOUNDED,
  ],
  'atom-count-by-year': ['The atoms of the deposited model.', TREND],
  resolution: ['NMR structures have no resolution and are not counted.', BINS],
  'r-free': ['Only crystal structures report an R-free; the others are not counted.', BINS],
  'molecular-weight-structure': ['The weight of the deposited model: all its polymers and ligands.', BINS],
  'molecular-weight-entity': ['Polymer entities, not entries, are counted.', BINS],
  'molecular-weight-small-molecules': [
    'Chemical component definitions, not their occurrences in entries, are counted.',
    BINS,
  ],
  'atom-count': ['The atoms of the deposited model.', BINS],
  'residue-count': ['The polymer residues (amino acids and nucleotides) of the deposited model.', BINS],
  taxonomy: [SEVERAL('Entries', 'groups of organisms'), TOP(25, 'groups')],
  'space-group': ['Only crystal structures have a space group.', TOP(25, 'space groups')],
  software: [SEVERAL('Entries', 'programs'), TOP(25, 'programs')],
  journal: [
    'Entries whose primary citation is not yet published are counted under “To be published”.',
    TOP(25, 'journals'),
  ],
  'structural-genomics-centers': [
    'Only entries deposited by structural genomics centers are counted.',
    TOP(25, 'centers'),
  ],
  'enzyme-classification': [SEVERAL('Entries', 'enzyme classes')],
  'assembly-symmetry-distribution': [
    'Assemblies, not entries, are counted.',
    'Symmetry is computed for protein assemblies only.',
  ],
  'scop-classification': [
    SEVERAL('Entries', 'SCOP classes'),
    'Only entries with SCOP domains assigned are counted.',
  ],
  'integrative-input-data': [
    'Only integrative structures are counted.',
    SEVERAL('Structures', 'types of input data'),
  ],
  'source-organism': [SEVERAL('Entries', 'source organisms'), TOP(25, 'organisms')],
  'expression-organism': [SEVERAL('Entries', 'host organisms'), TOP(25, 'hosts')],
  'polymer-entity-type': ['Polymer entities, not entries, are counted.'],
  'release-date-distribution': ['Each period holds 31 December of its last year.'],
  'funding-countries': [
    SEVERAL('Entries', 'funding countries'),
    'Funding is declared since mid 2016; entries that declare none are not counted.',
  ],
};

/** The caveats of a chart the explorer built: what is true of any attribute counted per object. */
export const EXPLORE_CAVEATS: readonly string[] = [
  'An object with several values of the attribute counts under each of them; an object with none is not counted.',
];
