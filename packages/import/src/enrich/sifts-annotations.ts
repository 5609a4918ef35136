import type { ParsedCache } from './parsed-cache.ts';
import { readChainValues, type ChainValues } from './sifts-csv.ts';
import { addRecord, entitiesByChain, entryIdOf, instancesByChain } from './rows.ts';
import type { Enricher, EntryDocuments, Row } from './types.ts';

const PFAM_ID = /^PF\d{5}$/;
const SCOP_SUNID = /^\d+$/;
const CATH_DOMAIN = /^[0-9][a-z0-9]{3}\S+\d\d$/i;
const KEYS = ['type', 'annotation_id'];

/** Reads a SIFTS chain file whose records carry one identifier: (entry, chain) → identifiers. */
const readChainIdentifiers = (
  file: string,
  kind: string,
  column: string,
  pattern: RegExp,
  cache: ParsedCache | undefined,
) =>
  readChainValues(
    file,
    kind,
    column,
    (id) => (pattern.test(id) ? undefined : `not a ${kind} identifier`),
    cache,
  );

/**
 * Reads SIFTS `pdb_chain_pfam.csv(.gz)` (PDB, CHAIN, SP_PRIMARY, PFAM_ID, COVERAGE) and adds to each
 * polymer entity, through its chains, `rcsb_polymer_entity_annotation` records
 * `{ annotation_id: 'PF00042', type: 'Pfam' }`: no names (the file has none), no provenance (not in the
 * catalogue).
 */
export async function loadSiftsPfamEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { values, report } = await readChainIdentifiers(file, 'Pfam', 'PFAM_ID', PFAM_ID, cache);
  return {
    name: 'SIFTS Pfam',
    sources: [report],
    enrich(docs: EntryDocuments) {
      const entry = entryIdOf(docs);
      if (entry === undefined) return;
      const byChain = entitiesByChain(docs);
      values.forEach(entry, (chain, id) => {
        for (const entity of byChain.get(chain) ?? [])
          addRecord(entity, 'rcsb_polymer_entity_annotation', { annotation_id: id, type: 'Pfam' }, KEYS);
      });
    },
  };
}

/** Adds instance annotations of one type to the instances of an entry, by author chain id. */
function instanceAnnotator(type: string, values: ChainValues) {
  return (docs: EntryDocuments) => {
    const entry = entryIdOf(docs);
    if (entry === undefined) return;
    const byChain: Map<string, Row[]> = instancesByChain(docs);
    values.forEach(entry, (chain, id) => {
      for (const instance of byChain.get(chain) ?? [])
        addRecord(instance, 'rcsb_polymer_instance_annotation', { annotation_id: id, type }, KEYS);
    });
  };
}

/**
 * Reads SIFTS `pdb_chain_scop_uniprot.csv(.gz)` (PDB, CHAIN, SP_PRIMARY, SUNID, SCOP_ID) and adds to
 * each polymer instance `rcsb_polymer_instance_annotation` records `{ annotation_id: <SCOP sunid>,
 * type: 'SCOP' }`: no names or lineage, the file has none.
 */
export async function loadSiftsScopEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { values, report } = await readChainIdentifiers(file, 'SCOP', 'SUNID', SCOP_SUNID, cache);
  return { name: 'SIFTS SCOP', sources: [report], enrich: instanceAnnotator('SCOP', values) };
}

/**
 * Reads SIFTS `pdb_chain_cath_uniprot.csv(.gz)` (PDB, CHAIN, SP_PRIMARY, CATH_ID) and adds to each
 * polymer instance `rcsb_polymer_instance_annotation` records `{ annotation_id: <CATH domain id, e.g.
 * 4hhbA00>, type: 'CATH' }`: the file names domains, not CATH classes.
 */
export async function loadSiftsCathEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { values, report } = await readChainIdentifiers(file, 'CATH', 'CATH_ID', CATH_DOMAIN, cache);
  return { name: 'SIFTS CATH', sources: [report], enrich: instanceAnnotator('CATH', values) };
}
