/** Names of the top classes of two classifications the catalogue's lineage attributes hold. */

/**
 * The seven classes of the Enzyme Commission nomenclature, as the archive's EC lineages name them at
 * depth 1 (the bars of the top level): fixed by the nomenclature, so a top-level bar's name tells its
 * number without asking the archive.
 */
export const EC_CLASS_NAMES: Readonly<Record<string, string>> = {
  '1': 'Oxidoreductases',
  '2': 'Transferases',
  '3': 'Hydrolases',
  '4': 'Lyases',
  '5': 'Isomerases',
  '6': 'Ligases',
  '7': 'Translocases',
};

/**
 * The SCOP classes by sunid, as the archive's SCOP lineages name them at depth 1 (the bars of the top
 * level): fixed by SCOP 1.75 and SCOPe, so a top-level bar's name tells its sunid without asking the
 * archive. Class i ("Low resolution protein structures") is left out: the real files the project
 * is tested against carry SCOP domain sunids only (no class rows), and its Data API schema lists no
 * classes, so its sunid is not confirmed here; its bar is drawn and opens no level (`childOf`).
 */
export const SCOP_CLASS_NAMES: Readonly<Record<string, string>> = {
  '46456': 'All alpha proteins',
  '48724': 'All beta proteins',
  '51349': 'Alpha and beta proteins (a/b)',
  '53931': 'Alpha and beta proteins (a+b)',
  '56572': 'Multi-domain proteins (alpha and beta)',
  '56835': 'Membrane and cell surface proteins and peptides',
  '56992': 'Small proteins',
  '57942': 'Coiled coil proteins',
  '58231': 'Peptides',
  '58788': 'Designed proteins',
};
