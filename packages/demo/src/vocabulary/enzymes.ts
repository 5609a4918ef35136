import { EC_CLASS_NAMES } from '@pdb-stats/search-model';

/** Enzyme Commission numbers and names (ExplorEnz), enough to build `rcsb_ec_lineage` records. */
const EC_NAMES: Record<string, string> = {
  // The seven classes are named as the charts name their top level.
  ...EC_CLASS_NAMES,
  '1.1': 'Acting on the CH-OH group of donors',
  '1.1.1': 'With NAD(+) or NADP(+) as acceptor',
  '1.1.1.1': 'alcohol dehydrogenase',
  '1.1.1.27': 'L-lactate dehydrogenase',
  '1.1.1.37': 'malate dehydrogenase',
  '1.2': 'Acting on the aldehyde or oxo group of donors',
  '1.2.1': 'With NAD(+) or NADP(+) as acceptor',
  '1.2.1.12': 'glyceraldehyde-3-phosphate dehydrogenase (phosphorylating)',
  '1.5': 'Acting on the CH-NH group of donors',
  '1.5.1': 'With NAD(+) or NADP(+) as acceptor',
  '1.5.1.3': 'dihydrofolate reductase',
  '1.11': 'Acting on a peroxide as acceptor',
  '1.11.1': 'Peroxidases',
  '1.11.1.6': 'catalase',
  '1.14': 'Acting on paired donors, with incorporation or reduction of molecular oxygen',
  '1.14.14': 'With reduced flavin or flavoprotein as one donor, and incorporation of one atom of oxygen',
  '1.14.14.1': 'unspecific monooxygenase',
  '1.15': 'Acting on superoxide as acceptor',
  '1.15.1': 'Acting on superoxide as acceptor',
  '1.15.1.1': 'superoxide dismutase',
  '2.1': 'Transferring one-carbon groups',
  '2.1.1': 'Methyltransferases',
  '2.1.1.43': 'histone-lysine N-methyltransferase',
  '2.3': 'Acyltransferases',
  '2.3.1': 'Transferring groups other than aminoacyl groups',
  '2.3.1.48': 'histone acetyltransferase',
  '2.4': 'Glycosyltransferases',
  '2.4.2': 'Pentosyltransferases',
  '2.4.2.30': 'NAD(+) ADP-ribosyltransferase',
  '2.5': 'Transferring alkyl or aryl groups, other than methyl groups',
  '2.5.1': 'Transferring alkyl or aryl groups, other than methyl groups',
  '2.5.1.18': 'glutathione transferase',
  '2.6': 'Transferring nitrogenous groups',
  '2.6.1': 'Transaminases',
  '2.7': 'Transferring phosphorus-containing groups',
  '2.7.7': 'Nucleotidyltransferases',
  '2.7.7.7': 'DNA-directed DNA polymerase',
  '2.7.7.48': 'RNA-directed RNA polymerase',
  '2.7.10': 'Protein-tyrosine kinases',
  '2.7.10.1': 'receptor protein-tyrosine kinase',
  '2.7.10.2': 'non-specific protein-tyrosine kinase',
  '2.7.11': 'Protein-serine/threonine kinases',
  '2.7.11.1': 'non-specific serine/threonine protein kinase',
  '2.7.11.22': 'cyclin-dependent kinase',
  '2.7.11.24': 'mitogen-activated protein kinase',
  '3.1': 'Acting on ester bonds',
  '3.1.1': 'Carboxylic-ester hydrolases',
  '3.1.1.1': 'carboxylesterase',
  '3.1.1.7': 'acetylcholinesterase',
  '3.1.3': 'Phosphoric-monoester hydrolases',
  '3.1.3.48': 'protein-tyrosine-phosphatase',
  '3.1.26': "Endoribonucleases producing 5'-phosphomonoesters",
  '3.1.26.4': 'ribonuclease H',
  '3.2': 'Glycosylases',
  '3.2.1': 'Glycosidases, i.e. enzymes that hydrolyse O- and S-glycosyl compounds',
  '3.2.1.1': 'alpha-amylase',
  '3.2.1.4': 'cellulase',
  '3.2.1.17': 'lysozyme',
  '3.2.1.21': 'beta-glucosidase',
  '3.4': 'Acting on peptide bonds (peptidases)',
  '3.4.21': 'Serine endopeptidases',
  '3.4.21.4': 'trypsin',
  '3.4.21.5': 'thrombin',
  '3.4.21.6': 'coagulation factor Xa',
  '3.4.22': 'Cysteine endopeptidases',
  '3.4.22.56': 'caspase-3',
  '3.4.22.69': 'SARS coronavirus main proteinase',
  '3.4.23': 'Aspartic endopeptidases',
  '3.4.23.16': 'HIV-1 retropepsin',
  '3.4.23.46': 'memapsin 2',
  '3.4.24': 'Metalloendopeptidases',
  '3.5': 'Acting on carbon-nitrogen bonds, other than peptide bonds',
  '3.5.1': 'In linear amides',
  '3.5.1.98': 'histone deacetylase',
  '3.5.2': 'In cyclic amides',
  '3.5.2.6': 'beta-lactamase',
  '3.6': 'Acting on acid anhydrides',
  '3.6.4': 'Acting on acid anhydrides to facilitate cellular and subcellular movement',
  '3.6.4.10': 'non-chaperonin molecular chaperone ATPase',
  '3.6.5': 'Acting on GTP to facilitate cellular and subcellular movement',
  '3.6.5.2': 'small monomeric GTPase',
  '4.1': 'Carbon-carbon lyases',
  '4.1.1': 'Carboxy-lyases',
  '4.1.1.39': 'ribulose-bisphosphate carboxylase',
  '4.1.2': 'Aldehyde-lyases',
  '4.1.2.13': 'fructose-bisphosphate aldolase',
  '4.2': 'Carbon-oxygen lyases',
  '4.2.1': 'Hydro-lyases',
  '4.2.1.1': 'carbonic anhydrase',
  '4.2.1.11': 'phosphopyruvate hydratase',
  '4.6': 'Phosphorus-oxygen lyases',
  '4.6.1': 'Phosphorus-oxygen lyases',
  '4.6.1.1': 'adenylate cyclase',
  '5.2': 'cis-trans-Isomerases',
  '5.2.1': 'cis-trans Isomerases',
  '5.2.1.8': 'peptidylprolyl isomerase',
  '5.3': 'Intramolecular oxidoreductases',
  '5.3.1': 'Interconverting aldoses and ketoses, and related compounds',
  '5.3.1.1': 'triose-phosphate isomerase',
  '5.6': 'Isomerases altering macromolecular conformation',
  '5.6.2': 'Enzymes altering nucleic acid conformation',
  '5.6.2.2': 'DNA topoisomerase (ATP-hydrolysing)',
  '6.1': 'Forming carbon-oxygen bonds',
  '6.1.1': 'Ligases forming aminoacyl-tRNA and related compounds',
  '6.1.1.1': 'tyrosine--tRNA ligase',
  '6.3': 'Forming carbon-nitrogen bonds',
  '6.3.1': 'Acid-ammonia (or amine) ligases (amide synthases)',
  '6.3.1.2': 'glutamine synthetase',
  '6.5': 'Forming phosphoric-ester bonds',
  '6.5.1': 'Ligases that form phosphoric-ester bonds',
  '6.5.1.1': 'DNA ligase (ATP)',
  '7.1': 'Catalysing the translocation of hydrons',
  '7.1.1': 'Hydron translocation or charge separation linked to oxidoreduction reactions',
  '7.1.1.2': 'NADH:ubiquinone reductase (H(+)-translocating)',
  '7.1.2': 'Linked to the hydrolysis of a nucleoside triphosphate',
  '7.1.2.2': 'H(+)-transporting two-sector ATPase',
  '7.2': 'Catalysing the translocation of inorganic cations',
  '7.2.2': 'Linked to the hydrolysis of a nucleoside triphosphate',
  '7.2.2.13': 'Na(+)/K(+)-exchanging ATPase',
};

export interface EcRecord {
  id: string;
  name: string;
  depth: number;
}

const LINEAGES = new Map<string, readonly EcRecord[]>();

/**
 * The lineage of an EC number such as '2.7.11.1' or a partial one such as '3.4.24.-'. Lineages are
 * shared and frozen: entities of one enzyme hold the same records.
 */
export function ecLineage(ec: string): readonly EcRecord[] {
  const cached = LINEAGES.get(ec);
  if (cached) return cached;
  const parts = ec.split('.');
  const records: EcRecord[] = [];
  for (let depth = 1; depth <= parts.length; depth++) {
    if (parts[depth - 1] === '-') break;
    const id = parts.slice(0, depth).join('.');
    const name = EC_NAMES[id];
    if (name === undefined) throw new Error(`EC ${id} has no name in the vocabulary`);
    records.push(Object.freeze({ id, name, depth }));
  }
  const lineage = Object.freeze(records);
  LINEAGES.set(ec, lineage);
  return lineage;
}

export function ecClassOf(ec: string): string {
  return ec.split('.')[0] as string;
}
