import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  LEVEL_LINKS,
  RETURN_TYPES,
  heldAttributes,
  type CatalogueAttribute,
  type ReturnType,
} from '@pdb-stats/search-model';
import { parquetFileOf } from './documents.ts';
import { levelSources } from './level-sources.ts';
import { readManifest } from './manifest.ts';

/** What a snapshot's tables hold: their columns (name → DuckDB type) and the catalogue attributes. */
export interface SnapshotLayout {
  columns: Record<ReturnType, Map<string, string>>;
  held: CatalogueAttribute[];
}

/**
 * Reads the column layout of a snapshot's tables (their schemas only, not their rows): of its
 * Parquet files, or of the tables of its database files for a snapshot without them
 * (`levelSources`). An archive holds whatever attributes its columns carry; the keys, links and
 * `rcsb_id` are required.
 */
export async function readSnapshotLayout(dir: string): Promise<SnapshotLayout> {
  // A folder being written (an importer's, before its manifest) has its Parquet files.
  const tables = (await readManifest(dir).catch(() => undefined))?.tables;
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const sources = await levelSources(connection, dir, tables);
    const columns = {} as Record<ReturnType, Map<string, string>>;
    const held: CatalogueAttribute[] = [];
    for (const level of RETURN_TYPES) {
      const reader = await connection.runAndReadAll(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${sources.from[level]})`,
      );
      const levelColumns = new Map(reader.getRowsJS().map(([name, type]) => [String(name), String(type)]));
      const missing = ['_key', ...LEVEL_LINKS[level], 'rcsb_id'].filter((name) => !levelColumns.has(name));
      const table = sources.from[level].startsWith('read_parquet(')
        ? join(dir, parquetFileOf(level))
        : `the ${level} table of ${dir}`;
      if (missing.length > 0) throw new Error(`${table} lacks the required columns ${missing.join(', ')}`);
      columns[level] = levelColumns;
      held.push(...heldAttributes(level, levelColumns));
    }
    await sources.detach();
    return { columns, held };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
