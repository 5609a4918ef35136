import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntryDocuments, Row } from './types.ts';

/** A temporary folder for hand-written source files; `cleanup` removes it. */
export async function tempFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'pdb-stats-enrich-'));
  return {
    dir,
    /** Writes a file (gzipped when the name ends in .gz) and returns its path. */
    async write(name: string, text: string) {
      const file = join(dir, name);
      await writeFile(file, name.endsWith('.gz') ? gzipSync(text) : text);
      return file;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The documents of an entry, built by hand: `entities` maps entity id → author chain ids, one
 * instance per chain (label asym id = author chain id), e.g. `{ '1': ['A', 'C'], '2': ['B', 'D'] }`.
 */
export function entryDocuments(entryId: string, entities: Record<string, string[]>): EntryDocuments {
  const polymer_entity: Row[] = [];
  const polymer_instance: Row[] = [];
  for (const [entity, chains] of Object.entries(entities)) {
    polymer_entity.push({
      rcsb_id: `${entryId}_${entity}`,
      'rcsb_polymer_entity_container_identifiers.entry_id': entryId,
      'rcsb_polymer_entity_container_identifiers.entity_id': entity,
    });
    for (const chain of chains)
      polymer_instance.push({
        rcsb_id: `${entryId}.${chain}`,
        'rcsb_polymer_entity_instance_container_identifiers.entry_id': entryId,
        'rcsb_polymer_entity_instance_container_identifiers.entity_id': entity,
        'rcsb_polymer_entity_instance_container_identifiers.asym_id': chain,
        'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id': chain,
      });
  }
  return {
    entry: { rcsb_id: entryId },
    polymer_entity,
    polymer_instance,
    non_polymer_entity: [],
    assembly: [],
  };
}
