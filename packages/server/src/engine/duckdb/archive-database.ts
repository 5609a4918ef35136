import { createHash } from 'node:crypto';
import { access, rename, rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteName, quoteString, type Snapshot } from '@pdb-stats/snapshot';
import { RETURN_TYPES } from '@pdb-stats/search-model';

/** The attached database holding the archive's tables; connections find them through their search path. */
export const ARCHIVE_DATABASE = 'archive';

/**
 * Tables are read from the archive database, while the tables a connection creates (the derived
 * relations) go to the in-memory default database: the archive may be attached read-only.
 */
export const SEARCH_PATH = `SET search_path = 'memory.main,${ARCHIVE_DATABASE}.main'`;

/** Bumped when the tables of a database file change shape, so that older files are rebuilt. */
const FILE_VERSION = 1;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** What a database file was built from: the snapshot's manifest and its tables' columns. */
function digestOf(snapshot: Snapshot): string {
  const columns = RETURN_TYPES.map((level) => [...snapshot.layout.columns[level]]);
  return createHash('sha1')
    .update(JSON.stringify([FILE_VERSION, snapshot.manifest, columns]))
    .digest('hex');
}

async function copyTables(connection: DuckDBConnection, database: string, snapshot: Snapshot): Promise<void> {
  for (const level of RETURN_TYPES) {
    await connection.run(
      `CREATE TABLE ${quoteName(database)}.${quoteName(level)} AS SELECT * FROM read_parquet(${quoteString(snapshot.fileOf(level))})`,
    );
    // Compressed table by table, so that the uncompressed copy of only one is held at a time.
    await connection.run(`CHECKPOINT ${quoteName(database)}`);
  }
}

/** True when `file` is a database built from this snapshot (a damaged or older file is not). */
async function holdsSnapshot(connection: DuckDBConnection, file: string, digest: string): Promise<boolean> {
  if (!(await exists(file))) return false;
  try {
    await connection.run(`ATTACH ${quoteString(file)} AS _check (READ_ONLY)`);
    try {
      const reader = await connection.runAndReadAll('SELECT digest FROM _check._snapshot');
      return reader.getRowsJS()[0]?.[0] === digest;
    } finally {
      await connection.run('DETACH _check');
    }
  } catch {
    return false;
  }
}

/**
 * Attaches the archive's tables as the `archive` database, compressed with DuckDB's lightweight
 * compression (a 250,000-entry archive takes about 130 MB instead of 1.3 GB uncompressed).
 * - With a `file`, a database file built from the snapshot once, beside it, and attached read-only
 *   on later starts: no table is loaded at start, several servers may share it, and DuckDB reads
 *   its blocks as queries need them. A file built from another snapshot is rebuilt, written aside
 *   and renamed into place.
 * - Without, an in-memory database loaded from the Parquet files at every start.
 */
export async function attachArchive(
  connection: DuckDBConnection,
  snapshot: Snapshot,
  file?: string,
): Promise<'loaded' | 'built' | 'reused'> {
  if (file === undefined) {
    await connection.run(`ATTACH ':memory:' AS ${ARCHIVE_DATABASE} (COMPRESS)`);
    await copyTables(connection, ARCHIVE_DATABASE, snapshot);
    return 'loaded';
  }
  const digest = digestOf(snapshot);
  const reused = await holdsSnapshot(connection, file, digest);
  if (!reused) {
    const building = `${file}.${process.pid}.building`;
    await rm(building, { force: true });
    try {
      await connection.run(`ATTACH ${quoteString(building)} AS _build`);
      await copyTables(connection, '_build', snapshot);
      await connection.run(`CREATE TABLE _build._snapshot AS SELECT ${quoteString(digest)} AS digest`);
      await connection.run('DETACH _build');
      await rename(building, file);
    } catch (error) {
      await connection.run('DETACH DATABASE IF EXISTS _build').catch(() => undefined);
      await rm(building, { force: true });
      await rm(`${building}.wal`, { force: true });
      throw error;
    }
  }
  await connection.run(`ATTACH ${quoteString(file)} AS ${ARCHIVE_DATABASE} (READ_ONLY)`);
  // Every block read once now (DuckDB keeps them): no search waits for the disk, and the memory a
  // server holds is the same after start as after an hour of searches.
  for (const level of RETURN_TYPES)
    await connection.run(`SELECT count(COLUMNS(*)) FROM ${ARCHIVE_DATABASE}.${quoteName(level)}`);
  return reused ? 'reused' : 'built';
}
