import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteName } from '@pdb-stats/snapshot';
import type { TableStore } from '../derived-tables.ts';
import { parameterTypes } from './parameter-types.ts';

/** Derived tables as in-memory tables of the DuckDB instance, made and dropped on one connection. */
export function duckDbTableStore(connection: DuckDBConnection): TableStore {
  return {
    async create(table) {
      // OR REPLACE: a creator interrupted after CREATE (while counting) leaves a table nobody holds.
      await connection.run(
        `CREATE OR REPLACE TABLE ${quoteName(table.name)} AS ${table.query.sql}`,
        [...table.query.parameters],
        parameterTypes(table.query.parameters),
      );
      const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${quoteName(table.name)}`);
      return Number(reader.getRowsJS()[0]?.[0] ?? 0);
    },
    async drop(name) {
      await connection.run(`DROP TABLE IF EXISTS ${quoteName(name)}`);
    },
  };
}
