import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A test's archive in a temporary folder of its own. */
export interface TempArchive {
  /** The archive's path, `archive` inside the temporary folder: write the snapshot here. */
  dir: string;
  /** Removes the temporary folder with everything in it. */
  remove(): Promise<void>;
}

/**
 * A fresh temporary folder `pdb-stats-<name>-XXXXXX` holding the path of a test's archive. The
 * archive is not the temporary folder itself, because an archive leaves files beside its folder: a
 * published snapshot is a link `archive` → `archive.snapshots/<version>` (see `versionsOf`), and a
 * server writes `archive.duckdb` and `archive.kept.duckdb` next to it. Removing the temporary folder
 * whole removes them all.
 */
export async function tempArchive(name: string): Promise<TempArchive> {
  const root = await mkdtemp(join(tmpdir(), `pdb-stats-${name}-`));
  return { dir: join(root, 'archive'), remove: () => rm(root, { recursive: true, force: true }) };
}
