import type { AttributeSet, ReturnType } from '@pdb-stats/search-model';
import type { ArchiveFacts, CompiledQuery, DialectName } from '../planner/index.ts';
import type { ResultRow } from '../pipeline/shape-facets.ts';

/** What the service knows about the loaded archive: its manifest, plus the rows of each level. */
export interface ArchiveInfo {
  /** Fields of `manifest.json` (source, archive_date, demo, counts, ...), passed through. */
  readonly [field: string]: unknown;
  /** Rows loaded per level table. */
  readonly row_counts: Readonly<Record<ReturnType, number>>;
}

/**
 * Runs one statement; values come back as strings, numbers or null (no bigint, no Date). `most`:
 * the engine may leave the rows past `most + 1` unread, for a caller that refuses such an answer.
 */
export type Execute = (query: CompiledQuery, most?: number) => Promise<ResultRow[]>;

/** Runs a statement whose answer never changes while the archive is loaded, at most once. */
export type ExecuteCached = (query: CompiledQuery) => Promise<ResultRow[]>;

/** One search's use of the database: its statements, on one connection, under one time limit. */
export interface EngineSession {
  execute: Execute;
  cached: ExecuteCached;
}

/**
 * A database driver over one archive snapshot. The search pipeline plans and compiles in the
 * engine's dialect and runs the statements in a session; the engine knows how to run them, how
 * long a search may take, and how its failures read (408, or 503 naming what is down).
 */
export interface Engine {
  readonly dialect: DialectName;
  /** What the planner needs to know of the archive's data. */
  readonly facts: ArchiveFacts;
  /** The catalogue attributes this archive holds (its snapshot's columns). */
  readonly held: AttributeSet;
  archiveInfo(): ArchiveInfo;
  /**
   * Runs `work` in a session that ends, with its time limit, when `work` does. `lane`: whether the
   * search is light (a cheap one, a chart answer computed ahead) or heavy; an engine may keep
   * capacity for light ones. An engine too busy to start it soon throws ServiceBusyError.
   */
  session<T>(work: (session: EngineSession) => Promise<T>, lane?: Lane): Promise<T>;
  /** Releases the database; sessions after this fail. */
  close(): Promise<void>;
}

/** A search that ran out of time; its statements were interrupted. Answered with 408. */
export class QueryTimeoutError extends Error {
  readonly statusCode = 408;

  constructor(timeoutMs: number) {
    super(
      `the search took longer than ${timeoutMs} ms and was cancelled; narrow the query or ask for fewer facets`,
    );
    this.name = 'QueryTimeoutError';
  }
}

/**
 * Light searches (counts and pages of a few conditions, chart answers computed ahead) and heavy
 * ones (facets, long value lists, grouping): heavy ones never hold every connection.
 */
export type Lane = 'light' | 'heavy';

/** How long searches may queue for the database. */
export interface QueueLimits {
  /** Longest a search waits for a connection (ms) before ServiceBusyError. */
  waitMs?: number;
  /** Searches waiting at most; more are refused at once. */
  queueLength?: number;
  /** Connections heavy searches leave to light ones (at least one is shared by all). */
  reserved?: number;
}

/** Seconds a client is asked to wait when the database is busy. */
export const BUSY_RETRY_AFTER_S = 5;

/** The database is busy: no connection soon enough, or too many searches waiting. Answered 503. */
export class ServiceBusyError extends Error {
  readonly statusCode = 503;
  readonly retryAfterS = BUSY_RETRY_AFTER_S;

  constructor(reason: string, options?: ErrorOptions) {
    super(`the service is busy (${reason}); retry in ${BUSY_RETRY_AFTER_S} s`, options);
    this.name = 'ServiceBusyError';
  }
}
