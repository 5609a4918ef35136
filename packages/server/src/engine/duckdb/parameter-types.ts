import { DOUBLE, type DuckDBType } from '@duckdb/node-api';

/**
 * Binding types of statement parameters. DuckDB binds an integral number as INTEGER or BIGINT and
 * fails beyond the 64-bit range (found by a property test with -9.2e18); numbers past 2^53 are not
 * exact integers anyway, so they go as DOUBLE. Others are inferred.
 */
export function parameterTypes(parameters: readonly unknown[]): DuckDBType[] {
  return parameters.map((v) =>
    typeof v === 'number' && !Number.isSafeInteger(v) ? DOUBLE : undefined,
  ) as DuckDBType[];
}
