import { totalmem } from 'node:os';
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBMaterializedResult,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { openSnapshot, quoteName } from '@pdb-stats/snapshot';
import { AttributeSet, RETURN_TYPES, type ReturnType, type SearchRequest } from '@pdb-stats/search-model';
import type { ArchiveFacts, CompiledQuery } from '../../planner/index.ts';
import type { ResultRow } from '../../pipeline/shape-facets.ts';
import {
  QueryTimeoutError,
  ServiceBusyError,
  type ArchiveInfo,
  type Engine,
  type EngineSession,
  type Execute,
  type Lane,
  type QueueLimits,
} from '../engine.ts';
import { executeOnce } from '../execute-once.ts';
import { derivedTablesOf, type KeptTables } from '../kept-tables.ts';
import { plainValue } from '../plain-value.ts';
import { attachArchive, digestOf, type AttachedArchive } from './archive-database.ts';
import { ConnectionPool } from './connection-pool.ts';
import {
  abandonKept,
  keptDigest,
  keptFileOf,
  placeKept,
  saveKept,
  StatementGate,
  type KeptPlace,
} from './kept-database.ts';
import { parameterTypes } from './parameter-types.ts';
import { DerivedTables, keptSetOf, type TableStore } from '../derived-tables.ts';
import type { DerivedTable } from '../../planner/index.ts';
import { StatementCache } from './statement-cache.ts';
import { compressKept, duckDbTableStore } from './table-store.ts';

export interface DuckDbEngineOptions {
  /** Connections for concurrent requests (each request uses one). */
  connections?: number;
  /** DuckDB worker threads; DuckDB's default is one per core. */
  threads?: number;
  /**
   * Rows the derived tables may hold (relations the planner marks as depending on the archive
   * alone, kept for later requests); default 16 per entry. Least recently used ones go first.
   * The tables kept for `keep` are not counted: the budget is what other requests add.
   */
  derivedRowBudget?: number;
  /**
   * Requests whose derived tables are made once and kept while the archive is served, never
   * dropped (the dashboard's charts', so that no visitor's first view of a chart makes them). They
   * are made in the background on a connection of their own, from the engine's first search on (or
   * `keepTables()`), so they never delay the start; a search that needs one being made waits for
   * it. With a `databaseFile`, they are saved beside it once made (`keptFileOf`), and later starts
   * of the same snapshot and tables read them from there instead. Given the attributes the archive
   * holds.
   */
  keep?: (held: AttributeSet) => readonly SearchRequest[];
  /** Told when the kept tables are made, or why they could not be. */
  onKept?: (outcome: KeptTables | Error) => void;
  /** How long searches may queue for a connection, and the connections kept for light ones. */
  queue?: QueueLimits;
  /** Longest a search may run before its statements are interrupted (408); default 30 s. */
  timeoutMs?: number;
  /** Most memory DuckDB may use (MiB); an archive that does not fit is refused at start. */
  memoryLimitMb?: number;
  /**
   * A database file holding the archive's tables, built from the snapshot on the first start and
   * reused by later ones; without it the tables are loaded into memory at every start. The kept
   * tables are saved beside it (`keptFileOf`), also when the snapshot's own files are attached.
   */
  databaseFile?: string;
  /** Told how the tables were made ready: loaded into memory, built into the file, or reused. */
  onReady?: (how: AttachedArchive['how'], seconds: number) => void;
}

/** An archive that needs more memory than the limit allows: refused at start, saying what to change. */
export class ArchiveTooLargeError extends Error {
  constructor(limitMb: number, cause: unknown) {
    super(
      `the archive does not fit in the memory limit of ${limitMb} MiB (MEMORY_LIMIT_MB); raise the limit or serve a smaller archive`,
      { cause },
    );
    this.name = 'ArchiveTooLargeError';
  }
}

const METHODOLOGY = 'rcsb_entry_info.structure_determination_methodology';

/** Where statements run: a connection, or its prepared statements (`StatementCache`). */
interface Runner {
  run(sql: string, values: DuckDBValue[], types: DuckDBType[]): Promise<DuckDBMaterializedResult>;
}

async function rows(runner: Runner, query: CompiledQuery, most = Infinity): Promise<ResultRow[]> {
  const result = await runner.run(query.sql, [...query.parameters], parameterTypes(query.parameters));
  // Each value read straight from its column's vector: the client's conversion of a result into
  // JavaScript columns, made into rows after, costs about twice the time and allocations (a
  // trend chart's 21,000 rows: some 4 ms against 1.5-2). Each chunk (2,048 rows) is read as it is
  // fetched, so that the event loop serves other requests between chunks: read all at once after
  // fetching, 250,000 rows held it for a few hundred milliseconds.
  const read: ResultRow[] = [];
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0 && read.length <= most;
    chunk = await result.fetchChunk()
  ) {
    const vectors = Array.from({ length: chunk.columnCount }, (_, column) => chunk!.getColumnVector(column));
    for (let row = 0; row < chunk.rowCount; row++)
      read.push(vectors.map((vector) => plainValue(vector.getItem(row))));
  }
  return read;
}

async function countRows(connection: DuckDBConnection, level: ReturnType): Promise<number> {
  const [count] = await rows(connection, { sql: `SELECT count(*) FROM ${quoteName(level)}`, parameters: [] });
  return Number(count?.[0] ?? 0);
}

/**
 * DuckDB's memory limit when MEMORY_LIMIT_MB is not set and the tables are read from database
 * files: twice the files' size (room for the tables' pages and the searches' work), 1 GiB at least,
 * at most DuckDB's own default of 80 % of the machine. DuckDB's default alone let a flood of heavy
 * facet searches at 250,000 entries keep 1 GB resident (650-700 MB under this limit).
 */
async function defaultMemoryLimitMb(connection: DuckDBConnection): Promise<number> {
  const [size] = await rows(connection, {
    sql: 'SELECT coalesce(sum(total_blocks * block_size), 0) FROM pragma_database_size()',
    parameters: [],
  });
  const wanted = Math.max(1024, Math.ceil((2 * Number(size?.[0] ?? 0)) / 2 ** 20));
  return Math.min(wanted, Math.floor((totalmem() * 0.8) / 2 ** 20));
}

/** The embedded engine, and the derived tables it keeps. */
export interface DuckDbEngine extends Engine {
  /**
   * Makes the derived tables of the requests of `DuckDbEngineOptions.keep`, once (none without
   * it); resolves when they exist. The engine's first search starts it.
   */
  keepTables(): Promise<KeptTables>;
}

/**
 * Opens a snapshot folder: the manifest and one Parquet file per level, made ready once as a
 * compressed DuckDB database (in memory, or a file beside the snapshot) so that requests never
 * re-read the Parquet files.
 */
export async function openDuckDbEngine(
  snapshotDir: string,
  options: DuckDbEngineOptions = {},
): Promise<DuckDbEngine> {
  const snapshot = await openSnapshot(snapshotDir);
  const held = new AttributeSet(snapshot.layout.held);
  const instance = await DuckDBInstance.create(':memory:', {
    ...(options.threads !== undefined && { threads: String(options.threads) }),
    ...(options.memoryLimitMb !== undefined && { memory_limit: `${options.memoryLimitMb}MiB` }),
  });
  const connections: DuckDBConnection[] = [];
  let searchPath = '';
  let place: KeptPlace | undefined;
  const connect = async () => {
    const connection = await instance.connect();
    connections.push(connection);
    await connection.run(searchPath);
    return connection;
  };
  try {
    const setup = await instance.connect();
    connections.push(setup);
    const rowCounts = {} as Record<ReturnType, number>;
    const started = performance.now();
    try {
      const attached = await attachArchive(setup, snapshot, options.databaseFile);
      searchPath = attached.searchPath;
      if (options.memoryLimitMb === undefined && attached.how !== 'loaded')
        await setup.run(`SET memory_limit = '${await defaultMemoryLimitMb(setup)}MiB'`);
      options.onReady?.(attached.how, (performance.now() - started) / 1000);
    } catch (error) {
      if (options.memoryLimitMb !== undefined && /out of memory/i.test(String(error)))
        throw new ArchiveTooLargeError(options.memoryLimitMb, error);
      throw error;
    }
    await setup.run(searchPath);
    for (const level of RETURN_TYPES) rowCounts[level] = await countRows(setup, level);
    // Without the methodology no entry is known to be a computed model.
    const facts: ArchiveFacts = {
      methodologies: held.find(METHODOLOGY, 'entry')
        ? (
            await rows(setup, {
              sql: `SELECT DISTINCT ${quoteName(METHODOLOGY)} FROM "entry"`,
              parameters: [],
            })
          ).map((row) => (row[0] === null ? null : String(row[0])))
        : [null],
    };
    // The kept tables' names are known before any is made, so that a file saved for them is found.
    const keptTables = options.keep
      ? keptSetOf(derivedTablesOf(options.keep(held), 'duckdb', facts, held))
      : [];
    const digest = keptDigest(
      digestOf(snapshot),
      keptTables.map((table) => table.name),
    );
    place = options.keep
      ? await placeKept(setup, options.databaseFile && keptFileOf(options.databaseFile), digest)
      : { kind: 'memory', why: 'no tables to keep' };
    for (let i = 1; i < (options.connections ?? 4); i++) await connect();
    // The connection that makes the kept derived tables, outside the pool and its time limit.
    const keeper = options.keep && (await instance.connect());
    if (keeper) {
      connections.push(keeper);
      await keeper.run(searchPath);
    }
    const derived = new DerivedTables(options.derivedRowBudget ?? 16 * Math.max(rowCounts.entry, 10_000));
    const info: ArchiveInfo = { ...snapshot.manifest, row_counts: rowCounts };
    return new EmbeddedDuckDb(
      instance,
      new ConnectionPool(
        connections.filter((c) => c !== keeper),
        options.queue,
      ),
      info,
      held,
      facts,
      derived,
      options.timeoutMs ?? 30_000,
      keeper
        ? {
            connection: keeper,
            tables: keptTables,
            digest,
            place,
            ...(options.onKept && { onKept: options.onKept }),
          }
        : undefined,
    );
  } catch (error) {
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
    if (place) await abandonKept(place);
    throw error;
  }
}

class EmbeddedDuckDb implements DuckDbEngine {
  readonly dialect = 'duckdb';
  /** Answers that hold as long as the archive is loaded (all values of an attribute). */
  private readonly constant = new Map<string, Promise<ResultRow[]>>();
  /** Each connection's prepared statements. */
  private readonly prepared = new Map<DuckDBConnection, StatementCache>();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly pool: ConnectionPool<DuckDBConnection>,
    private readonly info: ArchiveInfo,
    readonly held: AttributeSet,
    readonly facts: ArchiveFacts,
    private readonly derived: DerivedTables,
    private readonly timeoutMs: number,
    /** The kept derived tables, the connection that makes them, and where they are (`placeKept`). */
    private readonly kept?: {
      connection: DuckDBConnection;
      tables: readonly DerivedTable[];
      digest: string;
      place: KeptPlace;
      onKept?: (outcome: KeptTables | Error) => void;
    },
  ) {
    // Read from the file an earlier start saved: all made already.
    if (kept?.place.kind === 'read') derived.adopt(kept.place.tables);
  }

  /** The making of the kept derived tables, once started. */
  private keeping?: Promise<KeptTables>;
  private closed = false;
  /** Kept tables this engine made (by the keeper, or first by a search). */
  private keptMade = 0;
  /** Statements wait here while the kept database's file is renamed into place. */
  private readonly gate = new StatementGate();

  /** The derived tables' store on one connection, its statements behind the gate. */
  private store(connection: DuckDBConnection): TableStore {
    const store = duckDbTableStore(connection);
    return {
      create: (table, kept) =>
        this.gate.run(async () => {
          const rows = await store.create(table, kept);
          if (kept) this.keptMade++;
          return rows;
        }),
      drop: (name) => this.gate.run(() => store.drop(name)),
    };
  }

  keepTables(): Promise<KeptTables> {
    if (!this.keeping) {
      this.keeping = this.makeKeptTables();
      const onKept = this.kept?.onKept;
      this.keeping.then(
        (outcome) => onKept?.(outcome),
        (error: unknown) => {
          if (!this.closed) onKept?.(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
    return this.keeping;
  }

  private async makeKeptTables(): Promise<KeptTables> {
    const started = performance.now();
    if (!this.kept)
      return { tables: 0, rows: 0, seconds: 0, made: 0, place: { kind: 'memory', why: 'none' } };
    const { connection, tables, digest, place } = this.kept;
    const outcome = (where: KeptTables['place']): KeptTables => ({
      tables: this.derived.keptTables().length,
      rows: this.derived.keptRows,
      seconds: (performance.now() - started) / 1000,
      made: this.keptMade,
      place: where,
    });
    if (place.kind === 'read') return outcome({ kind: 'read', file: place.file });
    // Called at once: from now on a search that makes one of them makes it to keep.
    await this.derived.keep(this.store(connection), tables, () => this.closed);
    if (place.kind === 'memory') {
      // A table made while another connection wrote is compressed by the next checkpoint: here, at
      // the latest (each try waits for the writes of the moment to end).
      for (let tries = 0; !(await compressKept(connection)) && tries < 100; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return outcome(place);
    }
    if (this.closed) throw new Error('closed before the kept tables were saved');
    const rows = tables.map(({ name }) => ({ name, rows: this.derived.rowsOf(name) ?? 0 }));
    try {
      await saveKept(connection, place, digest, rows, (work) => this.gate.alone(work));
      return outcome({ kind: 'saved', file: place.file });
    } catch (error) {
      // Made, and served from the file they were made into (removed at close).
      return outcome({
        kind: 'unsaved',
        file: place.file,
        why: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** A connection of the pool for the whole session; past the time limit its statement is interrupted. */
  session<T>(work: (session: EngineSession) => Promise<T>, lane: Lane = 'light'): Promise<T> {
    // The first search starts the kept tables (after the server is ready: searches come after it).
    if (this.kept && !this.closed) void this.keepTables().catch(() => undefined);
    return this.pool.use(async (connection) => {
      const store = this.store(connection);
      const statements = this.prepared.get(connection) ?? new StatementCache(connection);
      this.prepared.set(connection, statements);
      const held = new Set<string>();
      let timedOut = false;
      const execute: Execute = async (query, most) => {
        // interrupt() stops the statement running now; no later statement of this search may start.
        if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
        if (query.derived) {
          await this.derived.acquire(store, query.derived, held, () => timedOut);
          // Waiting for another request's derived table may outlast this search's time.
          if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
        }
        return this.gate.run(() => rows(statements, query, most));
      };
      const cached = executeOnce(execute, this.constant, (query) => JSON.stringify(query));
      const timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, this.timeoutMs);
      try {
        return await work({ execute, cached });
      } catch (error) {
        if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
        // Past MEMORY_LIMIT_MB, DuckDB refuses what it cannot spill: the service is full for now
        // (other searches hold the memory), not broken, so the client is asked to come back.
        if (/Out of Memory Error/i.test(String(error)))
          throw new ServiceBusyError('no database memory to spare for this search', { cause: error });
        throw error;
      } finally {
        clearTimeout(timer);
        await this.derived.release(store, held);
      }
    }, lane);
  }

  archiveInfo(): ArchiveInfo {
    return this.info;
  }

  private closing?: Promise<void>;

  close(): Promise<void> {
    this.closed = true;
    // The kept tables' making stops at its statement running now.
    this.kept?.connection.interrupt();
    this.closing ??= (this.keeping ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.pool.close((connection) => connection.closeSync()))
      .then(async () => {
        this.kept?.connection.closeSync();
        this.instance.closeSync();
        if (this.kept) await abandonKept(this.kept.place);
      });
    return this.closing;
  }
}
