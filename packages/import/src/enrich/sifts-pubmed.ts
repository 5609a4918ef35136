import { parsedOnce, type ParsedCache } from './parsed-cache.ts';
import { joinLines, readSiftsCsv, splitLines } from './sifts-csv.ts';
import { entryIdOf, isMissing } from './rows.ts';
import type { Enricher, EntryDocuments } from './types.ts';

const PUBMED = 'rcsb_primary_citation.pdbx_database_id_PubMed';
const INTEGER = /^\d+$/;

/**
 * Reads SIFTS `pdb_pubmed.csv(.gz)` (PDB, ORDINAL, PUBMED_ID; ordinal 0 is the primary citation) and
 * sets the entry's `rcsb_primary_citation.pdbx_database_id_PubMed` where the mmCIF file gave none.
 */
export async function loadSiftsPubmedEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const packed = await parsedOnce(cache, 'sifts-PubMed', [file], async () => {
    const primary = new Map<string, number>();
    const report = await readSiftsCsv(
      file,
      'PubMed',
      ['PDB', 'ORDINAL', 'PUBMED_ID'],
      ([entry, ordinal, id]) => {
        if (!INTEGER.test(ordinal ?? '')) return 'not a citation ordinal';
        if (!INTEGER.test(id ?? '') || Number(id) === 0) return 'not a PubMed id';
        if (ordinal === '0' && !primary.has(entry as string)) primary.set(entry as string, Number(id));
        return undefined;
      },
    );
    return { entries: joinLines([...primary.keys()]), ids: Float64Array.from(primary.values()), report };
  });
  const primary = new Map<string, number>();
  const entries = splitLines(packed.entries, packed.ids.length);
  for (let i = 0; i < entries.length; i++) primary.set(entries[i] as string, packed.ids[i] as number);
  const { report } = packed;

  return {
    name: 'SIFTS PubMed',
    sources: [report],
    enrich(docs: EntryDocuments) {
      const entry = entryIdOf(docs);
      const id = entry === undefined ? undefined : primary.get(entry);
      if (id !== undefined && isMissing(docs.entry[PUBMED])) docs.entry[PUBMED] = id;
    },
  };
}
