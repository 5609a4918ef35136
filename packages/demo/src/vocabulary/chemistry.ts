import { Quantiles } from '../random.ts';

/**
 * Chemical components. The frequent ones are real Chemical Component Dictionary entries (id, name,
 * formula, weight); the long tail is made up with weights following the CCD percentiles of
 * the archive's published figures (p10 173, p25 247, median 355, p75 464, p90 584 Da; ~0.1 % at 2,000 Da or more).
 */

export type LigandKind = 'ion' | 'additive' | 'glycan' | 'cofactor' | 'ligand';

export interface CommonComponent {
  id: string;
  name: string;
  formula: string;
  weight: number;
  type: string;
  kind: LigandKind;
  /** Relative frequency among non-polymer entities. */
  use: number;
}

const c = (
  id: string,
  name: string,
  formula: string,
  weight: number,
  kind: LigandKind,
  use: number,
  type = 'non-polymer',
): CommonComponent => ({ id, name, formula, weight, type, kind, use });

export const COMMON_COMPONENTS: readonly CommonComponent[] = [
  c('SO4', 'SULFATE ION', 'O4 S', 96.063, 'ion', 10),
  c('GOL', 'GLYCEROL', 'C3 H8 O3', 92.094, 'additive', 10),
  c('EDO', '1,2-ETHANEDIOL', 'C2 H6 O2', 62.068, 'additive', 8),
  c('CL', 'CHLORIDE ION', 'Cl', 35.453, 'ion', 8),
  c('ZN', 'ZINC ION', 'Zn', 65.409, 'ion', 7),
  c('MG', 'MAGNESIUM ION', 'Mg', 24.305, 'ion', 7),
  c('NA', 'SODIUM ION', 'Na', 22.99, 'ion', 6),
  c('CA', 'CALCIUM ION', 'Ca', 40.078, 'ion', 6),
  c('ACT', 'ACETATE ION', 'C2 H3 O2', 59.044, 'ion', 4),
  c('PO4', 'PHOSPHATE ION', 'O4 P', 94.971, 'ion', 3),
  c('PEG', 'DI(HYDROXYETHYL)ETHER', 'C4 H10 O3', 106.12, 'additive', 3),
  c('K', 'POTASSIUM ION', 'K', 39.098, 'ion', 2),
  c('MN', 'MANGANESE (II) ION', 'Mn', 54.938, 'ion', 2),
  c('FMT', 'FORMIC ACID', 'C H2 O2', 46.025, 'additive', 2),
  c('DMS', 'DIMETHYL SULFOXIDE', 'C2 H6 O S', 78.133, 'additive', 2),
  c('PGE', 'TRIETHYLENE GLYCOL', 'C6 H14 O4', 150.173, 'additive', 2),
  c('PG4', 'TETRAETHYLENE GLYCOL', 'C8 H18 O5', 194.226, 'additive', 1.5),
  c('1PE', 'PENTAETHYLENE GLYCOL', 'C10 H22 O6', 238.278, 'additive', 1),
  c('MPD', '(4S)-2-METHYL-2,4-PENTANEDIOL', 'C6 H14 O2', 118.174, 'additive', 1.5),
  c('EPE', '4-(2-HYDROXYETHYL)-1-PIPERAZINE ETHANESULFONIC ACID', 'C8 H18 N2 O4 S', 238.305, 'additive', 1.5),
  c('TRS', '2-AMINO-2-HYDROXYMETHYL-PROPANE-1,3-DIOL', 'C4 H12 N O3', 122.143, 'additive', 1.5),
  c('MES', '2-(N-MORPHOLINO)-ETHANESULFONIC ACID', 'C6 H13 N O4 S', 195.237, 'additive', 1.2),
  c('CIT', 'CITRIC ACID', 'C6 H8 O7', 192.124, 'additive', 1),
  c('IMD', 'IMIDAZOLE', 'C3 H5 N2', 69.085, 'additive', 1),
  c('BME', 'BETA-MERCAPTOETHANOL', 'C2 H6 O S', 78.133, 'additive', 0.5),
  c('NO3', 'NITRATE ION', 'N O3', 62.005, 'ion', 0.6),
  c('NH4', 'AMMONIUM ION', 'H4 N', 18.038, 'ion', 0.5),
  c('SCN', 'THIOCYANATE ION', 'C N S', 58.082, 'ion', 0.4),
  c('IOD', 'IODIDE ION', 'I', 126.904, 'ion', 0.6),
  c('BR', 'BROMIDE ION', 'Br', 79.904, 'ion', 0.3),
  c('CD', 'CADMIUM ION', 'Cd', 112.411, 'ion', 0.7),
  c('NI', 'NICKEL (II) ION', 'Ni', 58.693, 'ion', 1),
  c('CU', 'COPPER (II) ION', 'Cu', 63.546, 'ion', 1),
  c('FE', 'FE (III) ION', 'Fe', 55.845, 'ion', 0.8),
  c('FE2', 'FE (II) ION', 'Fe', 55.845, 'ion', 0.6),
  c('CO', 'COBALT (II) ION', 'Co', 58.933, 'ion', 0.5),
  c('HG', 'MERCURY (II) ION', 'Hg', 200.59, 'ion', 0.3),
  c(
    'NAG',
    '2-acetamido-2-deoxy-beta-D-glucopyranose',
    'C8 H15 N O6',
    221.208,
    'glycan',
    5,
    'D-saccharide, beta linking',
  ),
  c('MAN', 'alpha-D-mannopyranose', 'C6 H12 O6', 180.156, 'glycan', 1.5, 'D-saccharide, alpha linking'),
  c('BMA', 'beta-D-mannopyranose', 'C6 H12 O6', 180.156, 'glycan', 1.5, 'D-saccharide, beta linking'),
  c('FUC', 'alpha-L-fucopyranose', 'C6 H12 O5', 164.156, 'glycan', 0.8, 'L-saccharide, alpha linking'),
  c('GAL', 'beta-D-galactopyranose', 'C6 H12 O6', 180.156, 'glycan', 0.6, 'D-saccharide, beta linking'),
  c('GLC', 'alpha-D-glucopyranose', 'C6 H12 O6', 180.156, 'glycan', 0.8, 'D-saccharide, alpha linking'),
  c(
    'SIA',
    'N-acetyl-alpha-neuraminic acid',
    'C11 H19 N O9',
    309.27,
    'glycan',
    0.3,
    'D-saccharide, alpha linking',
  ),
  c('HEM', 'PROTOPORPHYRIN IX CONTAINING FE', 'C34 H32 Fe N4 O4', 616.487, 'cofactor', 3),
  c('HEC', 'HEME C', 'C34 H34 Fe N4 O4', 618.503, 'cofactor', 0.4),
  c('ADP', "ADENOSINE-5'-DIPHOSPHATE", 'C10 H15 N5 O10 P2', 427.201, 'cofactor', 3),
  c('ATP', "ADENOSINE-5'-TRIPHOSPHATE", 'C10 H16 N5 O13 P3', 507.181, 'cofactor', 2),
  c('AMP', 'ADENOSINE MONOPHOSPHATE', 'C10 H14 N5 O7 P', 347.221, 'cofactor', 1),
  c('ANP', 'PHOSPHOAMINOPHOSPHONIC ACID-ADENYLATE ESTER', 'C10 H17 N6 O12 P3', 506.196, 'cofactor', 1.2),
  c('GDP', "GUANOSINE-5'-DIPHOSPHATE", 'C10 H15 N5 O11 P2', 443.201, 'cofactor', 1.5),
  c('GTP', "GUANOSINE-5'-TRIPHOSPHATE", 'C10 H16 N5 O14 P3', 523.18, 'cofactor', 0.8),
  c('GNP', 'PHOSPHOAMINOPHOSPHONIC ACID-GUANYLATE ESTER', 'C10 H17 N6 O13 P3', 522.196, 'cofactor', 0.7),
  c('NAD', 'NICOTINAMIDE-ADENINE-DINUCLEOTIDE', 'C21 H27 N7 O14 P2', 663.425, 'cofactor', 2),
  c('NAP', 'NADP NICOTINAMIDE-ADENINE-DINUCLEOTIDE PHOSPHATE', 'C21 H28 N7 O17 P3', 743.405, 'cofactor', 1.5),
  c(
    'NDP',
    'NADPH DIHYDRO-NICOTINAMIDE-ADENINE-DINUCLEOTIDE PHOSPHATE',
    'C21 H30 N7 O17 P3',
    745.421,
    'cofactor',
    1.2,
  ),
  c('NAI', '1,4-DIHYDRONICOTINAMIDE ADENINE DINUCLEOTIDE', 'C21 H29 N7 O14 P2', 665.441, 'cofactor', 0.8),
  c('FAD', 'FLAVIN-ADENINE DINUCLEOTIDE', 'C27 H33 N9 O15 P2', 785.55, 'cofactor', 2),
  c('FMN', 'FLAVIN MONONUCLEOTIDE', 'C17 H21 N4 O9 P', 456.344, 'cofactor', 1.2),
  c('SAH', 'S-ADENOSYL-L-HOMOCYSTEINE', 'C14 H20 N6 O5 S', 384.411, 'cofactor', 1.2),
  c('SAM', 'S-ADENOSYLMETHIONINE', 'C15 H22 N6 O5 S', 398.437, 'cofactor', 0.8),
  c('COA', 'COENZYME A', 'C21 H36 N7 O16 P3 S', 767.534, 'cofactor', 0.8),
  c('PLP', "PYRIDOXAL-5'-PHOSPHATE", 'C8 H10 N O6 P', 247.142, 'cofactor', 1),
  c('TPP', 'THIAMINE DIPHOSPHATE', 'C12 H19 N4 O7 P2 S', 425.314, 'cofactor', 0.4),
  c('UDP', "URIDINE-5'-DIPHOSPHATE", 'C9 H14 N2 O12 P2', 404.161, 'cofactor', 0.5),
  c('SF4', 'IRON/SULFUR CLUSTER', 'Fe4 S4', 351.64, 'cofactor', 0.8),
  c('FES', 'FE2/S2 (INORGANIC) CLUSTER', 'Fe2 S2', 175.82, 'cofactor', 0.6),
  c('CLA', 'CHLOROPHYLL A', 'C55 H72 Mg N4 O5', 893.489, 'cofactor', 0.4),
  c('PLM', 'PALMITIC ACID', 'C16 H32 O2', 256.424, 'additive', 0.6),
  c('OLC', '(2R)-2,3-dihydroxypropyl (9Z)-octadec-9-enoate', 'C21 H40 O4', 356.54, 'additive', 0.5),
  c('CLR', 'CHOLESTEROL', 'C27 H46 O', 386.654, 'additive', 0.5),
  c('LMT', 'DODECYL-BETA-D-MALTOSIDE', 'C24 H46 O11', 510.615, 'additive', 0.5),
  c('BOG', 'B-OCTYLGLUCOSIDE', 'C14 H28 O6', 292.369, 'additive', 0.4),
  c('Y01', 'CHOLESTEROL HEMISUCCINATE', 'C31 H50 O4', 486.726, 'additive', 0.4),
  c('STU', 'STAUROSPORINE', 'C28 H26 N4 O3', 466.531, 'ligand', 0.3),
  c('ACE', 'ACETYL GROUP', 'C2 H4 O', 44.053, 'additive', 1),
  c('NH2', 'AMINO GROUP', 'H2 N', 16.023, 'additive', 0.6),
];

/** Formula weight of the made-up components (Da). */
export const COMPONENT_WEIGHT = new Quantiles([
  [0, 40],
  [0.02, 95],
  [0.1, 173],
  [0.25, 247],
  [0.5, 355],
  [0.75, 464],
  [0.9, 584],
  [0.97, 800],
  [0.995, 1300],
  [0.9991, 2000],
  [1, 4500],
]);

/** Weight of BIRD molecules (peptide-like antibiotics and inhibitors), mostly below 2,000 Da. */
export const BIRD_WEIGHT = new Quantiles([
  [0, 500],
  [0.5, 1100],
  [0.96, 1950],
  [1, 2600],
]);

/** `chem_comp.type` of made-up components; only `non-polymer` ones become non-polymer entities. */
export const COMPONENT_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['non-polymer', 80],
  ['L-peptide linking', 7],
  ['D-saccharide', 2],
  ['D-saccharide, beta linking', 2],
  ['D-saccharide, alpha linking', 1.5],
  ['saccharide', 1],
  ['RNA linking', 1.5],
  ['DNA linking', 1.5],
  ['peptide-like', 1],
  ['D-peptide linking', 1],
  ['L-peptide NH3 amino terminus', 0.5],
  ['L-peptide COOH carboxy terminus', 0.3],
  ['other', 0.5],
  ['L-saccharide, alpha linking', 0.2],
];

export const ATOMIC_WEIGHTS: Record<string, number> = {
  C: 12.011,
  H: 1.008,
  N: 14.007,
  O: 15.999,
  S: 32.065,
  P: 30.974,
  F: 18.998,
  Cl: 35.453,
  Br: 79.904,
};

/** Fragments of systematic names for the made-up components. */
export const NAME_PARTS = {
  prefixes: [
    '4-chloro',
    '2-fluoro',
    '3-methoxy',
    '4-hydroxy',
    '2-amino',
    'N-methyl',
    '3,4-dichloro',
    '4-(trifluoromethyl)',
    '2-methyl',
    '5-bromo',
    '4-cyano',
    '2,6-difluoro',
    'N,N-dimethyl',
    '3-nitro',
    '4-tert-butyl',
  ],
  groups: [
    'phenyl',
    'pyridin-3-yl',
    'pyrimidin-2-yl',
    'piperidin-1-yl',
    'morpholin-4-yl',
    'piperazin-1-yl',
    'thiophen-2-yl',
    'benzyl',
    'cyclopropyl',
    '1H-indol-3-yl',
    'quinolin-4-yl',
    'furan-2-yl',
    '1,3-thiazol-2-yl',
    'pyrazol-4-yl',
    'naphthalen-2-yl',
  ],
  cores: [
    'benzamide',
    'acetamide',
    'benzenesulfonamide',
    'propanoic acid',
    'pyrimidine-2,4-diamine',
    'quinazolin-4-amine',
    'benzoic acid',
    'urea',
    'imidazo[1,2-a]pyridine',
    'pyrrolidine-2-carboxamide',
    'butanoic acid',
    'thiophene-2-carboxylic acid',
    '1,2,4-triazole',
    'indazole',
    'purine',
  ],
};

/** Names of BIRD molecules (PRD_ ids): peptide antibiotics, toxins and inhibitors. */
export const BIRD_NAMES = [
  'Vancomycin',
  'Actinomycin D',
  'Cyclosporin A',
  'Bacitracin A',
  'Gramicidin A',
  'Thiostrepton',
  'Daptomycin',
  'Microcystin-LR',
  'Polymyxin B',
  'Teixobactin',
  'Leupeptin',
  'Pepstatin A',
  'Bortezomib-like boronic peptide',
  'Nisin',
  'Echinomycin',
];
