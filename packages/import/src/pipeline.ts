import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { CatalogueAttribute, ReturnType } from '@pdb-stats/search-model';
import {
  fullCounts,
  LEVELS,
  narrowedColumns,
  readManifest,
  readSnapshotLayout,
  type Row,
  type LevelFiles,
  type Manifest,
  SnapshotWriter,
} from '@pdb-stats/snapshot';
import packageJson from '../package.json' with { type: 'json' };
import { IMPORT_ATTRIBUTES } from './attributes.ts';
import { chartSupport, type ChartNeeds, type ChartSupport } from './chart-support.ts';
import { ImportAbortedError, ImportError } from './errors.ts';
import { discover, statShard } from './discover.ts';
import { readHoldings, withoutRemoved } from './holdings.ts';
import { loadEnrichers, type EnricherOptions } from './enrichers.ts';
import type { Enricher, EntryDocuments } from './enrich/types.ts';
import {
  attributesOfCarriedRows,
  CarryOver,
  enricherFingerprint,
  readCarryRecord,
  removeCarryRecord,
  writeCarryRecord,
  type CarriedFile,
  type CarryRecord,
} from './carry-over.ts';
import { writeDataApiColumns, type DataApiColumns } from './data-api-columns.ts';
import { ParsedCache } from './enrich/parsed-cache.ts';
import {
  cacheLine,
  documentsOf,
  ENRICHER_FOLDER,
  ImportCache,
  parserSignature,
  type CachedFile,
} from './incremental.ts';
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
  /**
   * Folder of the wwPDB holdings files (`all_removed_entries.json.gz`, `unreleased_entries.json.gz`):
   * files of entries they name as obsolete or not released are left out.
   */
  holdings?: string;
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
  /** The dashboard's charts, for the summary's "charts this archive can draw"; default none. */
  charts?: readonly ChartNeeds[];
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
    /** Unchanged since the published snapshot: its rows carried over from it (counted in `reused` too). */
    carried: number;
    bad: number;
    /** Files under the sources that are not .cif or .cif.gz. */
    ignored: number;
    /** Files of an earlier run that are gone (in groups that still hold files). */
    removed: number;
    /** Groups of an earlier run with no file left. */
    removedShards: number;
    /** Files of entries the holdings name as obsolete or not released, left out (`holdings`). */
    notReleased: number;
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
  files: {
    name: string;
    path: string;
    size: number;
    mtimeMs: number;
    cached?: CachedFile;
    outcome?: ParseOutcome;
    /** The entry id, when the published snapshot holds this file's rows unchanged. */
    carried?: string;
  }[];
  vanished: string[];
}

/**
 * Imports wwPDB mmCIF files as an archive snapshot: files are parsed on worker threads, shard by shard
 * (bounded look-ahead, so memory does not grow with the archive), enrichers and link keys applied on this
 * thread, rows streamed to NDJSON and converted to Parquet by DuckDB. The snapshot's writer holds its
 * lock for the whole run (the parse cache is the snapshot's too) and publishes it only when complete.
 * Bad files are reported and skipped (fatal with `strict`).
 */
export async function importMmcif(options: ImportOptions): Promise<ImportSummary> {
  const outDir = resolve(options.outDir);
  // Opened first: a second import, or an output folder that may not be replaced, is refused at once.
  const writer = await SnapshotWriter.open(outDir, { busy: (message) => new ImportError(message) });
  try {
    return await importInto(options, writer);
  } finally {
    await writer.close();
  }
}

async function importInto(options: ImportOptions, writer: SnapshotWriter): Promise<ImportSummary> {
  const { outDir } = writer;
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
  const notReleased = options.holdings ? withoutRemoved(found, await readHoldings(options.holdings)) : [];
  emit({
    type: 'message',
    message: `${found.files.toLocaleString('en-US')} mmCIF files in ${found.shards.length.toLocaleString('en-US')} groups${
      options.holdings
        ? ` (${notReleased.length.toLocaleString('en-US')} more, of entries the holdings name obsolete or not released, left out${notReleased.length ? `: ${notReleased.slice(0, 3).join(', ')}${notReleased.length > 3 ? ', …' : ''}` : ''})`
        : ''
    }`,
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
  let pool: ParsePool | undefined;
  try {
    const parsedForms = await ParsedCache.open(join(cache.dir, ENRICHER_FOLDER));
    const enrichers = await loadEnrichers(options, parsedForms);
    await parsedForms.prune();
    const enricherSeconds = clock();
    for (const enricher of enrichers) emit({ type: 'message', message: `enricher ${enricher.name} loaded` });
    if (enrichers.length > 0)
      emit({
        type: 'message',
        message: `enricher files: ${parsedForms.counts.reused} unchanged (their parsed form re-used), ${parsedForms.counts.parsed} parsed`,
      });
    const fingerprint = await enricherFingerprint(enrichers);
    const carry = cache.fresh ? null : await readCarryRecord(cache.dir, outDir, fingerprint);
    emit({
      type: 'message',
      message: carry
        ? `unchanged entries are carried over from ${carry.snapshot}`
        : 'every entry is written from its file or the parse cache (no snapshot of this cache and these enricher files to carry rows from)',
    });
    // Until this run publishes and records its own, no snapshot matches the record.
    await removeCarryRecord(cache.dir);
    pool = lazyParsePool({ threads, parserModule });
    const files = await writer.levelFiles(LEVELS, attributes);
    const state = new ImportState(files, enrichers, attributes, options, emit, found.files, carry);
    await state.run(found.shards, pool, cache);
    const usedThreads = pool.threads;
    await pool.close();
    const rowSeconds = clock();
    pool = undefined;
    const removedShards = await cache.prune(found.shards.map((s) => s.key));
    if (options.signal?.aborted) throw new ImportAbortedError();
    emit({ type: 'message', message: 'writing Parquet tables' });
    const carryOver = await state.carryOver(writer.workDir, attributes);
    const filled = state.rows.coverage.filledAttributes();
    await files.toParquet({
      attributes: filled,
      onProgress: (message) => emit({ type: 'message', message }),
      ...(carryOver && {
        prepare: (sql) => carryOver.prepare(sql),
        query: (level, select) => carryOver.query(level, select),
      }),
    });
    if (carry && carryOver) await keepDataApiColumns(carry, writer.workDir, filled, state.fresh.length, emit);
    const latestRelease = [state.rows.latestRelease, carryOver?.latestRelease ?? ''].reduce((a, b) =>
      a > b ? a : b,
    );
    if (options.signal?.aborted) throw new ImportAbortedError();
    const parquetSeconds = clock();
    const manifest = await writer.complete(fullCounts(files.counts), {
      // The pages show `source`; `sources` names every input.
      source: 'wwPDB mmCIF files',
      sources: [...describeSources(sources, enrichers), ...(options.holdings ? ['wwPDB holdings'] : [])],
      demo: false,
      archive_date: latestRelease || new Date().toISOString().slice(0, 10),
      generator: IMPORT_GENERATOR,
    });
    if (writer.published)
      await writeCarryRecord(cache.dir, basename(writer.published), fingerprint, state.record);
    return {
      outDir,
      manifest,
      files: {
        found: found.files,
        parsed: state.parsed,
        reused: state.reused,
        carried: state.carriedCount,
        bad: state.bad,
        removed: state.removed,
        ignored: found.ignored,
        removedShards,
        notReleased: notReleased.length,
      },
      badFiles: state.badFiles,
      counts: manifest.counts,
      attributes: state.rows.coverage.counts(),
      charts: chartSupport(filled, options.charts ?? []),
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
  } finally {
    await pool?.close();
  }
}

/**
 * Records, in the snapshot being written, the Data API's columns it carried over from the previous
 * one (`rcsb-api --into` asks for them again, for the entries this run wrote without them).
 */
async function keepDataApiColumns(
  carry: CarryRecord,
  workDir: string,
  filled: readonly CatalogueAttribute[],
  written: number,
  emit: (event: ImportEvent) => void,
): Promise<void> {
  const columns: DataApiColumns['columns'] = {};
  let count = 0;
  for (const [level, names] of Object.entries(carry.dataApi) as [ReturnType, string[]][]) {
    const present = new Set(narrowedColumns(level, filled).map((c) => c.name));
    const kept = names.filter((name) => present.has(name));
    if (kept.length > 0) columns[level] = kept;
    count += kept.length;
  }
  if (count === 0) return;
  await writeDataApiColumns(workDir, { columns });
  emit({
    type: 'message',
    message: `${count} columns of the Data API carried over for the unchanged entries${
      written > 0
        ? `; the ${written.toLocaleString('en-US')} entries written from their files have none: run rcsb-api --into again`
        : ''
    }`,
  });
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
    /** The files of the published snapshot whose rows may be carried over, if any. */
    private readonly carry: CarryRecord | null = null,
  ) {
    this.rows = new SnapshotRows(files, attributes, enrichers);
  }

  /** Files carried over from the published snapshot. */
  carriedCount = 0;
  /** The entry files of the snapshot being written, for the next run's carry-over. */
  readonly record: CarryRecord['shards'] = {};
  /** Entries in write order: the next one's final key. */
  private entries = 0;
  private readonly carried: { id: string; key: number }[] = [];
  /** Entries written from their file or the parse cache in this run. */
  readonly fresh: { written: number; key: number }[] = [];

  private remember(shard: Shard, file: ShardResult['files'][number], id: string, written: boolean): void {
    const files = (this.record[shard.key] ??= {});
    files[file.name] = [file.size, file.mtimeMs, id, written] satisfies CarriedFile;
  }

  /**
   * The SQL that adds the carried rows to the tables, or null when none was carried; the attributes
   * the carried rows give a value to count as filled (not all the previous snapshot held: its removed
   * and changed entries may have held the last values of some).
   */
  async carryOver(workDir: string, attributes: readonly CatalogueAttribute[]): Promise<CarryOver | null> {
    if (!this.carry || this.carried.length === 0) return null;
    const layout = await readSnapshotLayout(this.carry.snapshot);
    const held = new Set(
      layout.held.filter((a) => a.level !== 'mol_definition').map((a) => `${a.level}:${a.path}`),
    );
    const filled = new Set(this.rows.coverage.filledAttributes());
    const previousEntries = (await readManifest(this.carry.snapshot)).counts.entry ?? 0;
    this.rows.coverage.include(
      await attributesOfCarriedRows(
        this.carry.snapshot,
        this.carried.map((c) => c.id),
        previousEntries,
        layout.columns,
        attributes.filter((a) => held.has(`${a.level}:${a.path}`) && !filled.has(a)),
      ),
    );
    return new CarryOver(
      this.carry.snapshot,
      workDir,
      this.carried,
      this.fresh,
      this.rows.componentKeys,
      layout.columns,
      this.rows.coverage.filledAttributes(),
    );
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
    const { files, vanished } = await statShard(shard);
    const result: ShardResult = { shard, files: [], vanished };
    const present = new Set(files.map((f) => f.name));
    // Entry files the published snapshot took as they are now: their rows are carried over.
    const record = isComponentKind(shard.kind) ? undefined : this.carry?.shards[shard.key];
    const carriedId = (file: { name: string; size: number; mtimeMs: number }) => {
      const known = record?.[file.name];
      return known && known[0] === file.size && known[1] === file.mtimeMs && known[3] ? known[2] : undefined;
    };
    if (
      record &&
      files.every((file) => carriedId(file) !== undefined) &&
      Object.keys(record).every((name) => present.has(name))
    ) {
      // Nothing changed in this group: its parse cache is neither read nor rewritten.
      for (const file of files)
        result.files.push({
          name: file.name,
          path: file.path,
          size: file.size,
          mtimeMs: file.mtimeMs,
          carried: carriedId(file) as string,
        });
      return result;
    }
    const cached = await cache.read(shard.key);
    for (const name of cached.keys()) if (!present.has(name)) this.removed++;
    let changed = cached.size !== files.length;
    const parses: Promise<void>[] = [];
    for (const file of files) {
      const hit = cached.get(file.name);
      const item: ShardResult['files'][number] = {
        name: file.name,
        path: file.path,
        size: file.size,
        mtimeMs: file.mtimeMs,
      };
      const id = carriedId(file);
      if (id !== undefined) item.carried = id;
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
      if (file.carried !== undefined && !file.outcome) {
        this.reused++;
        this.carriedCount++;
        const written = this.firstReads(file.path, [{ rcsb_id: file.carried }]).length > 0;
        if (written) this.carried.push({ id: file.carried, key: this.entries++ });
        this.remember(result.shard, file, file.carried, written);
        this.emit({ type: 'progress', done: this.done, total: this.total, bytes: this.doneBytes });
        continue;
      }
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
      else {
        const entry = (docs as EntryDocuments).entry;
        const written = this.firstReads(file.path, [entry]).length > 0;
        if (written) {
          this.rows.addEntry(docs as EntryDocuments);
          this.fresh.push({ written: entry._key as number, key: this.entries++ });
        }
        this.remember(result.shard, file, String(entry.rcsb_id), written);
      }
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
