import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { CatalogueAttribute, ReturnType } from '@pdb-stats/search-model';
import packageJson from '../../package.json' with { type: 'json' };
import { fullCounts, LEVELS, type Row } from '../documents.ts';
import { LevelFiles } from '../level-files.ts';
import type { Manifest } from '../manifest.ts';
import { SnapshotWriter } from '../write-snapshot.ts';
import { IMPORT_ATTRIBUTES } from './attributes.ts';
import { chartSupport, type ChartSupport } from './chart-support.ts';
import { ImportAbortedError, ImportError } from './errors.ts';
import { lockSnapshot } from './lock.ts';
import { discover, statShard } from './discover.ts';
import { loadEnrichers, type EnricherOptions } from './enrichers.ts';
import type { Enricher, EntryDocuments } from './enrich/types.ts';
import { cacheLine, documentsOf, ImportCache, parserSignature, type CachedFile } from './incremental.ts';
import { DEFAULT_PARSER_MODULE, type ParseOutcome } from './parse-file.ts';
import { lazyParsePool, type ParsePool } from './pool.ts';
import { isComponentKind, SOURCE_NAMES, type Shard, type Source, type SourceKind } from './sources.ts';
import { SnapshotRows } from './snapshot-rows.ts';

export { ImportAbortedError, ImportError };

export const IMPORT_GENERATOR = `pdb-statistics mmcif-import ${packageJson.version}`;

export interface ImportOptions extends EnricherOptions {
  /** wwPDB entries: the `divided/<xy>/` tree or a flat folder of `.cif` / `.cif.gz`. */
  from?: string;
  /** Integrative structures (PDB-IHM). */
  ihm?: string;
  /** Computed structure models (AlphaFold DB, ModelArchive). */
  csm?: string;
  /** Chemical Component Dictionary: `components.cif(.gz)` or a folder of one file per component. */
  ccd?: string;
  /** BIRD definitions (folder). */
  bird?: string;
  outDir: string;
  /** Per-file parse cache for re-runs; default `<outDir>.import-cache` beside the snapshot. */
  cacheDir?: string;
  /** The first bad file ends the import. */
  strict?: boolean;
  /** Parser threads; 0 parses on the calling thread. Default: the machine's cores. */
  workers?: number;
  /** Module exporting parseEntry and parseComponents (tests inject small ones). */
  parserModule?: string;
  /** Catalogue the snapshot's columns come from. */
  attributes?: readonly CatalogueAttribute[];
  onEvent?: (event: ImportEvent) => void;
  signal?: AbortSignal;
}

export type ImportEvent =
  | { type: 'message'; message: string }
  | { type: 'bad-file'; file: string; reason: string }
  | { type: 'progress'; done: number; total: number; bytes: number; label?: string };

export interface BadFile {
  file: string;
  reason: string;
}

export interface ImportSummary {
  outDir: string;
  manifest: Manifest;
  files: {
    found: number;
    /** Read and parsed in this run. */
    parsed: number;
    /** Unchanged since an earlier run: taken from the cache. */
    reused: number;
    bad: number;
    /** Files under the sources that are not .cif or .cif.gz. */
    ignored: number;
    /** Files of an earlier run that are gone (in groups that still hold files). */
    removed: number;
    /** Groups of an earlier run with no file left. */
    removedShards: number;
  };
  /** The bad files (the first 1,000). */
  badFiles: BadFile[];
  counts: Record<ReturnType, number>;
  attributes: { structure: { filled: number; total: number }; chemical: { filled: number; total: number } };
  /** The dashboard's charts the snapshot can draw. */
  charts: ChartSupport;
  /** Bytes of the files parsed in this run, as stored and decompressed. */
  bytes: { compressed: number; decompressed: number };
  seconds: number;
  /** Time per step: loading enrichers, listing files, parsing and writing rows, writing Parquet. */
  phases: { enrichers: number; discovery: number; rows: number; parquet: number };
  threads: number;
}

/** Seconds since the previous call (or since it was made). */
function phaseClock(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const seconds = (now - last) / 1000;
    last = now;
    return seconds;
  };
}

const MAX_BAD_LISTED = 1000;

function sourcesOf(options: ImportOptions): Source[] {
  // Components first: their mol_definition keys must be known when non-polymer entities are written.
  const order: [SourceKind, string | undefined][] = [
    ['ccd', options.ccd],
    ['bird', options.bird],
    ['pdb', options.from],
    ['ihm', options.ihm],
    ['csm', options.csm],
  ];
  return order
    .filter(([, root]) => root !== undefined)
    .map(([kind, root]) => ({ kind, root: root as string }));
}

/** Every input of the import, for the manifest: the file sources, then the enrichers. */
export function describeSources(sources: readonly Source[], enrichers: readonly Enricher[]): string[] {
  return [...sources.map((s) => SOURCE_NAMES[s.kind]), ...enrichers.map((e) => e.name)];
}

/** The files of one shard once parsed or found in the cache, in name order. */
interface ShardResult {
  shard: Shard;
  files: { name: string; path: string; size: number; cached?: CachedFile; outcome?: ParseOutcome }[];
  vanished: string[];
}

/**
 * Imports wwPDB mmCIF files as an archive snapshot: files are parsed on worker threads, shard by shard
 * (bounded look-ahead, so memory does not grow with the archive), enrichers and link keys applied on this
 * thread, rows streamed to NDJSON and converted to Parquet by DuckDB. The snapshot is written aside and
 * renamed into place only when complete. Bad files are reported and skipped (fatal with `strict`).
 */
export async function importMmcif(options: ImportOptions): Promise<ImportSummary> {
  const outDir = resolve(options.outDir);
  const lock = await lockSnapshot(outDir);
  try {
    return await importUnlocked(options, outDir);
  } finally {
    await lock.release();
  }
}

async function importUnlocked(options: ImportOptions, outDir: string): Promise<ImportSummary> {
  const started = performance.now();
  const emit = options.onEvent ?? (() => {});
  const attributes = options.attributes ?? IMPORT_ATTRIBUTES;
  const sources = sourcesOf(options);
  if (!sources.some((s) => !isComponentKind(s.kind))) {
    throw new ImportError('no entry files to import: give --from, --ihm or --csm');
  }
  const parserModule = options.parserModule ?? DEFAULT_PARSER_MODULE;
  const clock = phaseClock();
  const found = await discover(sources);
  emit({
    type: 'message',
    message: `${found.files.toLocaleString('en-US')} mmCIF files in ${found.shards.length.toLocaleString('en-US')} groups`,
  });
  const cache = await ImportCache.open(
    options.cacheDir ?? `${outDir}.import-cache`,
    await parserSignature(
      parserModule,
      attributes.map((a) => `${a.level}:${a.path}`),
    ),
  );
  if (cache.fresh)
    emit({
      type: 'message',
      message: `parse cache ${cache.dir}: empty, or made by another parser version (every file is parsed)`,
    });
  const threads = options.workers ?? availableParallelism();
  const discoverySeconds = clock();
  // Opened before the enrichers load: an output folder that may not be replaced is refused at once.
  const writer = await SnapshotWriter.open(outDir);
  let pool: ParsePool | undefined;
  let files: LevelFiles | undefined;
  try {
    const enrichers = await loadEnrichers(options);
    const enricherSeconds = clock();
    for (const enricher of enrichers) emit({ type: 'message', message: `enricher ${enricher.name} loaded` });
    pool = lazyParsePool({ threads, parserModule });
    files = await LevelFiles.open(writer.workDir, LEVELS, attributes);
    const state = new ImportState(files, enrichers, attributes, options, emit, found.files);
    await state.run(found.shards, pool, cache);
    const usedThreads = pool.threads;
    await pool.close();
    const rowSeconds = clock();
    pool = undefined;
    const removedShards = await cache.prune(found.shards.map((s) => s.key));
    if (options.signal?.aborted) throw new ImportAbortedError();
    emit({ type: 'message', message: 'writing Parquet tables' });
    const filled = state.rows.coverage.filledAttributes();
    await files.toParquet({
      attributes: filled,
      onProgress: (message) => emit({ type: 'message', message }),
    });
    if (options.signal?.aborted) throw new ImportAbortedError();
    const parquetSeconds = clock();
    const manifest = await writer.complete(fullCounts(files.counts), {
      // The pages show `source`; `sources` names every input.
      source: 'wwPDB mmCIF files',
      sources: describeSources(sources, enrichers),
      demo: false,
      archive_date: state.rows.latestRelease || new Date().toISOString().slice(0, 10),
      generator: IMPORT_GENERATOR,
    });
    return {
      outDir,
      manifest,
      files: {
        found: found.files,
        parsed: state.parsed,
        reused: state.reused,
        bad: state.bad,
        removed: state.removed,
        ignored: found.ignored,
        removedShards,
      },
      badFiles: state.badFiles,
      counts: manifest.counts,
      attributes: state.rows.coverage.counts(),
      charts: chartSupport(filled),
      bytes: { compressed: state.compressed, decompressed: state.decompressed },
      seconds: (performance.now() - started) / 1000,
      phases: {
        enrichers: enricherSeconds,
        discovery: discoverySeconds,
        rows: rowSeconds,
        parquet: parquetSeconds,
      },
      threads: usedThreads,
    };
  } catch (error) {
    await pool?.close();
    await files?.close();
    await writer.abort();
    throw error;
  }
}

/** The running import: counters, the rows written, and the shard loop. */
class ImportState {
  parsed = 0;
  reused = 0;
  removed = 0;
  bad = 0;
  compressed = 0;
  decompressed = 0;
  readonly badFiles: BadFile[] = [];
  readonly rows: SnapshotRows;
  private done = 0;
  private doneBytes = 0;

  constructor(
    files: LevelFiles,
    enrichers: readonly Enricher[],
    attributes: readonly CatalogueAttribute[],
    private readonly options: ImportOptions,
    private readonly emit: (event: ImportEvent) => void,
    private readonly total: number,
  ) {
    this.rows = new SnapshotRows(files, attributes, enrichers);
  }

  private checkAborted(): void {
    if (this.options.signal?.aborted) throw new ImportAbortedError();
  }

  /** Shards are loaded ahead (parsing on the pool) while earlier ones are written, in order. */
  async run(shards: readonly Shard[], pool: ParsePool, cache: ImportCache): Promise<void> {
    const window = Math.max(64, (this.options.workers ?? availableParallelism()) * 16);
    const ahead: { files: number; result: Promise<ShardResult> }[] = [];
    let pending = 0;
    let next = 0;
    this.emit({ type: 'progress', done: 0, total: this.total, bytes: 0 });
    const fill = () => {
      while (next < shards.length && (ahead.length === 0 || pending < window)) {
        const shard = shards[next++] as Shard;
        const result = this.load(shard, pool, cache);
        result.catch(() => undefined); // awaited in order below
        ahead.push({ files: shard.names.length, result });
        pending += shard.names.length;
      }
    };
    fill();
    while (ahead.length > 0) {
      const { files, result } = ahead.shift() as { files: number; result: Promise<ShardResult> };
      const loaded = await result;
      pending -= files;
      this.checkAborted();
      fill();
      await this.write(loaded);
    }
    await this.rows.flush();
  }

  private async load(shard: Shard, pool: ParsePool, cache: ImportCache): Promise<ShardResult> {
    const [{ files, vanished }, cached] = await Promise.all([statShard(shard), cache.read(shard.key)]);
    const result: ShardResult = { shard, files: [], vanished };
    const present = new Set(files.map((f) => f.name));
    for (const name of cached.keys()) if (!present.has(name)) this.removed++;
    let changed = cached.size !== files.length;
    const parses: Promise<void>[] = [];
    for (const file of files) {
      const hit = cached.get(file.name);
      const item: ShardResult['files'][number] = { name: file.name, path: file.path, size: file.size };
      result.files.push(item);
      if (hit && hit.size === file.size && hit.mtimeMs === file.mtimeMs) {
        item.cached = hit;
        continue;
      }
      changed = true;
      parses.push(
        pool.parse({ path: file.path, kind: file.kind }).then((outcome) => {
          item.outcome = outcome;
          if (outcome.ok)
            item.cached = {
              size: file.size,
              mtimeMs: file.mtimeMs,
              line: cacheLine(file.name, file.size, file.mtimeMs, outcome.json),
            };
        }),
      );
    }
    await Promise.all(parses);
    if (changed) {
      await cache.write(
        shard.key,
        result.files.flatMap((f) => (f.cached ? [f.cached.line] : [])),
      );
    }
    return result;
  }

  private reportBad(file: string, reason: string): void {
    this.bad++;
    if (this.badFiles.length < MAX_BAD_LISTED) this.badFiles.push({ file, reason });
    this.emit({ type: 'bad-file', file, reason });
    if (this.options.strict)
      throw new ImportError(`${file}: ${reason} (--strict: stopping at the first bad file)`);
  }

  private async write(result: ShardResult): Promise<void> {
    const component = isComponentKind(result.shard.kind);
    for (const name of result.vanished)
      this.reportBad(`${result.shard.dir}/${name}`, 'vanished while importing');
    for (const file of result.files) {
      this.done++;
      this.doneBytes += file.size;
      if (file.outcome) {
        this.compressed += file.size;
        this.decompressed += file.outcome.bytes;
        if (!file.outcome.ok) {
          this.reportBad(file.path, file.outcome.reason);
          continue;
        }
        this.parsed++;
      } else this.reused++;
      const docs = documentsOf(file.cached as CachedFile);
      if (component) this.rows.addComponents(this.firstReads(file.path, docs as Row[]));
      else if (this.firstReads(file.path, [(docs as EntryDocuments).entry]).length > 0)
        this.rows.addEntry(docs as EntryDocuments);
      this.emit({ type: 'progress', done: this.done, total: this.total, bytes: this.doneBytes });
    }
    await this.rows.flushIfFull();
  }

  /** Where each identifier was first read: the first file wins, as the archive holds one of each. */
  private readonly firstFile = new Map<string, string>();

  /**
   * The rows whose identifier no earlier file gave; the others are reported (an entry both as
   * `.cif` and `.cif.gz`, or in two sources; a component in the dictionary and a file of its own).
   */
  private firstReads(path: string, rows: Row[]): Row[] {
    const repeated: string[] = [];
    const fresh = rows.filter((row) => {
      const id = String(row.rcsb_id);
      const first = this.firstFile.get(id);
      if (first === undefined) this.firstFile.set(id, path);
      else repeated.push(`${id} (first read from ${first})`);
      return first === undefined;
    });
    if (repeated.length > 0)
      this.reportBad(
        path,
        `already imported, left out: ${repeated.slice(0, 5).join(', ')}${repeated.length > 5 ? ` and ${repeated.length - 5} more` : ''}`,
      );
    return fresh;
  }
}
