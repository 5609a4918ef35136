import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  CATALOGUE,
  type CatalogueAttribute,
  type ReturnType,
  type SnapshotColumn,
} from '@pdb-stats/search-model';
import { columnsOf, parquetFileOf, type DemoDocuments, type Row } from './documents.ts';
import { quoteName, quoteString } from './sql-text.ts';

/**
 * Field names of a `STRUCT(...)[]` type whose struct holds an inner list (the records worth encoding
 * field by field, to reuse the JSON of shared inner lists); null for any other type.
 */
function topLevelFields(sqlType: string): string[] | null {
  if (!sqlType.startsWith('STRUCT(') || !sqlType.endsWith(')[]') || !sqlType.slice(7, -3).includes('[]'))
    return null;
  const fields: string[] = [];
  let depth = 0;
  for (let i = 7; i < sqlType.length - 3; i++) {
    const char = sqlType[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '"' && depth === 0) {
      const end = sqlType.indexOf('"', i + 1);
      fields.push(sqlType.slice(i + 1, end));
      i = end + sqlType.slice(end).search(/[,(]|$/) - 1;
    }
  }
  return fields;
}

/**
 * The attributes with the level's `rcsb_id`: a level without rows (no component imported) keeps the
 * identifier column every table of a snapshot has, so the snapshot can be served.
 */
function withIdentifier(level: ReturnType, attributes: readonly CatalogueAttribute[]): CatalogueAttribute[] {
  if (attributes.some((a) => a.path === 'rcsb_id' && a.level === level)) return [...attributes];
  const identifier = CATALOGUE.find((a) => a.path === 'rcsb_id' && a.level === level);
  return identifier ? [...attributes, identifier] : [...attributes];
}

/** The columns of a level's table narrowed to some attributes, as `toParquet` writes them. */
export function narrowedColumns(
  level: ReturnType,
  attributes: readonly CatalogueAttribute[],
): SnapshotColumn[] {
  return columnsOf(level, withIdentifier(level, attributes));
}

/**
 * Serialises rows of one level as NDJSON with short keys (c0, c1, ...): the dotted column names would
 * otherwise make up half of the bytes DuckDB has to parse. Null values are left out (read back as NULL).
 * Frozen arrays are shared by many rows (taxonomy and classification lineages): their JSON is
 * computed once.
 */
class LevelEncoder {
  private readonly names: string[];
  private readonly prefixes: string[];
  /** Per column: struct field names when the column is a list of structs holding an inner list. */
  private readonly nestedFields: (string[] | null)[];
  private readonly memo = new WeakMap<object, string>();

  constructor(readonly columns: SnapshotColumn[]) {
    this.names = columns.map((c) => c.name);
    this.prefixes = columns.map((_, i) => `"c${i}":`);
    this.nestedFields = columns.map((c) => topLevelFields(c.sqlType));
  }

  private value(value: unknown): string {
    if (Array.isArray(value) && Object.isFrozen(value)) {
      let text = this.memo.get(value);
      if (text === undefined) {
        text = JSON.stringify(value);
        this.memo.set(value, text);
      }
      return text;
    }
    return JSON.stringify(value);
  }

  private records(records: readonly Record<string, unknown>[], fields: string[]): string {
    let text = '[';
    for (let r = 0; r < records.length; r++) {
      const record = records[r] as Record<string, unknown>;
      text += r === 0 ? '{' : ',{';
      let first = true;
      for (const field of fields) {
        const v = record[field];
        if (v === null || v === undefined) continue;
        text += (first ? '"' : ',"') + field + '":' + this.value(v);
        first = false;
      }
      text += '}';
    }
    return text + ']';
  }

  encode(rows: readonly Row[]): string {
    const parts: string[] = [];
    const { names, prefixes, nestedFields } = this;
    for (const row of rows) {
      let line = '{';
      let first = true;
      for (let i = 0; i < names.length; i++) {
        const value = row[names[i] as string];
        if (value === null || value === undefined) continue;
        const fields = nestedFields[i];
        const json = fields && Array.isArray(value) ? this.records(value, fields) : this.value(value);
        line += (first ? '' : ',') + prefixes[i] + json;
        first = false;
      }
      parts.push(line + '}\n');
    }
    return parts.join('');
  }

  /**
   * `SELECT c0 AS "_key", ... FROM read_json(...)` with the explicit snapshot types; with `narrowed`
   * (column name → type), only those columns and record fields are kept (keys and links always are);
   * the JSON reader skips record fields the narrowed type leaves out.
   */
  select(file: string, narrowed?: ReadonlyMap<string, string>): string {
    const kept = this.columns
      .map((c, i) => ({ name: c.name, type: narrowed?.get(c.name) ?? c.sqlType, i }))
      .filter(({ name }) => !narrowed || narrowed.has(name) || name.startsWith('_'));
    const types = kept.map(({ type, i }) => `${quoteString(`c${i}`)}: ${quoteString(type)}`).join(', ');
    const list = kept.map(({ name, i }) => `${quoteName(`c${i}`)} AS ${quoteName(name)}`).join(', ');
    return `SELECT ${list} FROM read_json(${quoteString(file)}, format = 'newline_delimited', columns = {${types}})`;
  }
}

/** The name a database file being written is attached under. */
const PART = '_part';

/**
 * The Parquet tables of some levels, written into a folder: rows are appended as NDJSON (streamed,
 * so memory stays flat), then DuckDB converts each level with the exact snapshot column types.
 */
export class LevelFiles {
  readonly counts: Partial<Record<ReturnType, number>> = {};
  private readonly encoders = new Map<ReturnType, LevelEncoder>();
  private readonly handles = new Map<ReturnType, FileHandle>();

  private constructor(
    readonly dir: string,
    readonly levels: readonly ReturnType[],
  ) {}

  /** `attributes`: the catalogue attributes the tables hold. */
  static async open(
    dir: string,
    levels: readonly ReturnType[],
    attributes: readonly CatalogueAttribute[],
  ): Promise<LevelFiles> {
    const files = new LevelFiles(dir, levels);
    try {
      for (const level of levels) {
        files.encoders.set(level, new LevelEncoder(columnsOf(level, attributes)));
        files.handles.set(level, await open(files.ndjson(level), 'w'));
        files.counts[level] = 0;
      }
    } catch (error) {
      await files.close();
      throw error;
    }
    return files;
  }

  private ndjson(level: ReturnType): string {
    return join(this.dir, `${level}.ndjson`);
  }

  /** Appends the rows of this object's levels; other levels are ignored. */
  async append(documents: Partial<DemoDocuments>): Promise<void> {
    for (const level of this.levels) {
      const rows = documents[level];
      if (!rows?.length) continue;
      const encoder = this.encoders.get(level) as LevelEncoder;
      const handle = this.handles.get(level) as FileHandle;
      // Batches keep each string small: big strings are costly for the garbage collector.
      for (let start = 0; start < rows.length; start += 4000) {
        await handle.write(encoder.encode(rows.slice(start, start + 4000)));
      }
      this.counts[level] = (this.counts[level] as number) + rows.length;
    }
  }

  /**
   * Converts every level to `<level>.parquet` (zstd) and removes the NDJSON files. With `attributes`,
   * the tables hold the columns and record fields of those attributes only: an importer passes the
   * ones that received a value, so that its archive holds only what its sources carry. With
   * `database`, each level's rows go first into a table of that DuckDB file (created), and its
   * Parquet file is written from the table: the file is then a database the server can attach as
   * it is (see `DATABASE_PART`), so the rows are parsed once and never loaded again at start.
   * With `database` and `parquet: false`, only the tables are written: a snapshot whose levels are
   * read from its database files (`Manifest.tables`; the server's own demo archive).
   */
  async toParquet(
    options: {
      threads?: number;
      memoryLimit?: string;
      database?: string;
      /** False: no Parquet files, only the tables of `database` (default true). */
      parquet?: boolean;
      attributes?: readonly CatalogueAttribute[];
      onProgress?: (message: string) => void;
      /** Runs first, on the converting connection (an importer's tables the queries below join). */
      prepare?: (sql: {
        run: (text: string) => Promise<void>;
        rows: (text: string) => Promise<unknown[][]>;
        /** The SELECT of a level's appended rows (keys and links only). */
        keysOf: (level: ReturnType) => string;
      }) => Promise<void>;
      /**
       * A level's table from another query, given the SELECT of the rows appended (an importer's
       * rows of an earlier snapshot added to them); the level's count is then that of the table.
       */
      query?: (level: ReturnType, select: string) => string;
    } = {},
  ): Promise<void> {
    await this.close();
    const parquet = options.parquet ?? true;
    if (!parquet && !options.database) throw new Error('without Parquet files, a database file is needed');
    const config: Record<string, string> = {
      temp_directory: join(this.dir, `.spill-${this.levels[0]}`),
      // Rows are read, written and exported by all threads at once, their row groups in any order
      // (about 30 % faster with 2 threads): no reader of a snapshot depends on the order of its rows.
      preserve_insertion_order: 'false',
    };
    if (options.threads) config.threads = String(options.threads);
    if (options.memoryLimit) config.memory_limit = options.memoryLimit;
    const instance = await DuckDBInstance.create(':memory:', config);
    const connection = await instance.connect();
    try {
      if (options.database) await connection.run(`ATTACH ${quoteString(options.database)} AS ${PART}`);
      await options.prepare?.({
        run: async (text) => void (await connection.run(text)),
        rows: async (text) => (await connection.runAndReadAll(text)).getRowsJS(),
        keysOf: (level) => (this.encoders.get(level) as LevelEncoder).select(this.ndjson(level), new Map()),
      });
      for (const level of this.levels) {
        const started = Date.now();
        const target = join(this.dir, parquetFileOf(level));
        const narrowed =
          options.attributes &&
          new Map(narrowedColumns(level, options.attributes).map((c) => [c.name, c.sqlType]));
        const select = (this.encoders.get(level) as LevelEncoder).select(this.ndjson(level), narrowed);
        const query = options.query?.(level, select) ?? select;
        if (options.database) {
          const table = `${PART}.${quoteName(level)}`;
          await connection.run(`CREATE TABLE ${table} AS ${query}`);
          if (parquet)
            await connection.run(
              `COPY ${table} TO ${quoteString(target)} (FORMAT parquet, COMPRESSION zstd)`,
            );
        } else {
          await connection.run(
            `COPY (${query}) TO ${quoteString(target)} (FORMAT parquet, COMPRESSION zstd)`,
          );
        }
        if (options.query) {
          const counted = await connection.runAndReadAll(
            options.database
              ? `SELECT count(*) FROM ${PART}.${quoteName(level)}`
              : `SELECT count(*) FROM read_parquet(${quoteString(target)})`,
          );
          this.counts[level] = Number(counted.getRowsJS()[0]?.[0] ?? 0);
        }
        await rm(this.ndjson(level));
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        options.onProgress?.(
          `${parquet ? parquetFileOf(level) : level}: ${(this.counts[level] ?? 0).toLocaleString('en-US')} rows (${seconds} s)`,
        );
      }
      if (options.database) {
        // Written out whole now, so that the file holds every row without its write-ahead log.
        await connection.run(`CHECKPOINT ${PART}`);
        await connection.run(`DETACH ${PART}`);
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
      await rm(config.temp_directory as string, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    for (const handle of this.handles.values()) await handle.close().catch(() => undefined);
    this.handles.clear();
  }
}
