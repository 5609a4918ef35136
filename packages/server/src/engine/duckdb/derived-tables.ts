import type { DuckDBConnection } from '@duckdb/node-api';
import type { DerivedTable } from '../../planner/index.ts';
import { parameterTypes } from './parameter-types.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

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
 * condition, masks of range segments, ...) kept as in-memory tables shared by all connections: they
 * depend on the archive alone, so every later request reads them instead of unnesting, mapping and
 * de-duplicating again. When their rows exceed the budget, the least recently used tables that no
 * request holds are dropped.
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

  /** Makes sure the tables exist and holds them for one request, recorded in `held`. */
  async acquire(
    connection: DuckDBConnection,
    tables: readonly DerivedTable[],
    held: Set<string>,
  ): Promise<void> {
    for (const table of tables) {
      if (table.query.derived) await this.acquire(connection, table.query.derived, held);
      let entry = this.tables.get(table.name);
      if (!entry) {
        const pending = this.dropping.get(table.name);
        if (pending) await pending;
        entry = this.tables.get(table.name);
      }
      if (!entry) {
        const created: Held = { ready: create(connection, table), rows: 0, users: 0, lastUse: 0 };
        this.tables.set(table.name, created);
        created.ready.then(
          (rows) => {
            created.rows = rows;
            this.rows += rows;
          },
          () => this.tables.delete(table.name),
        );
        entry = created;
      }
      entry.lastUse = ++this.clock;
      if (!held.has(table.name)) {
        entry.users += 1;
        held.add(table.name);
      }
      await entry.ready;
    }
  }

  /** Lets go of one request's tables, then drops unused ones while over budget. */
  async release(connection: DuckDBConnection, held: Iterable<string>): Promise<void> {
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
      const drop = connection.run(`DROP TABLE IF EXISTS ${quote(name)}`).then(() => undefined);
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

async function create(connection: DuckDBConnection, table: DerivedTable): Promise<number> {
  await connection.run(
    `CREATE TABLE ${quote(table.name)} AS ${table.query.sql}`,
    [...table.query.parameters],
    parameterTypes(table.query.parameters),
  );
  const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${quote(table.name)}`);
  return Number(reader.getRowsJS()[0]?.[0] ?? 0);
}
