import type { ReturnType } from '@pdb-stats/search-model';
import type {
  BucketNode,
  BucketSpec,
  CardinalityNode,
  FacetNode,
  Predicate,
  SearchPlan,
  SortKey,
} from '../nodes.ts';
import type { BucketProgram, FacetProgram, MaskColumn, SearchProgram, YearKeyColumn } from '../program.ts';
import { StatementState, type CompiledQuery } from './compiled-query.ts';
import { route } from '../level-routes.ts';
import type { Segmentation } from '../range-segments.ts';
import { ROW, RelationCompiler, type LocalRelation, type Relation } from './relation-compiler.ts';

/** One facet node's statement and how its bucket-key columns are read. */
export interface FacetStatement {
  readonly query: CompiledQuery;
  readonly mask?: MaskColumn;
  readonly years?: YearKeyColumn;
  /**
   * Key columns computed from another key column of the row (a range read off its histogram bin),
   * by position: the rows are as many as without them.
   */
  readonly keyedBy?: ReadonlyMap<number, number>;
}

/**
 * Compiles a plan into statements: a count, a page of identifiers, and one statement per facet
 * node that joins the (key, bucket) relations of the node and its ancestors on the return-type key
 * and groups by their bucket keys. No CTEs, no window functions: ClickHouse 18.16 must follow.
 */
export class SqlCompiler extends RelationCompiler {
  protected where(predicates: readonly Predicate[], state: StatementState): string {
    const parts = predicates.map((p) => this.predicate(p, ROW, state));
    return parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '';
  }

  /**
   * The hits as a FROM item with column `k`, where the dialect materializes relations and the
   * predicate is more than one semi-join on a derived table: every statement of the request then
   * reads the hits instead of evaluating the query again.
   */
  protected hitsFrom(plan: SearchPlan, state: StatementState): string | undefined {
    const { hits, returnType } = plan;
    if (!this.materializesRelations || !hits) return undefined;
    return (
      this.keySet(hits, state) ??
      this.relationFrom(
        state,
        (inner) =>
          `SELECT ${ROW}.${this.identifier('_key')} AS k FROM ${this.identifier(returnType)} ${ROW}${this.where([hits], inner)}`,
      )
    );
  }

  count(plan: SearchPlan): CompiledQuery {
    const state = new StatementState();
    const hits = this.hitsFrom(plan, state);
    if (hits) return state.done(`SELECT count(*) AS total FROM ${hits} h`);
    const where = this.where(plan.hits ? [plan.hits] : [], state);
    return state.done(`SELECT count(*) AS total FROM ${this.identifier(plan.returnType)} ${ROW}${where}`);
  }

  /** Min (ascending) or max (descending) of a sort attribute per object; nulls sort last. */
  protected sortExpression(key: SortKey, target: ReturnType, state: StatementState, joins: string[]): string {
    const source = { attribute: key.attribute };
    if (this.isLocal(source, target, true)) return this.localColumn(source, target, state);
    const s = state.alias('s');
    const from = this.sortRelation(source, key.direction === 'asc' ? 'min' : 'max', target, state);
    joins.push(` LEFT JOIN ${from} ${s} ON ${s}.k = ${ROW}.${this.identifier('_key')}`);
    return `${s}.v`;
  }

  page(plan: SearchPlan): CompiledQuery | undefined {
    const { page, returnType } = plan;
    if (!page.all && page.rows === 0) return undefined;
    const state = new StatementState();
    const id = (name: string) => this.identifier(name);
    const joins: string[] = [];
    const hits = this.hitsFrom(plan, state);
    if (hits) joins.push(` JOIN ${hits} h ON h.k = ${ROW}.${id('_key')}`);
    const order = plan.sort.map(
      (key) =>
        `${this.sortExpression(key, returnType, state, joins)} ${key.direction.toUpperCase()} NULLS LAST`,
    );
    order.push(`${ROW}.${id('rcsb_id')} ASC`);
    const where = this.where(plan.hits && !hits ? [plan.hits] : [], state);
    const limit = page.all
      ? ''
      : ` LIMIT ${this.parameter(state, page.rows, 'integer')} OFFSET ${this.parameter(state, page.start, 'integer')}`;
    return state.done(
      `SELECT ${ROW}.${id('rcsb_id')} AS identifier FROM ${id(returnType)} ${ROW}${state.joins()}${joins.join('')}${where} ORDER BY ${order.join(', ')}${limit}`,
    );
  }

  /**
   * The relations of a facet node: its bucket keys (ancestors first) and, for a distinct count, its
   * values. The first key cut into overlapping ranges becomes the mask column; in a bucket facet,
   * the first key of year-aligned date ranges is a year (`yearKeyed`).
   */
  protected facetRelations(
    node: FacetNode,
    target: ReturnType,
    state: StatementState,
  ): {
    specs: BucketSpec[];
    relations: Relation[];
    mask?: MaskColumn;
    years?: YearKeyColumn;
    combine: Segmentation['combine'];
  } {
    const specs: BucketSpec[] =
      node.kind === 'buckets' ? [...node.ancestors, node.bucket] : [...node.ancestors];
    let mask: MaskColumn | undefined;
    let years: YearKeyColumn | undefined;
    let combine: Segmentation['combine'] = 'any';
    const relations: Relation[] = specs.map((spec, position) => {
      const cut = mask ? undefined : this.segmentsFor(spec);
      if (cut) {
        mask = { position, members: cut.members };
        combine = cut.combine;
      }
      // A distinct count keys by year only cumulative ranges, where each value keeps one year
      // below: its first (last) year, or for a column of the row the year of its first (last)
      // date, one year() per value instead of a comparison per bound.
      const byYear = !years && (node.kind === 'buckets' || (cut !== undefined && cut.combine !== 'any'));
      const intervals = byYear ? this.yearKeyed(spec, target, cut) : undefined;
      if (intervals) {
        years = { position, intervals };
        if (!this.isLocal(spec.source, target)) {
          // The year histogram's own relation: both facets then read one table (one statement).
          return this.bucketRelation({ source: spec.source, bucketing: { kind: 'year' } }, target, state);
        }
        const column = this.localColumn(spec.source, target, state);
        return { kind: 'local', column, key: (value: string) => this.year(value) };
      }
      return this.bucketRelation(spec, target, state, cut);
    });
    if (node.kind === 'cardinality') relations.push(this.valueRelation(node.source, target, state));
    return { specs, relations, ...(mask && { mask }), ...(years && { years }), combine };
  }

  /**
   * The hits and the node's filters: key sets where the dialect joins them (the hits, filters that
   * map another level up), predicates on the row otherwise.
   */
  protected keySets(
    node: FacetNode,
    plan: SearchPlan,
    state: StatementState,
  ): { keySets: string[]; predicates: Predicate[] } {
    const keySets: string[] = [];
    const hits = this.hitsFrom(plan, state);
    if (hits) keySets.push(hits);
    const predicates: Predicate[] = plan.hits && !hits ? [plan.hits] : [];
    for (const filter of node.filters) {
      const keys = this.keySet(filter, state);
      if (keys) keySets.push(keys);
      else predicates.push(filter);
    }
    return { keySets, predicates };
  }

  /**
   * What a facet node's statement reads: its relations and key sets, the FROM … WHERE part
   * (`body`), the bucket-key and value columns. `groupFirst`: the statement is `groupedFirst`'s
   * instead (bucket keys of the row's own columns only).
   */
  protected facetSource(node: FacetNode, plan: SearchPlan, state: StatementState) {
    const target = plan.returnType;
    const id = (name: string) => this.identifier(name);
    // Keys and masks do not depend on the statement; its relations are compiled into it below,
    // unless the key sets, or a bucket facet's relations, are joined to one relation of them all.
    const { specs, mask, years, combine, ...shape } = this.facetRelations(node, target, new StatementState());
    // A cardinality under cumulative ranges of a column of the row keeps the column itself in the
    // mask's place: its key is made once per value (see `facet`).
    const spanned =
      node.kind === 'cardinality' && mask !== undefined && combine !== 'any' ? mask.position : -1;
    const joined =
      node.kind === 'buckets' || this.keySets(node, plan, new StatementState()).keySets.length > 0
        ? this.joinedOnce(node, target, state, shape.relations, spanned, years)
        : undefined;
    const relations = joined ? [] : this.facetRelations(node, target, state).relations;
    const { keySets, predicates } = this.keySets(node, plan, state);
    // Key sets come first: a small relation is the best start when the row is not needed.
    const sources: Relation[] = [
      ...keySets.map((from) => ({ kind: 'joined' as const, from, columns: [] })),
      ...(joined ? [joined] : relations),
    ];
    const locals = relations.filter((r): r is LocalRelation => r.kind === 'local');
    const binned = node.kind === 'buckets' ? this.binnedRanges(specs, relations, state) : new Map();
    const groupFirst =
      node.kind === 'buckets' &&
      sources.length === locals.length &&
      relations.some((r, i) => r.kind === 'local' && r.groupFirst && !binned.has(i));
    const read = {
      specs,
      relations,
      locals,
      mask,
      years,
      combine,
      keySets,
      predicates,
      spanned,
      groupFirst,
      binned,
    };
    // The keys are made in `groupedFirst` (a key's parameters belong where it is made).
    if (groupFirst) return { ...read, columns: [], keys: [], body: '' };
    let from = predicates.length > 0 || locals.length > 0 ? `${id(target)} ${ROW}` : '';
    let key = `${ROW}.${id('_key')}`;
    const joins: string[] = [];
    const columns: string[] = [];
    for (const relation of sources) {
      const column = columns.length;
      if (relation.kind === 'local') {
        // A binned range's key is made from its bin's after grouping (its parameters belong there).
        columns.push(
          column === spanned || binned.has(column) ? relation.column : relation.key(relation.column),
        );
        continue;
      }
      const q = state.alias('q');
      if (from === '') {
        from = `${relation.from} ${q}`;
        key = `${q}.k`;
      } else {
        joins.push(` JOIN ${relation.from} ${q} ON ${q}.k = ${key}`);
      }
      for (const name of relation.columns ?? [column < specs.length ? 'b' : 'v'])
        columns.push(`${q}.${name}`);
    }
    const body = ` FROM ${from}${state.joins()}${joins.join('')}${this.where(predicates, state)}`;
    const keys = columns.slice(0, specs.length);
    return { ...read, columns, keys, body };
  }

  /**
   * One facet node: join the hits and the relations of the node and its ancestors on the
   * return-type key, keep the enclosing document filters, group by the bucket keys. Without
   * predicates and local keys the return-type table is left out. Overlapping ranges come back as
   * bit masks (the first such facet of the chain), which the shaping step expands.
   */
  facet(node: FacetNode, plan: SearchPlan): FacetStatement {
    const state = new StatementState();
    const source = this.facetSource(node, plan, state);
    const { specs, relations, mask, years, combine, keySets, predicates, spanned, columns, keys, body } =
      source;
    if (source.groupFirst) {
      const query = this.groupedFirst(source.locals, predicates, plan.returnType, state, mask, years);
      return { query, ...(mask && { mask }), ...(years && { years }) };
    }
    const groupBy = (groups: string[]) => (groups.length > 0 ? ` GROUP BY ${groups.join(', ')}` : '');
    const result = (sql: string) => ({
      query: state.done(sql),
      ...(mask && { mask }),
      ...(years && { years }),
    });
    const { binned } = source;
    if (binned.size > 0) {
      // Range keys read off the histogram bins after grouping by the other keys (`binnedRanges`).
      const z = state.alias('z');
      const grouped = keys.flatMap((k, i) => (binned.has(i) ? [] : [k]));
      const inner = keys.flatMap((k, i) =>
        binned.has(i) ? [] : [`${this.returnedKey(k, i, mask, years)} AS c${i + 1}`],
      );
      const select = keys.map((_, i) => {
        const ranges = binned.get(i);
        return `${ranges ? ranges.key(`${z}.c${ranges.bin + 1}`) : `${z}.c${i + 1}`} AS b${i + 1}`;
      });
      const sql = `SELECT ${[...select, `${z}.population`].join(', ')} FROM (SELECT ${[...inner, 'count(*) AS population'].join(', ')}${body}${groupBy(grouped)}) ${z}`;
      return { ...result(sql), keyedBy: new Map([...binned].map(([position, { bin }]) => [position, bin])) };
    }
    if (node.kind === 'buckets' || (mask === undefined && keys.length === 0)) {
      const aggregate =
        node.kind === 'buckets' ? 'count(*) AS population' : `count(DISTINCT ${columns.at(-1)}) AS value`;
      const select = keys.map((k, i) => `${this.returnedKey(k, i, mask, years)} AS b${i + 1}`);
      return result(`SELECT ${[...select, aggregate].join(', ')}${body}${groupBy(keys)}`);
    }
    const value = columns.at(-1)!;
    // Without hits or document filters, the relation of distinct values below (per bucket, or
    // each value's first or last segment) depends on the archive alone: a dialect that keeps
    // relations computes it once and this statement only counts its rows.
    const shared = this.materializesRelations && keySets.length === 0 && predicates.length === 0;
    const outer = shared ? new StatementState() : state;
    const z = outer.alias('z');
    const relation = (inner: string) =>
      shared ? this.identifier(outer.derive(state.done(inner))) : `(${inner})`;
    const counted = (sql: string) => ({
      query: outer.done(sql),
      ...(mask && { mask }),
      ...(years && { years }),
    });
    if (mask === undefined) {
      // Distinct values per bucket in two steps: the distinct (keys, value) pairs, then their
      // number per bucket. A grouped count(DISTINCT) keeps one set of values per group, which
      // costs more than one grouping on all the columns. count(v) skips NULL, as DISTINCT does.
      const inner = `SELECT ${[...keys.map((k, i) => `${k} AS c${i + 1}`), `${value} AS v`].join(', ')}${body}${groupBy([...keys, value])}`;
      const select = keys.map((_, i) => `${z}.c${i + 1} AS b${i + 1}`);
      return counted(
        `SELECT ${select.join(', ')}, count(${z}.v) AS value FROM ${relation(inner)} ${z}${groupBy(keys.map((_, i) => `${z}.c${i + 1}`))}`,
      );
    }
    // A cardinality under overlapping ranges: one mask per value (from its objects' masks), then
    // the number of values per mask; the shaping step adds them up per range.
    const position = mask.position;
    const others = keys.filter((_, i) => i !== position);
    // Cumulative ranges of a column of the row: a value counts from its first (or up to its
    // last) segment, so take the least (greatest) value inside the ranges' span and make one key
    // of it per value (its year when the ranges are year-aligned), instead of a key per row.
    const ranged = relations[position];
    const first = position === spanned && ranged?.kind === 'local' ? ranged : undefined;
    const m = first
      ? first.key(this.extremeInSpan(first.column, specs[position]!, combine as 'first' | 'last', state))
      : years?.position === position
        ? this.yearInSpan(keys[position]!, specs[position]!, combine as 'first' | 'last', state)
        : this.combineMasks(keys[position]!, combine);
    const inner =
      `SELECT ${[...others.map((k, i) => `${k} AS c${i + 1}`), `${value} AS v`, `${m} AS m`].join(', ')}` +
      `${body}${groupBy([...others, value])}`;
    let other = 0;
    const select = keys.map((_, i) =>
      i === position
        ? `${this.returnedKey(`${z}.m`, i, mask, years)} AS b${i + 1}`
        : `${z}.c${++other} AS b${i + 1}`,
    );
    const outerGroups = [...others.map((_, i) => `${z}.c${i + 1}`), `${z}.m`];
    return counted(
      `SELECT ${select.join(', ')}, count(${z}.v) AS value FROM ${relation(inner)} ${z}${groupBy(outerGroups)}`,
    );
  }

  /**
   * The distinct (bucket key, value) pairs of a distinct count with one bucket key over key sets,
   * columns c1 and v, where the count reads them whole: per bucket, or (cumulative ranges keyed by
   * year) each value's first (last) year. `undefined` for other counts.
   */
  protected keyValuePairs(
    node: CardinalityNode,
    plan: SearchPlan,
    state: StatementState,
  ): string | undefined {
    const { keys, columns, keySets, mask, years, combine, relations, body } = this.facetSource(
      node,
      plan,
      state,
    );
    if (keySets.length === 0 || keys.length !== 1) return undefined;
    // A column of the row in the mask's place is the raw column, not its year.
    const byYear = years?.position === 0 && combine !== 'any' && relations[0]?.kind !== 'local';
    if (mask !== undefined && !byYear) return undefined;
    const [key, value] = [keys[0]!, columns.at(-1)!];
    return `SELECT ${key} AS c1, ${value} AS v${body} GROUP BY ${key}, ${value}`;
  }

  /**
   * A distinct count read from `keyValuePairs` as the relation `pairs`, its rows marked `part`:
   * the pairs per bucket, or the values per first (last) year inside the ranges' span.
   */
  protected countOfPairs(
    node: CardinalityNode,
    target: ReturnType,
    part: number,
    state: StatementState,
  ): string {
    const { specs, mask, combine } = this.facetRelations(node, target, new StatementState());
    if (mask === undefined) {
      return `SELECT ${part} AS part, pairs.c1 AS b1, count(pairs.v) AS value FROM pairs GROUP BY pairs.c1`;
    }
    const z = state.alias('z');
    const first = this.yearInSpan('pairs.c1', specs[0]!, combine as 'first' | 'last', state);
    return (
      `SELECT ${part} AS part, ${z}.m AS b1, count(${z}.v) AS value` +
      ` FROM (SELECT pairs.v AS v, ${first} AS m FROM pairs GROUP BY pairs.v) ${z} GROUP BY ${z}.m`
    );
  }

  /**
   * Distinct counts that read the same (key, value) pairs within the hits (a scoped growth
   * chart's count per year and its cumulative count from each value's first year) share one
   * statement: the pairs are found once, as a common table, and each count reads them, its rows
   * marked by a first column `part`. Joining the hits and grouping the pairs is most of such a
   * count's cost. Empty where the dialect keeps no common table.
   */
  protected pairedCounts(plan: SearchPlan): Map<FacetNode, { query: CompiledQuery; part: number }> {
    const paired = new Map<FacetNode, { query: CompiledQuery; part: number }>();
    const groups = new Map<string, CardinalityNode[]>();
    const visit = (node: FacetNode): void => {
      if (node.kind === 'buckets') return node.children.forEach(visit);
      const state = new StatementState();
      const pairs = this.keyValuePairs(node, plan, state);
      if (pairs === undefined) return;
      const { sql, parameters } = state.done(pairs);
      const key = JSON.stringify([sql, parameters]);
      groups.set(key, [...(groups.get(key) ?? []), node]);
    };
    plan.facets.forEach(visit);
    for (const nodes of groups.values()) {
      if (nodes.length < 2) continue;
      const state = new StatementState();
      const pairs = this.keyValuePairs(nodes[0]!, plan, state)!;
      const counts = nodes.map((node, part) => this.countOfPairs(node, plan.returnType, part, state));
      const shared = this.commonTable('pairs', pairs, counts.join(' UNION ALL '));
      if (shared === undefined) break;
      const query = state.done(shared);
      nodes.forEach((node, part) => paired.set(node, { query, part }));
    }
    return paired;
  }

  /**
   * `body` reading `sql` as the relation `name`, computed once; `undefined` where the dialect
   * would compute it again for every reference (ClickHouse 18.16).
   */
  protected commonTable(name: string, sql: string, body: string): string | undefined {
    void [name, sql, body];
    return undefined;
  }

  /**
   * A statement that joins key sets (the hits) to two or more relations (counting the row's own
   * columns as one, the row being joined too) joins them to one relation instead: the relations
   * joined on the key, kept as a derived table that depends on the archive alone (columns k, then
   * c1, c2, … in the relations' order; a column of the row as its bucket key). Each request then
   * joins its key sets once, not once per relation. A bucket facet reads that table without hits
   * too: it only counts its rows, no join at all (at 1,200,000 entries resolution-by-year's
   * statements took 40 ms instead of 140, protein-domains' 35 instead of 107, the joins growing
   * with the archive to over a second at 10 million). Compiled again for the table, so that its
   * sources and parameters are its own; `undefined` where there is nothing to gain, or where the
   * statement needs a column of the row itself rather than its key (`spanned`, when its ranges
   * are not keyed by year).
   *
   * The registry's charts read such tables over any scope (a distinct count's values still keyed,
   * to be filtered by the hits before they are counted; a trend chart's years and bins): they are
   * kept (see engine/kept-tables.ts). Joining the hits
   * to the relations instead, themselves kept for a bucket facet, made a scope's first view
   * build nothing either, but each view slower (at 1,200,000 entries the trend charts and
   * assembly symmetry took twice as long).
   */
  protected joinedOnce(
    node: FacetNode,
    target: ReturnType,
    state: StatementState,
    relations: readonly Relation[],
    spanned: number,
    years?: YearKeyColumn,
  ): Relation | undefined {
    if (!this.materializesRelations || relations.length < 2) return undefined;
    if (relations.every((r) => r.kind === 'local')) return undefined;
    if (relations[spanned]?.kind === 'local' && years?.position !== spanned) return undefined;
    const specs = node.kind === 'buckets' ? node.ancestors.length + 1 : node.ancestors.length;
    const columns = relations.map((_, i) => `c${i + 1}`);
    const from = this.relationFrom(state, (inner) => {
      const own = this.facetRelations(node, target, inner).relations;
      const row = own.some((r) => r.kind === 'local');
      const aliases = own.map((r) => (r.kind === 'local' ? ROW : inner.alias('r')));
      const select = own.map(
        (r, i) =>
          `${r.kind === 'local' ? r.key(r.column) : `${aliases[i]}.${i < specs ? 'b' : 'v'}`} AS ${columns[i]}`,
      );
      const joined = own.flatMap((r, i) =>
        r.kind === 'joined' ? [{ from: r.from, alias: aliases[i]! }] : [],
      );
      const [first, ...rest] = row ? [{ from: this.identifier(target), alias: ROW }, ...joined] : joined;
      const key = row ? `${ROW}.${this.identifier('_key')}` : `${first!.alias}.k`;
      const joins = rest.map((r) => ` JOIN ${r.from} ${r.alias} ON ${r.alias}.k = ${key}`);
      return `SELECT ${[`${key} AS k`, ...select].join(', ')} FROM ${first!.from} ${first!.alias}${row ? inner.joins() : ''}${joins.join('')}`;
    });
    return { kind: 'joined', from, columns };
  }

  /**
   * Bucket keys of the row's own columns, computed on the distinct column values: group by the
   * columns, then make keys of the groups and add up their counts.
   */
  protected groupedFirst(
    locals: readonly LocalRelation[],
    predicates: readonly Predicate[],
    target: ReturnType,
    state: StatementState,
    mask?: MaskColumn,
    years?: YearKeyColumn,
  ): CompiledQuery {
    const g = state.alias('g');
    const columns = locals.map((r, i) => `${r.column} AS c${i + 1}`);
    const where = this.where(predicates, state);
    const inner =
      `SELECT ${columns.join(', ')}, count(*) AS n FROM ${this.identifier(target)} ${ROW}${state.joins()}${where}` +
      ` GROUP BY ${locals.map((r) => r.column).join(', ')}`;
    const keys = locals.map((r, i) => r.key(`${g}.c${i + 1}`));
    const select = keys.map((k, i) => `${this.returnedKey(k, i, mask, years)} AS b${i + 1}`);
    return state.done(
      `SELECT ${select.join(', ')}, sum(${g}.n) AS population FROM (${inner}) ${g} GROUP BY ${keys.join(', ')}`,
    );
  }

  /** Every bucket key of the attribute in the archive (record filters do not narrow it). */
  universe(spec: BucketSpec): CompiledQuery {
    const state = new StatementState();
    const values = this.levelValues({ attribute: spec.source.attribute }, '_key', state);
    const kv = state.alias('kv');
    return state.done(
      `SELECT DISTINCT ${this.bucketKey(`${kv}.v`, spec, state)} AS b FROM (${values}) ${kv}`,
    );
  }

  /**
   * A bucket facet whose sub-facets are bucket facets without sub-facets of their own, all of
   * them keyed by columns of the row (or its parent's) under the same filters: one statement
   * grouped by all their keys (the facet's, then each sub-facet's own), whose rows each facet adds
   * up over the keys that are not its own. The hits are joined and the rows read once instead of
   * once per facet (a trend chart: the year histogram and two histograms inside each year; bins of
   * a resolution split by method); the counts add up exactly, every row having one key of each
   * sub-facet. `undefined` where a facet is not of that kind (a sub-facet's relation to join would
   * repeat rows; masks and year keys have their own rows).
   */
  protected familyStatement(node: BucketNode, plan: SearchPlan): FacetStatement | undefined {
    const children = node.children;
    const filters = JSON.stringify(node.filters);
    const last = children.at(-1);
    if (
      last === undefined ||
      children.some(
        (child) =>
          child.kind !== 'buckets' || child.children.length > 0 || JSON.stringify(child.filters) !== filters,
      )
    ) {
      return undefined;
    }
    const buckets = children as readonly BucketNode[];
    const family: BucketNode = {
      ...(last as BucketNode),
      ancestors: [...node.ancestors, node.bucket, ...buckets.slice(0, -1).map((child) => child.bucket)],
    };
    const { relations, mask, years } = this.facetRelations(family, plan.returnType, new StatementState());
    const own = node.ancestors.length + 1;
    if (mask || years || relations.slice(own).some((r) => r.kind !== 'local')) return undefined;
    // The facet's own keys may come from a joined relation (the bins of a list of values): the
    // statement then has its rows, each once per sub-facet key. Only a relation whose every key
    // names a row joins without losing rows (a missing optional link would be a NULL key).
    const keyed = [...node.ancestors, node.bucket].every((spec, i) => {
      const relation = relations[i]!;
      return (
        relation.kind === 'local' ||
        route(spec.source.attribute.level, plan.returnType).every((h) => !h.optional)
      );
    });
    return keyed ? this.facet(family, plan) : undefined;
  }

  protected facetProgram(
    node: FacetNode,
    plan: SearchPlan,
    paired: ReadonlyMap<FacetNode, { query: CompiledQuery; part: number }>,
  ): FacetProgram {
    if (node.kind === 'buckets') {
      const family = this.familyStatement(node, plan);
      if (family) {
        const own = node.ancestors.length + 1;
        const keys = Array.from({ length: own }, (_, i) => i);
        const all = own + node.children.length;
        // Rows already one per key of the facet need no roll-up: its columns come first and every
        // other key is computed from one of them (a trend chart's fine histogram).
        const distinct = (columns: readonly number[]) =>
          columns.every((column, i) => column === i) &&
          Array.from({ length: all - columns.length }, (_, i) =>
            family.keyedBy?.get(columns.length + i),
          ).every((by) => by !== undefined && by < columns.length);
        const rolled = (of: BucketNode, columns: readonly number[]): BucketProgram => ({
          kind: 'buckets',
          node: of,
          query: family.query,
          ...(!distinct(columns) && { rollUp: columns }),
          ...(this.fills(of) && { universe: this.universe(of.bucket) }),
          children: [],
        });
        return {
          ...rolled(node, keys),
          children: node.children.map((child, i) => rolled(child as BucketNode, [...keys, own + i])),
        };
      }
    }
    const shared = paired.get(node);
    const { query, mask, years } = shared
      ? { ...this.facetRelations(node, plan.returnType, new StatementState()), query: shared.query }
      : this.facet(node, plan);
    if (node.kind === 'cardinality') {
      return {
        kind: 'cardinality',
        node,
        query,
        ...(mask && { mask }),
        ...(years && { years }),
        ...(shared && { part: shared.part }),
      };
    }
    return {
      kind: 'buckets',
      node,
      query: shared ? query : this.termsCut(node, query),
      ...(mask && { mask }),
      ...(years && { years }),
      ...(this.fills(node) && { universe: this.universe(node.bucket) }),
      children: node.children.map((child) => this.facetProgram(child, plan, paired)),
    };
  }

  /**
   * A top-level terms facet's statement cut to the buckets the answer shows: the most populous
   * first, ties in key order, as the shaping step orders them. A facet over every identifier of a
   * large archive otherwise reads all its rows (250,000) into the service to keep ten; dozens of
   * such facets in one request held gigabytes and the event loop for seconds. One row more than
   * kept, since a row without a key (entries lacking the attribute) is read but not shown.
   */
  private termsCut(node: BucketNode, query: CompiledQuery): CompiledQuery {
    const { facet } = node;
    if (facet.kind !== 'terms' || node.ancestors.length > 0) return query;
    return Object.freeze({
      ...query,
      sql: `SELECT * FROM (${query.sql}) ORDER BY population DESC, b1 ASC NULLS LAST LIMIT ${facet.maxIntervals + 1}`,
    });
  }

  /** Terms facets that list every value, those without hits too. */
  private fills(node: BucketNode): boolean {
    return node.facet.kind === 'terms' && node.facet.minPopulation === 0;
  }

  compile(plan: SearchPlan): SearchProgram {
    const page = plan.countOnly ? undefined : this.page(plan);
    const paired = plan.countOnly ? new Map() : this.pairedCounts(plan);
    return {
      plan,
      count: this.count(plan),
      ...(page && { page }),
      facets: plan.countOnly ? [] : plan.facets.map((node) => this.facetProgram(node, plan, paired)),
    };
  }
}
