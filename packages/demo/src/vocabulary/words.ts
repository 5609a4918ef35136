/** Words that titles and keywords are built from, so that full-text searches have something to find. */

export const TITLE_QUALIFIERS = [
  'apo form',
  'closed conformation',
  'open conformation',
  'active state',
  'inactive state',
  'ternary complex',
  'mutant',
  'catalytic domain',
  'ligand-binding domain',
  'N-terminal domain',
  'C-terminal domain',
  'full-length',
  'high resolution',
  'room temperature',
];

export const CITATION_OPENINGS = [
  'Structural basis for',
  'Molecular mechanism of',
  'Structural insights into',
  'Discovery of',
  'Structure-based design of',
  'Conformational dynamics of',
  'Allosteric regulation of',
  'Substrate recognition by',
];

export const CITATION_TOPICS = [
  'inhibition',
  'substrate specificity',
  'activation',
  'ligand recognition',
  'assembly',
  'catalysis',
  'drug resistance',
  'allosteric modulation',
  'membrane insertion',
  'DNA recognition',
  'oligomerization',
];

export const KEYWORD_TERMS = [
  'inhibitor',
  'complex',
  'enzyme',
  'signaling',
  'binding',
  'catalysis',
  'allostery',
  'drug design',
  'fragment screening',
  'cryo-EM',
  'nanobody',
  'antibody',
  'metalloprotein',
  'dimer',
  'membrane',
];
