/**
 * Source organisms with their NCBI taxonomy ids, the superkingdom (or virus realm) that the taxonomy
 * chart counts as `ncbi_parent_scientific_name`, and a short lineage from the NCBI taxonomy.
 * Weights approximate how often each organism appears among PDB protein entities.
 */

type Node = readonly [id: string, name: string];

export interface Organism {
  name: string;
  taxId: number;
  /** Superkingdom for cellular life, realm for viruses; null for synthetic constructs. */
  parent: string | null;
  lineage: readonly Node[];
  weight: number;
  kind: 'cell' | 'virus' | 'synthetic';
  /** Organisms that only appear in entries released from this year on (SARS-CoV-2...). */
  fromYear?: number;
}

const CELLULAR: Node[] = [['131567', 'cellular organisms']];
const EUKARYOTA: Node[] = [...CELLULAR, ['2759', 'Eukaryota']];
const METAZOA: Node[] = [...EUKARYOTA, ['33208', 'Metazoa']];
const CHORDATA: Node[] = [...METAZOA, ['7711', 'Chordata']];
const MAMMALIA: Node[] = [...CHORDATA, ['40674', 'Mammalia']];
const PRIMATES: Node[] = [...MAMMALIA, ['9443', 'Primates']];
const RODENTIA: Node[] = [...MAMMALIA, ['9989', 'Rodentia']];
const ARTIODACTYLA: Node[] = [...MAMMALIA, ['91561', 'Artiodactyla']];
const AVES: Node[] = [...CHORDATA, ['8782', 'Aves']];
const FISH: Node[] = [...CHORDATA, ['7898', 'Actinopterygii']];
const AMPHIBIA: Node[] = [...CHORDATA, ['8292', 'Amphibia']];
const INSECTA: Node[] = [...METAZOA, ['6656', 'Arthropoda'], ['50557', 'Insecta']];
const NEMATODA: Node[] = [...METAZOA, ['6231', 'Nematoda']];
const CNIDARIA: Node[] = [...METAZOA, ['6073', 'Cnidaria']];
const PLANTS: Node[] = [
  ...EUKARYOTA,
  ['33090', 'Viridiplantae'],
  ['35493', 'Streptophyta'],
  ['3398', 'Magnoliopsida'],
];
const ALGAE: Node[] = [...EUKARYOTA, ['33090', 'Viridiplantae'], ['3041', 'Chlorophyta']];
const ASCOMYCOTA: Node[] = [...EUKARYOTA, ['4751', 'Fungi'], ['4890', 'Ascomycota']];
const YEASTS: Node[] = [...ASCOMYCOTA, ['4891', 'Saccharomycetes']];
const APICOMPLEXA: Node[] = [...EUKARYOTA, ['5794', 'Apicomplexa']];
const EUGLENOZOA: Node[] = [...EUKARYOTA, ['33682', 'Euglenozoa']];
const AMOEBOZOA: Node[] = [...EUKARYOTA, ['554915', 'Amoebozoa']];
const BACTERIA: Node[] = [...CELLULAR, ['2', 'Bacteria']];
const PSEUDOMONADOTA: Node[] = [...BACTERIA, ['1224', 'Pseudomonadota']];
const GAMMA: Node[] = [...PSEUDOMONADOTA, ['1236', 'Gammaproteobacteria']];
const ENTEROBACTERALES: Node[] = [...GAMMA, ['91347', 'Enterobacterales']];
const PSEUDOMONADALES: Node[] = [...GAMMA, ['72274', 'Pseudomonadales']];
const BETA: Node[] = [...PSEUDOMONADOTA, ['28216', 'Betaproteobacteria']];
const CAMPYLOBACTEROTA: Node[] = [...BACTERIA, ['29547', 'Campylobacterota']];
const BACILLI: Node[] = [...BACTERIA, ['1239', 'Bacillota'], ['91061', 'Bacilli']];
const CLOSTRIDIA: Node[] = [...BACTERIA, ['1239', 'Bacillota'], ['186801', 'Clostridia']];
const ACTINOMYCETOTA: Node[] = [...BACTERIA, ['201174', 'Actinomycetota']];
const DEINOCOCCOTA: Node[] = [...BACTERIA, ['1297', 'Deinococcota']];
const THERMOTOGOTA: Node[] = [...BACTERIA, ['200918', 'Thermotogota']];
const BACTEROIDOTA: Node[] = [...BACTERIA, ['976', 'Bacteroidota']];
const CYANOBACTERIA: Node[] = [...BACTERIA, ['1117', 'Cyanobacteriota']];
const ARCHAEA: Node[] = [...CELLULAR, ['2157', 'Archaea']];
const METHANOBACTERIOTA: Node[] = [...ARCHAEA, ['28890', 'Methanobacteriota']];
const THERMOPROTEOTA: Node[] = [...ARCHAEA, ['28889', 'Thermoproteota']];
const VIRUSES: Node[] = [['10239', 'Viruses']];
const RIBOVIRIA: Node[] = [...VIRUSES, ['2559587', 'Riboviria']];
const ORTHORNAVIRAE: Node[] = [...RIBOVIRIA, ['2732396', 'Orthornavirae']];
const PISUVIRICOTA: Node[] = [...ORTHORNAVIRAE, ['2732408', 'Pisuviricota']];
const KITRINOVIRICOTA: Node[] = [...ORTHORNAVIRAE, ['2732406', 'Kitrinoviricota']];
const NEGARNAVIRICOTA: Node[] = [...ORTHORNAVIRAE, ['2497569', 'Negarnaviricota']];
const ARTVERVIRICOTA: Node[] = [...RIBOVIRIA, ['2732397', 'Pararnavirae'], ['2732409', 'Artverviricota']];
const DUPLODNAVIRIA: Node[] = [...VIRUSES, ['2731341', 'Duplodnaviria'], ['2731360', 'Heunggongvirae']];
const UROVIRICOTA: Node[] = [...DUPLODNAVIRIA, ['2731618', 'Uroviricota']];
const PEPLOVIRICOTA: Node[] = [...DUPLODNAVIRIA, ['2731361', 'Peploviricota']];
const VARIDNAVIRIA: Node[] = [
  ...VIRUSES,
  ['2732004', 'Varidnaviria'],
  ['2732005', 'Bamfordvirae'],
  ['2732008', 'Preplasmiviricota'],
];

function org(name: string, taxId: number, clade: Node[], weight: number, fromYear?: number): Organism {
  const top = clade[1]?.[1] ?? null;
  const isVirus = clade[0]?.[0] === '10239';
  return {
    name,
    taxId,
    parent: top,
    lineage: [...clade, [String(taxId), name]],
    weight,
    kind: isVirus ? 'virus' : 'cell',
    ...(fromYear !== undefined && { fromYear }),
  };
}

export const ORGANISMS: readonly Organism[] = [
  org('Homo sapiens', 9606, PRIMATES, 180),
  org('Mus musculus', 10090, RODENTIA, 55),
  org('Rattus norvegicus', 10116, RODENTIA, 18),
  org('Bos taurus', 9913, ARTIODACTYLA, 12),
  org('Sus scrofa', 9823, ARTIODACTYLA, 5),
  org('Ovis aries', 9940, ARTIODACTYLA, 1),
  org('Lama glama', 9844, ARTIODACTYLA, 3),
  org('Vicugna pacos', 30538, ARTIODACTYLA, 2),
  org('Camelus dromedarius', 9838, ARTIODACTYLA, 1),
  org('Oryctolagus cuniculus', 9986, [...MAMMALIA, ['9975', 'Lagomorpha']], 4),
  org('Equus caballus', 9796, [...MAMMALIA, ['9787', 'Perissodactyla']], 2),
  org('Macaca mulatta', 9544, PRIMATES, 2),
  org('Gallus gallus', 9031, AVES, 7),
  org('Danio rerio', 7955, FISH, 4),
  org('Xenopus laevis', 8355, AMPHIBIA, 3),
  org('Drosophila melanogaster', 7227, INSECTA, 8),
  org('Caenorhabditis elegans', 6239, NEMATODA, 3),
  org('Aequorea victoria', 6100, CNIDARIA, 0.5),
  org('Arabidopsis thaliana', 3702, PLANTS, 9),
  org('Oryza sativa Japonica Group', 39947, PLANTS, 2),
  org('Zea mays', 4577, PLANTS, 1),
  org('Spinacia oleracea', 3562, PLANTS, 1),
  org('Chlamydomonas reinhardtii', 3055, ALGAE, 1),
  org('Saccharomyces cerevisiae', 4932, YEASTS, 18),
  org('Saccharomyces cerevisiae S288C', 559292, YEASTS, 10),
  org('Candida albicans', 5476, YEASTS, 1.5),
  org('Schizosaccharomyces pombe', 4896, [...ASCOMYCOTA, ['147554', 'Schizosaccharomycetes']], 3),
  org('Chaetomium thermophilum', 209285, [...ASCOMYCOTA, ['147550', 'Sordariomycetes']], 1),
  org('Neurospora crassa', 5141, [...ASCOMYCOTA, ['147550', 'Sordariomycetes']], 0.8),
  org('Aspergillus fumigatus', 746128, [...ASCOMYCOTA, ['147545', 'Eurotiomycetes']], 0.8),
  org('Plasmodium falciparum 3D7', 36329, APICOMPLEXA, 4),
  org('Plasmodium falciparum', 5833, APICOMPLEXA, 1.5),
  org('Toxoplasma gondii', 5811, APICOMPLEXA, 1),
  org('Trypanosoma brucei brucei', 5702, EUGLENOZOA, 1.5),
  org('Trypanosoma cruzi', 5693, EUGLENOZOA, 0.8),
  org('Leishmania major', 5664, EUGLENOZOA, 1),
  org('Dictyostelium discoideum', 44689, AMOEBOZOA, 0.8),
  org('Escherichia coli', 562, ENTEROBACTERALES, 72),
  org('Escherichia coli K-12', 83333, ENTEROBACTERALES, 39.6),
  org('Escherichia coli O157:H7', 83334, ENTEROBACTERALES, 1.8),
  org('Salmonella enterica subsp. enterica serovar Typhimurium', 90371, ENTEROBACTERALES, 7.2),
  org('Klebsiella pneumoniae', 573, ENTEROBACTERALES, 5.4),
  org('Pseudomonas aeruginosa PAO1', 208964, PSEUDOMONADALES, 10.8),
  org('Pseudomonas aeruginosa', 287, PSEUDOMONADALES, 3.6),
  org('Acinetobacter baumannii', 470, PSEUDOMONADALES, 3.6),
  org('Vibrio cholerae', 666, GAMMA, 3.6),
  org('Legionella pneumophila', 446, GAMMA, 2.7),
  org('Neisseria meningitidis', 487, BETA, 2.7),
  org('Burkholderia pseudomallei', 28450, BETA, 2.7),
  org('Helicobacter pylori', 210, CAMPYLOBACTEROTA, 4.5),
  org('Campylobacter jejuni', 197, CAMPYLOBACTEROTA, 1.8),
  org('Staphylococcus aureus', 1280, BACILLI, 10.8),
  org('Bacillus subtilis', 1423, BACILLI, 7.2),
  org('Streptococcus pneumoniae', 1313, BACILLI, 5.4),
  org('Enterococcus faecalis', 1351, BACILLI, 2.7),
  org('Listeria monocytogenes', 1639, BACILLI, 1.8),
  org('Clostridioides difficile', 1496, CLOSTRIDIA, 2.7),
  org('Mycobacterium tuberculosis H37Rv', 83332, ACTINOMYCETOTA, 14.4),
  org('Mycobacterium tuberculosis', 1773, ACTINOMYCETOTA, 5.4),
  org('Mycolicibacterium smegmatis', 1772, ACTINOMYCETOTA, 2.7),
  org('Streptomyces coelicolor', 1902, ACTINOMYCETOTA, 2.7),
  org('Streptomyces avidinii', 1895, ACTINOMYCETOTA, 0.5),
  org('Thermus thermophilus HB8', 300852, DEINOCOCCOTA, 12.6),
  org('Thermus thermophilus', 274, DEINOCOCCOTA, 5.4),
  org('Deinococcus radiodurans', 1299, DEINOCOCCOTA, 1.8),
  org('Thermotoga maritima', 2336, THERMOTOGOTA, 7.2),
  org('Bacteroides thetaiotaomicron', 818, BACTEROIDOTA, 3.6),
  org('Synechocystis sp. PCC 6803', 1148, CYANOBACTERIA, 1.8),
  org('Thermosynechococcus vestitus BP-1', 197221, CYANOBACTERIA, 2.7),
  org('Pyrococcus furiosus', 2261, [...METHANOBACTERIOTA, ['183968', 'Thermococci']], 2),
  org('Pyrococcus horikoshii OT3', 70601, [...METHANOBACTERIOTA, ['183968', 'Thermococci']], 2),
  org('Thermococcus kodakarensis', 311400, [...METHANOBACTERIOTA, ['183968', 'Thermococci']], 1),
  org('Methanocaldococcus jannaschii', 2190, [...METHANOBACTERIOTA, ['183939', 'Methanococci']], 2),
  org('Haloarcula marismortui', 2238, [...METHANOBACTERIOTA, ['183963', 'Halobacteria']], 1),
  org('Archaeoglobus fulgidus', 2234, METHANOBACTERIOTA, 1),
  org('Saccharolobus solfataricus', 2287, THERMOPROTEOTA, 1.5),
  org('Aeropyrum pernix', 56636, THERMOPROTEOTA, 0.5),
  org('Severe acute respiratory syndrome coronavirus 2', 2697049, PISUVIRICOTA, 9, 2020),
  org('Severe acute respiratory syndrome coronavirus', 694009, PISUVIRICOTA, 1, 2003),
  org('Middle East respiratory syndrome-related coronavirus', 1335626, PISUVIRICOTA, 0.5, 2013),
  org('Norwalk virus', 11983, PISUVIRICOTA, 0.5),
  org('Enterovirus A71', 39054, PISUVIRICOTA, 0.5, 2000),
  org('Hepatitis C virus', 11103, KITRINOVIRICOTA, 2, 1995),
  org('Dengue virus 2', 11060, KITRINOVIRICOTA, 1),
  org('Zika virus', 64320, KITRINOVIRICOTA, 0.7, 2016),
  org('Tobacco mosaic virus', 12242, KITRINOVIRICOTA, 0.4),
  org('Influenza A virus', 11320, NEGARNAVIRICOTA, 3),
  org('Human immunodeficiency virus 1', 11676, ARTVERVIRICOTA, 8, 1988),
  org('Hepatitis B virus', 10407, ARTVERVIRICOTA, 0.5),
  org('Escherichia phage T4', 10665, UROVIRICOTA, 3),
  org('Escherichia phage lambda', 10710, UROVIRICOTA, 1),
  org('Human alphaherpesvirus 1', 10298, PEPLOVIRICOTA, 1),
  org('Human betaherpesvirus 5', 10359, PEPLOVIRICOTA, 0.5),
  org('Human adenovirus 5', 28285, VARIDNAVIRIA, 0.7),
];

export const SYNTHETIC_CONSTRUCT: Organism = {
  name: 'synthetic construct',
  taxId: 32630,
  parent: null,
  lineage: [
    ['28384', 'other sequences'],
    ['81077', 'artificial sequences'],
    ['32630', 'synthetic construct'],
  ],
  weight: 0,
  kind: 'synthetic',
};

export function organismNamed(name: string): Organism {
  const found = ORGANISMS.find((o) => o.name === name);
  if (!found) throw new Error(`unknown organism ${name}`);
  return found;
}

/** Expression hosts of genetically engineered entities (`rcsb_entity_host_organism`). */
export const HOSTS: ReadonlyArray<readonly [string, number]> = [
  ['Escherichia coli', 50],
  ['Escherichia coli BL21(DE3)', 25],
  ['Spodoptera frugiperda', 6],
  ['Homo sapiens', 5],
  ['Trichoplusia ni', 2],
  ['Komagataella pastoris', 2],
  ['Saccharomyces cerevisiae', 1.5],
  ['Cricetulus griseus', 1],
  ['Mus musculus', 0.5],
  ['Drosophila melanogaster', 0.3],
  ['Nicotiana benthamiana', 0.2],
];
