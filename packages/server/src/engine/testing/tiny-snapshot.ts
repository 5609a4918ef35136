import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_ATTRIBUTES } from '@pdb-stats/demo';
import {
  LEVEL_LINKS,
  RETURN_TYPES,
  snapshotColumns,
  type CatalogueAttribute,
  type ReturnType,
} from '@pdb-stats/search-model';
import { quoteName, quoteString } from '@pdb-stats/snapshot';
import { tempArchive } from '../../../../../test-support/temp-archive.ts';

/** A row of a level table by column name; `_key` defaults to the row's position. */
export type SnapshotRow = Record<string, unknown>;
export type SnapshotRows = Partial<Record<ReturnType, SnapshotRow[]>>;

/**
 * Writes a snapshot folder by hand, for tests: `manifest.json` and one Parquet file per level with
 * exactly the columns of `snapshotColumns` for `attributes`, the demo's by default (missing values are null). Rows travel as JSON Lines and
 * are typed by DuckDB's JSON reader with the contract's column types.
 */
export async function writeTinySnapshot(
  dir: string,
  rows: SnapshotRows,
  manifest: Record<string, unknown> = {},
  attributes: readonly CatalogueAttribute[] = DEMO_ATTRIBUTES,
): Promise<void> {
  // A valid manifest, with the given fields over the defaults.
  const counts = Object.fromEntries(RETURN_TYPES.map((level) => [level, rows[level]?.length ?? 0]));
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      source: 'test',
      demo: true,
      archive_date: '2026-01-01',
      generated_at: '2026-01-01T00:00:00Z',
      generator: 'tiny-snapshot',
      counts,
      ...manifest,
    }),
  );
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    for (const level of RETURN_TYPES) {
      const columns = snapshotColumns(level, LEVEL_LINKS[level], attributes);
      const table = quoteName(level);
      await connection.run(
        `CREATE TABLE ${table} (${columns.map((c) => `${quoteName(c.name)} ${c.sqlType}`).join(', ')})`,
      );
      const levelRows = (rows[level] ?? []).map((row, i) => ({ _key: i, ...row }));
      if (levelRows.length > 0) {
        const file = join(dir, `${level}.jsonl`);
        await writeFile(file, levelRows.map((row) => JSON.stringify(row)).join('\n'));
        const types = columns.map((c) => `${quoteString(c.name)}: ${quoteString(c.sqlType)}`).join(', ');
        await connection.run(
          `INSERT INTO ${table} SELECT ${columns.map((c) => quoteName(c.name)).join(', ')} FROM read_json(${quoteString(file)}, format = 'newline_delimited', columns = {${types}})`,
        );
        await rm(file);
      }
      await connection.run(`COPY ${table} TO ${quoteString(join(dir, `${level}.parquet`))} (FORMAT parquet)`);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * A tiny snapshot folder in a fresh temporary folder; `remove` deletes the temporary folder, with the
 * database files an engine saved beside the snapshot (`<dir>.duckdb`, `<dir>.kept.duckdb`).
 */
export async function tinySnapshot(
  rows: SnapshotRows,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const { dir, remove } = await tempArchive('tiny');
  await mkdir(dir);
  await writeTinySnapshot(dir, rows);
  return { dir, remove };
}
