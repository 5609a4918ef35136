import { storageOf, type Comparison, type ReturnType, type ScalarType } from '@pdb-stats/search-model';
import type { Hop } from '../level-routes.ts';
import type { BucketSpec, FacetNode, Predicate, SearchPlan, ValueSource } from '../nodes.ts';
import { StatementState, type CompiledQuery, type ParameterType, type SqlValue } from './compiled-query.ts';
import { clickHouseLiteral, stringLiteral } from './clickhouse-literals.ts';
import { ROW, type LocalRelation, type Relation } from './relation-compiler.ts';
import { SqlCompiler, type FacetStatement } from './sql-compiler.ts';

/** Words of analysed text: the complement of `TOKEN_SEPARATORS` (a constant, never input). */
const TOKEN = stringLiteral('[\\p{L}\\p{N}]+');
const SEPARATORS = stringLiteral('[^\\p{L}\\p{N}]+');

/**
 * The column a public attribute path is stored in. ClickHouse reads a dot in a column name as the
 * separator of a Nested structure, whose arrays share one size stream: independent lists such as
 * `rcsb_entry_info.x` and `rcsb_entry_info.y` must not look like one, so dots become `$`.
 */
export function clickHouseColumn(path: string): string {
  return path.replaceAll('.', '$');
}

function integerText(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a row count: ${value}`);
  return String(value);
}

/** Separator of a record variable and one of its fields, in lambda and ARRAY JOIN names. */
const FIELD = '__';

/**
 * ClickHouse 18.16, over Distributed tables:
 * - values are inlined as typed literals (`clickhouse-literals.ts`): this release has no query
 *   parameters;
 * - a list of records is stored as one array per field (`root$field`, and `root$inner$field` as an
 *   array of arrays): 18.16 cannot read an `Array(Tuple)` column back whole. A record variable `r`
 *   names its fields `r__field`; `arrayExists` and ARRAY JOIN bind the arrays the predicate uses;
 * - one JOIN per SELECT, by `USING` on same-named columns: chains of joins nest;
 * - subqueries over other tables are `GLOBAL IN`, so each shard receives the key set instead of
 *   querying the whole cluster again;
 * - `lowerUTF8`, `extractAll`, `arrayExists` for DuckDB's unicode `lower`, regex split, lambdas.
 * @see https://clickhouse.com/docs/en/sql-reference/operators/in#distributed-subqueries
 */
export class ClickHouseCompiler extends SqlCompiler {
  override identifier(name: string): string {
    return `\`${clickHouseColumn(name).replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
  }

  protected override placeholder(): string {
    throw new Error('the ClickHouse dialect inlines values as literals');
  }

  protected override parameter(_state: StatementState, value: SqlValue, type: ParameterType): string {
    return clickHouseLiteral(value, type);
  }

  // ---- lists and records -----------------------------------------------------------------------

  /** The array of `field` of the records in `list`: a column of the row, or of an outer record. */
  private fieldArray(list: string, field: string): string {
    const path = field.split(FIELD).join('.');
    const column = /^(.*)\.`(.*)`$/.exec(list);
    if (column) return `${column[1]}.${this.identifier(`${column[2]!.replaceAll('$', '.')}.${path}`)}`;
    return `${list}${FIELD}${field}`;
  }

  /** Fields of the record variable used in `sql` (`r__name`, `r__inner__name`). */
  private usedFields(variable: string, sql: string): string[] {
    const found = new Set<string>();
    for (const match of sql.matchAll(new RegExp(`(?<![\\w$])${variable}${FIELD}(\\w+)`, 'g'))) {
      found.add(match[1]!);
    }
    return [...found].sort();
  }

  protected override listExists(list: string, variable: string, predicate: string): string {
    const test = `ifNull(${predicate}, 0)`;
    const fields = this.usedFields(variable, predicate);
    if (fields.length === 0) return `arrayExists(${variable} -> ${test}, ${list})`;
    const names = fields.map((f) => `${variable}${FIELD}${f}`);
    const arrays = fields.map((f) => this.fieldArray(list, f));
    return `arrayExists((${names.join(', ')}) -> ${test}, ${arrays.join(', ')})`;
  }

  protected override field(record: string, name: string): string {
    return `${record}${FIELD}${name}`;
  }

  protected override listLength(list: string): string {
    return `length(${list})`;
  }

  protected override unnest(): string {
    throw new Error('the ClickHouse dialect unnests with ARRAY JOIN (see levelValues)');
  }

  // ---- text, dates, nulls ------------------------------------------------------------------------

  protected override year(date: string): string {
    return `toInt32(substring(${date}, 1, 4))`;
  }

  /** Dates are stored as `YYYY-MM-DD` already. */
  protected override dateText(date: string): string {
    return date;
  }

  protected override containsAnyToken(text: string, tokens: string[]): string {
    return `hasAny(extractAll(lowerUTF8(ifNull(${text}, '')), ${TOKEN}), [${tokens.join(', ')}])`;
  }

  protected override containsPhrase(text: string, phrase: string): string {
    return `position(concat(' ', replaceRegexpAll(lowerUTF8(ifNull(${text}, '')), ${SEPARATORS}, ' '), ' '), ${phrase}) > 0`;
  }

  override valueTest(value: string, type: ScalarType, comparison: Comparison, state: StatementState): string {
    if (comparison.operator === 'exact_match' && !comparison.caseSensitive) {
      return `lowerUTF8(${value}) = lowerUTF8(${this.valueParameter(state, comparison.value, type)})`;
    }
    return super.valueTest(value, type, comparison, state);
  }

  protected override not(predicate: string): string {
    return `NOT ifNull(${predicate}, 0)`;
  }

  // ---- mapped predicates -----------------------------------------------------------------------

  protected override mapped(
    node: Predicate,
    hops: readonly Hop[],
    row: string,
    state: StatementState,
  ): string {
    if (hops.length === 0) return this.predicate(node, row, state);
    const hop = hops[hops.length - 1]!;
    const column = `${row}.${this.identifier(hop.direction === 'up' ? '_key' : hop.link)}`;
    return `${column} GLOBAL IN (${this.mappedKeys(node, hops, state)})`;
  }

  // ---- relations ---------------------------------------------------------------------------------

  protected override typedNull(type: ScalarType): string {
    return `CAST(NULL AS Nullable(${type === 'string' || type === 'date' ? 'String' : 'Float64'}))`;
  }

  protected override bit(index: string): string {
    return `bitShiftLeft(toUInt64(1), ${index})`;
  }

  protected override bitOr(mask: string): string {
    return `groupBitOr(${mask})`;
  }

  protected override maskText(mask: string): string {
    return `toString(${mask})`;
  }

  /**
   * `SELECT k, v`: values of the attribute at its own level. Lists and records are unnested by
   * ARRAY JOIN of the arrays the value and the record filter read (two steps for an inner list).
   */
  protected override levelValues(source: ValueSource, keyColumn: string, state: StatementState): string {
    const { attribute, recordFilters } = source;
    const id = (name: string) => this.identifier(name);
    const table = id(attribute.level);
    const key = `${id(keyColumn)} AS k`;
    const storage = storageOf(attribute);
    const column = id(storage.column);
    if (!attribute.multi) return `SELECT ${key}, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`;
    if (!storage.field) {
      const v = state.alias('v');
      return `SELECT ${key}, ${v} AS v FROM ${table} ARRAY JOIN ${column} AS ${v} WHERE ${v} IS NOT NULL`;
    }
    const r = state.alias('r');
    const recordArrays = (sql: string) =>
      this.usedFields(r, sql).map(
        (f) => `${id(`${storage.column}.${f.split(FIELD).join('.')}`)} AS ${r}${FIELD}${f}`,
      );
    if (!storage.inner) {
      const value = this.field(r, storage.field);
      const where = [`${value} IS NOT NULL`];
      if (recordFilters) where.push(this.recordFilters(recordFilters, { record: r }, state));
      const arrays = recordArrays([value, ...where].join(' '));
      return `SELECT ${key}, ${value} AS v FROM ${table} ARRAY JOIN ${arrays.join(', ')} WHERE ${where.join(' AND ')}`;
    }
    const innerList = storage.inner;
    const l = state.alias('l');
    const value = this.field(l, storage.field);
    const where = [`${value} IS NOT NULL`];
    if (recordFilters) where.push(this.recordFilters(recordFilters, { record: r, inner: l }, state));
    const text = where.join(' AND ');
    const items = this.usedFields(l, text).map(
      (f) => `${this.field(this.field(r, innerList), f)} AS ${l}${FIELD}${f}`,
    );
    const inner = this.usedFields(l, text).map((f) => `${innerList}${FIELD}${f}`);
    const outerText = `${text} ${inner.map((f) => `${r}${FIELD}${f}`).join(' ')}`;
    const arrays = recordArrays(outerText);
    const passed = this.usedFields(r, outerText).map((f) => `${r}${FIELD}${f}`);
    const records = `SELECT ${key}, ${passed.join(', ')} FROM ${table} ARRAY JOIN ${arrays.join(', ')}`;
    return `SELECT k, ${value} AS v FROM (${records}) ARRAY JOIN ${items.join(', ')} WHERE ${text}`;
  }

  /** One hop of the level route as a `USING` join (18.16 joins only on shared column names). */
  protected override hopJoin(pairs: string, hop: Hop, state: StatementState): string {
    void state;
    const id = (name: string) => this.identifier(name);
    const map =
      hop.direction === 'down'
        ? `SELECT ${id(hop.link)} AS j, ${id('_key')} AS k FROM ${id(hop.to)}`
        : `SELECT ${id('_key')} AS j, ${id(hop.link)} AS k FROM ${id(hop.from)}`;
    return `SELECT k, v FROM (SELECT k AS j, v FROM (${pairs})) ALL INNER JOIN (${map}) USING j`;
  }

  /** Overlapping ranges beyond one mask: each value joined to the indices of the ranges holding it. */
  protected override rangeTableRelation(
    spec: BucketSpec,
    target: ReturnType,
    state: StatementState,
  ): Relation {
    if (spec.bucketing.kind !== 'ranges') throw new Error('not a range facet');
    const type = spec.source.attribute.type;
    const values = this.keyedValues(spec.source, target, state).sql;
    const tests = spec.bucketing.ranges.map((range, i) => {
      const parts: string[] = [];
      if (range.from !== undefined) parts.push(`v >= ${this.valueParameter(state, range.from, type)}`);
      if (range.to !== undefined) parts.push(`v < ${this.valueParameter(state, range.to, type)}`);
      return `if(ifNull(${parts.length > 0 ? parts.join(' AND ') : 'v IS NOT NULL'}, 0), ${i}, -1)`;
    });
    const sql = `SELECT DISTINCT k, b FROM (SELECT k, arrayJoin(arrayFilter(i -> i >= 0, [${tests.join(', ')}])) AS b FROM (${values}))`;
    return { kind: 'joined', from: `(${sql})` };
  }

  // ---- statements --------------------------------------------------------------------------------

  /**
   * Joins FROM items on their key column `k`, each adding one named column: nested, because
   * 18.16 allows one JOIN per SELECT. `first` already has `k` and its columns.
   */
  private joinOnKey(
    first: string,
    joined: readonly { from: string; column: string; as: string }[],
    kind: string,
  ): string {
    let sql = first;
    for (const item of joined) {
      sql = `SELECT * FROM (${sql}) ${kind} JOIN (SELECT k, ${item.column} AS ${item.as} FROM ${item.from}) USING k`;
    }
    return sql;
  }

  override page(plan: SearchPlan): CompiledQuery | undefined {
    const { page, returnType } = plan;
    if (!page.all && page.rows === 0) return undefined;
    const state = new StatementState();
    const id = (name: string) => this.identifier(name);
    const locals: string[] = [];
    const joined: { from: string; column: string; as: string }[] = [];
    const order: string[] = [];
    plan.sort.forEach((key, i) => {
      const source = { attribute: key.attribute };
      const as = `s${i + 1}`;
      if (this.isLocal(source, returnType)) locals.push(`${ROW}.${id(key.attribute.path)} AS ${as}`);
      else {
        const from = this.sortRelation(source, key.direction === 'asc' ? 'min' : 'max', returnType, state);
        joined.push({ from, column: 'v', as });
      }
      order.push(`${as} ${key.direction.toUpperCase()} NULLS LAST`);
    });
    order.push('identifier ASC');
    const where = this.where(plan.hits ? [plan.hits] : [], state);
    // LIMIT takes number literals only; validation made them safe integers.
    const limit = page.all ? '' : ` LIMIT ${integerText(page.rows)} OFFSET ${integerText(page.start)}`;
    if (joined.length === 0) {
      // Sort keys of the row only: each shard sorts and cuts its own rows, the initiator merges.
      const select = [`${ROW}.${id('rcsb_id')} AS identifier`, ...locals].join(', ');
      return state.done(
        `SELECT ${select} FROM ${id(returnType)} ${ROW}${where} ORDER BY ${order.join(', ')}${limit}`,
      );
    }
    const base = `SELECT ${[`${ROW}.${id('_key')} AS k`, `${ROW}.${id('rcsb_id')} AS identifier`, ...locals].join(', ')} FROM ${id(returnType)} ${ROW}${where}`;
    // LEFT joins fill missing sort values with NULL under the engine's `join_use_nulls=1`.
    const rows = this.joinOnKey(base, joined, 'ALL LEFT');
    return state.done(`SELECT identifier FROM (${rows}) ORDER BY ${order.join(', ')}${limit}`);
  }

  /**
   * One facet node, as the default compiler builds it but with nested `USING` joins: the row's own
   * bucket keys are computed in the first SELECT (over the Distributed table, with the hits and
   * filters), each joined relation adds its key column `c<i>`, and the outermost SELECT groups.
   */
  override facet(node: FacetNode, plan: SearchPlan): FacetStatement {
    const state = new StatementState();
    const target = plan.returnType;
    const id = (name: string) => this.identifier(name);
    const { specs, relations, mask, years, combine } = this.facetRelations(node, target, state);
    const predicates: Predicate[] = [...(plan.hits ? [plan.hits] : []), ...node.filters];
    const locals = relations.filter((r): r is LocalRelation => r.kind === 'local');
    if (node.kind === 'buckets' && locals.length === relations.length && locals.some((r) => r.groupFirst)) {
      const query = this.groupedFirst(locals, predicates, target, state, mask, years);
      return { query, ...(mask && { mask }), ...(years && { years }) };
    }
    const result = (sql: string) => ({
      query: state.done(sql),
      ...(mask && { mask }),
      ...(years && { years }),
    });
    const columns = relations.map((_, i) => `c${i + 1}`);
    const keys = columns.slice(0, specs.length);
    const groupBy = (groups: string[]) => (groups.length > 0 ? ` GROUP BY ${groups.join(', ')}` : '');
    const where = this.where(predicates, state);
    const joined: { from: string; column: string; as: string }[] = [];
    const localColumns: string[] = [];
    relations.forEach((relation, i) => {
      if (relation.kind === 'local') localColumns.push(`${relation.key(relation.column)} AS ${columns[i]}`);
      else joined.push({ from: relation.from, column: i < specs.length ? 'b' : 'v', as: columns[i]! });
    });
    const aggregate =
      node.kind === 'buckets' ? 'count(*) AS population' : `count(DISTINCT ${columns.at(-1)}) AS value`;
    let rows: string;
    if (joined.length === 0) {
      // Every key is a column of the row: the shards group, the initiator merges.
      const select = relations.map((relation, i) => {
        const key = (relation as LocalRelation).key((relation as LocalRelation).column);
        return i < specs.length ? this.returnedKey(key, i, mask, years) : key;
      });
      if (node.kind === 'buckets' || mask === undefined) {
        const named = select.slice(0, specs.length).map((k, i) => `${k} AS b${i + 1}`);
        const value =
          node.kind === 'buckets' ? 'count(*) AS population' : `count(DISTINCT ${select.at(-1)}) AS value`;
        return result(
          `SELECT ${[...named, value].join(', ')} FROM ${id(target)} ${ROW}${where}${groupBy(select.slice(0, specs.length))}`,
        );
      }
      rows = `SELECT ${[`${ROW}.${id('_key')} AS k`, ...localColumns].join(', ')} FROM ${id(target)} ${ROW}${where}`;
    } else if (predicates.length > 0 || localColumns.length > 0) {
      const base = `SELECT ${[`${ROW}.${id('_key')} AS k`, ...localColumns].join(', ')} FROM ${id(target)} ${ROW}${where}`;
      rows = this.joinOnKey(base, joined, 'ALL INNER');
    } else {
      const [head, ...rest] = joined;
      rows = this.joinOnKey(`SELECT k, ${head!.column} AS ${head!.as} FROM ${head!.from}`, rest, 'ALL INNER');
    }
    // Without hits or document filters, the distinct values per bucket (or per first segment),
    // and the rows of a statement that reads relations only, depend on the archive alone: the
    // engine keeps them as a table on the shard that receives the queries, and this statement
    // only counts rows there.
    const shared = predicates.length === 0 && (node.kind === 'cardinality' || localColumns.length === 0);
    const outer = shared ? new StatementState() : state;
    const relation = (inner: string) => (shared ? id(outer.derive(state.done(inner))) : `(${inner})`);
    const counted = (sql: string) => ({
      query: outer.done(sql),
      ...(mask && { mask }),
      ...(years && { years }),
    });
    const value = columns.at(-1)!;
    if (node.kind === 'cardinality' && mask === undefined && shared) {
      const pairs = `SELECT ${[...keys, `${value} AS v`].join(', ')} FROM (${rows})${groupBy([...keys, value])}`;
      const select = keys.map((k, i) => `${k} AS b${i + 1}`);
      return counted(
        `SELECT ${[...select, 'count(v) AS value'].join(', ')} FROM ${relation(pairs)}${groupBy(keys)}`,
      );
    }
    if (node.kind === 'buckets' || mask === undefined) {
      const select = keys.map((k, i) => `${this.returnedKey(k, i, mask, years)} AS b${i + 1}`);
      // Only the columns counted are kept.
      const kept = shared ? `SELECT ${columns.join(', ')} FROM (${rows})` : rows;
      return counted(`SELECT ${[...select, aggregate].join(', ')} FROM ${relation(kept)}${groupBy(keys)}`);
    }
    // A cardinality under overlapping ranges: one mask per value, then the values per mask.
    const position = mask.position;
    const others = keys.filter((_, i) => i !== position);
    // Each value's first (last) year under cumulative ranges by year, else its mask.
    const m =
      years?.position === position
        ? this.yearInSpan(keys[position]!, specs[position]!, combine as 'first' | 'last', state)
        : this.combineMasks(keys[position]!, combine);
    const inner =
      `SELECT ${[...others.map((k, i) => `${k} AS o${i + 1}`), `${value} AS v`, `${m} AS m`].join(', ')}` +
      ` FROM (${rows})${groupBy([...others, value])}`;
    let other = 0;
    const select = keys.map((_, i) =>
      i === position ? `${this.returnedKey('m', i, mask, years)} AS b${i + 1}` : `o${++other} AS b${i + 1}`,
    );
    const outerGroups = [...others.map((_, i) => `o${i + 1}`), 'm'];
    // count(v) skips the NULL value, as count(DISTINCT) does.
    return counted(
      `SELECT ${select.join(', ')}, count(v) AS value FROM ${relation(inner)}${groupBy(outerGroups)}`,
    );
  }
}
