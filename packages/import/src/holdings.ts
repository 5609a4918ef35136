import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Discovery } from './discover.ts';
import { ImportError } from './errors.ts';
import { MMCIF_FILE } from './sources.ts';

/**
 * The wwPDB holdings files an import reads (`--holdings DIR`, as the wwPDB publishes them under
 * `pub/pdb/holdings/`): entries made obsolete, and entries withdrawn or not released yet. A file of
 * such an entry left in a mirror (one synced without `--delete`, or a copy) is not imported.
 */
export const HOLDINGS_FILES = ['all_removed_entries.json.gz', 'unreleased_entries.json.gz'] as const;

/** Entry ids (upper case) that are not in the released archive. */
export interface Holdings {
  removed: Set<string>;
  unreleased: Set<string>;
}

async function idsOf(dir: string, name: string): Promise<Set<string>> {
  const path = join(dir, name);
  let text: string;
  try {
    const bytes = await readFile(path);
    text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    throw new ImportError(`--holdings ${dir}: cannot read ${name} (${(error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`--holdings ${dir}: ${name} is not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ImportError(`--holdings ${dir}: ${name} is not an object keyed by entry id`);
  return new Set(Object.keys(parsed).map((id) => id.toUpperCase()));
}

export async function readHoldings(dir: string): Promise<Holdings> {
  const [removed, unreleased] = await Promise.all(HOLDINGS_FILES.map((name) => idsOf(dir, name)));
  return { removed: removed as Set<string>, unreleased: unreleased as Set<string> };
}

/** `1abc.cif.gz` and `pdb_00001abc.cif` → `1ABC`; other names (computed models) as they are. */
export function entryIdOfFile(name: string): string {
  const stem = (name.split('/').at(-1) ?? name).replace(MMCIF_FILE, '').toUpperCase();
  const extended = /^PDB_0000([0-9A-Z]{4})$/.exec(stem);
  return extended ? (extended[1] as string) : stem;
}

/**
 * Leaves out of the PDB files found those of entries the holdings say are obsolete or not released;
 * returns the names left out.
 */
export function withoutRemoved(found: Discovery, holdings: Holdings): string[] {
  const left: string[] = [];
  for (const shard of found.shards) {
    if (shard.kind !== 'pdb') continue;
    shard.names = shard.names.filter((name) => {
      const id = entryIdOfFile(name);
      const out = holdings.removed.has(id) || holdings.unreleased.has(id);
      if (out) left.push(name);
      return !out;
    });
  }
  found.files -= left.length;
  found.shards = found.shards.filter((shard) => shard.names.length > 0);
  return left;
}
