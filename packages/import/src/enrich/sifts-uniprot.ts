import type { ParsedCache } from './parsed-cache.ts';
import { readChainValues } from './sifts-csv.ts';
import { addRecord, addValues, entitiesByChain, entryIdOf } from './rows.ts';
import type { Enricher, EntryDocuments, Row } from './types.ts';

// UniProtKB accession format (6 or 10 characters), optionally with an isoform suffix.
const ACCESSION = /^([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2})(-\d+)?$/;
const IDS = 'rcsb_polymer_entity_container_identifiers';

/**
 * Reads SIFTS `pdb_chain_uniprot.csv(.gz)` (PDB, CHAIN = author chain id, SP_PRIMARY, ...) and adds
 * to each polymer entity, through its chains: its UniProt accessions (`uniprot_ids`), reference
 * sequence identifiers `{ database_name: 'UniProt', database_accession }` and group memberships
 * `{ group_id: <accession>, aggregation_method: 'matching_uniprot_accession' }` (no similarity cutoff:
 * RCSB sets none for this kind of group). RCSB also records the provenance (SIFTS), but the catalogue
 * has no such field here.
 */
export async function loadSiftsUniprotEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { values: accessions, report } = await readChainValues(
    file,
    'UniProt',
    'SP_PRIMARY',
    (acc) => (ACCESSION.test(acc) ? undefined : 'not a UniProt accession'),
    cache,
  );

  return {
    name: 'SIFTS UniProt',
    sources: [report],
    enrich(docs: EntryDocuments) {
      const entry = entryIdOf(docs);
      if (entry === undefined) return;
      const byChain = entitiesByChain(docs);
      const found = new Map<Row, Set<string>>();
      accessions.forEach(entry, (chain, accession) => {
        for (const entity of byChain.get(chain) ?? []) {
          const set = found.get(entity) ?? new Set<string>();
          set.add(accession);
          found.set(entity, set);
        }
      });
      for (const [entity, set] of found) {
        const sorted = [...set].sort();
        addValues(entity, `${IDS}.uniprot_ids`, sorted);
        for (const accession of sorted) {
          addRecord(
            entity,
            `${IDS}.reference_sequence_identifiers`,
            { database_name: 'UniProt', database_accession: accession },
            ['database_name', 'database_accession'],
          );
          addRecord(
            entity,
            'rcsb_polymer_entity_group_membership',
            { group_id: accession, aggregation_method: 'matching_uniprot_accession' },
            ['group_id', 'aggregation_method'],
          );
        }
      }
    },
  };
}
