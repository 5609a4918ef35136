import type { ChartKey } from '../keys.ts';

/** The long descriptions of the charts (HTML, shown in the information modal), apart from their definitions. */

function link(href: string, text: string): string {
  return `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

const CUMULATIVE_NOTE =
  '<p>The cumulative view shows the total up to the end of each year; the annual view shows the releases of each year.</p>';

const TREND_NOTE =
  '<p>The quartiles view draws the median of each release year as a line and the middle half of the values, from the first to the third quartile, as a band. The service counts the values in fine bins; each quartile is interpolated inside its bin, so it is exact to within the width of a bin, given under the title. Where the values have a long tail, the fine bins stop at a bound, also given there. The shares view stacks the usual bins of the attribute to 100 % in each year. Every point and segment opens its search.</p>';

export const DESCRIPTIONS: Record<ChartKey, string> = {
  'overall-structures':
    `<p>Number of experimental and integrative structures released in the PDB archive each year, since the first release in 1976. The archive is kept by the ${link('https://www.wwpdb.org', 'Worldwide Protein Data Bank (wwPDB)')}.</p>` +
    CUMULATIVE_NOTE,
  'overall-small-molecules':
    `<p>Number of small-molecule definitions (chemical components and BIRD molecules) first released each year. Definitions are taken from the ${link('https://www.wwpdb.org/data/ccd', 'Chemical Component Dictionary')}.</p>` +
    CUMULATIVE_NOTE,
  'experimental-method':
    '<p>Structures released each year, by the experimental method used to determine them: X-ray crystallography, electron microscopy (EM), NMR spectroscopy, neutron diffraction, several methods combined, integrative methods and others. Each entry has exactly one method, so the stacked bars add up to the number of entries.</p>' +
    CUMULATIVE_NOTE,
  'molecular-composition':
    '<p>Structures released each year, by the types of polymer they contain: protein only, protein with nucleic acid, protein with oligosaccharide, nucleic acid only, oligosaccharide only, and other combinations.</p>' +
    CUMULATIVE_NOTE,
  'assembly-symmetry':
    '<p>Biological assemblies released each year, by the global symmetry of the assembly (asymmetric, cyclic, dihedral, helical, tetrahedral, octahedral, icosahedral). The values count assemblies; the release date is that of the entry. Symmetry is computed for protein assemblies only.</p>' +
    CUMULATIVE_NOTE,
  'unique-uniprot-entries': `<p>Number of distinct ${link('https://www.uniprot.org', 'UniProtKB')} accessions mapped to protein entities of released structures. The annual view counts the accessions among the structures released that year; the cumulative view counts the accessions among all structures released up to the end of the year. Distinct counts are approximate, so the numbers show the trend.</p>`,
  'resolution-by-year':
    '<p>How the resolution of released structures changed over the years: the combined resolution in ångström (Å) of the entries released each year (X-ray, EM and neutron experiments; NMR structures have none). Lower values mean finer detail.</p>' +
    TREND_NOTE,
  'r-free-by-year':
    '<p>How the R-free of released crystal structures changed over the years: the R-free of the entries released each year, the agreement of the model with reflections left out of refinement (lower is better).</p>' +
    TREND_NOTE,
  'molecular-weight-by-year':
    '<p>How the size of released structures changed over the years: the molecular weight in kilodaltons (kDa) of the entries released each year, all polymers and ligands of the deposited model together.</p>' +
    TREND_NOTE,
  'atom-count-by-year':
    '<p>How the size of released models changed over the years: the number of atoms deposited in the entries released each year.</p>' +
    TREND_NOTE,
  resolution:
    '<p>Entries by their combined resolution in ångström (Å): the resolution of the X-ray, EM or neutron experiment. Lower values mean finer detail. Each bin includes its lower bound and excludes its upper bound. NMR structures have no resolution and are not counted.</p>',
  'r-free':
    '<p>Entries by R-free, the agreement between a crystallographic model and the reflections left out of refinement, written as a fraction (0.25 is 25%). Lower values indicate a better fit. Only crystallographic entries report it.</p>',
  'molecular-weight-structure':
    '<p>Entries by the total molecular weight of the deposited model, in thousands of daltons (20k is 20,000 Da, i.e. 20 kDa).</p>',
  'molecular-weight-entity':
    '<p>Polymer entities by their formula weight, in thousands of daltons (5k is 5,000 Da). A polymer entity is one distinct chemical molecule of an entry; identical chains count once. The values count polymer entities, not entries.</p>',
  'molecular-weight-small-molecules': `<p>Small-molecule definitions of the ${link('https://www.wwpdb.org/data/ccd', 'Chemical Component Dictionary')} by formula weight, in daltons (Da).</p>`,
  'atom-count': '<p>Entries by the number of atoms in the deposited model.</p>',
  'residue-count':
    '<p>Entries by the number of polymer residues (amino acids and nucleotides) in the deposited model.</p>',
  taxonomy: `<p>Entries by the parent taxonomic group of their source organisms in the ${link('https://www.ncbi.nlm.nih.gov/taxonomy', 'NCBI Taxonomy')}: a superkingdom such as Eukaryota, Bacteria or Archaea for cellular organisms, a clade for viruses. An entry with molecules from several groups counts in each. The 25 largest groups are shown.</p><p>A group's bar opens the level below it: the source organisms of that group, each counting every entry with a molecule from that organism (25 most frequent shown). An organism is shown under the group its own molecules belong to, never under the group of another molecule in the same entry: a human antibody bound to a viral protein counts Homo sapiens under Eukaryota, not under the virus's group. The organisms are the last level, since the archive's search cannot tell which lineage names lie at which depth.</p>`,
  'space-group':
    '<p>Crystallographic entries by the space group of the crystal, in Hermann–Mauguin notation. The 25 most frequent space groups are shown.</p>',
  software:
    '<p>Entries by the software used for data collection, processing, phasing and refinement. An entry that names several programs counts under each. The 25 most used programs are shown.</p>',
  journal:
    '<p>Entries by the journal of their primary citation, as abbreviated in the archive. Entries whose primary citation is not yet published appear as "To be published". The 25 most frequent journals are shown.</p>',
  'structural-genomics-centers': `<p>Entries deposited by structural genomics centers, such as those of the ${link('https://www.nigms.nih.gov/Research/specificareas/PSI', 'Protein Structure Initiative')}. The 25 centers with the most entries are shown.</p>`,
  'enzyme-classification': `<p>Entries by the top-level ${link('https://enzyme.expasy.org', 'Enzyme Commission (EC)')} class of their polymer entities, such as transferases or hydrolases (lineage depth 1). An entry with enzymes of several classes counts in each.</p>`,
  'assembly-symmetry-distribution':
    '<p>Biological assemblies by the type of their global symmetry. The values count assemblies, not entries.</p>',
  'scop-classification': `<p>Entries by the top-level class (lineage depth 1) of the ${link('https://scop.berkeley.edu', 'SCOPe')} domains assigned to their chains, such as "All alpha proteins".</p>`,
  'unique-protein-sequences':
    '<p>Number of distinct protein sequence clusters among the protein entities of released structures, at the chosen sequence-identity cutoff. The annual view counts the clusters among the entities released that year (a cluster seen in earlier years counts again); the cumulative view counts the clusters among all entities released up to the end of the year. Distinct counts are approximate, so the numbers show the trend.</p>',
  'protein-domains': `<p>Protein entities of released structures with at least one domain annotation, per classification resource (${link('https://scop.berkeley.edu', 'SCOPe')}, ${link('http://prodata.swmed.edu/ecod/', 'ECOD')}, ${link('https://www.ebi.ac.uk/pdbe/scop/', 'SCOP2')}, ${link('https://www.cathdb.info', 'CATH')}). The values count polymer entities, not domains; an entity annotated by several resources counts once per resource.</p>${CUMULATIVE_NOTE}`,
  'integrative-input-data': `<p>Integrative structures by the types of input data combined to build them, such as crosslinking mass spectrometry, small-angle scattering or EM maps. See the ${link('https://pdb-ihm.org', 'PDB-IHM')} resource for these methods. A structure that used several data types counts under each.</p>`,
  'source-organism': `<p>Entries by the scientific name of the organism their molecules come from (${link('https://www.ncbi.nlm.nih.gov/taxonomy', 'NCBI Taxonomy')}), for molecules taken from a natural source, produced by genetic engineering, or synthesized. An entry with molecules of several organisms counts under each. The 25 most frequent organisms are shown.</p>`,
  'expression-organism':
    '<p>Entries by the host organism used to express their molecules, such as <em>Escherichia coli</em>. An entry counts under every host organism of its entities. The 25 most frequent hosts are shown.</p>',
  'polymer-entity-type':
    '<p>Polymer entities by polymer type: protein, DNA, RNA, DNA/RNA hybrids and others. The values count polymer entities.</p>',
  'release-date-distribution':
    '<p>Entries by initial release date, in five-year periods. Each period includes 31 December of its last year.</p>',
  'funding-countries':
    '<p>Entries by the country of the organisations that funded them, as the depositors declared it. An entry funded from several countries counts under each; one with several grants from a country counts once there. Funding has been declared since mid 2016, so most earlier entries, and some recent ones, declare none and are not counted.</p>',
};
