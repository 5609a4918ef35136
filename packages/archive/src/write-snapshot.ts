import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ReturnType, SnapshotColumn } from '@pdb-stats/search-model';
import { columnsOf, LEVELS, parquetFileOf, type DemoDocuments, type Row } from './documents.ts';
import { isSnapshot, MANIFEST_FILE, validateManifest, type Manifest } from './manifest.ts';
import { DEMO_GENERATOR } from './version.ts';

/** Manifest fields a caller may set; counts always come from the rows written. */
export type ManifestExtras = Partial<Omit<Manifest, 'counts'>>;

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Serialises rows of one level as NDJSON with short keys (c0, c1, ...): the dotted column names would
 * otherwise make up most of the bytes DuckDB has to parse. Null values are left out (read back as NULL).
 */
class LevelEncoder {
  private readonly names: string[];
  private readonly prefixes: string[];

  constructor(readonly columns: SnapshotColumn[]) {
    this.names = columns.map((c) => c.name);
    this.prefixes = columns.map((_, i) => `"c${i}":`);
  }

  encode(rows: readonly Row[]): string {
    const parts: string[] = [];
    const { names, prefixes } = this;
    for (const row of rows) {
      let line = '{';
      let first = true;
      for (let i = 0; i < names.length; i++) {
        const value = row[names[i] as string];
        if (value === null || value === undefined) continue;
        line += (first ? '' : ',') + prefixes[i] + JSON.stringify(value);
        first = false;
      }
      parts.push(line + '}\n');
    }
    return parts.join('');
  }

  /** `SELECT c0 AS "_key", ... FROM read_json(...)` with the explicit snapshot types. */
  select(file: string): string {
    const types = this.columns.map((c, i) => `${sqlString(`c${i}`)}: ${sqlString(c.sqlType)}`).join(', ');
    const list = this.columns.map((c, i) => `${sqlName(`c${i}`)} AS ${sqlName(c.name)}`).join(', ');
    return `SELECT ${list} FROM read_json(${sqlString(file)}, format = 'newline_delimited', columns = {${types}})`;
  }
}

/**
 * Writes a snapshot in a temporary sibling folder, then renames it into place, so that an interrupted
 * run never leaves a half snapshot where the service looks for one.
 */
export class SnapshotWriter {
  private readonly encoders = new Map<ReturnType, LevelEncoder>();
  private readonly files = new Map<ReturnType, FileHandle>();
  private readonly counts: Record<ReturnType, number> = {
    entry: 0,
    polymer_entity: 0,
    non_polymer_entity: 0,
    polymer_instance: 0,
    assembly: 0,
    mol_definition: 0,
  };

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
    const writer = new SnapshotWriter(target, workDir);
    try {
      for (const level of LEVELS) {
        writer.encoders.set(level, new LevelEncoder(columnsOf(level)));
        writer.files.set(level, await open(writer.ndjson(level), 'w'));
      }
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return writer;
  }

  private ndjson(level: ReturnType): string {
    return join(this.workDir, `${level}.ndjson`);
  }

  /** Appends rows (any subset of levels). */
  async append(documents: Partial<DemoDocuments>): Promise<void> {
    for (const level of LEVELS) {
      const rows = documents[level];
      if (!rows?.length) continue;
      const text = (this.encoders.get(level) as LevelEncoder).encode(rows);
      await (this.files.get(level) as FileHandle).write(text);
      this.counts[level] += rows.length;
    }
  }

  /** Converts every level to Parquet, writes the manifest and moves the snapshot into place. */
  async finish(extras: ManifestExtras = {}, onProgress?: (message: string) => void): Promise<Manifest> {
    try {
      for (const file of this.files.values()) await file.close();
      this.files.clear();
      const instance = await DuckDBInstance.create(':memory:', { temp_directory: join(this.workDir, 'spill') });
      const connection = await instance.connect();
      try {
        for (const level of LEVELS) {
          const encoder = this.encoders.get(level) as LevelEncoder;
          const parquet = join(this.workDir, parquetFileOf(level));
          const started = Date.now();
          await connection.run(
            `COPY (${encoder.select(this.ndjson(level))}) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
          );
          await rm(this.ndjson(level));
          onProgress?.(
            `${parquetFileOf(level)}: ${this.counts[level].toLocaleString('en-US')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          );
        }
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
      await rm(join(this.workDir, 'spill'), { recursive: true, force: true });
      const manifest = validateManifest({
        source: 'demo',
        demo: true,
        archive_date: extras.archive_date ?? new Date().toISOString().slice(0, 10),
        generated_at: new Date().toISOString(),
        generator: DEMO_GENERATOR,
        ...extras,
        counts: { ...this.counts },
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
    for (const file of this.files.values()) await file.close().catch(() => undefined);
    this.files.clear();
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
  const existing = await stat(target).catch(() => null);
  if (!existing) {
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
    await writer.append(documents);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const latest = documents.entry.reduce<string>((max, row) => {
    const date = row['rcsb_accession_info.initial_release_date'];
    return typeof date === 'string' && date > max ? date : max;
  }, '');
  return writer.finish({ ...(latest && { archive_date: latest }), ...manifestExtras });
}
