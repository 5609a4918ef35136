import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadChemCompReleaseEnricher } from './chem-comp-release.ts';
import { loadClusterEnricher } from './clusters.ts';
import { loadSiftsCathEnricher, loadSiftsPfamEnricher, loadSiftsScopEnricher } from './sifts-annotations.ts';
import { loadSiftsEnzymeEnricher } from './sifts-enzyme.ts';
import { loadSiftsPubmedEnricher } from './sifts-pubmed.ts';
import { loadSiftsUniprotEnricher } from './sifts-uniprot.ts';
import type { ParsedCache } from './parsed-cache.ts';
import { EnrichmentSourceError, type Enricher } from './types.ts';

export { loadChemCompReleaseEnricher } from './chem-comp-release.ts';
export { ParsedCache } from './parsed-cache.ts';
export { loadClusterEnricher } from './clusters.ts';
export { ecDepth, ecLineage, ecLineages, isEcNumber, type EcLineageRecord } from './ec.ts';
export { loadSiftsCathEnricher, loadSiftsPfamEnricher, loadSiftsScopEnricher } from './sifts-annotations.ts';
export { loadSiftsEnzymeEnricher } from './sifts-enzyme.ts';
export { loadSiftsPubmedEnricher } from './sifts-pubmed.ts';
export { loadSiftsUniprotEnricher } from './sifts-uniprot.ts';
export {
  EnrichmentSourceError,
  type Enricher,
  type EntryDocuments,
  type Row,
  type SourceReport,
} from './types.ts';

const CLUSTER_FILE = /^clusters-by-entity-\d+\.txt(\.gz)?$/;

/** The SIFTS summary files by their standard names (each `.csv.gz` or `.csv`), in loading order. */
const SIFTS_FILES: readonly [string, (file: string, cache?: ParsedCache) => Promise<Enricher>][] = [
  ['pdb_chain_uniprot', loadSiftsUniprotEnricher],
  ['pdb_chain_enzyme', loadSiftsEnzymeEnricher],
  ['pdb_chain_pfam', loadSiftsPfamEnricher],
  ['pdb_chain_scop_uniprot', loadSiftsScopEnricher],
  ['pdb_chain_cath_uniprot', loadSiftsCathEnricher],
  ['pdb_pubmed', loadSiftsPubmedEnricher],
];
const CHEM_COMP_RELEASE = 'chem-comp-release-data-summary.json';

async function filesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnrichmentSourceError(dir, code === 'ENOENT' ? 'folder not found' : `cannot be read (${code})`);
  }
}

export interface EnrichmentFolders {
  /** Holds `clusters-by-entity-NN.txt(.gz)` files (any identity levels). */
  clustersDir?: string;
  /** Holds SIFTS summary files: `pdb_chain_uniprot`, `pdb_chain_enzyme`, ... (`.csv.gz` or `.csv`). */
  siftsDir?: string;
  /** Holds `chem-comp-release-data-summary.json`. */
  flatDir?: string;
  /** Parsed forms of the files kept from earlier runs (re-used while the files are unchanged). */
  cache?: ParsedCache;
}

/**
 * Finds the enrichment files by their standard names in the folders given and loads them, one after
 * the other (or takes their parsed forms from `cache`). A folder holding none of the files expected
 * there is an error (a wrong path, most likely).
 */
export async function loadEnrichers(folders: EnrichmentFolders): Promise<Enricher[]> {
  const enrichers: Enricher[] = [];
  const { clustersDir, siftsDir, flatDir, cache } = folders;
  if (clustersDir !== undefined) {
    const names = (await filesOf(clustersDir)).filter((name) => CLUSTER_FILE.test(name)).sort();
    if (names.length === 0)
      throw new EnrichmentSourceError(
        clustersDir,
        'no sequence cluster file (clusters-by-entity-NN.txt) in it',
      );
    enrichers.push(
      await loadClusterEnricher(
        names.map((name) => join(clustersDir, name)),
        cache,
      ),
    );
  }
  if (siftsDir !== undefined) {
    const names = new Set(await filesOf(siftsDir));
    const before = enrichers.length;
    for (const [stem, load] of SIFTS_FILES) {
      const name = [`${stem}.csv.gz`, `${stem}.csv`].find((candidate) => names.has(candidate));
      if (name !== undefined) enrichers.push(await load(join(siftsDir, name), cache));
    }
    if (enrichers.length === before)
      throw new EnrichmentSourceError(
        siftsDir,
        `no SIFTS summary file in it (expected any of ${SIFTS_FILES.map(([stem]) => `${stem}.csv.gz`).join(', ')})`,
      );
  }
  if (flatDir !== undefined) {
    if (!(await filesOf(flatDir)).includes(CHEM_COMP_RELEASE))
      throw new EnrichmentSourceError(flatDir, `no ${CHEM_COMP_RELEASE} in it`);
    enrichers.push(await loadChemCompReleaseEnricher(join(flatDir, CHEM_COMP_RELEASE), cache));
  }
  return enrichers;
}
