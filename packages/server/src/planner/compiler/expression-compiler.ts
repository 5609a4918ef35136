import {
  storageOf,
  type Comparison,
  type Condition,
  type Criterion,
  type CatalogueAttribute,
  type ScalarType,
} from '@pdb-stats/search-model';
import { route, type Hop } from '../level-routes.ts';
import {
  isCondition,
  type GroupPredicate,
  type MappedPredicate,
  type Predicate,
  type RecordTest,
} from '../nodes.ts';
import { StatementState, type ParameterType, type SqlValue } from './compiled-query.ts';
import { needsAnItem, spansOuterAndInner, splitForItems } from './record-items.ts';

/** Separators of analysed text: the tokenizer of search-model's `tokenize` (a constant, never input). */
export const TOKEN_SEPARATORS = '[^\\p{L}\\p{N}]+';

const PARAMETER_TYPE: Record<ScalarType, ParameterType> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  date: 'timestamp',
};

/** The time part of a date value at midnight UTC, as validation writes it. */
const MIDNIGHT = 'T00:00:00.000Z';

const COMPARATORS: Record<'equals' | 'greater' | 'greater_or_equal' | 'less' | 'less_or_equal', string> = {
  equals: '=',
  greater: '>',
  greater_or_equal: '>=',
  less: '<',
  less_or_equal: '<=',
};

/** Variables in scope inside a nested record: the record, and an item of its inner list if bound. */
export interface RecordScope {
  record: string;
  inner?: string;
  /**
   * Some item of the record's inner list satisfies the test built for an item; by default the
   * test runs over the list held in the record.
   */
  someItem?: (test: (item: string) => string) => string;
}

/**
 * Expressions and predicates in standard SQL. Dialects override the hooks (first section) and
 * nothing else; every value becomes a placeholder, every identifier comes from the catalogue.
 */
export class ExpressionCompiler {
  // ---- dialect hooks -------------------------------------------------------------------------

  /**
   * Placeholder for the parameter at 1-based `position`. Numbered, because a statement may repeat
   * an expression (GROUP BY repeats the bucket keys), and parameters are collected in compile order.
   */
  protected placeholder(position: number, _type: ParameterType): string {
    return `$${position}`;
  }

  identifier(name: string): string {
    return `"${name.replaceAll('"', '""')}"`;
  }

  /** True when some element `variable` of `list` satisfies `predicate`. */
  protected listExists(list: string, variable: string, predicate: string): string {
    return `EXISTS (SELECT 1 FROM UNNEST(${list}) AS _(${variable}) WHERE ${predicate})`;
  }

  protected listLength(list: string): string {
    return `cardinality(${list})`;
  }

  /** Field of a struct value. */
  protected field(record: string, name: string): string {
    return `${record}.${this.identifier(name)}`;
  }

  /** One row per element, in a select list. */
  protected unnest(list: string): string {
    return `UNNEST(${list})`;
  }

  protected year(date: string): string {
    return `EXTRACT(YEAR FROM ${date})`;
  }

  /** A date as `YYYY-MM-DD`. */
  protected dateText(date: string): string {
    return `CAST(${date} AS VARCHAR)`;
  }

  /** True when the analysed text contains any of the tokens. */
  protected containsAnyToken(text: string, tokens: string[]): string {
    const words = `regexp_split_to_array(lower(${text}), '${TOKEN_SEPARATORS}')`;
    return `${words} && ARRAY[${tokens.join(', ')}]`;
  }

  /** True when the analysed text contains `phrase` (tokens joined and framed by single spaces). */
  protected containsPhrase(text: string, phrase: string): string {
    return `position(${phrase} IN ' ' || regexp_replace(lower(${text}), '${TOKEN_SEPARATORS}', ' ', 'g') || ' ') > 0`;
  }

  // ---- values ----------------------------------------------------------------------------------

  protected parameter(state: StatementState, value: SqlValue, type: ParameterType): string {
    return this.placeholder(state.push(value), type);
  }

  /**
   * A value compared with an attribute. Integers stay integers and midnight timestamps become
   * dates, so that the column needs no cast (a DATE compared with a TIMESTAMP is cast row by row).
   */
  protected valueParameter(state: StatementState, value: SqlValue, type: ScalarType): string {
    if (type === 'integer' && typeof value === 'number' && Number.isSafeInteger(value)) {
      return this.parameter(state, value, 'integer');
    }
    if (type === 'date' && typeof value === 'string' && value.endsWith(MIDNIGHT)) {
      return this.parameter(state, value.slice(0, -MIDNIGHT.length), 'date');
    }
    return this.parameter(state, value, PARAMETER_TYPE[type]);
  }

  /** `value` (one scalar) satisfies the comparison. */
  valueTest(value: string, type: ScalarType, comparison: Comparison, state: StatementState): string {
    const p = (v: SqlValue) => this.valueParameter(state, v, type);
    switch (comparison.operator) {
      case 'exact_match':
        return comparison.caseSensitive
          ? `${value} = ${p(comparison.value)}`
          : `lower(${value}) = lower(${p(comparison.value)})`;
      case 'in':
        return `${value} IN (${comparison.values.map(p).join(', ')})`;
      case 'contains_words':
        return this.containsAnyToken(value, comparison.tokens.map(p));
      case 'contains_phrase':
        return this.containsPhrase(value, p(` ${comparison.tokens.join(' ')} `));
      case 'range': {
        const parts: string[] = [];
        if (comparison.from !== undefined)
          parts.push(`${value} ${comparison.includeLower ? '>=' : '>'} ${p(comparison.from)}`);
        if (comparison.to !== undefined)
          parts.push(`${value} ${comparison.includeUpper ? '<=' : '<'} ${p(comparison.to)}`);
        return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
      }
      case 'exists':
        return `${value} IS NOT NULL`;
      default:
        return `${value} ${COMPARATORS[comparison.operator]} ${p(comparison.value)}`;
    }
  }

  /**
   * A dialect's own test of a column against a long `in` list (a list bound as one value, say),
   * or undefined for the plain `IN (…)` of one placeholder per value.
   */
  protected inList(
    _column: string,
    _type: ScalarType,
    _values: readonly SqlValue[],
    _state: StatementState,
  ): string | undefined {
    return undefined;
  }

  /** Null-safe NOT: true where the predicate is false or unknown. */
  protected not(predicate: string): string {
    return `NOT coalesce(${predicate}, false)`;
  }

  /** The attribute (a plain column of `row`) satisfies the comparison; any element of a list. */
  protected columnTest(
    attribute: CatalogueAttribute,
    comparison: Comparison,
    row: string,
    state: StatementState,
  ): string {
    const column = `${row}.${this.identifier(attribute.path)}`;
    if (!attribute.multi) {
      const listed =
        comparison.operator === 'in' && this.inList(column, attribute.type, comparison.values, state);
      return listed || this.valueTest(column, attribute.type, comparison, state);
    }
    if (comparison.operator === 'exists') return `${this.listLength(column)} > 0`;
    const x = state.alias('x');
    return this.listExists(column, x, this.valueTest(x, attribute.type, comparison, state));
  }

  // ---- nested records --------------------------------------------------------------------------

  /** One condition on a record (or on an item of its inner list) in scope. */
  protected recordCondition(condition: Condition, scope: RecordScope, state: StatementState): string {
    const { attribute, comparison } = condition;
    const storage = storageOf(attribute);
    const field = storage.field!;
    let test: string;
    if (!storage.inner) {
      test = this.valueTest(this.field(scope.record, field), attribute.type, comparison, state);
    } else if (scope.inner) {
      test = this.valueTest(this.field(scope.inner, field), attribute.type, comparison, state);
    } else {
      test = this.someItem(scope, storage.inner, state, (item) =>
        this.valueTest(this.field(item, field), attribute.type, comparison, state),
      );
    }
    return condition.negation ? this.not(test) : test;
  }

  /**
   * A criterion on one record. In an `and`, conditions on the inner list hold on one inner item
   * (a lineage `depth` and `name` describe the same ancestor); the outer record is the scope.
   *
   * With an inner item in scope (a facet on the inner list, filtered per item), an `and` that also
   * holds a condition on the outer record is a condition on that record, not on the item: in
   * `type = SCOP AND lineage.id = P` the outer record is the scope, so `P` may be any item of the
   * annotation (an ancestor of the item counted), not the item itself.
   */
  recordCriterion(criterion: Criterion, scope: RecordScope, state: StatementState): string {
    if (isCondition(criterion)) return this.recordCondition(criterion, scope, state);
    if (scope.inner && spansOuterAndInner(criterion)) {
      return this.recordCriterion(criterion, { record: scope.record }, state);
    }
    const innerConditions =
      criterion.logicalOperator === 'and' && !scope.inner
        ? criterion.nodes.filter((n): n is Condition => isCondition(n) && !!n.attribute.nested?.inner)
        : [];
    const parts = criterion.nodes
      .filter((n) => !innerConditions.includes(n as Condition))
      .map((n) => this.recordCriterion(n, scope, state));
    if (innerConditions.length > 0) {
      const innerList = storageOf(innerConditions[0]!.attribute).inner!;
      parts.push(
        this.someItem(scope, innerList, state, (item) =>
          innerConditions.map((c) => this.recordCondition(c, { ...scope, inner: item }, state)).join(' AND '),
        ),
      );
    }
    return parts.length === 1 ? parts[0]! : `(${parts.join(` ${criterion.logicalOperator.toUpperCase()} `)})`;
  }

  /** Some item of the record's inner list `innerList` satisfies the test. */
  private someItem(
    scope: RecordScope,
    innerList: string,
    state: StatementState,
    test: (item: string) => string,
  ): string {
    if (scope.someItem) return scope.someItem(test);
    const item = state.alias('l');
    return this.listExists(this.field(scope.record, innerList), item, test(item));
  }

  // ---- items of nested records -------------------------------------------------------------------

  /**
   * The items of inner list `inner` of the records of `root` (at `level`) that `records` select, as
   * a FROM item with columns k (read from `keyColumn`), o and s (the record: its row's key and its
   * place in the list) and l (the item); undefined where the dialect keeps no shared relations.
   * One such table serves every relation that reads items of the same records (each level of a
   * classification's lineage), where each would otherwise unnest all records and their lists again.
   */
  protected recordItems(
    level: string,
    root: string,
    inner: string,
    keyColumn: string,
    records: readonly Criterion[],
    state: StatementState,
  ): string | undefined {
    void [level, root, inner, keyColumn, records, state];
    return undefined;
  }

  /**
   * The scope of a row `row` of an items table `items`: the item, and some item of the same record
   * found in the table. The criteria read in it name no field of the record (`splitForItems` keeps
   * those for the table itself), so the record itself is never read.
   */
  protected itemsScope(items: string, row: string, state: StatementState, withItem: boolean): RecordScope {
    return {
      record: row,
      ...(withItem && { inner: `${row}.l` }),
      someItem: (test) => {
        const j = state.alias('j');
        return `(${row}.o, ${row}.s) IN (SELECT ${j}.o, ${j}.s FROM ${items} ${j} WHERE ${test(`${j}.l`)})`;
      },
    };
  }

  /**
   * `SELECT k`: the keys (read from `keyColumn`) of rows with some record satisfying the test, read
   * from the items of the records it selects; undefined when it cannot be.
   */
  private recordKeysFromItems(
    node: RecordTest,
    keyColumn: string,
    state: StatementState,
  ): string | undefined {
    const split = splitForItems([node.criterion], false);
    const [onItems] = split?.onRecord ?? [];
    // A record without items is not in the table: only a criterion that needs some item to hold
    // (not one saying that no item does) finds every record it selects there.
    if (!split?.inner || !onItems || !needsAnItem(onItems)) return undefined;
    const items = this.recordItems(node.level, node.root, split.inner, keyColumn, split.records, state);
    if (!items) return undefined;
    const i = state.alias('i');
    // Conditions that one item must meet together are met by some row of the table.
    const oneItem = isCondition(onItems) || onItems.nodes.every(isCondition);
    const scope = this.itemsScope(items, i, state, oneItem);
    return `SELECT DISTINCT ${i}.k FROM ${items} ${i} WHERE ${this.recordCriterion(onItems, scope, state)}`;
  }

  /** The filters of enclosing filter facets on one record, each read on its own. */
  recordFilters(filters: readonly Criterion[], scope: RecordScope, state: StatementState): string {
    const tests = filters.map((f) => this.recordCriterion(f, scope, state));
    return tests.length === 1 ? tests[0]! : `(${tests.join(' AND ')})`;
  }

  // ---- predicates over rows ----------------------------------------------------------------------

  /** A predicate over the row `row` of the predicate's level. */
  predicate(node: Predicate, row: string, state: StatementState): string {
    switch (node.kind) {
      case 'test':
        return this.columnTest(node.attribute, node.comparison, row, state);
      case 'record': {
        const r = state.alias('r');
        return this.listExists(
          `${row}.${this.identifier(node.root)}`,
          r,
          this.recordCriterion(node.criterion, { record: r }, state),
        );
      }
      case 'not':
        return this.not(this.predicate(node.node, row, state));
      case 'and':
      case 'or': {
        const nodes = mappedOnce(node);
        if (nodes.length === 1) return this.predicate(nodes[0]!, row, state);
        return `(${nodes.map((n) => this.predicate(n, row, state)).join(` ${node.kind.toUpperCase()} `)})`;
      }
      case 'mapped':
        return this.mapped(node.node, route(node.from, node.to), row, state);
    }
  }

  /**
   * Capability: subqueries that depend on the archive alone are materialized once by the engine
   * and read by name; otherwise they are inlined.
   */
  protected readonly materializesRelations: boolean = false;

  /**
   * A FROM item for a relation: inlined, or registered as a derived table and read by name.
   * `base`: other relations are made from it (see `DerivedTable.base`).
   */
  protected relationFrom(
    state: StatementState,
    build: (inner: StatementState) => string,
    base = false,
  ): string {
    if (!this.materializesRelations) return `(${build(state)})`;
    const inner = new StatementState();
    return this.identifier(state.derive(inner.done(build(inner)), base));
  }

  /**
   * `SELECT k`: the keys of the last hop's level that the mapped predicate selects (distinct when
   * the last hop goes up, where many children name one parent).
   */
  protected mappedKeys(node: Predicate, hops: readonly Hop[], state: StatementState): string {
    const hop = hops[hops.length - 1]!;
    const previous = hops[hops.length - 2];
    const id = (name: string) => this.identifier(name);
    const a = state.alias('m');
    // Child -> entry -> other child: both children name the entry, the entry table adds nothing.
    // An optional link going up may be missing (NULL, or -1 on ClickHouse): it names no parent.
    const where = (up: Hop, inner: string) => (up.optional ? `${a}.${id(up.link)} >= 0 AND ${inner}` : inner);
    if (hop.direction === 'down' && previous?.direction === 'up' && previous.to === hop.from) {
      const inner = this.mapped(node, hops.slice(0, -2), a, state, true);
      return `SELECT DISTINCT ${a}.${id(previous.link)} AS k FROM ${id(previous.from)} ${a} WHERE ${where(previous, inner)}`;
    }
    if (hop.direction === 'up' && hops.length === 1 && !hop.optional && node.kind === 'record') {
      const keys = this.recordKeysFromItems(node, hop.link, state);
      if (keys) return keys;
    }
    const inner = this.mapped(node, hops.slice(0, -1), a, state, true);
    if (hop.direction === 'up')
      return `SELECT DISTINCT ${a}.${id(hop.link)} AS k FROM ${id(hop.from)} ${a} WHERE ${where(hop, inner)}`;
    return `SELECT ${a}.${id('_key')} AS k FROM ${id(hop.from)} ${a} WHERE ${inner}`;
  }

  /**
   * A predicate of another level carried along `hops` to `row`: up to the parents of matching
   * children, down to the children of matching parents, one semi-join per hop. The keys the
   * outermost hop selects depend on the archive alone: a derived relation where the dialect
   * materializes them.
   */
  protected mapped(
    node: Predicate,
    hops: readonly Hop[],
    row: string,
    state: StatementState,
    inline = false,
  ): string {
    if (hops.length === 0) return this.predicate(node, row, state);
    const hop = hops[hops.length - 1]!;
    const column = `${row}.${this.identifier(hop.direction === 'up' ? '_key' : hop.link)}`;
    if (inline) return `${column} IN (${this.mappedKeys(node, hops, state)})`;
    const k = state.alias('k');
    const from = this.relationFrom(state, (inner) => this.mappedKeys(node, hops, inner));
    return `${column} IN (SELECT ${k}.k FROM ${from} ${k})`;
  }

  /**
   * The distinct keys of `level` a predicate selects, as a FROM item (column k), when the dialect
   * materializes relations and the predicate maps another level up to `level`: such a key set
   * can be joined instead of testing every row.
   */
  keySet(node: Predicate, state: StatementState): string | undefined {
    if (!this.materializesRelations || node.kind !== 'mapped') return undefined;
    const hops = route(node.from, node.to);
    if (hops[hops.length - 1]!.direction !== 'up') return undefined;
    return this.relationFrom(state, (inner) => this.mappedKeys(node.node, hops, inner));
  }
}

/**
 * The nodes of a group, those carried down the same route (from a level to its children, or further
 * down) made one node carried down once: a child has one parent, so its parent matches P and its
 * parent matches Q exactly when its parent matches P AND Q (P OR Q alike). One set of the parents'
 * keys and one semi-join instead of one of each per node: a scope of two entry conditions for
 * entities or assemblies (its hits, on a scope's first view of such a chart) took 175–320 ms at
 * 250,000 entries with two semi-joins, 46–84 with one. Not up a route: an entry with an entity
 * matching P and another matching Q need not have one matching both.
 */
function mappedOnce(group: GroupPredicate): readonly Predicate[] {
  const down = (node: Predicate): node is MappedPredicate =>
    node.kind === 'mapped' && route(node.from, node.to).every((hop) => hop.direction === 'down');
  const routes = new Map<string, MappedPredicate[]>();
  for (const node of group.nodes) {
    if (!down(node)) continue;
    const key = `${node.from} ${node.to}`;
    routes.set(key, [...(routes.get(key) ?? []), node]);
  }
  if ([...routes.values()].every((nodes) => nodes.length < 2)) return group.nodes;
  const nodes: Predicate[] = [];
  for (const node of group.nodes) {
    const same = down(node) ? routes.get(`${node.from} ${node.to}`)! : [];
    if (same.length < 2) nodes.push(node);
    else if (same[0] === node)
      nodes.push({
        kind: 'mapped',
        from: node.from,
        to: node.to,
        node: { kind: group.kind, nodes: same.map((n) => n.node) },
      });
  }
  return nodes;
}
