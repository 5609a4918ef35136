import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, stat, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { isSnapshot } from './open-snapshot.ts';
import { isAlive } from './snapshot-lock.ts';

/**
 * How snapshots are published. The folder a user names (`--out`, `ARCHIVE_DIR`) is a symbolic link
 * to one complete version in `<folder>.snapshots/`; a new version is written in a temporary folder
 * there, fsynced, renamed to its final name, and the link is replaced with rename(2), so that at
 * every moment the folder opens as a complete snapshot, the old one or the new one.
 */
export const versionsOf = (outDir: string) => `${outDir}.snapshots`;

/** Version folders sort by the time they were published: `20261204T224004123Z-1a2b3c4d`. */
const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
/**
 * A database file the server was building when it stopped: `<name>.duckdb.<pid>.building[.wal]`,
 * the archive's tables or the charts' kept tables (`<name>.kept.duckdb.<pid>.building`).
 */
const BUILDING = /\.duckdb\.(\d+)\.building(\.wal)?$/;
/** A database file built beside a version: its tables' or its kept tables' (`<version>[.kept].duckdb[.wal]`). */
const DATABASE = /^(.*?)(?:\.kept)?\.duckdb(\.wal)?$/;
/** A server's mark on the version it serves: `<version>.served.<pid>`. */
const SERVED = /^(.*)\.served\.(\d+)$/;

/**
 * Marks the version folder `dir` as served by this process, so that no writer's cleanup removes it
 * while it is served (a server that has not switched yet may be a few versions behind); returns the
 * unmark. A folder that is not a published version (a plain snapshot folder) needs no mark.
 */
export async function markServed(dir: string): Promise<() => Promise<void>> {
  if (!VERSION.test(basename(dir))) return async () => undefined;
  const mark = `${dir}.served.${process.pid}`;
  try {
    await (await open(mark, 'w')).close();
  } catch {
    // A folder this process may not write: no writer of its own runs there.
    return async () => undefined;
  }
  return () => rm(mark, { force: true });
}

export function versionName(at = new Date()): string {
  return `${at.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

const hidden = (path: string, what: string) =>
  join(dirname(path), `.${basename(path)}.${what}-${randomBytes(4).toString('hex')}`);

/** The temporary folder a new version of `outDir` is written in, on the file system of its final place. */
export async function workFolder(outDir: string): Promise<string> {
  const versions = versionsOf(outDir);
  await mkdir(versions, { recursive: true });
  const dir = join(versions, `.tmp-${randomBytes(4).toString('hex')}`);
  await mkdir(dir);
  return dir;
}

/** Writes every file of a folder (recursively) and the folder itself to the disk. */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(path);
    else if (entry.isFile()) await syncPath(path);
  }
  await syncPath(dir);
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Publishes the complete snapshot in `workDir` as the new version of `outDir`; returns its folder. A
 * folder of the older layout (a snapshot in `outDir` itself) becomes the version before it.
 */
export async function publish(workDir: string, outDir: string): Promise<string> {
  await syncTree(workDir);
  const versions = versionsOf(outDir);
  const info = await lstat(outDir).catch(() => null);
  if (info?.isDirectory()) {
    // The one moment without a folder at `outDir`, once per archive: readers then take the newest version.
    if ((await readdir(outDir)).length === 0) await rmdir(outDir);
    else await rename(outDir, join(versions, versionName(new Date(Date.now() - 1))));
  }
  const target = join(versions, versionName());
  await rename(workDir, target);
  await syncPath(versions);
  await pointAt(outDir, target);
  return target;
}

/** Makes `outDir` a link to `target`, replacing the link there in one rename. */
async function pointAt(outDir: string, target: string): Promise<void> {
  const link = hidden(outDir, 'link');
  await symlink(relative(dirname(outDir), target), link);
  await rename(link, outDir);
  await syncPath(dirname(outDir));
}

async function versionFolders(outDir: string): Promise<string[]> {
  const names = await readdir(versionsOf(outDir)).catch(() => [] as string[]);
  return names.filter((name) => VERSION.test(name)).sort();
}

/**
 * The folder a server opens for `outDir`: the version its link names, or `outDir` itself when it is a
 * plain snapshot folder; when `outDir` is missing (a crash while an older layout was converted), the
 * newest complete version. Null when there is no snapshot at all.
 */
export async function servedSnapshot(outDir: string): Promise<string | null> {
  if (await isSnapshot(outDir)) return realpath(outDir);
  for (const name of (await versionFolders(outDir)).reverse()) {
    const dir = join(versionsOf(outDir), name);
    if (await isSnapshot(dir)) return dir;
  }
  return null;
}

/**
 * Removes what interrupted writers and builds left: temporary folders, database files being built by
 * processes that are gone, and versions older than the served one and the one before it, but for
 * those a live server marks as served (`markServed`). Repairs a missing link. Only the holder of the snapshot's
 * lock may call it. Returns the paths removed.
 */
export async function removeLeftovers(outDir: string): Promise<string[]> {
  const removed: string[] = [];
  const remove = async (path: string) => {
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  };
  const parent = dirname(outDir);
  const base = basename(outDir);
  const versions = versionsOf(outDir);
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    // Temporary folders and links of earlier writers of `outDir`, and its database files being built.
    if (name.startsWith(`.${base}.tmp-`) || name.startsWith(`.${base}.link-`))
      await remove(join(parent, name));
    const building = BUILDING.exec(name);
    const ours = name.startsWith(`${base}.duckdb.`) || name.startsWith(`${base}.kept.duckdb.`);
    if (building && ours && !isAlive(Number(building[1]))) await remove(join(parent, name));
  }
  const served = await servedSnapshot(outDir);
  const linked = await lstat(outDir).catch(() => null);
  if (served && !linked) await pointAt(outDir, served);
  if (!(await stat(versions).catch(() => null))) return removed;
  const all = await versionFolders(outDir);
  const current = served && dirname(served) === (await realpath(versions)) ? basename(served) : null;
  const kept = new Set<string>();
  // Versions a live server still serves, and the marks of servers that are gone.
  for (const name of await readdir(versions)) {
    const served = SERVED.exec(name);
    if (!served) continue;
    if (isAlive(Number(served[2]))) kept.add(served[1] as string);
    else await remove(join(versions, name));
  }
  if (current) {
    kept.add(current);
    const previous = all.filter((name) => name < current).at(-1);
    if (previous) kept.add(previous);
  }
  for (const name of await readdir(versions)) {
    const path = join(versions, name);
    const building = BUILDING.exec(name);
    if (name.startsWith('.tmp-')) await remove(path);
    else if (SERVED.test(name)) continue;
    else if (building) {
      if (!isAlive(Number(building[1]))) await remove(path);
    } else if (VERSION.test(name)) {
      if (!kept.has(name)) await remove(path);
    } else {
      const database = DATABASE.exec(name);
      if (database && VERSION.test(database[1] as string) && !kept.has(database[1] as string))
        await remove(path);
    }
  }
  // The database files of the older layout, beside a folder now linked to its versions.
  if (linked?.isSymbolicLink())
    for (const name of [
      `${base}.duckdb`,
      `${base}.duckdb.wal`,
      `${base}.kept.duckdb`,
      `${base}.kept.duckdb.wal`,
    ])
      if (await stat(join(parent, name)).catch(() => null)) await remove(join(parent, name));
  return removed;
}
