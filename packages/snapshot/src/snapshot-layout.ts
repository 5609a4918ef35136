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
import { quoteString } from './sql-text.ts';

/** What a snapshot's tables hold: their columns (name → DuckDB type) and the catalogue attributes. */
export interface SnapshotLayout {
  columns: Record<ReturnType, Map<string, string>>;
  held: CatalogueAttribute[];
}

/**
 * Reads the column layout of a snapshot's Parquet files (their schemas only, not their rows). An
 * archive holds whatever attributes its columns carry; the keys, links and `rcsb_id` are required.
 */
export async function readSnapshotLayout(dir: string): Promise<SnapshotLayout> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const columns = {} as Record<ReturnType, Map<string, string>>;
    const held: CatalogueAttribute[] = [];
    for (const level of RETURN_TYPES) {
      const file = join(dir, parquetFileOf(level));
      const reader = await connection.runAndReadAll(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet(${quoteString(file)}))`,
      );
      const levelColumns = new Map(reader.getRowsJS().map(([name, type]) => [String(name), String(type)]));
      const missing = ['_key', ...LEVEL_LINKS[level], 'rcsb_id'].filter((name) => !levelColumns.has(name));
      if (missing.length > 0) throw new Error(`${file} lacks the required columns ${missing.join(', ')}`);
      columns[level] = levelColumns;
      held.push(...heldAttributes(level, levelColumns));
    }
    return { columns, held };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
