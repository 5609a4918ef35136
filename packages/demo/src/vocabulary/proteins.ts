/**
 * Protein families the demo proteins are drawn from: a name, an optional EC number, a fold (see
 * domains.ts), the PDB keyword class and a typical chain length. About a third are enzymes, as in the
 * PDB (~30 % of protein entities carry an EC number).
 */

export interface ProteinFamily {
  name: string;
  ec?: string;
  fold: string;
  keyword: string;
  length: number;
  weight: number;
  /** Which organisms can carry it. */
  kind: 'cell' | 'virus' | 'eukaryote';
}

/**
 * Weights below are relative within enzymes and within other proteins; other proteins are scaled up
 * so that about a third of the drawn proteins are enzymes.
 */
const NON_ENZYME_SCALE = 2.9;

const f = (
  name: string,
  fold: string,
  keyword: string,
  length: number,
  weight: number,
  ec?: string,
  kind: ProteinFamily['kind'] = 'cell',
): ProteinFamily => ({
  name,
  fold,
  keyword,
  length,
  weight: ec ? weight : weight * NON_ENZYME_SCALE,
  kind,
  ...(ec && { ec }),
});

export const FAMILIES: readonly ProteinFamily[] = [
  // enzymes
  f('Alcohol dehydrogenase', 'rossmann', 'OXIDOREDUCTASE', 350, 1.5, '1.1.1.1'),
  f('L-lactate dehydrogenase', 'rossmann', 'OXIDOREDUCTASE', 330, 1.2, '1.1.1.27'),
  f('Malate dehydrogenase', 'rossmann', 'OXIDOREDUCTASE', 320, 1, '1.1.1.37'),
  f('Glyceraldehyde-3-phosphate dehydrogenase', 'rossmann', 'OXIDOREDUCTASE', 335, 1, '1.2.1.12'),
  f('Short-chain dehydrogenase/reductase', 'rossmann', 'OXIDOREDUCTASE', 260, 2, '1.1.1.-'),
  f('Dihydrofolate reductase', 'rossmann', 'OXIDOREDUCTASE', 160, 1.2, '1.5.1.3'),
  f('Catalase', 'p450', 'OXIDOREDUCTASE', 500, 0.6, '1.11.1.6'),
  f('Cytochrome P450', 'p450', 'OXIDOREDUCTASE', 460, 2, '1.14.14.1'),
  f('Superoxide dismutase [Cu-Zn]', 'ig', 'OXIDOREDUCTASE', 155, 0.8, '1.15.1.1'),
  f('Serine/threonine-protein kinase', 'kinase', 'TRANSFERASE', 300, 4, '2.7.11.1'),
  f('Mitogen-activated protein kinase', 'kinase', 'TRANSFERASE', 360, 2, '2.7.11.24'),
  f('Tyrosine-protein kinase', 'kinase', 'TRANSFERASE', 290, 2.5, '2.7.10.2'),
  f('DNA polymerase', 'polymerase', 'TRANSFERASE/DNA', 600, 1.2, '2.7.7.7'),
  f('Glutathione S-transferase', 'thioredoxin', 'TRANSFERASE', 220, 1.2, '2.5.1.18'),
  f('Histone-lysine N-methyltransferase', 'rossmann', 'TRANSFERASE', 280, 1.2, '2.1.1.43', 'eukaryote'),
  f('Histone acetyltransferase', 'rossmann', 'TRANSFERASE', 300, 0.6, '2.3.1.48', 'eukaryote'),
  f('Poly [ADP-ribose] polymerase', 'rossmann', 'TRANSFERASE', 350, 0.8, '2.4.2.30', 'eukaryote'),
  f('Aminotransferase', 'aldolase', 'TRANSFERASE', 400, 1, '2.6.1.-'),
  f('Trypsin-like serine protease', 'trypsin', 'HYDROLASE', 230, 2, '3.4.21.4'),
  f('Coagulation factor', 'trypsin', 'HYDROLASE', 250, 0.6, '3.4.21.6', 'eukaryote'),
  f('Zinc metalloproteinase', 'metalloprotease', 'HYDROLASE', 260, 1.5, '3.4.24.-'),
  f('Caspase', 'caspase', 'HYDROLASE', 280, 0.8, '3.4.22.56', 'eukaryote'),
  f('Beta-secretase', 'aspartic-protease', 'HYDROLASE', 390, 0.6, '3.4.23.46', 'eukaryote'),
  f('Tyrosine-protein phosphatase', 'hydrolase', 'HYDROLASE', 300, 1.2, '3.1.3.48'),
  f('Acetylcholinesterase', 'hydrolase', 'HYDROLASE', 540, 0.6, '3.1.1.7', 'eukaryote'),
  f('Carboxylesterase', 'hydrolase', 'HYDROLASE', 300, 1.5, '3.1.1.1'),
  f('Ribonuclease H', 'actin', 'HYDROLASE', 150, 0.5, '3.1.26.4'),
  f('Beta-lactamase', 'lactamase', 'HYDROLASE', 265, 2.5, '3.5.2.6'),
  f('Histone deacetylase', 'hydrolase', 'HYDROLASE', 380, 0.8, '3.5.1.98', 'eukaryote'),
  f('Endoglucanase', 'tim', 'HYDROLASE', 400, 1.2, '3.2.1.4'),
  f('Alpha-amylase', 'tim', 'HYDROLASE', 480, 0.8, '3.2.1.1'),
  f('Beta-glucosidase', 'tim', 'HYDROLASE', 450, 1.2, '3.2.1.21'),
  f('Glycoside hydrolase family protein', 'tim', 'HYDROLASE', 420, 1.5, '3.2.1.-'),
  f('Ras-related GTPase', 'ploop', 'HYDROLASE', 170, 1.5, '3.6.5.2', 'eukaryote'),
  f('Heat shock protein 70', 'actin', 'CHAPERONE', 600, 0.8, '3.6.4.10'),
  f('Carbonic anhydrase', 'carbonic-anhydrase', 'LYASE', 260, 1, '4.2.1.1'),
  f('Enolase', 'tim', 'LYASE', 430, 0.6, '4.2.1.11'),
  f('Fructose-bisphosphate aldolase', 'aldolase', 'LYASE', 360, 0.6, '4.1.2.13'),
  f('Ribulose bisphosphate carboxylase large chain', 'tim', 'LYASE', 475, 0.5, '4.1.1.39'),
  f('Adenylate cyclase', 'ploop', 'LYASE', 400, 0.4, '4.6.1.1'),
  f('Triosephosphate isomerase', 'tim', 'ISOMERASE', 250, 0.8, '5.3.1.1'),
  f('Peptidyl-prolyl cis-trans isomerase', 'cyclophilin', 'ISOMERASE', 165, 1, '5.2.1.8'),
  f('DNA topoisomerase 2', 'ploop', 'ISOMERASE', 800, 0.4, '5.6.2.2'),
  f('Tyrosine--tRNA ligase', 'rossmann', 'LIGASE', 420, 0.6, '6.1.1.1'),
  f('Glutamine synthetase', 'aldolase', 'LIGASE', 470, 0.5, '6.3.1.2'),
  f('DNA ligase', 'ob-fold', 'LIGASE', 670, 0.4, '6.5.1.1'),
  f('NADH-quinone oxidoreductase subunit', 'rossmann', 'TRANSLOCASE', 400, 0.4, '7.1.1.2'),
  f('ATP synthase subunit beta', 'ploop', 'TRANSLOCASE', 470, 0.5, '7.1.2.2'),
  f(
    'Sodium/potassium-transporting ATPase subunit alpha',
    'ploop',
    'TRANSLOCASE',
    1000,
    0.2,
    '7.2.2.13',
    'eukaryote',
  ),
  // not enzymes
  f('Calmodulin', 'efhand', 'METAL BINDING PROTEIN', 149, 1, undefined, 'eukaryote'),
  f('Ubiquitin-like protein', 'ubiquitin', 'PROTEIN BINDING', 80, 1.2),
  f('Thioredoxin', 'thioredoxin', 'ELECTRON TRANSPORT', 108, 1),
  f('Myoglobin', 'globin', 'OXYGEN STORAGE', 154, 0.6, undefined, 'eukaryote'),
  f('Bromodomain-containing protein', 'bromodomain', 'TRANSCRIPTION', 130, 1.5, undefined, 'eukaryote'),
  f('Nuclear receptor', 'nuclear-receptor', 'TRANSCRIPTION', 250, 1.5, undefined, 'eukaryote'),
  f('Transcriptional regulator, TetR family', 'winged-helix', 'TRANSCRIPTION', 200, 2),
  f('Transcriptional regulator, LysR family', 'winged-helix', 'TRANSCRIPTION', 300, 1),
  f('Two-component response regulator', 'rossmann', 'SIGNALING PROTEIN', 230, 1.2),
  f('SH3 domain-containing protein', 'sh3', 'SIGNALING PROTEIN', 70, 0.8, undefined, 'eukaryote'),
  f('PDZ domain-containing protein', 'pdz', 'PROTEIN BINDING', 95, 0.8, undefined, 'eukaryote'),
  f('Zinc finger protein', 'zinc-finger', 'DNA BINDING PROTEIN', 90, 0.8, undefined, 'eukaryote'),
  f('Cold shock protein', 'ob-fold', 'DNA BINDING PROTEIN', 70, 0.5),
  f('ABC transporter substrate-binding protein', 'rossmann', 'TRANSPORT PROTEIN', 330, 2),
  f('Outer membrane protein', 'porin', 'MEMBRANE PROTEIN', 340, 1),
  f('G-protein coupled receptor', 'gpcr', 'MEMBRANE PROTEIN', 400, 1.2, undefined, 'eukaryote'),
  f('Histone H3', 'histone', 'DNA BINDING PROTEIN', 136, 0.8, undefined, 'eukaryote'),
  f('Ferritin', 'ferritin', 'METAL BINDING PROTEIN', 175, 0.6),
  f('Actin', 'actin', 'STRUCTURAL PROTEIN', 375, 0.6, undefined, 'eukaryote'),
  f('Tubulin beta chain', 'tubulin', 'STRUCTURAL PROTEIN', 445, 0.5, undefined, 'eukaryote'),
  f('Leucine zipper transcription factor', 'coiled-coil', 'TRANSCRIPTION', 60, 0.5, undefined, 'eukaryote'),
  f('Green fluorescent protein', 'gfp', 'FLUORESCENT PROTEIN', 238, 0.4),
  f('Neurotoxin', 'knottin', 'TOXIN', 65, 0.5),
  f('Uncharacterized protein', 'winged-helix', 'STRUCTURAL GENOMICS, UNKNOWN FUNCTION', 180, 3),
  f('Putative uncharacterized protein', 'rossmann', 'STRUCTURAL GENOMICS, UNKNOWN FUNCTION', 220, 1.5),
  f('Ribosomal protein', 'ob-fold', 'RIBOSOMAL PROTEIN', 150, 1),
  // viral proteins
  f('Capsid protein VP1', 'capsid', 'VIRUS', 300, 2, undefined, 'virus'),
  f('Envelope glycoprotein', 'ig', 'VIRAL PROTEIN', 480, 1.5, undefined, 'virus'),
  f('Nucleoprotein', 'winged-helix', 'VIRAL PROTEIN', 420, 1, undefined, 'virus'),
  f('Non-structural protein', 'ploop', 'VIRAL PROTEIN', 300, 1.5, undefined, 'virus'),
  f('Protease', 'trypsin', 'HYDROLASE', 200, 1.5, '3.4.21.-', 'virus'),
  f('RNA-directed RNA polymerase', 'polymerase', 'TRANSFERASE', 600, 1, '2.7.7.48', 'virus'),
];

/** Well-known proteins that dominate the archive, with their real UniProt accessions. */
export interface FamousProtein {
  accession: string;
  name: string;
  organism: string;
  fold: string;
  keyword: string;
  length: number;
  /** Relative share among famous-protein entities. */
  weight: number;
  ec?: string;
  fromYear?: number;
  /** Purified from the natural source rather than expressed. */
  natural?: boolean;
}

export const FAMOUS: readonly FamousProtein[] = [
  {
    accession: 'P00698',
    name: 'Lysozyme C',
    organism: 'Gallus gallus',
    fold: 'lysozyme',
    keyword: 'HYDROLASE',
    length: 129,
    weight: 10,
    ec: '3.2.1.17',
    natural: true,
  },
  {
    accession: 'P00720',
    name: 'Endolysin',
    organism: 'Escherichia phage T4',
    fold: 'lysozyme',
    keyword: 'HYDROLASE',
    length: 164,
    weight: 7,
    ec: '3.2.1.17',
  },
  {
    accession: 'P00918',
    name: 'Carbonic anhydrase 2',
    organism: 'Homo sapiens',
    fold: 'carbonic-anhydrase',
    keyword: 'LYASE',
    length: 260,
    weight: 10,
    ec: '4.2.1.1',
  },
  {
    accession: 'P24941',
    name: 'Cyclin-dependent kinase 2',
    organism: 'Homo sapiens',
    fold: 'kinase',
    keyword: 'TRANSFERASE',
    length: 298,
    weight: 5,
    ec: '2.7.11.22',
    fromYear: 1996,
  },
  {
    accession: 'P04585',
    name: 'Gag-Pol polyprotein',
    organism: 'Human immunodeficiency virus 1',
    fold: 'aspartic-protease',
    keyword: 'HYDROLASE',
    length: 99,
    weight: 7,
    ec: '3.4.23.16',
    fromYear: 1989,
  },
  {
    accession: 'P00760',
    name: 'Cationic trypsin',
    organism: 'Bos taurus',
    fold: 'trypsin',
    keyword: 'HYDROLASE',
    length: 223,
    weight: 4,
    ec: '3.4.21.4',
    natural: true,
  },
  {
    accession: 'P00734',
    name: 'Prothrombin',
    organism: 'Homo sapiens',
    fold: 'trypsin',
    keyword: 'HYDROLASE',
    length: 259,
    weight: 4,
    ec: '3.4.21.5',
  },
  {
    accession: 'P0DTD1',
    name: 'Replicase polyprotein 1ab',
    organism: 'Severe acute respiratory syndrome coronavirus 2',
    fold: 'trypsin',
    keyword: 'VIRAL PROTEIN',
    length: 306,
    weight: 9,
    ec: '3.4.22.69',
    fromYear: 2020,
  },
  {
    accession: 'P0DTC2',
    name: 'Spike glycoprotein',
    organism: 'Severe acute respiratory syndrome coronavirus 2',
    fold: 'ig',
    keyword: 'VIRAL PROTEIN',
    length: 1273,
    weight: 5,
    fromYear: 2020,
  },
  {
    accession: 'P07900',
    name: 'Heat shock protein HSP 90-alpha',
    organism: 'Homo sapiens',
    fold: 'ploop',
    keyword: 'CHAPERONE',
    length: 236,
    weight: 3,
    ec: '3.6.4.10',
    fromYear: 2000,
  },
  {
    accession: 'O60885',
    name: 'Bromodomain-containing protein 4',
    organism: 'Homo sapiens',
    fold: 'bromodomain',
    keyword: 'TRANSCRIPTION',
    length: 127,
    weight: 5,
    fromYear: 2010,
  },
  {
    accession: 'P00533',
    name: 'Epidermal growth factor receptor',
    organism: 'Homo sapiens',
    fold: 'kinase',
    keyword: 'TRANSFERASE',
    length: 330,
    weight: 3,
    ec: '2.7.10.1',
    fromYear: 2002,
  },
  {
    accession: 'P69905',
    name: 'Hemoglobin subunit alpha',
    organism: 'Homo sapiens',
    fold: 'globin',
    keyword: 'OXYGEN TRANSPORT',
    length: 141,
    weight: 3,
    natural: true,
  },
  {
    accession: 'P68871',
    name: 'Hemoglobin subunit beta',
    organism: 'Homo sapiens',
    fold: 'globin',
    keyword: 'OXYGEN TRANSPORT',
    length: 146,
    weight: 3,
    natural: true,
  },
  {
    accession: 'P01308',
    name: 'Insulin',
    organism: 'Homo sapiens',
    fold: 'peptide',
    keyword: 'HORMONE',
    length: 51,
    weight: 2,
  },
  {
    accession: 'P61769',
    name: 'Beta-2-microglobulin',
    organism: 'Homo sapiens',
    fold: 'ig',
    keyword: 'IMMUNE SYSTEM',
    length: 100,
    weight: 5,
  },
  {
    accession: 'P0CG48',
    name: 'Polyubiquitin-C',
    organism: 'Homo sapiens',
    fold: 'ubiquitin',
    keyword: 'PROTEIN BINDING',
    length: 76,
    weight: 3,
  },
  {
    accession: 'P03372',
    name: 'Estrogen receptor',
    organism: 'Homo sapiens',
    fold: 'nuclear-receptor',
    keyword: 'TRANSCRIPTION',
    length: 250,
    weight: 2,
    fromYear: 1997,
  },
  {
    accession: 'P00742',
    name: 'Coagulation factor X',
    organism: 'Homo sapiens',
    fold: 'trypsin',
    keyword: 'HYDROLASE',
    length: 254,
    weight: 1.5,
    ec: '3.4.21.6',
  },
  {
    accession: 'P11309',
    name: 'Serine/threonine-protein kinase pim-1',
    organism: 'Homo sapiens',
    fold: 'kinase',
    keyword: 'TRANSFERASE',
    length: 313,
    weight: 1.5,
    ec: '2.7.11.1',
    fromYear: 2005,
  },
  {
    accession: 'P62593',
    name: 'Beta-lactamase TEM',
    organism: 'Escherichia coli',
    fold: 'lactamase',
    keyword: 'HYDROLASE',
    length: 263,
    weight: 2,
    ec: '3.5.2.6',
  },
  {
    accession: 'P0AEX9',
    name: 'Maltose/maltodextrin-binding periplasmic protein',
    organism: 'Escherichia coli K-12',
    fold: 'rossmann',
    keyword: 'SUGAR BINDING PROTEIN',
    length: 370,
    weight: 2,
  },
  {
    accession: 'P42212',
    name: 'Green fluorescent protein',
    organism: 'Aequorea victoria',
    fold: 'gfp',
    keyword: 'FLUORESCENT PROTEIN',
    length: 238,
    weight: 1.5,
  },
  {
    accession: 'P22629',
    name: 'Streptavidin',
    organism: 'Streptomyces avidinii',
    fold: 'ob-fold',
    keyword: 'BIOTIN BINDING PROTEIN',
    length: 127,
    weight: 1.5,
  },
];

/** Antibody chains: heavy/light pairs or single-domain nanobodies, without UniProt references. */
export const ANTIBODY_CHAINS = {
  heavy: ['Fab heavy chain', 'Antibody heavy chain', 'IgG1 Fab heavy chain'],
  light: ['Fab light chain', 'Antibody light chain', 'Kappa light chain'],
  nanobody: ['Nanobody', 'Single-domain antibody', 'Sybody'],
};

export const SYNTHETIC_PROTEINS = {
  peptides: [
    'Peptide inhibitor',
    'Stapled peptide',
    'Cyclic peptide',
    'Histone H3 peptide',
    'Substrate peptide',
  ],
  designed: [
    'De novo designed protein',
    'Designed helical repeat protein',
    'Designed protein binder',
    'De novo designed helical bundle',
  ],
};
