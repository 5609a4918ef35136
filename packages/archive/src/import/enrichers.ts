import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadClusterEnricher } from './enrich/clusters.ts';
import { loadSiftsEnzymeEnricher } from './enrich/sifts-enzyme.ts';
import { loadSiftsUniprotEnricher } from './enrich/sifts-uniprot.ts';
import type { Enricher } from './enrich/types.ts';

export interface EnricherOptions {
  /** Folder of RCSB sequence cluster files `clusters-by-entity-NN.txt` (or one such file). */
  clusters?: string;
  /** Folder of SIFTS flat files (`pdb_chain_uniprot.csv(.gz)`, `pdb_chain_enzyme.csv(.gz)`). */
  sifts?: string;
}

export class EnricherSourceError extends Error {}

async function filesOf(option: string, dir: string, pattern: RegExp): Promise<string[]> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new EnricherSourceError(`${option} ${dir}: no such file or folder`);
  if (info.isFile()) return [dir];
  return (await readdir(dir))
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** The enrichers the options ask for, loaded from their flat files (UniProt before EC: SIFTS EC is a fallback). */
export async function loadEnrichers(options: EnricherOptions): Promise<Enricher[]> {
  const enrichers: Enricher[] = [];
  if (options.clusters !== undefined) {
    const files = await filesOf('--clusters', options.clusters, /^clusters-by-entity-\d+\.txt(\.gz)?$/);
    if (files.length === 0)
      throw new EnricherSourceError(`--clusters ${options.clusters}: no clusters-by-entity-NN.txt file`);
    enrichers.push(await loadClusterEnricher(files));
  }
  if (options.sifts !== undefined) {
    const files = await filesOf('--sifts', options.sifts, /^pdb_chain_(uniprot|enzyme)\.csv(\.gz)?$/);
    const uniprot = files.find((f) => /pdb_chain_uniprot\.csv(\.gz)?$/.test(f));
    const enzyme = files.find((f) => /pdb_chain_enzyme\.csv(\.gz)?$/.test(f));
    if (!uniprot && !enzyme)
      throw new EnricherSourceError(
        `--sifts ${options.sifts}: neither pdb_chain_uniprot.csv(.gz) nor pdb_chain_enzyme.csv(.gz) found`,
      );
    if (uniprot) enrichers.push(await loadSiftsUniprotEnricher(uniprot));
    if (enzyme) enrichers.push(await loadSiftsEnzymeEnricher(enzyme));
  }
  return enrichers;
}
