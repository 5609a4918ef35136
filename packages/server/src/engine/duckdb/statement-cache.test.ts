import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { StatementCache } from './statement-cache.ts';

describe(`${StatementCache.name}`, () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });
  afterAll(() => {
    connection?.closeSync();
    instance?.closeSync();
  });

  const sum = async (cache: StatementCache, above: number) => {
    const result = await cache.run('SELECT sum(x)::INTEGER FROM t WHERE x > ?', [above], []);
    return (await result.getRowsJS())[0]?.[0];
  };

  it('answers with the values bound each time, from one prepared statement', async () => {
    const cache = new StatementCache(connection);
    await connection.run('CREATE OR REPLACE TABLE t AS SELECT range AS x FROM range(10)');
    expect(await sum(cache, 5)).toBe(6 + 7 + 8 + 9);
    expect(await sum(cache, 7)).toBe(8 + 9);
    expect(cache.size).toBe(1);
  });

  it('reads a table dropped and made again afresh, and forgets a statement whose table is gone', async () => {
    const cache = new StatementCache(connection);
    await connection.run('CREATE OR REPLACE TABLE t AS SELECT range AS x FROM range(10)');
    expect(await sum(cache, 7)).toBe(8 + 9);
    await connection.run('DROP TABLE t');
    await connection.run('CREATE TABLE t AS SELECT range * 100 AS x FROM range(3)');
    expect(await sum(cache, 7)).toBe(100 + 200);
    await connection.run('DROP TABLE t');
    await expect(sum(cache, 7)).rejects.toThrow(/t/);
    expect(cache.size).toBe(0);
    await connection.run('CREATE TABLE t AS SELECT range AS x FROM range(4)');
    expect(await sum(cache, 1)).toBe(2 + 3);
  });

  it('gives each of two runs of one statement at once its own values', async () => {
    const cache = new StatementCache(connection);
    await connection.run('CREATE OR REPLACE TABLE t AS SELECT range AS x FROM range(10)');
    expect(await sum(cache, 1)).toBe(44);
    const answers = await Promise.all([sum(cache, 5), sum(cache, 8), sum(cache, 0)]);
    expect(answers).toEqual([6 + 7 + 8 + 9, 9, 45]);
  });

  it('keeps the most recently used statements up to its capacity', async () => {
    const cache = new StatementCache(connection, 2);
    const run = (sql: string) => cache.run(sql, [], []);
    await run('SELECT 1');
    await run('SELECT 2');
    await run('SELECT 1');
    await run('SELECT 3');
    expect(cache.size).toBe(2);
    expect(cache.has('SELECT 1')).toBe(true);
    expect(cache.has('SELECT 2')).toBe(false);
  });
});
