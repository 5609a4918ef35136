import type { DerivedTable } from '../planner/index.ts';

/**
 * Where an engine keeps derived tables: how one is made (its row count) and dropped. `kept`: the
 * table is kept while the archive is served (see `DerivedTables.keep`), never dropped.
 */
export interface TableStore {
  create(table: DerivedTable, kept: boolean): Promise<number>;
  drop(name: string): Promise<void>;
}

interface Held {
  /** Resolves to the row count once the table exists. */
  ready: Promise<number>;
  /** Set once `ready` resolved. */
  settled: boolean;
  rows: number;
  /** Kept for as long as the archive is served (see `keep`): never dropped, outside the budget. */
  kept: boolean;
  /** Requests using the table right now; a table in use is never dropped. */
  users: number;
  lastUse: number;
}

/**
 * The tables `DerivedTables.keep` keeps for these, each once: a base a table is made from is kept
 * too, so that the tables other requests make from it (the levels below a class) are made from the
 * base instead of the archive's records.
 */
export function keptSetOf(tables: readonly DerivedTable[]): DerivedTable[] {
  const bases = (table: DerivedTable) => (table.query.derived ?? []).filter((source) => source.base);
  const kept = new Map(tables.flatMap((table) => [...bases(table), table].map((t) => [t.name, t] as const)));
  return [...kept.values()];
}

/**
 * The planner's derived relations (values of an attribute keyed by the return type, keys matching a
 * condition, masks of range segments, distinct values per bucket, ...) kept as tables shared by all
 * requests: they depend on the archive alone, so every later request reads them instead of
 * unnesting, mapping and de-duplicating again. When their rows exceed the budget, the least
 * recently used tables that no request holds are dropped. Tables made by `keep` (those the
 * dashboard's charts read, built once per archive) are never dropped, and their rows are counted
 * apart (`keptRows`): the budget bounds what other requests add on top of them.
 * @internal
 */
export class DerivedTables {
  private readonly tables = new Map<string, Held>();
  private readonly dropping = new Map<string, Promise<void>>();
  /** Names of the tables to keep (see `keep`), whoever makes them. */
  private readonly toKeep = new Set<string>();
  private rows = 0;
  private kept = 0;
  private clock = 0;

  constructor(private readonly rowBudget: number) {}

  /** Rows held by the tables that may be dropped (kept ones not counted). */
  get heldRows(): number {
    return this.rows;
  }

  /** Rows held by the kept tables. */
  get keptRows(): number {
    return this.kept;
  }

  /** Rows of a table that exists now. */
  rowsOf(name: string): number | undefined {
    const entry = this.tables.get(name);
    return entry?.settled ? entry.rows : undefined;
  }

  /** Names of the kept tables that exist now. */
  keptTables(): string[] {
    return [...this.tables].filter(([, entry]) => entry.kept && entry.settled).map(([name]) => name);
  }

  /**
   * Makes the tables (and those they are made from) and keeps them while the archive is served: no
   * request drops them, and a request that needs one being made waits for it instead of making it
   * again. The tables they are made from are not kept (unless listed, or a base: see
   * `DerivedTable.base`): they go first when over budget, as ever. `stopped` says when to start no
   * more.
   */
  async keep(
    store: TableStore,
    tables: readonly DerivedTable[],
    stopped: () => boolean = () => false,
  ): Promise<void> {
    const kept = keptSetOf(tables);
    // Known at once, so that a request that makes one of them first makes it to keep.
    for (const table of kept) this.toKeep.add(table.name);
    for (const table of kept) {
      if (stopped()) throw new Error(`stopped before keeping ${table.name}`);
      const held = new Set<string>();
      try {
        await this.acquireOne(store, table, held, stopped, false);
        const entry = this.tables.get(table.name);
        if (entry) this.markKept(entry);
      } finally {
        await this.release(store, held);
      }
    }
  }

  /**
   * Takes kept tables that exist already (read from a database saved by an earlier start) as made:
   * no request makes them again, none drops them.
   */
  adopt(tables: readonly { name: string; rows: number }[]): void {
    for (const { name, rows } of tables) {
      if (this.tables.has(name)) continue;
      this.toKeep.add(name);
      const ready = Promise.resolve(rows);
      this.tables.set(name, { ready, settled: true, rows, kept: true, users: 0, lastUse: 0 });
      this.kept += rows;
    }
  }

  private markKept(entry: Held): void {
    if (entry.kept) return;
    entry.kept = true;
    if (!entry.settled) return;
    this.rows -= entry.rows;
    this.kept += entry.rows;
  }

  /**
   * Makes sure the tables exist and holds them for one request, recorded in `held`. `stopped` says
   * whether the request has run out of time: it then starts no creation of its own.
   */
  async acquire(
    store: TableStore,
    tables: readonly DerivedTable[],
    held: Set<string>,
    stopped: () => boolean = () => false,
    sources = false,
  ): Promise<void> {
    for (const table of tables) await this.acquireOne(store, table, held, stopped, sources);
  }

  private async acquireOne(
    store: TableStore,
    table: DerivedTable,
    held: Set<string>,
    stopped: () => boolean,
    source: boolean,
  ): Promise<void> {
    let sourcesHeld = false;
    for (;;) {
      let entry = this.tables.get(table.name);
      if (!entry) {
        const pending = this.dropping.get(table.name);
        if (pending) await pending;
        entry = this.tables.get(table.name);
      }
      const creator = !entry;
      if (!entry) {
        if (stopped()) throw new Error(`search stopped before creating ${table.name}`);
        // The tables it is made from are needed only to create it (once it exists they may go);
        // while they were made, another request may have created or dropped it: look again.
        if (table.query.derived && !sourcesHeld) {
          await this.acquire(store, table.query.derived, held, stopped, true);
          sourcesHeld = true;
          continue;
        }
        entry = this.startCreating(store, table);
      }
      // Being read to create another table is no use of its own: a table only ever read that way
      // goes first when over budget, before the tables statements read (unless it is a base from
      // which many tables are made, see DerivedTable.base).
      if (!source || table.base) entry.lastUse = ++this.clock;
      if (!held.has(table.name)) {
        entry.users += 1;
        held.add(table.name);
      }
      try {
        await entry.ready;
        return;
      } catch (error) {
        // The failed entry is gone from the map (see startCreating): hold nothing under its name.
        held.delete(table.name);
        if (creator) throw error;
        // Another request was creating the table and failed, most often because it ran out of time
        // and was interrupted. That says nothing about this request: create the table here instead.
      }
    }
  }

  private startCreating(store: TableStore, table: DerivedTable): Held {
    const kept = this.toKeep.has(table.name);
    const created: Held = {
      ready: store.create(table, kept),
      settled: false,
      rows: 0,
      kept,
      users: 0,
      lastUse: 0,
    };
    this.tables.set(table.name, created);
    created.ready.then(
      (rows) => {
        created.rows = rows;
        created.settled = true;
        if (created.kept) this.kept += rows;
        else this.rows += rows;
      },
      () => {
        if (this.tables.get(table.name) === created) this.tables.delete(table.name);
      },
    );
    return created;
  }

  /** Lets go of one request's tables, then drops unused ones while over budget. */
  async release(store: TableStore, held: Iterable<string>): Promise<void> {
    for (const name of held) {
      const entry = this.tables.get(name);
      if (entry) entry.users -= 1;
    }
    while (this.rows > this.rowBudget) {
      const victim = this.leastRecentlyUsedIdle();
      if (!victim) return;
      const [name, entry] = victim;
      this.tables.delete(name);
      this.rows -= entry.rows;
      const drop = store.drop(name);
      this.dropping.set(name, drop);
      try {
        await drop;
      } finally {
        this.dropping.delete(name);
      }
    }
  }

  private leastRecentlyUsedIdle(): [string, Held] | undefined {
    let victim: [string, Held] | undefined;
    for (const [name, entry] of this.tables) {
      if (entry.users > 0 || entry.kept || entry.rows === 0) continue;
      if (!victim || entry.lastUse < victim[1].lastUse) victim = [name, entry];
    }
    return victim;
  }
}
