import type { Criterion, ScalarType } from '@pdb-stats/search-model';
import type { ParameterType, SqlValue, StatementState } from './compiled-query.ts';
import { TOKEN_SEPARATORS } from './expression-compiler.ts';
import { SqlCompiler } from './sql-compiler.ts';

const CASTS: Record<ParameterType, string | undefined> = {
  string: undefined,
  integer: 'BIGINT',
  // JavaScript numbers bind as INTEGER or DOUBLE by value; one type keeps comparisons uniform.
  number: 'DOUBLE',
  // Dates and timestamps travel as ISO-8601 text.
  date: 'DATE',
  timestamp: 'TIMESTAMP',
};

/** `in` lists of this many values or more are bound as one JSON text (see inList). */
const LISTED_IN_VALUES = 32;

/**
 * DuckDB: numbered `$n` placeholders with casts, list lambdas instead of correlated UNNEST
 * subqueries, DuckDB's names for list length, year and regex splitting, and materialized relations.
 * @see https://duckdb.org/docs/sql/functions/lambda
 */
export class DuckDbCompiler extends SqlCompiler {
  /** The engine keeps derived relations as in-memory tables (see engine/derived-tables.ts). */
  protected override readonly materializesRelations = true;

  /** The relation is materialized once per archive: numbered once, every distinct count gains. */
  protected override numberValues(pairs: string, state: StatementState): string {
    const d = state.alias('d');
    return `SELECT ${d}.k, dense_rank() OVER (ORDER BY ${d}.v) AS v FROM (${pairs}) ${d}`;
  }

  protected override commonTable(name: string, sql: string, body: string): string {
    return `WITH ${name} AS MATERIALIZED (${sql}) ${body}`;
  }

  /** The record is named by its row's key and its place in the list (`generate_subscripts` pairs with `UNNEST`). */
  protected override recordItems(
    level: string,
    root: string,
    inner: string,
    keyColumn: string,
    records: readonly Criterion[],
    state: StatementState,
  ): string {
    const id = (name: string) => this.identifier(name);
    return this.relationFrom(
      state,
      (table) => {
        const x = table.alias('x');
        const u = table.alias('u');
        const rows =
          `SELECT ${x}.${id(keyColumn)} AS k, ${x}.${id('_key')} AS o, generate_subscripts(${x}.${id(root)}, 1) AS s,` +
          ` UNNEST(${x}.${id(root)}) AS r FROM ${id(level)} ${x}`;
        const selected = this.recordFilters(records, { record: `${u}.r` }, table);
        return `SELECT ${u}.k, ${u}.o, ${u}.s, UNNEST(${this.field(`${u}.r`, inner)}) AS l FROM (${rows}) ${u} WHERE ${selected}`;
      },
      true,
    );
  }

  protected override placeholder(position: number, type: ParameterType): string {
    const cast = CASTS[type];
    return cast ? `CAST($${position} AS ${cast})` : `$${position}`;
  }

  /**
   * A long `in` list travels as one JSON text, read into a list by the database: a placeholder per
   * value made binding and planning 16 lists of 10,000 integers take 18-34 s (binding on the event
   * loop), where one text each takes a millisecond and the membership is a hash join. Lists inside
   * a list lambda (list columns, nested records) cannot hold a subquery and keep their placeholders;
   * SEARCH_MAX_IN_VALUES bounds them.
   */
  protected override inList(
    column: string,
    type: ScalarType,
    values: readonly SqlValue[],
    state: StatementState,
  ): string | undefined {
    if (values.length < LISTED_IN_VALUES) return undefined;
    const element =
      type === 'integer' && values.every((v) => Number.isSafeInteger(v))
        ? 'BIGINT'
        : type === 'integer' || type === 'number'
          ? 'DOUBLE'
          : type === 'date'
            ? 'TIMESTAMP'
            : 'VARCHAR';
    const list = this.parameter(state, JSON.stringify(values), 'string');
    return `${column} IN (SELECT unnest(CAST(CAST(${list} AS JSON) AS ${element}[])))`;
  }

  protected override listExists(list: string, variable: string, predicate: string): string {
    return `len(list_filter(${list}, lambda ${variable}: ${predicate})) > 0`;
  }

  protected override listLength(list: string): string {
    return `len(${list})`;
  }

  protected override year(date: string): string {
    return `year(${date})`;
  }

  protected override containsAnyToken(text: string, tokens: string[]): string {
    return `list_has_any(string_split_regex(lower(${text}), '${TOKEN_SEPARATORS}'), [${tokens.join(', ')}])`;
  }

  protected override containsPhrase(text: string, phrase: string): string {
    return `contains(' ' || regexp_replace(lower(${text}), '${TOKEN_SEPARATORS}', ' ', 'g') || ' ', ${phrase})`;
  }
}
