import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { openSnapshot, quoteName, quoteString } from '@pdb-stats/archive';
import { AttributeSet, RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import type { ArchiveFacts, CompiledQuery } from '../../planner/index.ts';
import type { ResultRow } from '../../pipeline/shape-facets.ts';
import {
  QueryTimeoutError,
  type ArchiveInfo,
  type Engine,
  type EngineSession,
  type Execute,
} from '../engine.ts';
import { executeOnce } from '../execute-once.ts';
import { ConnectionPool } from './connection-pool.ts';
import { parameterTypes } from './parameter-types.ts';
import { DerivedTables } from './derived-tables.ts';

export interface DuckDbEngineOptions {
  /** Connections for concurrent requests (each request uses one). */
  connections?: number;
  /** DuckDB worker threads; DuckDB's default is one per core. */
  threads?: number;
  /**
   * Rows the derived tables may hold (relations the planner marks as depending on the archive
   * alone, kept for later requests); default 16 per entry. Least recently used ones go first.
   */
  derivedRowBudget?: number;
  /** Longest a search may run before its statements are interrupted (408); default 30 s. */
  timeoutMs?: number;
  /** Most memory DuckDB may use (MiB); an archive that does not fit is refused at start. */
  memoryLimitMb?: number;
}

/**
 * The archive's tables live in an in-memory database with DuckDB's lightweight compression, applied
 * at each checkpoint: a 250,000-entry archive takes about 130 MB there instead of 1.3 GB
 * uncompressed, for a small cost when scanning.
 */
const DATABASE = 'archive';

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

/** DuckDB returns BIGINT as bigint; the response speaks JSON numbers. Converted here, not globally. */
function plain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return String(value);
}

async function rows(connection: DuckDBConnection, query: CompiledQuery): Promise<ResultRow[]> {
  const reader = await connection.runAndReadAll(
    query.sql,
    [...query.parameters],
    parameterTypes(query.parameters),
  );
  return reader.getRowsJS().map((row) => row.map(plain));
}

/**
 * Loads one level table into memory and compresses it (the checkpoint), one table at a time so the
 * uncompressed copy of only one is ever held; its row count.
 */
async function loadLevel(connection: DuckDBConnection, file: string, level: ReturnType): Promise<number> {
  await connection.run(
    `CREATE TABLE ${quoteName(level)} AS SELECT * FROM read_parquet(${quoteString(file)})`,
  );
  await connection.run(`CHECKPOINT ${DATABASE}`);
  const [count] = await rows(connection, { sql: `SELECT count(*) FROM ${quoteName(level)}`, parameters: [] });
  return Number(count?.[0] ?? 0);
}

/**
 * Opens a snapshot folder: the manifest and one Parquet file per level, loaded once into a
 * compressed in-memory DuckDB database so that requests never re-read files.
 */
export async function openDuckDbEngine(
  snapshotDir: string,
  options: DuckDbEngineOptions = {},
): Promise<Engine> {
  const snapshot = await openSnapshot(snapshotDir);
  const held = new AttributeSet(snapshot.layout.held);
  const instance = await DuckDBInstance.create(':memory:', {
    ...(options.threads !== undefined && { threads: String(options.threads) }),
    ...(options.memoryLimitMb !== undefined && { memory_limit: `${options.memoryLimitMb}MiB` }),
  });
  const connections: DuckDBConnection[] = [];
  // Every connection works in the compressed database.
  const connect = async () => {
    const connection = await instance.connect();
    connections.push(connection);
    await connection.run(`USE ${DATABASE}`);
    return connection;
  };
  try {
    const attach = await instance.connect();
    connections.push(attach);
    await attach.run(`ATTACH ':memory:' AS ${DATABASE} (COMPRESS)`);
    const setup = await connect();
    const rowCounts = {} as Record<ReturnType, number>;
    try {
      for (const level of RETURN_TYPES)
        rowCounts[level] = await loadLevel(setup, snapshot.fileOf(level), level);
    } catch (error) {
      if (options.memoryLimitMb !== undefined && /out of memory/i.test(String(error)))
        throw new ArchiveTooLargeError(options.memoryLimitMb, error);
      throw error;
    }
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
    connections.shift()?.closeSync(); // the one that attached; the pool holds the others
    for (let i = 1; i < (options.connections ?? 4); i++) await connect();
    const derived = new DerivedTables(options.derivedRowBudget ?? 16 * Math.max(rowCounts.entry, 10_000));
    const info: ArchiveInfo = { ...snapshot.manifest, row_counts: rowCounts };
    return new DuckDbEngine(
      instance,
      new ConnectionPool(connections),
      info,
      held,
      facts,
      derived,
      options.timeoutMs ?? 30_000,
    );
  } catch (error) {
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
    throw error;
  }
}

class DuckDbEngine implements Engine {
  readonly dialect = 'duckdb';
  /** Answers that hold as long as the archive is loaded (all values of an attribute). */
  private readonly constant = new Map<string, Promise<ResultRow[]>>();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly pool: ConnectionPool<DuckDBConnection>,
    private readonly info: ArchiveInfo,
    readonly held: AttributeSet,
    readonly facts: ArchiveFacts,
    private readonly derived: DerivedTables,
    private readonly timeoutMs: number,
  ) {}

  /** A connection of the pool for the whole session; past the time limit its statement is interrupted. */
  session<T>(work: (session: EngineSession) => Promise<T>): Promise<T> {
    return this.pool.use(async (connection) => {
      const held = new Set<string>();
      let timedOut = false;
      const execute: Execute = async (query) => {
        // interrupt() stops the statement running now; no later statement of this search may start.
        if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
        if (query.derived) {
          await this.derived.acquire(connection, query.derived, held, () => timedOut);
          // Waiting for another request's derived table may outlast this search's time.
          if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
        }
        return rows(connection, query);
      };
      const cached = executeOnce(execute, this.constant, (query) => JSON.stringify(query));
      const timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, this.timeoutMs);
      try {
        return await work({ execute, cached });
      } catch (error) {
        throw timedOut ? new QueryTimeoutError(this.timeoutMs) : error;
      } finally {
        clearTimeout(timer);
        await this.derived.release(connection, held);
      }
    });
  }

  archiveInfo(): ArchiveInfo {
    return this.info;
  }

  private closing?: Promise<void>;

  close(): Promise<void> {
    this.closing ??= this.pool
      .close((connection) => connection.closeSync())
      .then(() => this.instance.closeSync());
    return this.closing;
  }
}
