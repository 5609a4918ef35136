import { copyFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  LEVEL_LINKS,
  metadataCounts,
  storageOf,
  type CatalogueAttribute,
  type ReturnType,
} from '@pdb-stats/search-model';
import {
  fullCounts,
  LEVELS,
  MANIFEST_FILE,
  openSnapshot,
  parquetFileOf,
  quoteName,
  quoteString,
  readSnapshotLayout,
  servedSnapshot,
  type Manifest,
  type Snapshot,
} from '@pdb-stats/snapshot';
import {
  DATA_API_COLUMNS_FILE,
  readDataApiColumns,
  writeDataApiColumns,
  type DataApiColumns,
} from '../data-api-columns.ts';
import { ImportError } from '../pipeline.ts';

/** What a merge made: the new layout's attributes, the row counts, and how rows were found by id. */
export interface MergeOutcome {
  held: CatalogueAttribute[];
  counts: Record<ReturnType, number>;
  /** Columns taken from the Data API, all levels together. */
  columns: number;
  /** Per level that took columns: its rows, and how many of them the Data API served by id. */
  matched: Partial<Record<ReturnType, { rows: number; found: number }>>;
}

const columnKey = (level: ReturnType, column: string) => `${level}\u0000${column}`;

/** Filled and total public attributes (distinct paths) of a list of held attributes, as a summary says them. */
export function attributeCounts(held: readonly CatalogueAttribute[], all?: readonly CatalogueAttribute[]) {
  const filled = metadataCounts(held);
  const total = metadataCounts(all ?? held);
  return {
    structure: { filled: filled.structure, total: Math.max(total.structure, filled.structure) },
    chemical: { filled: filled.chemical, total: Math.max(total.chemical, filled.chemical) },
  };
}

async function columnsOfFile(connection: DuckDBConnection, file: string): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${quoteString(file)}))`,
  );
  return reader.getRowsJS().map(([name]) => String(name));
}

/**
 * A published snapshot that a Data API import enriches (`--into`): which attributes it lacks, its
 * entries, and the merge of the Data API's rows into its own by identifier. Its rows stay its rows
 * (keys, links, values): the Data API's values only fill the columns it does not hold, or holds in
 * part (a nested record some of whose fields it lacks is taken whole, so that one source's records
 * stay together).
 */
export class SnapshotToEnrich {
  /** Level and column of each column asked of the Data API. */
  private readonly asked = new Set<string>();

  private constructor(
    private readonly snapshot: Snapshot,
    /** The columns an earlier enrichment filled: asked again, for the entries changed since. */
    private readonly earlier: DataApiColumns | null,
  ) {}

  static async open(outDir: string): Promise<SnapshotToEnrich> {
    const dir = await servedSnapshot(outDir);
    if (!dir) throw new ImportError(`--into ${outDir}: not an archive snapshot to enrich`);
    let snapshot: Snapshot;
    try {
      snapshot = await openSnapshot(dir);
    } catch (error) {
      throw new ImportError(`--into ${outDir}: ${(error as Error).message}`);
    }
    // Its rows are read from the Parquet files, which a server's own demo archive does not have.
    if (!snapshot.parquet)
      throw new ImportError(
        `--into ${outDir}: a snapshot without Parquet files (its tables are DuckDB files)`,
      );
    return new SnapshotToEnrich(snapshot, await readDataApiColumns(dir));
  }

  get dir(): string {
    return this.snapshot.dir;
  }

  get manifest(): Manifest {
    return this.snapshot.manifest;
  }

  /**
   * Of `catalogue`, the attributes of the columns the snapshot lacks or holds in part, and of those an
   * earlier enrichment filled (an mmCIF update since left them empty for its changed and new entries).
   */
  attributesToAsk(catalogue: readonly CatalogueAttribute[]): CatalogueAttribute[] {
    const held = new Set(this.snapshot.layout.held);
    for (const [level, columns] of Object.entries(this.earlier?.columns ?? {}))
      for (const column of columns) this.asked.add(columnKey(level as ReturnType, column));
    for (const attribute of catalogue)
      if (!held.has(attribute)) this.asked.add(columnKey(attribute.level, storageOf(attribute).column));
    return catalogue.filter((a) => this.asked.has(columnKey(a.level, storageOf(a).column)));
  }

  /** The snapshot's entry identifiers, sorted. */
  async entryIds(): Promise<string[]> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(
        `SELECT DISTINCT upper(rcsb_id) FROM read_parquet(${quoteString(this.snapshot.fileOf('entry'))}) WHERE rcsb_id IS NOT NULL ORDER BY 1`,
      );
      const ids = reader.getRowsJS().map(([id]) => String(id));
      if (ids.length === 0) throw new ImportError(`--into ${this.dir}: the snapshot holds no entry`);
      return ids;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  /**
   * Writes into `outDir` each level of the snapshot with the asked columns of the Data API's level
   * files in `apiDir` joined by `rcsb_id` (rows in the snapshot's order; an object the Data API did
   * not serve gets no value there), and copies the snapshot's other files but its manifest. Returns
   * the new layout's attributes, the row counts and how many columns came from the Data API.
   */
  async merge(apiDir: string, outDir: string, onProgress: (message: string) => void): Promise<MergeOutcome> {
    const instance = await DuckDBInstance.create(':memory:', {
      temp_directory: join(outDir, '.spill-merge'),
    });
    const connection = await instance.connect();
    let columns = 0;
    const matched: MergeOutcome['matched'] = {};
    const filled: DataApiColumns['columns'] = {};
    try {
      for (const level of LEVELS) {
        const own = this.snapshot.fileOf(level);
        const api = join(apiDir, parquetFileOf(level));
        const target = join(outDir, parquetFileOf(level));
        const fixed = new Set(['_key', 'rcsb_id', ...LEVEL_LINKS[level]]);
        const taken = (await columnsOfFile(connection, api)).filter(
          (column) => !fixed.has(column) && this.asked.has(columnKey(level, column)),
        );
        const earlier = this.earlier?.columns[level] ?? [];
        const recorded = [...new Set([...earlier, ...taken])];
        if (recorded.length > 0) filled[level] = recorded;
        if (taken.length === 0) {
          await copyFile(own, target);
          continue;
        }
        const mine = new Set(await columnsOfFile(connection, own));
        const replaced = taken.filter((column) => mine.has(column));
        const exclude = replaced.length > 0 ? ` EXCLUDE (${replaced.map(quoteName).join(', ')})` : '';
        const added = taken.map((column) => `a.${quoteName(column)}`).join(', ');
        const fromApi = taken.map(quoteName).join(', ');
        await connection.run(
          `COPY (SELECT s.*${exclude}, ${added} FROM read_parquet(${quoteString(own)}) s LEFT JOIN (SELECT DISTINCT ON (rcsb_id) rcsb_id AS "_api_id", ${fromApi} FROM read_parquet(${quoteString(api)})) a ON a."_api_id" = s.rcsb_id ORDER BY s."_key") TO ${quoteString(target)} (FORMAT parquet, COMPRESSION zstd)`,
        );
        columns += taken.length;
        const counted = await connection.runAndReadAll(
          `SELECT count(*), count(a.rcsb_id) FROM read_parquet(${quoteString(own)}) s LEFT JOIN (SELECT DISTINCT rcsb_id FROM read_parquet(${quoteString(api)})) a ON a.rcsb_id = s.rcsb_id`,
        );
        const [rows, found] = (counted.getRowsJS()[0] ?? [0, 0]).map(Number) as [number, number];
        matched[level] = { rows, found };
        onProgress(
          `${level}: ${taken.length} columns from the Data API (${taken.slice(0, 3).join(', ')}…), ${found.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows found there by id`,
        );
      }
      for (const name of await readdir(this.dir)) {
        const isLevel = LEVELS.some((level) => parquetFileOf(level) === name);
        if (!isLevel && name !== MANIFEST_FILE && name !== DATA_API_COLUMNS_FILE)
          await copyFile(join(this.dir, name), join(outDir, name));
      }
      // The rows are those of the snapshot enriched: the mmCIF import that wrote them carries the
      // Data API's columns over from this version as from its own.
      await writeDataApiColumns(outDir, { base: this.earlier?.base ?? basename(this.dir), columns: filled });
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    const layout = await readSnapshotLayout(outDir);
    return { held: layout.held, counts: fullCounts(this.manifest.counts), columns, matched };
  }
}
