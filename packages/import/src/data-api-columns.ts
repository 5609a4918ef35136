import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';

/**
 * A snapshot's record of the columns the Data API filled (`rcsb-api --into`), kept beside its
 * manifest. The mmCIF import carries these columns over for unchanged entries (a changed or new entry
 * has no value there until the next `--into`, which asks the Data API for them again for every entry,
 * its spool answering for the unchanged ones). `base` names the version whose rows, keys and files
 * these are: the mmCIF import's version an enrichment was made from (absent: the snapshot's own).
 */
export const DATA_API_COLUMNS_FILE = 'data-api-columns.json';

export interface DataApiColumns {
  base?: string;
  columns: Partial<Record<ReturnType, string[]>>;
}

/** The record of a snapshot version folder, or null when it has none (or an unreadable one). */
export async function readDataApiColumns(dir: string): Promise<DataApiColumns | null> {
  const parsed = await readFile(join(dir, DATA_API_COLUMNS_FILE), 'utf8')
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => null);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { base, columns } = parsed as Record<string, unknown>;
  if (base !== undefined && typeof base !== 'string') return null;
  if (typeof columns !== 'object' || columns === null) return null;
  const levels: DataApiColumns['columns'] = {};
  for (const [level, names] of Object.entries(columns)) {
    if (!RETURN_TYPES.includes(level as ReturnType)) return null;
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) return null;
    levels[level as ReturnType] = names as string[];
  }
  return { ...(base !== undefined && { base }), columns: levels };
}

/** Writes the record into a version folder being written (fsynced: it is published with the folder). */
export async function writeDataApiColumns(dir: string, record: DataApiColumns): Promise<void> {
  const file = join(dir, DATA_API_COLUMNS_FILE);
  const handle = await open(`${file}.tmp`, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(record, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(`${file}.tmp`, file);
}
