import { createHash } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { isAlive, quoteString } from '@pdb-stats/snapshot';
import { exists, KEPT_DATABASE } from './archive-database.ts';

/**
 * The kept derived tables saved in a DuckDB file beside the archive's database file, made on the
 * first start of a snapshot and read by later ones: `<version>.kept.duckdb` for `<version>.duckdb`.
 * The file is made aside (`<file>.<pid>.building`, found by the snapshot's cleanup as the archive's
 * database being built is) and renamed into place once every table is in it, so a file at its name
 * is always whole; servers sharing the archive each make their own and the last rename wins.
 */
export function keptFileOf(databaseFile: string): string {
  return `${databaseFile.replace(/\.duckdb$/, '')}.kept.duckdb`;
}

/** Bumped when what a saved file holds changes shape, so that older files are made again. */
const KEPT_FORMAT = 1;

/** Written last, once every kept table is made: a file without it (or another digest) is not used. */
const MARKER = '_kept';

/**
 * What a saved file must have been made from: the snapshot (see `digestOf`) and the kept tables'
 * names, which are digests of their statements (a change of the compiler or of the charts changes
 * them).
 */
export function keptDigest(snapshotDigest: string, names: readonly string[]): string {
  return createHash('sha1')
    .update(JSON.stringify([KEPT_FORMAT, snapshotDigest, [...names].sort()]))
    .digest('hex');
}

/** A kept table and its rows, as the marker of a saved file records them. */
export interface SavedTable {
  name: string;
  rows: number;
}

/** Where the kept tables of an engine are. */
export type KeptPlace =
  /** Read from a file saved by an earlier start: made already, attached read-only. */
  | { kind: 'read'; file: string; tables: SavedTable[] }
  /** Being made into `building`, renamed to `file` once all are made (`saveKept`). */
  | { kind: 'building'; file: string; building: string }
  /** In memory, made at every start, and why. */
  | { kind: 'memory'; why: string };

/** Files this process's engines are making now: another engine of it leaves them alone. */
const buildingHere = new Set<string>();

const BUILDING = /^(.*)\.(\d+)\.building(\.wal)?$/;

const removeFile = (path: string) => rm(path, { force: true }).catch(() => undefined);

/**
 * Removes what earlier makings of `file` left: a crash leaves its `.building` file, of a process
 * gone, or of this one when its pid was reused (none of this process's engines is making it).
 */
async function removeStale(file: string): Promise<void> {
  const dir = dirname(file);
  const name = basename(file);
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const building = BUILDING.exec(entry);
    if (!building || building[1] !== name) continue;
    const pid = Number(building[2]);
    const stale =
      pid === process.pid ? !buildingHere.has(join(dir, `${name}.${pid}.building`)) : !isAlive(pid);
    if (stale) await removeFile(join(dir, entry));
  }
}

/**
 * Attaches `file` as the kept database when it was saved with this digest, and returns its tables;
 * else (missing, damaged, incomplete, another digest) removes it and returns null.
 */
async function attachSaved(
  connection: DuckDBConnection,
  file: string,
  digest: string,
): Promise<SavedTable[] | null> {
  if (!(await exists(file))) return null;
  try {
    await connection.run(`ATTACH ${quoteString(file)} AS ${KEPT_DATABASE} (READ_ONLY)`);
    const reader = await connection.runAndReadAll(
      `SELECT digest, tables FROM ${KEPT_DATABASE}.main.${MARKER}`,
    );
    const [recorded, tables] = reader.getRowsJS()[0] ?? [];
    if (recorded === digest) return JSON.parse(String(tables)) as SavedTable[];
  } catch {
    // Damaged, or stopped before its marker was written: made again below.
  }
  await connection.run(`DETACH DATABASE IF EXISTS ${KEPT_DATABASE}`);
  // Another server reading it keeps its open file; this one renames its own into place.
  await removeFile(file);
  return null;
}

/**
 * Replaces the empty in-memory kept database the archive was attached with (`attachArchive`) by
 * the file saved for these kept tables (`file`, see `keptFileOf`) when there is one, else by a
 * file to make them into; where none can be written, leaves it in memory and says why. Only the
 * connection opening the engine may use the kept database meanwhile.
 */
export async function placeKept(
  connection: DuckDBConnection,
  file: string | undefined,
  digest: string,
): Promise<KeptPlace> {
  if (file === undefined) return { kind: 'memory', why: 'no database file' };
  await connection.run(`DETACH ${KEPT_DATABASE}`);
  await removeStale(file);
  const tables = await attachSaved(connection, file, digest);
  if (tables) return { kind: 'read', file, tables };
  const building = `${file}.${process.pid}.building`;
  let why: string | undefined;
  if (buildingHere.has(building)) why = `another engine of this process is making ${file}`;
  else
    try {
      await connection.run(`ATTACH ${quoteString(building)} AS ${KEPT_DATABASE}`);
      buildingHere.add(building);
      return { kind: 'building', file, building };
    } catch (error) {
      await removeFile(building);
      why = `cannot write ${building}: ${error instanceof Error ? error.message : String(error)}`;
    }
  await connection.run(`ATTACH ':memory:' AS ${KEPT_DATABASE} (COMPRESS)`);
  return { kind: 'memory', why };
}

/**
 * Saves the kept tables made into `place.building`: records the digest and the tables last, then,
 * while no statement runs (`exclusive`: the file is detached for a moment), writes it to the disk
 * and renames it into place, attached read-only again. A later start reads it instead of making
 * the tables; another server can attach it then (a file attached for writing is locked).
 */
export async function saveKept(
  connection: DuckDBConnection,
  place: Extract<KeptPlace, { kind: 'building' }>,
  digest: string,
  tables: readonly SavedTable[],
  exclusive: (work: () => Promise<void>) => Promise<void>,
): Promise<void> {
  await connection.run(
    `CREATE TABLE ${KEPT_DATABASE}.main.${MARKER} AS SELECT ${quoteString(digest)} AS digest, ${quoteString(JSON.stringify(tables))} AS tables`,
  );
  await exclusive(async () => {
    await connection.run(`CHECKPOINT ${KEPT_DATABASE}`);
    await connection.run(`DETACH ${KEPT_DATABASE}`);
    let at = place.building;
    try {
      // Checkpointed: its write-ahead log holds nothing.
      await removeFile(`${place.building}.wal`);
      await rename(place.building, place.file);
      at = place.file;
      buildingHere.delete(place.building);
    } finally {
      await connection.run(`ATTACH ${quoteString(at)} AS ${KEPT_DATABASE} (READ_ONLY)`);
    }
  });
}

/** Removes the file a closed engine was making and did not finish. */
export async function abandonKept(place: KeptPlace): Promise<void> {
  if (place.kind !== 'building' || !buildingHere.delete(place.building)) return;
  await removeFile(place.building);
  await removeFile(`${place.building}.wal`);
}

/**
 * Lets statements run together, or one piece of work alone: the kept database is detached for a
 * moment when its file is renamed into place, and no statement may look for its tables then.
 */
export class StatementGate {
  private running = 0;
  private shut?: Promise<void>;
  private drained?: () => void;

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.shut) await this.shut;
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) this.drained?.();
    }
  }

  /** Runs `work` once the statements running now have ended; those that come meanwhile wait. */
  async alone(work: () => Promise<void>): Promise<void> {
    while (this.shut) await this.shut;
    let open!: () => void;
    this.shut = new Promise((resolve) => (open = resolve));
    try {
      if (this.running > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = undefined;
      await work();
    } finally {
      this.shut = undefined;
      open();
    }
  }
}
