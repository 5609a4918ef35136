import type { DerivedTable } from '../planner/index.ts';

/** Where an engine keeps derived tables: how one is made (its row count) and dropped. */
export interface TableStore {
  create(table: DerivedTable): Promise<number>;
  drop(name: string): Promise<void>;
}

interface Held {
  /** Resolves to the row count once the table exists. */
  ready: Promise<number>;
  rows: number;
  /** Requests using the table right now; a table in use is never dropped. */
  users: number;
  lastUse: number;
}

/**
 * The planner's derived relations (values of an attribute keyed by the return type, keys matching a
 * condition, masks of range segments, distinct values per bucket, ...) kept as tables shared by all
 * requests: they depend on the archive alone, so every later request reads them instead of
 * unnesting, mapping and de-duplicating again. When their rows exceed the budget, the least
 * recently used tables that no request holds are dropped.
 * @internal
 */
export class DerivedTables {
  private readonly tables = new Map<string, Held>();
  private readonly dropping = new Map<string, Promise<void>>();
  private rows = 0;
  private clock = 0;

  constructor(private readonly rowBudget: number) {}

  /** Rows held by all tables. */
  get heldRows(): number {
    return this.rows;
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
    const created: Held = { ready: store.create(table), rows: 0, users: 0, lastUse: 0 };
    this.tables.set(table.name, created);
    created.ready.then(
      (rows) => {
        created.rows = rows;
        this.rows += rows;
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
      if (entry.users > 0 || entry.rows === 0) continue;
      if (!victim || entry.lastUse < victim[1].lastUse) victim = [name, entry];
    }
    return victim;
  }
}
