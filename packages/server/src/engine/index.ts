export { QueryTimeoutError, type ArchiveInfo, type Engine } from './engine.ts';
export { openDuckDbEngine, type DuckDbEngineOptions } from './duckdb/duckdb-engine.ts';
export { openClickHouseEngine, type ClickHouseEngineOptions } from './clickhouse/clickhouse-engine.ts';
export { ClusterUnavailableError } from './clickhouse/http-client.ts';
export { runSearch, type Execute, type ExecuteCached } from './run-search.ts';
export { javaDouble } from './labels.ts';
