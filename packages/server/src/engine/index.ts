export {
  QueryTimeoutError,
  type ArchiveInfo,
  type Engine,
  type EngineSession,
  type Execute,
  type ExecuteCached,
  type Lane,
  type QueueLimits,
  ServiceBusyError,
} from './engine.ts';
export type { KeptTables } from './kept-tables.ts';
export {
  ArchiveTooLargeError,
  openDuckDbEngine,
  type DuckDbEngine,
  type DuckDbEngineOptions,
} from './duckdb/duckdb-engine.ts';
export { openClickHouseEngine, type ClickHouseEngineOptions } from './clickhouse/clickhouse-engine.ts';
export { ClusterUnavailableError } from './clickhouse/http-client.ts';
