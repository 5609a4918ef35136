import { createHash } from 'node:crypto';
import { access, rename, rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { levelSources, quoteName, quoteString, type Snapshot } from '@pdb-stats/snapshot';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';

/** The attached database holding the archive's tables; connections find them through their search path. */
export const ARCHIVE_DATABASE = 'archive';

/**
 * The database of the derived tables kept while the archive is served: attached in memory,
 * compressed as the archive's tables are (about a tenth of the memory of the same rows in the
 * default database), and replaced by a file saved beside the archive's where one can be written
 * (see `placeKept`).
 */
export const KEPT_DATABASE = 'kept';

/**
 * Tables are read from the archive's databases, while the tables a connection creates (the derived
 * relations) go to the in-memory default database, or the kept ones to their own: the archive may
 * be attached read-only.
 */
function searchPath(databases: readonly string[]): string {
  const path = ['memory.main', `${KEPT_DATABASE}.main`, ...databases.map((d) => `${d}.main`)];
  return `SET search_path = ${quoteString(path.join(','))}`;
}

/** How the archive's tables were made ready, and the statement that makes a connection find them. */
export interface AttachedArchive {
  how: 'loaded' | 'built' | 'reused' | 'attached';
  searchPath: string;
}

/** Bumped when the tables of a database file change shape, so that older files are rebuilt. */
const FILE_VERSION = 1;

/** Whether a file is there (and can be seen by this process). */
export const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** What a database file was built from: the snapshot's manifest and its tables' columns. */
export function digestOf(snapshot: Snapshot): string {
  const columns = RETURN_TYPES.map((level) => [...snapshot.layout.columns[level]]);
  return createHash('sha1')
    .update(JSON.stringify([FILE_VERSION, snapshot.manifest, columns]))
    .digest('hex');
}

/** Copies each level's table from the snapshot's Parquet files, or from its database files without them. */
async function copyTables(connection: DuckDBConnection, database: string, snapshot: Snapshot): Promise<void> {
  const sources = await levelSources(connection, snapshot.dir, snapshot.manifest.tables, '_source');
  try {
    for (const level of RETURN_TYPES) {
      await connection.run(
        `CREATE TABLE ${quoteName(database)}.${quoteName(level)} AS SELECT * FROM ${sources.from[level]}`,
      );
      // Compressed table by table, so that the uncompressed copy of only one is held at a time.
      await connection.run(`CHECKPOINT ${quoteName(database)}`);
    }
  } finally {
    await sources.detach();
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

/** The type of each column of a table, as `SnapshotLayout` holds them. */
async function columnsOfTable(connection: DuckDBConnection, table: string): Promise<Map<string, string>> {
  const reader = await connection.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE ${table})`);
  return new Map(reader.getRowsJS().map(([name, type]) => [String(name), String(type)]));
}

const sameColumns = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([name, type]) => b.get(name) === type);

/**
 * Attaches the database files a snapshot carries (`Snapshot.databaseParts`), read-only, when
 * together they hold each level's table exactly once, with the columns of its Parquet file and the
 * manifest's count of rows; else detaches them and returns null (the snapshot is then served as
 * one without them).
 */
async function attachParts(connection: DuckDBConnection, snapshot: Snapshot): Promise<string[] | null> {
  const names = snapshot.databaseParts.map((_, i) => `${ARCHIVE_DATABASE}_${i + 1}`);
  const attached: string[] = [];
  try {
    for (const [i, part] of snapshot.databaseParts.entries()) {
      await connection.run(`ATTACH ${quoteString(part)} AS ${names[i]} (READ_ONLY)`);
      attached.push(names[i] as string);
    }
    const levelsHeld: string[] = [];
    for (const name of attached) {
      const reader = await connection.runAndReadAll(
        `SELECT table_name FROM duckdb_tables() WHERE database_name = ${quoteString(name)}`,
      );
      for (const [table] of reader.getRowsJS()) {
        const level = String(table) as ReturnType;
        const qualified = `${name}.${quoteName(level)}`;
        const count = await connection.runAndReadAll(`SELECT count(*) FROM ${qualified}`);
        const held =
          RETURN_TYPES.includes(level) &&
          Number(count.getRowsJS()[0]?.[0]) === snapshot.manifest.counts[level] &&
          sameColumns(await columnsOfTable(connection, qualified), snapshot.layout.columns[level]);
        if (!held) throw new Error(`${qualified} is not the snapshot's table`);
        levelsHeld.push(level);
      }
    }
    if (levelsHeld.length !== RETURN_TYPES.length || new Set(levelsHeld).size !== RETURN_TYPES.length)
      throw new Error('the database files do not hold every table once');
    return attached;
  } catch {
    for (const name of attached) await connection.run(`DETACH ${name}`).catch(() => undefined);
    return null;
  }
}

/**
 * Reads every block of the archive's tables once, found through the connection's search path.
 * DuckDB keeps them: no search waits for the disk, and the memory a server holds is the same after
 * start as after an hour of searches.
 */
async function readEveryBlock(connection: DuckDBConnection): Promise<void> {
  for (const level of RETURN_TYPES) await connection.run(`SELECT count(COLUMNS(*)) FROM ${quoteName(level)}`);
}

/**
 * Attaches the archive's tables, compressed with DuckDB's lightweight compression (a 250,000-entry
 * archive takes about 130 MB instead of 1.3 GB uncompressed).
 * - With a `file`: the database files the snapshot carries (the demo archive's), attached
 *   read-only as they are; else a database file built from the snapshot once, beside it, and
 *   attached read-only on later starts. Either way no table is loaded at start, several servers may
 *   share the files, and DuckDB reads their blocks as queries need them. A file built from another
 *   snapshot is rebuilt, written aside and renamed into place.
 * - Without, an in-memory database loaded from the Parquet files at every start (from the database
 *   files, attached read-only while they are copied, for a snapshot without Parquet files).
 */
export async function attachArchive(
  connection: DuckDBConnection,
  snapshot: Snapshot,
  file?: string,
): Promise<AttachedArchive> {
  await connection.run(`ATTACH ':memory:' AS ${KEPT_DATABASE} (COMPRESS)`);
  if (file === undefined) {
    await connection.run(`ATTACH ':memory:' AS ${ARCHIVE_DATABASE} (COMPRESS)`);
    await copyTables(connection, ARCHIVE_DATABASE, snapshot);
    return { how: 'loaded', searchPath: searchPath([ARCHIVE_DATABASE]) };
  }
  const parts = snapshot.databaseParts.length > 0 ? await attachParts(connection, snapshot) : null;
  if (parts) {
    await connection.run(searchPath(parts));
    await readEveryBlock(connection);
    return { how: 'attached', searchPath: searchPath(parts) };
  }
  // Without Parquet files, the database files are the only copy of the rows: nothing to build from.
  if (!snapshot.parquet)
    throw new Error(
      `${snapshot.dir}: its database files do not hold the tables its manifest counts, and it has no Parquet files to build them from`,
    );
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
  await connection.run(searchPath([ARCHIVE_DATABASE]));
  await readEveryBlock(connection);
  return { how: reused ? 'reused' : 'built', searchPath: searchPath([ARCHIVE_DATABASE]) };
}
