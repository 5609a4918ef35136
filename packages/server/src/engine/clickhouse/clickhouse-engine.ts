import { createHash, randomUUID } from 'node:crypto';
import { openSnapshot } from '@pdb-stats/snapshot';
import { AttributeSet, RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import { stringLiteral } from '../../planner/compiler/clickhouse-literals.ts';
import type { ArchiveFacts, CompiledQuery } from '../../planner/index.ts';
import type { ResultRow } from '../../pipeline/shape-facets.ts';
import {
  QueryTimeoutError,
  type ArchiveInfo,
  type Engine,
  type EngineSession,
  type Execute,
} from '../engine.ts';
import { DerivedTables, type TableStore } from '../derived-tables.ts';
import { executeOnce } from '../execute-once.ts';
import { plainValue } from '../plain-value.ts';
import { ClickHouseNode, ClusterUnavailableError, type QueryOptions } from './http-client.ts';
import { loadSnapshot, shardTables } from './load-snapshot.ts';
import { ident, levelColumns } from './schema.ts';

export interface ClickHouseEngineOptions {
  /** HTTP addresses (`host:port`) of the shards; queries go to the first. */
  shards: readonly string[];
  /** Cluster name of the shards' `remote_servers`, used by the Distributed tables. */
  cluster: string;
  /** Database holding the tables; default `pdb_stats`. */
  database?: string;
  /** Longest a search may run (408, or 503 when a shard stopped answering); default 30 s. */
  timeoutMs?: number;
  /** Load the snapshot even when the cluster already holds this one. */
  reload?: boolean;
  onProgress?: (message: string) => void;
}

/** Bumped when the table layout changes, so that a cluster loaded by older code is reloaded. */
const LAYOUT_VERSION = 2;
const METHODOLOGY = 'rcsb_entry_info.structure_determination_methodology';

/**
 * Opens a snapshot on a ClickHouse cluster: loads it into MergeTree tables on every shard under
 * Distributed tables (unless the cluster already holds this snapshot), then answers searches
 * with the planner's ClickHouse dialect through the first shard.
 */
export async function openClickHouseEngine(
  snapshotDir: string,
  options: ClickHouseEngineOptions,
): Promise<Engine> {
  if (options.shards.length === 0) throw new Error('a ClickHouse engine needs at least one shard');
  const database = options.database ?? 'pdb_stats';
  const snapshot = await openSnapshot(snapshotDir);
  const { manifest } = snapshot;
  const { held } = snapshot.layout;
  const shards = options.shards.map((address) => new ClickHouseNode(address));
  const digest = createHash('sha1')
    .update(
      JSON.stringify([
        LAYOUT_VERSION,
        manifest,
        options.shards,
        options.cluster,
        RETURN_TYPES.map((level) => levelColumns(level, held)),
      ]),
    )
    .digest('hex');
  if (options.reload || !(await holds(shards, database, digest))) {
    for (const shard of shards) {
      await shard.send(`DROP DATABASE IF EXISTS ${ident(database)}`);
      for (const statement of shardTables(database, options.cluster, held)) await shard.send(statement);
    }
    await loadSnapshot(snapshotDir, shards, database, held, options.onProgress);
    for (const shard of shards) {
      await shard.send(`CREATE TABLE ${ident(database)}._snapshot (digest String) ENGINE = TinyLog`);
      await shard.send(`INSERT INTO ${ident(database)}._snapshot VALUES ('${digest}')`);
    }
  }
  const node = shards[0]!;
  const rowCounts = {} as Record<ReturnType, number>;
  for (const level of RETURN_TYPES) {
    const [row] = await node.rows(`SELECT count() FROM ${ident(level)}`, { database });
    rowCounts[level] = Number(row?.[0] ?? 0);
  }
  // Without the methodology no entry is known to be a computed model.
  const methodologies = held.some((a) => a.path === METHODOLOGY)
    ? await node.rows(`SELECT DISTINCT ${ident(METHODOLOGY.replaceAll('.', '$'))} FROM entry`, { database })
    : [[null]];
  const facts: ArchiveFacts = {
    methodologies: methodologies.map((row) => (row[0] === null ? null : String(row[0]))),
  };
  return new ClickHouseEngine(
    shards,
    database,
    { ...manifest, row_counts: rowCounts },
    new AttributeSet(held),
    facts,
    options.timeoutMs ?? 30_000,
    new DerivedTables(16 * Math.max(rowCounts.entry, 10_000)),
  );
}

/**
 * Derived tables on the first shard, which alone reads them (statements that read nothing else):
 * `TinyLog` tables in the snapshot's database, so a reload drops them with it. A table is filled
 * under another name and renamed when complete, so a search stopped halfway never leaves a partial
 * table under the real name; one already there (kept by an earlier process) is used as it is.
 */
function keptTableStore(node: ClickHouseNode, database: string, options: () => QueryOptions): TableStore {
  const count = async (name: string) =>
    Number((await node.rows(`SELECT count() FROM ${ident(name)}`, options()))[0]?.[0] ?? 0);
  const exists = async (name: string) => {
    const [row] = await node.rows(
      `SELECT count() FROM system.tables WHERE database = ${stringLiteral(database)} AND name = ${stringLiteral(name)}`,
      options(),
    );
    return Number(row?.[0]) > 0;
  };
  return {
    async create(table) {
      if (await exists(table.name)) return count(table.name);
      const filling = ident(`_filling${table.name}_${randomUUID().replaceAll('-', '')}`);
      try {
        await node.send(`CREATE TABLE ${filling} ENGINE = TinyLog AS ${table.query.sql}`, options());
        await node.send(`RENAME TABLE ${filling} TO ${ident(table.name)}`, options());
      } catch (error) {
        await node.send(`DROP TABLE IF EXISTS ${filling}`, { database }).catch(() => undefined);
        // Another process may have made the same table meanwhile.
        if (!(await exists(table.name).catch(() => false))) throw error;
      }
      return count(table.name);
    },
    async drop(name) {
      await node.send(`DROP TABLE IF EXISTS ${ident(name)}`, options());
    },
  };
}

/** True when every shard holds the snapshot with this digest. */
async function holds(shards: readonly ClickHouseNode[], database: string, digest: string): Promise<boolean> {
  for (const shard of shards) {
    const [exists] = await shard.rows(
      `SELECT count() FROM system.tables WHERE database = '${database.replaceAll("'", "\\'")}' AND name = '_snapshot'`,
    );
    if (Number(exists?.[0]) === 0) return false;
    const [row] = await shard.rows(`SELECT digest FROM ${ident(database)}._snapshot`);
    if (row?.[0] !== digest) return false;
  }
  return true;
}

class ClickHouseEngine implements Engine {
  readonly dialect = 'clickhouse';
  /** Answers that hold as long as the archive is loaded (all values of an attribute). */
  private readonly constant = new Map<string, Promise<ResultRow[]>>();
  private closed = false;

  constructor(
    private readonly shards: readonly ClickHouseNode[],
    private readonly database: string,
    private readonly info: ArchiveInfo,
    readonly held: AttributeSet,
    readonly facts: ArchiveFacts,
    private readonly timeoutMs: number,
    private readonly derived: DerivedTables,
  ) {}

  /** Statements through the first shard, tagged with one query id so that a late one can be killed. */
  async session<T>(work: (session: EngineSession) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the ClickHouse engine is closed');
    const node = this.shards[0]!;
    const abort = new AbortController();
    const queryId = randomUUID();
    let statements = 0;
    const options = (most = Infinity) => ({
      database: this.database,
      signal: abort.signal,
      settings: {
        query_id: `${queryId}-${++statements}`,
        max_execution_time: String(Math.ceil(this.timeoutMs / 1000)),
        // Past the rows the caller reads, the answer stops (a block or so beyond them).
        ...(Number.isFinite(most) && { max_result_rows: String(most + 1), result_overflow_mode: 'break' }),
      },
    });
    const store = keptTableStore(node, this.database, options);
    const held = new Set<string>();
    const execute: Execute = async (query: CompiledQuery, most) => {
      if (query.derived) await this.derived.acquire(store, query.derived, held, () => abort.signal.aborted);
      const rows = await node.rows(query.sql, options(most));
      return rows.map((row) => row.map(plainValue));
    };
    const cached = executeOnce(execute, this.constant, (query) => query.sql);
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    try {
      // Out of time, the search ends even if a statement does not (a shard that stopped mid-answer).
      return await endsWithSignal(work({ execute, cached }), abort.signal);
    } catch (error) {
      if (abort.signal.aborted || isTimeout(error)) throw await this.timeoutError(queryId);
      if (error instanceof ClusterUnavailableError) throw await this.unavailable(error);
      throw error;
    } finally {
      clearTimeout(timer);
      // In the background: dropping a table may wait for a killed statement that still reads it.
      void this.derived
        .release(
          keptTableStore(node, this.database, () => ({ database: this.database })),
          held,
        )
        .catch(() => undefined);
    }
  }

  /**
   * A search that ran out of time: 503 naming the shards that no longer answer a ping, otherwise
   * 408 as on every engine. Statements still running are killed.
   */
  private async timeoutError(queryId: string): Promise<Error> {
    const answering = await Promise.all(this.shards.map((shard) => shard.ping(PING_MS)));
    const silent = this.shards.filter((_, i) => !answering[i]).map((shard) => shard.address);
    if (answering[0]) {
      await this.shards[0]!.send(`KILL QUERY WHERE query_id LIKE '${queryId}-%' ASYNC`, {
        signal: AbortSignal.timeout(PING_MS),
      }).catch(() => undefined);
    }
    if (silent.length > 0) {
      return new ClusterUnavailableError(
        `a ClickHouse shard is unavailable: ${silent.join(', ')} did not answer within ${this.timeoutMs} ms`,
      );
    }
    return new QueryTimeoutError(this.timeoutMs);
  }

  /**
   * The cluster reported a network failure: name the shards that do not answer a ping (their HTTP
   * addresses, as configured); when all answer again, keep what ClickHouse said.
   */
  private async unavailable(error: ClusterUnavailableError): Promise<ClusterUnavailableError> {
    const answering = await Promise.all(this.shards.map((shard) => shard.ping(PING_MS)));
    const silent = this.shards.filter((_, i) => !answering[i]).map((shard) => shard.address);
    if (silent.length === 0) return error;
    return new ClusterUnavailableError(
      `a ClickHouse shard is unavailable: ${silent.join(', ')} ${silent.length === 1 ? 'does' : 'do'} not answer`,
      { cause: error },
    );
  }

  archiveInfo(): ArchiveInfo {
    return this.info;
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

/** How long a shard has to answer a ping, or the first shard a KILL QUERY, once a search failed. */
const PING_MS = 1_000;

/**
 * `work`, or the signal's reason once it is aborted, whichever comes first; a rejection of `work`
 * after that is dropped.
 */
function endsWithSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** ClickHouse's own time limit (TIMEOUT_EXCEEDED). */
function isTimeout(error: unknown): boolean {
  return (error as { code?: unknown }).code === 159;
}
