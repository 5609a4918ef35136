import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReturnType } from '@pdb-stats/search-model';
import { DATABASE_PART, parquetFileOf } from './documents.ts';
import { readManifest, type Manifest } from './manifest.ts';
import { readSnapshotLayout, type SnapshotLayout } from './snapshot-layout.ts';

/** A snapshot folder checked for serving: its manifest, its tables' layout, and where each table is. */
export interface Snapshot {
  dir: string;
  manifest: Manifest;
  layout: SnapshotLayout;
  fileOf(level: ReturnType): string;
  /** The database files it carries (`databasePartOf`), if any, in name order. */
  databaseParts: string[];
}

/**
 * The one way to open a snapshot: the manifest validated, every level's Parquet schema read (an
 * archive holds what its columns carry). Errors name the folder and what is wrong.
 */
export async function openSnapshot(dir: string): Promise<Snapshot> {
  let manifest: Manifest;
  let layout: SnapshotLayout;
  try {
    manifest = await readManifest(dir);
    layout = await readSnapshotLayout(dir);
  } catch (error) {
    throw new Error(`${dir} is not a snapshot that can be served: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const databaseParts = (await readdir(dir))
    .filter((name) => DATABASE_PART.test(name))
    .sort()
    .map((name) => join(dir, name));
  return { dir, manifest, layout, fileOf: (level) => join(dir, parquetFileOf(level)), databaseParts };
}
