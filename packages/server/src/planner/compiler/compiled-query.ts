import { createHash } from 'node:crypto';
import { BoundedMemo } from '../bounded-memo.ts';

/** A value bound to a placeholder: strings, numbers, and timestamps as ISO-8601 UTC strings. */
export type SqlValue = string | number;

/** SQL type a placeholder stands for; dialects that type their placeholders need it. */
export type ParameterType = 'string' | 'number' | 'integer' | 'date' | 'timestamp';

/**
 * A relation that depends on the archive alone (and on its own parameters), which a dialect may
 * materialize once and reuse: the statement reads it by `name`.
 */
export interface DerivedTable {
  readonly name: string;
  readonly query: CompiledQuery;
  /**
   * Read to make many other derived tables (the items of a classification's records, for each of
   * its levels): being read that way counts as a use, so it is not the first to go.
   */
  readonly base?: boolean;
}

/** One statement ready for a driver: SQL text plus the values of its placeholders, in order. */
export interface CompiledQuery {
  readonly sql: string;
  readonly parameters: readonly SqlValue[];
  /** Tables the statement reads that must exist first. */
  readonly derived?: readonly DerivedTable[];
}

/**
 * Derived table names by their query as JSON: a request compiles the same relations many times
 * over (a growth chart's some 70 times), and each chart's are the same for every scope.
 */
const derivedNames = new BoundedMemo<string>(1024);

/**
 * The state of one statement being compiled: its parameters, its derived tables and a counter for
 * fresh aliases.
 * @internal
 */
export class StatementState {
  readonly parameters: SqlValue[] = [];
  private readonly derived = new Map<string, DerivedTable>();
  private readonly parents = new Map<string, { alias: string; join: string }>();
  private aliases = 0;

  /** Appends a value; returns its 1-based position. */
  push(value: SqlValue): number {
    this.parameters.push(value);
    return this.parameters.length;
  }

  /** A fresh alias: table aliases and lambda variables never clash inside one statement. */
  alias(prefix: string): string {
    this.aliases += 1;
    return `${prefix}${this.aliases}`;
  }

  /**
   * The alias of a parent row joined to the statement's row (once per parent), created by `join`
   * on first use; `joins()` lists the JOIN clauses.
   */
  parent(key: string, join: (alias: string) => string): string {
    let parent = this.parents.get(key);
    if (!parent) {
      const alias = this.alias('p');
      parent = { alias, join: join(alias) };
      this.parents.set(key, parent);
    }
    return parent.alias;
  }

  joins(): string {
    return [...this.parents.values()].map((p) => p.join).join('');
  }

  /** Registers a derived table; its name is a digest of its query, so equal relations share one. */
  derive(query: CompiledQuery, base = false): string {
    const text = JSON.stringify([query.sql, query.parameters]);
    const name = derivedNames.get(
      text,
      () => `_rel_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`,
    );
    this.derived.set(name, { name, query, ...(base && { base }) });
    return name;
  }

  done(sql: string): CompiledQuery {
    const derived = [...this.derived.values()];
    return Object.freeze({
      sql,
      parameters: Object.freeze([...this.parameters]),
      ...(derived.length > 0 && { derived: Object.freeze(derived) }),
    });
  }
}
