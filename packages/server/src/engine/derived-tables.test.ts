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
  // Kept tables go to a database of their own, as in the engine.
  await creator.run("ATTACH ':memory:' AS kept (COMPRESS)");
  for (const connection of [creator, waiter, other])
    await connection.run("SET search_path = 'memory.main,kept.main'");
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

  describe('kept tables', () => {
    const numbers = (name: string, n: number, extra: Partial<DerivedTable> = {}): DerivedTable => ({
      name,
      query: { sql: `SELECT range AS x FROM range(${n})`, parameters: [] },
      ...extra,
    });
    const exists = async (name: string) =>
      (
        await other.runAndReadAll(`SELECT count(*) FROM duckdb_tables() WHERE table_name = '${name}'`)
      ).getRowsJS()[0]![0] === 1n;
    /** A store that counts the tables it makes. */
    const counting = (connection: DuckDBConnection) => {
      const store = duckDbTableStore(connection);
      const made: string[] = [];
      return {
        made,
        store: {
          create: (table: DerivedTable, kept: boolean) => {
            made.push(table.name);
            return store.create(table, kept);
          },
          drop: (name: string) => store.drop(name),
        },
      };
    };

    it('are never dropped, and their rows are counted apart from the budget', async () => {
      const tables = new DerivedTables(5);
      const keeper = counting(other);
      await tables.keep(keeper.store, [numbers('derived_kept', 20)]);
      expect(tables.keptRows).toBe(20);
      expect(tables.heldRows).toBe(0);
      expect(tables.keptTables()).toEqual(['derived_kept']);
      // Requests past the budget drop their own tables, least recently used first, never a kept one.
      for (const name of ['derived_a', 'derived_b', 'derived_c']) {
        const held = new Set<string>();
        await tables.acquire(duckDbTableStore(other), [numbers(name, 4), numbers('derived_kept', 20)], held);
        expect([...held].sort()).toEqual([name, 'derived_kept'].sort());
        await tables.release(duckDbTableStore(other), held);
        expect(tables.heldRows).toBe(4);
      }
      expect(await exists('derived_kept')).toBe(true);
      expect(await exists('derived_a')).toBe(false);
      expect(await exists('derived_b')).toBe(false);
      expect(await exists('derived_c')).toBe(true);
      expect(keeper.made).toEqual(['derived_kept']);
    });

    it('are made once: a request that needs one being made waits for it, and one made already is kept as it is', async () => {
      const tables = new DerivedTables(1_000_000);
      const keeper = counting(creator);
      const request = counting(waiter);
      // The keeper makes the slow table (knob 10^11 on its connection): interrupted below.
      const quick: DerivedTable = numbers('derived_quick', 3);
      const made = new Set<string>();
      await tables.acquire(request.store, [quick], made);
      await tables.release(request.store, made);
      const keeping = settle(tables.keep(keeper.store, [quick, slowTable]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waiting = settle(tables.acquire(request.store, [slowTable], new Set()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Only the keeper made the slow table; the quick one, made by the request before, was kept.
      expect(keeper.made).toEqual(['derived_slow']);
      expect(request.made).toEqual(['derived_quick']);
      expect(tables.keptTables()).toEqual(['derived_quick']);
      await interruptUntilSettled(keeping);
      expect((await keeping).ok).toBe(false);
      // The keeper gave up: the waiting request makes the table itself, as when any creator fails.
      expect(await waiting).toEqual({ ok: true, value: undefined });
      expect(request.made).toEqual(['derived_quick', 'derived_slow']);
    });

    it('keep the base a kept table is made from, not its other sources', async () => {
      const base = numbers('derived_base', 6, { base: true });
      const source = numbers('derived_source', 8);
      const made: DerivedTable = {
        name: 'derived_made',
        query: {
          sql: 'SELECT count(*) AS c FROM derived_base, derived_source',
          parameters: [],
          derived: [base, source],
        },
      };
      const tables = new DerivedTables(0);
      await tables.keep(duckDbTableStore(other), [made]);
      expect(tables.keptTables().sort()).toEqual(['derived_base', 'derived_made']);
      expect(tables.keptRows).toBe(7);
      // In the compressed database of kept tables.
      const where = await other.runAndReadAll(
        "SELECT database_name FROM duckdb_tables() WHERE table_name IN ('derived_base', 'derived_made')",
      );
      expect(where.getRowsJS()).toEqual([['kept'], ['kept']]);
      expect(await exists('derived_source')).toBe(false);
      expect(tables.heldRows).toBe(0);
    });
  });
});
