import type {
  DuckDBConnection,
  DuckDBPreparedStatement,
  DuckDBMaterializedResult,
  DuckDBType,
  DuckDBValue,
} from '@duckdb/node-api';

/**
 * One connection's prepared statements by SQL text, the least recently used dropped beyond
 * `capacity`: a chart asked again (over another scope, with other values) skips parsing, binding
 * and planning its statements. DuckDB binds a prepared statement again by itself when a table it
 * reads was dropped or made since (the catalog changed), so a derived table that was dropped and
 * made again is read afresh; a statement that fails is forgotten, in case it is what broke.
 * @internal
 */
export class StatementCache {
  /** By SQL text; a Map iterates in insertion order, so the first is the least recently used. */
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** Statements running now: binding one's values while it runs would change that run's. */
  private readonly running = new Set<DuckDBPreparedStatement>();

  /**
   * Each kept statement holds its plan: under the bench's uncached search mix (no two requests
   * alike) 256 per connection added about 110 MB to the server's resident memory, 64 about 25 MB,
   * still more than a chart page's statements.
   */
  constructor(
    private readonly connection: DuckDBConnection,
    private readonly capacity = 64,
  ) {}

  /** Statements held now. */
  get size(): number {
    return this.statements.size;
  }

  /** Whether the statement of `sql` is held. */
  has(sql: string): boolean {
    return this.statements.has(sql);
  }

  async run(sql: string, values: DuckDBValue[], types: DuckDBType[]): Promise<DuckDBMaterializedResult> {
    let statement = this.statements.get(sql);
    if (statement && this.running.has(statement)) {
      // The same statement twice at once on one connection: the second one prepared apart.
      return this.connection.run(sql, values, types);
    }
    if (statement) this.statements.delete(sql);
    else statement = await this.connection.prepare(sql);
    this.statements.set(sql, statement);
    this.evict();
    this.running.add(statement);
    try {
      statement.bind(values, types);
      return await statement.run();
    } catch (error) {
      if (this.statements.get(sql) === statement) this.statements.delete(sql);
      statement.destroySync();
      throw error;
    } finally {
      this.running.delete(statement);
    }
  }

  private evict(): void {
    for (const [sql, statement] of this.statements) {
      if (this.statements.size <= this.capacity) return;
      if (this.running.has(statement)) continue;
      this.statements.delete(sql);
      statement.destroySync();
    }
  }
}
