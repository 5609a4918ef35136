import { lockFileOf, removeLeftovers, servedSnapshot, SnapshotLock } from '@pdb-stats/snapshot';

class LockBusy extends Error {}

/**
 * Removes the leftovers of interrupted imports and database builds of the archive `archiveDir`,
 * under its lock; skipped while another process writes it (that process cleans up itself).
 * Returns the paths removed.
 */
export async function cleanArchive(archiveDir: string): Promise<string[]> {
  let lock: SnapshotLock;
  try {
    lock = await SnapshotLock.acquire(lockFileOf(archiveDir), () => new LockBusy());
  } catch (error) {
    if (error instanceof LockBusy) return [];
    throw error;
  }
  try {
    return await removeLeftovers(archiveDir);
  } finally {
    await lock.release();
  }
}

/**
 * The snapshot folder to serve for `archiveDir` (the version its link names, or the folder itself),
 * resolved once so that a later publish never changes the files under an open engine.
 */
export async function snapshotToServe(archiveDir: string): Promise<string> {
  const dir = await servedSnapshot(archiveDir);
  if (!dir)
    throw new Error(
      `ARCHIVE_DIR ${archiveDir} is not an archive snapshot (manifest.json and one Parquet file per level)`,
    );
  return dir;
}
