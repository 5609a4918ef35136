import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteName } from '@pdb-stats/snapshot';
import type { TableStore } from '../derived-tables.ts';
import { KEPT_DATABASE } from './archive-database.ts';
import { parameterTypes } from './parameter-types.ts';

/**
 * Compresses the kept tables made since the last time: DuckDB compresses an in-memory database's
 * rows when it checkpoints it. Refused while another connection writes (DuckDB allows no
 * checkpoint then): false, and the next one compresses them.
 */
export async function compressKept(connection: DuckDBConnection): Promise<boolean> {
  try {
    await connection.run(`CHECKPOINT ${KEPT_DATABASE}`);
    return true;
  } catch (error) {
    if (/Cannot CHECKPOINT/i.test(String(error))) return false;
    throw error;
  }
}

/**
 * Derived tables as in-memory tables of the DuckDB instance, made and dropped on one connection;
 * kept ones in the compressed database of kept tables (found through the search path as well).
 */
export function duckDbTableStore(connection: DuckDBConnection): TableStore {
  return {
    async create(table, kept) {
      const name = kept ? `${KEPT_DATABASE}.main.${quoteName(table.name)}` : quoteName(table.name);
      // OR REPLACE: a creator interrupted after CREATE (while counting) leaves a table nobody holds.
      await connection.run(
        `CREATE OR REPLACE TABLE ${name} AS ${table.query.sql}`,
        [...table.query.parameters],
        parameterTypes(table.query.parameters),
      );
      const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${name}`);
      // Not compressed now: the next checkpoint does it.
      if (kept) await compressKept(connection).catch(() => false);
      return Number(reader.getRowsJS()[0]?.[0] ?? 0);
    },
    async drop(name) {
      await connection.run(`DROP TABLE IF EXISTS ${quoteName(name)}`);
    },
  };
}
