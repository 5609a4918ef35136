import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { CatalogueAttribute, ReturnType } from '@pdb-stats/search-model';
import { fullCounts, LEVELS, type DemoDocuments } from './documents.ts';
import { LevelFiles } from './level-files.ts';
import { isSnapshot, MANIFEST_FILE, validateManifest, type Manifest } from './manifest.ts';
import { DEMO_GENERATOR } from './version.ts';

/** Manifest fields a caller may set; counts always come from the rows written. */
export type ManifestExtras = Partial<Omit<Manifest, 'counts'>>;

/**
 * A snapshot being written in a temporary sibling folder, renamed into place only when complete, so
 * that an interrupted run never leaves a half snapshot where the service looks for one.
 */
export class SnapshotWriter {
  private constructor(
    readonly outDir: string,
    readonly workDir: string,
  ) {}

  static async open(outDir: string): Promise<SnapshotWriter> {
    const target = resolve(outDir);
    await assertReplaceable(target);
    await mkdir(dirname(target), { recursive: true });
    const workDir = join(dirname(target), `.${basename(target)}.tmp-${randomBytes(4).toString('hex')}`);
    await mkdir(workDir);
    return new SnapshotWriter(target, workDir);
  }

  /** NDJSON-then-Parquet files for some levels, inside the temporary folder. */
  levelFiles(
    levels: readonly ReturnType[] = LEVELS,
    attributes?: readonly CatalogueAttribute[],
  ): Promise<LevelFiles> {
    return LevelFiles.open(this.workDir, levels, attributes);
  }

  /** Writes the manifest (counts of every level) and moves the snapshot into place. */
  async complete(counts: Record<ReturnType, number>, extras: ManifestExtras = {}): Promise<Manifest> {
    try {
      const manifest = validateManifest({
        source: 'demo',
        demo: true,
        archive_date: new Date().toISOString().slice(0, 10),
        generated_at: new Date().toISOString(),
        generator: DEMO_GENERATOR,
        ...extras,
        counts,
      });
      await writeFile(join(this.workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      await moveIntoPlace(this.workDir, this.outDir);
      return manifest;
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  /** Drops the temporary folder. */
  async abort(): Promise<void> {
    await rm(this.workDir, { recursive: true, force: true });
  }
}

/** Only an absent or empty folder, or an earlier snapshot, may be replaced: never someone's other files. */
async function assertReplaceable(target: string): Promise<void> {
  const info = await stat(target).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new Error(`${target} exists and is not a folder`);
  if ((await readdir(target)).length === 0 || (await isSnapshot(target))) return;
  throw new Error(`${target} is neither empty nor an archive snapshot: refusing to replace it`);
}

async function moveIntoPlace(workDir: string, target: string): Promise<void> {
  await assertReplaceable(target);
  if (!(await stat(target).catch(() => null))) {
    await rename(workDir, target);
    return;
  }
  const old = `${workDir}-old`;
  await rename(target, old);
  await rename(workDir, target);
  await rm(old, { recursive: true, force: true });
}

/**
 * Writes documents held in memory as a snapshot. The archive date defaults to the latest release
 * date among the entries.
 */
export async function writeSnapshot(
  documents: DemoDocuments,
  outDir: string,
  manifestExtras: ManifestExtras = {},
): Promise<Manifest> {
  const writer = await SnapshotWriter.open(outDir);
  try {
    const files = await writer.levelFiles();
    await files.append(documents);
    await files.toParquet();
    const latest = documents.entry.reduce<string>((max, row) => {
      const date = row['rcsb_accession_info.initial_release_date'];
      return typeof date === 'string' && date > max ? date : max;
    }, '');
    return await writer.complete(fullCounts(files.counts), {
      ...(latest && { archive_date: latest }),
      ...manifestExtras,
    });
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
