import { join } from 'node:path';
import type { ReturnType } from '@pdb-stats/search-model';
import { parquetFileOf } from './documents.ts';
import { readManifest, type Manifest } from './manifest.ts';
import { readSnapshotLayout, type SnapshotLayout } from './snapshot-layout.ts';

/** A snapshot folder checked for serving: its manifest, its tables' layout, and where each table is. */
export interface Snapshot {
  dir: string;
  manifest: Manifest;
  layout: SnapshotLayout;
  fileOf(level: ReturnType): string;
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
  return { dir, manifest, layout, fileOf: (level) => join(dir, parquetFileOf(level)) };
}
