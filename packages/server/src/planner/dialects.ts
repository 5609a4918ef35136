import { ClickHouseCompiler } from './compiler/clickhouse-compiler.ts';
import { DuckDbCompiler } from './compiler/duckdb-compiler.ts';
import type { SqlCompiler } from './compiler/sql-compiler.ts';

/** A SQL dialect as the planner knows it: compiling needs no connection, so plans are tested without a database. */
export interface Dialect {
  readonly name: DialectName;
  createCompiler(): SqlCompiler;
}

/** Every dialect; a new one fails the build until it is listed here. */
export type DialectName = 'duckdb' | 'clickhouse';

export const DIALECTS: Record<DialectName, Dialect> = {
  duckdb: { name: 'duckdb', createCompiler: () => new DuckDbCompiler() },
  clickhouse: { name: 'clickhouse', createCompiler: () => new ClickHouseCompiler() },
};
