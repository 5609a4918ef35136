import { SCOP_CLASS_NAMES } from '@pdb-stats/search-model';
import { hashString } from '../random.ts';

/**
 * Structural domain classifications of polymer instances (`rcsb_polymer_instance_annotation`): one
 * row per fold, with its SCOP, CATH, ECOD and SCOP2 lineages, so that a protein keeps the same fold in
 * every resource. SCOP classes and CATH codes are the real ones; deeper SCOP/ECOD/SCOP2 ids are
 * stable made-up numbers in the right format.
 */

export const DOMAIN_RESOURCES = ['SCOP', 'CATH', 'ECOD', 'SCOP2'] as const;
export type DomainResource = (typeof DOMAIN_RESOURCES)[number];

export interface LineageRecord {
  id: string;
  name: string;
  depth: number;
}

export interface Fold {
  key: string;
  lineages: Record<DomainResource, readonly LineageRecord[]>;
}

const SCOP_CLASS_SUNIDS: Record<string, string> = {
  a: '46456',
  b: '48724',
  c: '51349',
  d: '53931',
  e: '56572',
  f: '56835',
  g: '56992',
  h: '57942',
  j: '58231',
  k: '58788',
};

/**
 * SCOP 1.75 / SCOPe classes by letter: sunid and name, named as the scop-classification chart names
 * its top level (the drill-down reads a top-level bar's sunid from those names).
 */
export const SCOP_CLASSES: Record<string, readonly [string, string]> = Object.fromEntries(
  Object.entries(SCOP_CLASS_SUNIDS).map(([letter, sunid]) => [
    letter,
    [sunid, SCOP_CLASS_NAMES[sunid]!] as const,
  ]),
);

const SCOP2_CLASSES: Record<string, readonly [string, string]> = {
  a: ['1000000', 'All alpha proteins'],
  b: ['1000001', 'All beta proteins'],
  c: ['1000002', 'Alpha and beta proteins (a/b)'],
  d: ['1000003', 'Alpha and beta proteins (a+b)'],
  g: ['1000004', 'Small proteins'],
};

const CATH_CLASSES: Record<string, string> = {
  '1': 'Mainly Alpha',
  '2': 'Mainly Beta',
  '3': 'Alpha Beta',
  '4': 'Few Secondary Structures',
};

const CATH_ARCHITECTURES: Record<string, string> = {
  '1.10': 'Orthogonal Bundle',
  '1.20': 'Up-down Bundle',
  '2.30': 'Roll',
  '2.40': 'Beta Barrel',
  '2.60': 'Sandwich',
  '3.10': 'Roll',
  '3.20': 'Alpha-Beta Barrel',
  '3.30': '2-Layer Sandwich',
  '3.40': '3-Layer(aba) Sandwich',
  '4.10': 'Irregular',
};

const ECOD_ARCHITECTURES = [
  'alpha arrays',
  'alpha bundles',
  'alpha superhelices',
  'beta barrels',
  'beta sandwiches',
  'a+b two layers',
  'a+b three layers',
  'a+b complex topology',
  'a/b barrels',
  'a/b three-layered sandwiches',
  'few secondary structure elements',
  'mixed a+b and a/b',
];

interface FoldSpec {
  key: string;
  /** SCOP class letter, fold, superfamily, family. */
  scop: readonly [string, string, string, string];
  /** SCOP2 class letter (defaults to the SCOP one when SCOP2 has it). */
  scop2?: string;
  /** CATH homologous superfamily code, topology name, superfamily name. */
  cath: readonly [string, string, string];
  /** ECOD architecture, X-group, H-group, family. */
  ecod: readonly [string, string, string, string];
}

const SPECS: readonly FoldSpec[] = [
  {
    key: 'kinase',
    scop: [
      'd',
      'Protein kinase-like (PK-like)',
      'Protein kinase-like (PK-like)',
      'Protein kinases, catalytic subunit',
    ],
    cath: [
      '1.10.510.10',
      'Transferase(Phosphotransferase) domain 1',
      'Transferase(Phosphotransferase) domain 1',
    ],
    ecod: ['a+b two layers', 'Protein kinase-like (PK-like)', 'Protein kinase-like (PK-like)', 'Pkinase'],
  },
  {
    key: 'rossmann',
    scop: [
      'c',
      'NAD(P)-binding Rossmann-fold domains',
      'NAD(P)-binding Rossmann-fold domains',
      'Tyrosine-dependent oxidoreductases',
    ],
    cath: ['3.40.50.720', 'Rossmann fold', 'NAD(P)-binding Rossmann-like Domain'],
    ecod: [
      'a/b three-layered sandwiches',
      'Rossmann-like',
      'Rossmann-related',
      'NAD(P)-binding Rossmann-fold domains',
    ],
  },
  {
    key: 'tim',
    scop: ['c', 'TIM beta/alpha-barrel', '(Trans)glycosidases', 'beta-glycanases'],
    cath: ['3.20.20.80', 'TIM Barrel', 'Glycosidases'],
    ecod: ['a/b barrels', 'TIM beta/alpha-barrel', 'TIM barrels', '(Trans)glycosidases'],
  },
  {
    key: 'aldolase',
    scop: ['c', 'TIM beta/alpha-barrel', 'Aldolase', 'Class I aldolase'],
    cath: ['3.20.20.70', 'TIM Barrel', 'Aldolase class I'],
    ecod: ['a/b barrels', 'TIM beta/alpha-barrel', 'TIM barrels', 'Aldolase'],
  },
  {
    key: 'ploop',
    scop: [
      'c',
      'P-loop containing nucleoside triphosphate hydrolases',
      'P-loop containing nucleoside triphosphate hydrolases',
      'G proteins',
    ],
    cath: ['3.40.50.300', 'Rossmann fold', 'P-loop containing nucleotide triphosphate hydrolases'],
    ecod: [
      'a/b three-layered sandwiches',
      'P-loop domains-like',
      'P-loop domains-related',
      'P-loop containing nucleoside triphosphate hydrolases',
    ],
  },
  {
    key: 'ig',
    scop: [
      'b',
      'Immunoglobulin-like beta-sandwich',
      'Immunoglobulin',
      'V set domains (antibody variable domain-like)',
    ],
    cath: ['2.60.40.10', 'Immunoglobulin-like', 'Immunoglobulins'],
    ecod: [
      'beta sandwiches',
      'Immunoglobulin-like beta-sandwich',
      'Immunoglobulin-related',
      'Immunoglobulin',
    ],
  },
  {
    key: 'trypsin',
    scop: ['b', 'Trypsin-like serine proteases', 'Trypsin-like serine proteases', 'Eukaryotic proteases'],
    cath: ['2.40.10.10', 'Thrombin, subunit H', 'Trypsin-like serine proteases'],
    ecod: ['beta barrels', 'Trypsin-like serine proteases', 'Trypsin-like serine proteases', 'Trypsin'],
  },
  {
    key: 'globin',
    scop: ['a', 'Globin-like', 'Globin-like', 'Globins'],
    cath: ['1.10.490.10', 'Globin-like', 'Globins'],
    ecod: ['alpha arrays', 'Globin-like', 'Globin-like', 'Globin'],
  },
  {
    key: 'efhand',
    scop: ['a', 'EF Hand-like', 'EF-hand', 'Calmodulin-like'],
    cath: ['1.10.238.10', 'EF-hand', 'EF-hand'],
    ecod: ['alpha arrays', 'EF-hand', 'EF-hand', 'EF-hand_7'],
  },
  {
    key: 'hydrolase',
    scop: ['c', 'alpha/beta-Hydrolases', 'alpha/beta-Hydrolases', 'Acetylcholinesterase-like'],
    cath: ['3.40.50.1820', 'Rossmann fold', 'alpha/beta hydrolase'],
    ecod: ['a/b three-layered sandwiches', 'alpha/beta-Hydrolases', 'alpha/beta-Hydrolases', 'COesterase'],
  },
  {
    key: 'lactamase',
    scop: [
      'e',
      'beta-lactamase/transpeptidase-like',
      'beta-lactamase/transpeptidase-like',
      'beta-Lactamase/D-ala carboxypeptidase',
    ],
    scop2: 'd',
    cath: [
      '3.40.710.10',
      'DD-peptidase/beta-lactamase superfamily',
      'DD-peptidase/beta-lactamase superfamily',
    ],
    ecod: [
      'a+b three layers',
      'beta-lactamase/transpeptidase-like',
      'beta-lactamase/transpeptidase-like',
      'Beta-lactamase2',
    ],
  },
  {
    key: 'p450',
    scop: ['a', 'Cytochrome P450', 'Cytochrome P450', 'Cytochrome P450'],
    cath: ['1.10.630.10', 'Cytochrome P450', 'Cytochrome P450'],
    ecod: ['alpha arrays', 'Cytochrome P450', 'Cytochrome P450', 'p450'],
  },
  {
    key: 'ubiquitin',
    scop: ['d', 'beta-Grasp (ubiquitin-like)', 'Ubiquitin-like', 'Ubiquitin-related'],
    cath: [
      '3.10.20.90',
      'Ubiquitin-like (UB roll)',
      'Phosphatidylinositol 3-kinase Catalytic Subunit; Chain A, domain 1',
    ],
    ecod: ['a+b two layers', 'beta-Grasp (ubiquitin-like)', 'Ubiquitin-related', 'ubiquitin'],
  },
  {
    key: 'thioredoxin',
    scop: ['c', 'Thioredoxin fold', 'Thioredoxin-like', 'Glutathione S-transferase (GST), N-terminal domain'],
    cath: ['3.40.30.10', 'Glutaredoxin', 'Glutaredoxin'],
    ecod: ['a/b three-layered sandwiches', 'Thioredoxin-like', 'Thioredoxin-like', 'GST_N'],
  },
  {
    key: 'nuclear-receptor',
    scop: [
      'a',
      'Nuclear receptor ligand-binding domain',
      'Nuclear receptor ligand-binding domain',
      'Nuclear receptor ligand-binding domain',
    ],
    cath: ['1.10.565.10', 'Retinoid X Receptor', 'Retinoid X Receptor'],
    ecod: [
      'alpha arrays',
      'Nuclear receptor ligand-binding domain',
      'Nuclear receptor ligand-binding domain',
      'Hormone_recep',
    ],
  },
  {
    key: 'bromodomain',
    scop: ['a', 'Bromodomain-like', 'Bromodomain', 'Bromodomain'],
    cath: ['1.20.920.10', 'Bromodomain-like', 'Bromodomain-like'],
    ecod: ['alpha bundles', 'Bromodomain-like', 'Bromodomain-like', 'Bromodomain'],
  },
  {
    key: 'sh3',
    scop: ['b', 'SH3-like barrel', 'SH3-domain', 'SH3-domain'],
    cath: ['2.30.30.40', 'SH3 type barrels.', 'SH3 Domains'],
    ecod: ['beta barrels', 'SH3', 'SH3', 'SH3_1'],
  },
  {
    key: 'pdz',
    scop: ['b', 'PDZ domain-like', 'PDZ domain-like', 'PDZ domain'],
    cath: ['2.30.42.10', 'SH3 type barrels.', 'PDZ domain'],
    ecod: ['beta barrels', 'PDZ domain-like', 'PDZ domain-like', 'PDZ'],
  },
  {
    key: 'gpcr',
    scop: [
      'f',
      'Family A G protein-coupled receptor-like',
      'Family A G protein-coupled receptor-like',
      'Rhodopsin-like',
    ],
    scop2: 'a',
    cath: [
      '1.20.1070.10',
      'Rhodopsin 7-helix transmembrane proteins',
      'Rhodopsin 7-helix transmembrane proteins',
    ],
    ecod: ['alpha bundles', 'GPCR-like', 'GPCR-like', '7tm_1'],
  },
  {
    key: 'porin',
    scop: ['f', 'Transmembrane beta-barrels', 'Porins', 'Porin'],
    scop2: 'b',
    cath: ['2.40.160.10', 'Porin', 'Porin'],
    ecod: ['beta barrels', 'Outer membrane beta-barrels', 'Outer membrane beta-barrels', 'Porin_1'],
  },
  {
    key: 'knottin',
    scop: [
      'g',
      'Knottins (small inhibitors, toxins, lectins)',
      'Scorpion toxin-like',
      'Long-chain scorpion toxins',
    ],
    cath: ['4.10.40.10', 'Scorpion toxin-like', 'Scorpion toxin-like'],
    ecod: ['few secondary structure elements', 'Knottins', 'Scorpion toxin-like', 'Toxin_3'],
  },
  {
    key: 'zinc-finger',
    scop: ['g', 'beta-beta-alpha zinc fingers', 'beta-beta-alpha zinc fingers', 'Classic zinc finger, C2H2'],
    cath: ['3.30.160.60', 'Bacterial Immunoglobulin/Albumin-binding Domains', 'Classic Zinc Finger'],
    ecod: [
      'few secondary structure elements',
      'beta-beta-alpha zinc fingers',
      'beta-beta-alpha zinc fingers',
      'zf-C2H2',
    ],
  },
  {
    key: 'coiled-coil',
    scop: ['h', 'Parallel coiled-coil', 'Leucine zipper domain', 'Leucine zipper domain'],
    scop2: 'a',
    cath: [
      '1.20.5.170',
      'Single alpha-helices involved in coiled-coils or other helix-helix interfaces',
      'Leucine zipper',
    ],
    ecod: ['alpha superhelices', 'Coiled-coil', 'Leucine zipper', 'bZIP_1'],
  },
  {
    key: 'winged-helix',
    scop: [
      'a',
      'DNA/RNA-binding 3-helical bundle',
      '"Winged helix" DNA-binding domain',
      'Transcriptional regulator IclR, N-terminal domain',
    ],
    cath: [
      '1.10.10.10',
      'Arc Repressor Mutant, subunit A',
      'Winged helix-like DNA-binding domain superfamily/Winged helix DNA-binding domain',
    ],
    ecod: ['alpha arrays', 'HTH', 'winged helix', 'HTH_IclR'],
  },
  {
    key: 'ob-fold',
    scop: ['b', 'OB-fold', 'Nucleic acid-binding proteins', 'Cold shock DNA-binding domain-like'],
    cath: [
      '2.40.50.140',
      'OB fold (Dihydrolipoamide Acetyltransferase, E2P)',
      'Nucleic acid-binding proteins',
    ],
    ecod: ['beta barrels', 'OB-fold', 'OB-fold', 'CSD'],
  },
  {
    key: 'gfp',
    scop: ['d', 'GFP-like', 'GFP-like', 'Fluorescent proteins'],
    cath: ['2.40.155.10', 'Green Fluorescent Protein', 'Green fluorescent protein'],
    ecod: ['beta barrels', 'GFP-like', 'GFP-like', 'GFP'],
  },
  {
    key: 'ferritin',
    scop: ['a', 'Ferritin-like', 'Ferritin-like', 'Ferritin'],
    cath: ['1.20.1260.10', 'Ferritin', 'Ferritin'],
    ecod: ['alpha bundles', 'Ferritin-like', 'Ferritin-like', 'Ferritin'],
  },
  {
    key: 'capsid',
    scop: [
      'b',
      'Nucleoplasmin-like/VP (viral coat and capsid proteins)',
      'Positive stranded ssRNA viruses',
      'Picornaviridae-like VP (VP1, VP2, VP3 and VP4)',
    ],
    cath: ['2.60.120.20', 'Jelly Rolls', 'Viral coat and capsid proteins'],
    ecod: ['beta sandwiches', 'Jelly roll', 'Nucleoplasmin-like/VP (viral coat and capsid proteins)', 'Rhv'],
  },
  {
    key: 'carbonic-anhydrase',
    scop: ['b', 'Carbonic anhydrase', 'Carbonic anhydrase', 'Carbonic anhydrase'],
    cath: ['3.10.200.10', 'Alpha carbonic anhydrase', 'Alpha carbonic anhydrase'],
    ecod: ['beta sandwiches', 'Carbonic anhydrase', 'Carbonic anhydrase', 'Carb_anhydrase'],
  },
  {
    key: 'lysozyme',
    scop: ['d', 'Lysozyme-like', 'Lysozyme-like', 'C-type lysozyme'],
    cath: ['1.10.530.10', 'Lysozyme', 'Lysozyme'],
    ecod: ['a+b two layers', 'Lysozyme-like', 'Lysozyme-like', 'Lys'],
  },
  {
    key: 'polymerase',
    scop: ['e', 'DNA/RNA polymerases', 'DNA/RNA polymerases', 'DNA polymerase I'],
    scop2: 'd',
    cath: ['3.30.70.270', 'Alpha-Beta Plaits', 'DNA/RNA polymerases'],
    ecod: ['a+b complex topology', 'DNA/RNA polymerases', 'DNA/RNA polymerases', 'DNA_pol_A'],
  },
  {
    key: 'actin',
    scop: ['c', 'Ribonuclease H-like motif', 'Actin-like ATPase domain', 'Actin/HSP70'],
    cath: ['3.30.420.40', 'Nucleotidyltransferase; domain 5', 'Actin-like ATPase domain'],
    ecod: ['a/b three-layered sandwiches', 'Ribonuclease H-like motif', 'RNase H-like', 'Actin'],
  },
  {
    key: 'tubulin',
    scop: [
      'c',
      'Tubulin nucleotide-binding domain-like',
      'Tubulin nucleotide-binding domain-like',
      'Tubulin, GTPase domain',
    ],
    cath: ['3.40.50.1440', 'Rossmann fold', 'Tubulin/FtsZ, GTPase domain'],
    ecod: [
      'a/b three-layered sandwiches',
      'Tubulin nucleotide-binding domain-like',
      'Tubulin nucleotide-binding domain-like',
      'Tubulin',
    ],
  },
  {
    key: 'histone',
    scop: ['a', 'Histone-fold', 'Histone-fold', 'Nucleosome core histones'],
    cath: ['1.10.20.10', 'Histone, subunit A', 'Histone, subunit A'],
    ecod: ['alpha arrays', 'Histone-like', 'Histone-like', 'Histone'],
  },
  {
    key: 'metalloprotease',
    scop: [
      'd',
      'Zincin-like',
      'Metalloproteases ("zincins"), catalytic domain',
      'Matrix metalloproteases, catalytic domain',
    ],
    cath: ['3.40.390.10', 'Collagenase (Catalytic Domain)', 'Collagenase (Catalytic Domain)'],
    ecod: ['a+b two layers', 'Zincin-like', 'Zincin-like', 'Peptidase_M10'],
  },
  {
    key: 'aspartic-protease',
    scop: ['b', 'Acid proteases', 'Acid proteases', 'Pepsin-like'],
    cath: ['2.40.70.10', 'Acid Proteases', 'Acid Proteases'],
    ecod: ['beta barrels', 'Acid proteases', 'Acid proteases', 'Asp'],
  },
  {
    key: 'caspase',
    scop: ['c', 'Caspase-like', 'Caspase-like', 'Caspase catalytic domain'],
    cath: ['3.40.50.1460', 'Rossmann fold', 'Caspase-like'],
    ecod: ['a/b three-layered sandwiches', 'Caspase-like', 'Caspase-like', 'Peptidase_C14'],
  },
  {
    key: 'cyclophilin',
    scop: ['b', 'Cyclophilin-like', 'Cyclophilin-like', 'Cyclophilin (peptidylprolyl isomerase)'],
    cath: ['2.40.100.10', 'Cyclophilin', 'Cyclophilin-like domain'],
    ecod: ['beta barrels', 'Cyclophilin-like', 'Cyclophilin-like', 'Pro_isomerase'],
  },
  {
    key: 'designed',
    scop: ['k', 'Designed proteins', 'Designed proteins', 'Designed helical bundles'],
    scop2: 'a',
    cath: [
      '1.20.5.340',
      'Single alpha-helices involved in coiled-coils or other helix-helix interfaces',
      'Designed helical repeat',
    ],
    ecod: ['alpha bundles', 'Designed proteins', 'Designed proteins', 'Designed helical bundle'],
  },
  {
    key: 'peptide',
    scop: ['j', 'Peptides', 'Peptides', 'Hormone peptides'],
    scop2: 'g',
    cath: ['4.10.220.20', 'Irregular', 'Peptide hormones'],
    ecod: ['few secondary structure elements', 'Peptides', 'Peptides', 'Hormone peptide'],
  },
];

/** Stable 5-digit SCOP-style sunid for a name below the class level. */
function sunid(name: string, depth: number): string {
  return String(46_000 + (hashString(`${depth}:${name}`) % 150_000));
}

function buildFold(spec: FoldSpec): Fold {
  const [letter, fold, superfamily, family] = spec.scop;
  const scopClass = SCOP_CLASSES[letter] as readonly [string, string];
  const scop = [
    { id: scopClass[0], name: scopClass[1], depth: 1 },
    { id: sunid(fold, 2), name: fold, depth: 2 },
    { id: sunid(superfamily, 3), name: superfamily, depth: 3 },
    { id: sunid(family, 4), name: family, depth: 4 },
  ];
  const scop2Class = SCOP2_CLASSES[spec.scop2 ?? letter] ?? (SCOP2_CLASSES.d as readonly [string, string]);
  const offset = (name: string) => String(hashString(`scop2:${name}`) % 9000);
  const scop2 = [
    { id: scop2Class[0], name: scop2Class[1], depth: 1 },
    { id: `200${offset(fold).padStart(4, '0')}`, name: fold, depth: 2 },
    { id: `300${offset(superfamily).padStart(4, '0')}`, name: superfamily, depth: 3 },
    { id: `400${offset(family).padStart(4, '0')}`, name: family, depth: 4 },
  ];
  const [code, topology, homology] = spec.cath;
  const parts = code.split('.');
  const architecture = parts.slice(0, 2).join('.');
  const cath = [
    { id: parts[0] as string, name: CATH_CLASSES[parts[0] as string] as string, depth: 1 },
    { id: architecture, name: CATH_ARCHITECTURES[architecture] as string, depth: 2 },
    { id: parts.slice(0, 3).join('.'), name: topology, depth: 3 },
    { id: code, name: homology, depth: 4 },
  ];
  const [ecodArchitecture, x, h, f] = spec.ecod;
  const xId = String(100 + (hashString(`ecod:${x}`) % 4900));
  const hId = `${xId}.${1 + (hashString(`ecod:${h}`) % 9)}`;
  const ecod = [
    { id: String(ECOD_ARCHITECTURES.indexOf(ecodArchitecture) + 1), name: ecodArchitecture, depth: 1 },
    { id: xId, name: x, depth: 2 },
    { id: hId, name: h, depth: 3 },
    { id: `${hId}.${1 + (hashString(`ecod:${f}`) % 40)}`, name: f, depth: 4 },
  ];
  // Frozen: every annotation of a fold shares these records (and the snapshot writer their JSON).
  const freeze = (records: LineageRecord[]) => Object.freeze(records.map((r) => Object.freeze(r)));
  return {
    key: spec.key,
    lineages: { SCOP: freeze(scop), CATH: freeze(cath), ECOD: freeze(ecod), SCOP2: freeze(scop2) },
  };
}

export const FOLDS: readonly Fold[] = SPECS.map(buildFold);

const FOLD_BY_KEY = new Map(FOLDS.map((fold, index) => [fold.key, index]));

export function foldIndex(key: string): number {
  const index = FOLD_BY_KEY.get(key);
  if (index === undefined) throw new Error(`unknown fold ${key}`);
  return index;
}
