import { readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CatalogueAttribute, ReturnType } from '@pdb-stats/search-model';
import { LevelFiles } from './level-files.ts';
import { MANIFEST_FILE, validateManifest, type Manifest } from './manifest.ts';
import { isSnapshot } from './open-snapshot.ts';
import { publish, removeLeftovers, versionsOf, workFolder } from './published.ts';
import { busyMessage, lockFileOf, SnapshotLock } from './snapshot-lock.ts';
import { DEMO_GENERATOR } from './version.ts';

/** Manifest fields a caller may set; counts always come from the rows written. */
export type ManifestExtras = Partial<Omit<Manifest, 'counts'>>;

export interface SnapshotWriterOptions {
  /** The error thrown when another live process writes the same snapshot (default: an Error). */
  busy?: (message: string) => Error;
}

/**
 * The one way a snapshot is written, by every writer (the demo generator, the importers): the
 * snapshot's lock is taken and the leftovers of interrupted runs removed; the files are written in a
 * temporary folder beside the published versions; `complete` writes the manifest, fsyncs and
 * publishes the version atomically; `close` drops whatever was not published and releases the lock.
 * An interrupted run never leaves a half snapshot where the service looks for one.
 */
export class SnapshotWriter {
  private readonly files: LevelFiles[] = [];
  /** The published version's folder, once complete. */
  published: string | null = null;

  private constructor(
    readonly outDir: string,
    readonly workDir: string,
    private readonly lock: SnapshotLock,
  ) {}

  static async open(outDir: string, options: SnapshotWriterOptions = {}): Promise<SnapshotWriter> {
    const target = resolve(outDir);
    const busy = options.busy ?? ((message: string) => new Error(message));
    const lock = await SnapshotLock.acquire(lockFileOf(target), (pid) => busy(busyMessage(target, pid)));
    try {
      await assertReplaceable(target);
      await removeLeftovers(target);
      return new SnapshotWriter(target, await workFolder(target), lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** NDJSON-then-Parquet files for some levels, inside the temporary folder; closed with the writer. */
  async levelFiles(
    levels: readonly ReturnType[],
    attributes: readonly CatalogueAttribute[],
  ): Promise<LevelFiles> {
    const files = await LevelFiles.open(this.workDir, levels, attributes);
    this.files.push(files);
    return files;
  }

  /** Writes the manifest (counts of every level), publishes the snapshot and removes older versions. */
  async complete(counts: Record<ReturnType, number>, extras: ManifestExtras = {}): Promise<Manifest> {
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
    await assertReplaceable(this.outDir);
    this.published = await publish(this.workDir, this.outDir);
    await removeLeftovers(this.outDir);
    return manifest;
  }

  /**
   * Drops the temporary folder if nothing was published (and the versions folder, when a first
   * snapshot failed and left it empty), and releases the lock. Always call it.
   */
  async close(): Promise<void> {
    for (const files of this.files) await files.close();
    try {
      if (!this.published) {
        await rm(this.workDir, { recursive: true, force: true });
        await rmdir(versionsOf(this.outDir)).catch(() => undefined);
      }
    } finally {
      await this.lock.release();
    }
  }
}

/** Only an absent or empty folder, a link, or an earlier snapshot may be replaced: never someone's other files. */
async function assertReplaceable(target: string): Promise<void> {
  const info = await stat(target).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new Error(`${target} exists and is not a folder`);
  if ((await readdir(target)).length === 0 || (await isSnapshot(target))) return;
  throw new Error(`${target} is neither empty nor an archive snapshot: refusing to replace it`);
}
