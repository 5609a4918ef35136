import { loadEnrichers as loadFromFolders } from './enrich/index.ts';
import type { ParsedCache } from './enrich/parsed-cache.ts';
import type { Enricher } from './enrich/types.ts';

export interface EnricherOptions {
  /** Folder of RCSB sequence cluster files `clusters-by-entity-NN.txt`. */
  clusters?: string;
  /** Folder of SIFTS summary files (`pdb_chain_uniprot.csv.gz`, `pdb_chain_enzyme.csv.gz`, ...). */
  sifts?: string;
  /** Folder holding `chem-comp-release-data-summary.json` (first release dates of components). */
  flat?: string;
}

/** The enrichers the options ask for, loaded from their flat files or their parsed forms in `cache`. */
export function loadEnrichers(options: EnricherOptions, cache?: ParsedCache): Promise<Enricher[]> {
  return loadFromFolders({
    ...(cache && { cache }),
    ...(options.clusters !== undefined && { clustersDir: options.clusters }),
    ...(options.sifts !== undefined && { siftsDir: options.sifts }),
    ...(options.flat !== undefined && { flatDir: options.flat }),
  });
}
