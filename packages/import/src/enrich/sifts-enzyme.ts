import { ecDepth, ecLineages, isEcNumber } from './ec.ts';
import type { ParsedCache } from './parsed-cache.ts';
import { readChainValues } from './sifts-csv.ts';
import { addRecord, entitiesByChain, entryIdOf, isMissing } from './rows.ts';
import type { Enricher, EntryDocuments, Row } from './types.ts';

const EC = 'rcsb_polymer_entity.pdbx_ec';
const LINEAGE = 'rcsb_polymer_entity.rcsb_ec_lineage';
const COMBINED = 'rcsb_polymer_entity.rcsb_enzyme_class_combined';

/** Whether the mmCIF file already gave the entity an EC number. */
function hasEc(entity: Row): boolean {
  return !isMissing(entity[EC]) || !isMissing(entity[LINEAGE]);
}

/**
 * Reads SIFTS `pdb_chain_enzyme.csv(.gz)` (PDB, CHAIN = author chain id, ACCESSION, EC_NUMBER) and,
 * for polymer entities the mmCIF file gave no EC number, sets `rcsb_polymer_entity.pdbx_ec` (comma
 * separated, as in mmCIF), the EC lineage ids of every depth (no names: the file has none) and
 * `rcsb_enzyme_class_combined` records. SIFTS takes the EC numbers from UniProt, hence the provenance.
 */
export async function loadSiftsEnzymeEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { values: numbers, report } = await readChainValues(
    file,
    'enzyme',
    'EC_NUMBER',
    (ec) => (isEcNumber(ec) ? undefined : 'not an EC number'),
    cache,
  );

  return {
    name: 'SIFTS enzyme',
    sources: [report],
    enrich(docs: EntryDocuments) {
      const entry = entryIdOf(docs);
      if (entry === undefined) return;
      const byChain = entitiesByChain(docs);
      const found = new Map<Row, string[]>();
      numbers.forEach(entry, (chain, ec) => {
        for (const entity of byChain.get(chain) ?? []) {
          if (hasEc(entity)) continue;
          const list = found.get(entity) ?? [];
          if (!list.includes(ec)) list.push(ec);
          found.set(entity, list);
        }
      });
      for (const [entity, ecs] of found) {
        entity[EC] = ecs.join(',');
        for (const record of ecLineages(ecs)) addRecord(entity, LINEAGE, { ...record }, ['id']);
        for (const ec of ecs)
          addRecord(entity, COMBINED, { ec, depth: ecDepth(ec), provenance_source: 'UniProt' }, ['ec']);
      }
    },
  };
}
