import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DerivedTable } from '../planner/index.ts';
import { DerivedTables } from './derived-tables.ts';
import { duckDbTableStore } from './duckdb/table-store.ts';

/**
 * A derived table whose creation takes as long as `knob.n` says: it counts the numbers below it.
 * `knob` is a temporary table, one per connection: huge on the creator's connection (it runs until
 * interrupted), small on the others (instant).
 */
const slowTable: DerivedTable = {
  name: 'derived_slow',
  query: { sql: 'SELECT count(*) AS c FROM knob, range(knob.n) r(x)', parameters: [] },
};

let instance: DuckDBInstance;
let creator: DuckDBConnection;
let waiter: DuckDBConnection;
let other: DuckDBConnection;
beforeEach(async () => {
  instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  [creator, waiter, other] = [await instance.connect(), await instance.connect(), await instance.connect()];
  await creator.run('CREATE TEMP TABLE knob AS SELECT 100000000000::BIGINT AS n');
  await waiter.run('CREATE TEMP TABLE knob AS SELECT 5::BIGINT AS n');
  await other.run('CREATE TEMP TABLE knob AS SELECT 7::BIGINT AS n');
});
afterEach(() => {
  for (const connection of [creator, waiter, other]) connection.closeSync();
  instance.closeSync();
});

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Interrupts the creator, as a search's timer does, until its statement gives up. */
async function interruptUntilSettled(promise: Promise<unknown>): Promise<void> {
  let settled = false;
  void promise.finally(() => (settled = true));
  // An interrupt that arrives before DuckDB starts the statement is lost: repeat it.
  while (!settled) {
    creator.interrupt();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`${DerivedTables.name}`, () => {
  it('creates a table itself when the request creating it was interrupted (no error for the waiter)', async () => {
    const tables = new DerivedTables(1_000_000);
    const creatorHeld = new Set<string>();
    const waiterHeld = new Set<string>();
    const first = settle(tables.acquire(duckDbTableStore(creator), [slowTable], creatorHeld));
    const second = settle(tables.acquire(duckDbTableStore(waiter), [slowTable], waiterHeld));
    // The creator runs out of time; the waiter creates the table on its own connection.
    await interruptUntilSettled(first);

    const [created, waited] = await Promise.all([first, second]);
    expect(created.ok).toBe(false);
    expect(String((created as { error: unknown }).error)).toMatch(/interrupt/i);
    expect(waited).toEqual({ ok: true, value: undefined });
    expect(creatorHeld.size).toBe(0);
    expect([...waiterHeld]).toEqual(['derived_slow']);
    expect(tables.heldRows).toBe(1);
    const reader = await waiter.runAndReadAll('SELECT c FROM derived_slow');
    expect(reader.getRowsJS()).toEqual([[5n]]);

    // Both let go; a later request finds the table without creating it again (it would count 7).
    await tables.release(duckDbTableStore(creator), creatorHeld);
    await tables.release(duckDbTableStore(waiter), waiterHeld);
    await tables.acquire(duckDbTableStore(other), [slowTable], new Set());
    expect(tables.heldRows).toBe(1);
    expect((await other.runAndReadAll('SELECT c FROM derived_slow')).getRowsJS()).toEqual([[5n]]);
  });

  it('reports the failure to the request that was creating the table, and starts nothing once stopped', async () => {
    const tables = new DerivedTables(1_000_000);
    const first = settle(tables.acquire(duckDbTableStore(creator), [slowTable], new Set()));
    const second = settle(tables.acquire(duckDbTableStore(waiter), [slowTable], new Set(), () => true));
    await interruptUntilSettled(first);
    const [created, waited] = await Promise.all([first, second]);
    expect(created.ok).toBe(false);
    // The waiter ran out of time too: it does not start a creation of its own.
    expect(waited.ok).toBe(false);
    expect(String((waited as { error: unknown }).error)).toContain('stopped before creating derived_slow');
    expect(tables.heldRows).toBe(0);
  });

  it('reads the tables a table is made from only to create it, and drops them first', async () => {
    const source: DerivedTable = {
      name: 'derived_source',
      query: { sql: 'SELECT range AS x FROM range(10)', parameters: [] },
    };
    const made: DerivedTable = {
      name: 'derived_made',
      query: { sql: 'SELECT count(*) AS c FROM derived_source', parameters: [], derived: [source] },
    };
    const tables = new DerivedTables(5);
    const exists = async (name: string) =>
      (
        await other.runAndReadAll(`SELECT count(*) FROM duckdb_tables() WHERE table_name = '${name}'`)
      ).getRowsJS()[0]![0] === 1n;
    const held = new Set<string>();
    await tables.acquire(duckDbTableStore(other), [made], held);
    expect([...held].sort()).toEqual(['derived_made', 'derived_source']);
    // Over budget (11 rows): the source, never read by a statement, goes; the table made of it stays.
    await tables.release(duckDbTableStore(other), held);
    expect(await exists('derived_source')).toBe(false);
    expect(await exists('derived_made')).toBe(true);
    expect(tables.heldRows).toBe(1);
    // Found again without making its source again.
    const again = new Set<string>();
    await tables.acquire(duckDbTableStore(other), [made], again);
    expect([...again]).toEqual(['derived_made']);
    expect(await exists('derived_source')).toBe(false);
    expect((await other.runAndReadAll('SELECT c FROM derived_made')).getRowsJS()).toEqual([[10n]]);
  });
});
