/** Where the files of an import come from, and how their contents are read. */

/** Entry files (parsed to entry documents) or component files (parsed to mol_definition rows). */
export type SourceKind = 'pdb' | 'ihm' | 'csm' | 'ccd' | 'bird';

export const isComponentKind = (kind: SourceKind): boolean => kind === 'ccd' || kind === 'bird';

/** Human names of the sources, for the manifest and the summary. */
export const SOURCE_NAMES: Record<SourceKind, string> = {
  pdb: 'PDB',
  ihm: 'PDB-IHM',
  csm: 'computed models',
  ccd: 'CCD',
  bird: 'BIRD',
};

/** A folder (or a single file) of mmCIF files of one kind. */
export interface Source {
  kind: SourceKind;
  root: string;
}

/** One mmCIF file found under a source. */
export interface SourceFile {
  kind: SourceKind;
  /** Absolute path. */
  path: string;
  /** Path relative to the source root (the cache key inside a shard). */
  name: string;
  size: number;
  mtimeMs: number;
}

/** Files of one folder that share the two middle characters of their id (the wwPDB `divided` rule). */
export interface Shard {
  kind: SourceKind;
  /** Stable across runs: `<kind>/<folder relative to the root>/<xy>`. */
  key: string;
  /** Absolute folder. */
  dir: string;
  /** File names inside `dir`, sorted. */
  names: string[];
}

export const MMCIF_FILE = /\.cif(\.gz)?$/i;

/**
 * The two characters the wwPDB divides its archive by: `1abc` -> `ab`, `pdb_00001abc` -> `ab`. Other
 * names (computed models, components) get the two characters before the last one, so that a flat folder
 * of a whole archive still splits into small groups.
 */
export function shardOf(fileName: string): string {
  const stem = fileName.replace(MMCIF_FILE, '').toLowerCase();
  if (stem.length <= 2) return '_';
  return stem.length === 4 ? stem.slice(1, 3) : stem.slice(-3, -1);
}
