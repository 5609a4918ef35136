import type { ReturnType } from '@pdb-stats/search-model';
import type { BucketSpec, FacetNode, Predicate, SearchPlan, SortKey } from '../nodes.ts';
import type { FacetProgram, MaskColumn, SearchProgram } from '../program.ts';
import { StatementState, type CompiledQuery } from './compiled-query.ts';
import { ROW, RelationCompiler, type Relation } from './relation-compiler.ts';

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

  count(target: ReturnType, hits: Predicate | undefined): CompiledQuery {
    const state = new StatementState();
    const where = this.where(hits ? [hits] : [], state);
    return state.done(`SELECT count(*) AS total FROM ${this.identifier(target)} ${ROW}${where}`);
  }

  /** Min (ascending) or max (descending) of a sort attribute per object; nulls sort last. */
  protected sortExpression(key: SortKey, target: ReturnType, state: StatementState, joins: string[]): string {
    const source = { attribute: key.attribute };
    if (this.isLocal(source, target)) return this.localColumn(source);
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
    const order = plan.sort.map(
      (key) =>
        `${this.sortExpression(key, returnType, state, joins)} ${key.direction.toUpperCase()} NULLS LAST`,
    );
    order.push(`${ROW}.${id('rcsb_id')} ASC`);
    const where = this.where(plan.hits ? [plan.hits] : [], state);
    const limit = page.all
      ? ''
      : ` LIMIT ${this.parameter(state, page.rows, 'integer')} OFFSET ${this.parameter(state, page.start, 'integer')}`;
    return state.done(
      `SELECT ${ROW}.${id('rcsb_id')} AS identifier FROM ${id(returnType)} ${ROW}${joins.join('')}${where} ORDER BY ${order.join(', ')}${limit}`,
    );
  }

  /**
   * One facet node: join the relations of its ancestors and its own on the return-type key, keep
   * the hits and the enclosing document filters, group by the bucket keys. Without predicates and
   * without local keys, the return-type table is left out. Overlapping ranges come back as bit
   * masks (the first such facet of the chain), which the shaping step expands.
   */
  facet(
    node: FacetNode,
    target: ReturnType,
    hits: Predicate | undefined,
  ): { query: CompiledQuery; mask?: MaskColumn } {
    const state = new StatementState();
    const id = (name: string) => this.identifier(name);
    const specs: BucketSpec[] =
      node.kind === 'buckets' ? [...node.ancestors, node.bucket] : [...node.ancestors];
    let mask: MaskColumn | undefined;
    const relations: Relation[] = specs.map((spec, position) => {
      const cut = mask ? undefined : this.segmentsFor(spec);
      if (cut) mask = { position, members: cut.members };
      return this.bucketRelation(spec, target, state, cut?.segments);
    });
    if (node.kind === 'cardinality') relations.push(this.valueRelation(node.source, target, state));
    const predicates = hits ? [hits, ...node.filters] : [...node.filters];
    let from =
      predicates.length > 0 || relations.some((r) => r.kind === 'local') ? `${id(target)} ${ROW}` : '';
    let key = `${ROW}.${id('_key')}`;
    const joins: string[] = [];
    const columns = relations.map((relation, i) => {
      if (relation.kind === 'local') return relation.key;
      const q = state.alias('q');
      if (from === '') {
        from = `${relation.from} ${q}`;
        key = `${q}.k`;
      } else {
        joins.push(` JOIN ${relation.from} ${q} ON ${q}.k = ${key}`);
      }
      return `${q}.${i < specs.length ? 'b' : 'v'}`;
    });
    const body = ` FROM ${from}${joins.join('')}${this.where(predicates, state)}`;
    const keys = columns.slice(0, specs.length);
    const groupBy = (groups: string[]) => (groups.length > 0 ? ` GROUP BY ${groups.join(', ')}` : '');
    const result = (sql: string) => ({ query: state.done(sql), ...(mask && { mask }) });
    if (node.kind === 'buckets' || mask === undefined) {
      const aggregate =
        node.kind === 'buckets' ? 'count(*) AS population' : `count(DISTINCT ${columns.at(-1)}) AS value`;
      const select = keys.map((k, i) => `${i === mask?.position ? this.maskText(k) : k} AS b${i + 1}`);
      return result(`SELECT ${[...select, aggregate].join(', ')}${body}${groupBy(keys)}`);
    }
    // A cardinality under overlapping ranges: one mask per value (all its objects' masks), then
    // the number of values per mask; the shaping step adds them up per range.
    const position = mask.position;
    const others = keys.filter((_, i) => i !== position);
    const value = columns.at(-1)!;
    const z = state.alias('z');
    const inner =
      `SELECT ${[...others.map((k, i) => `${k} AS c${i + 1}`), `${value} AS v`, `${this.bitOr(keys[position]!)} AS m`].join(', ')}` +
      `${body}${groupBy([...others, value])}`;
    let other = 0;
    const select = keys.map((_, i) =>
      i === position ? `${this.maskText(`${z}.m`)} AS b${i + 1}` : `${z}.c${++other} AS b${i + 1}`,
    );
    const outerGroups = [...others.map((_, i) => `${z}.c${i + 1}`), `${z}.m`];
    return result(
      `SELECT ${select.join(', ')}, count(*) AS value FROM (${inner}) ${z}${groupBy(outerGroups)}`,
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

  protected facetProgram(node: FacetNode, plan: SearchPlan): FacetProgram {
    const { query, mask } = this.facet(node, plan.returnType, plan.hits);
    if (node.kind === 'cardinality') return { kind: 'cardinality', node, query, ...(mask && { mask }) };
    const fill = node.facet.kind === 'terms' && node.facet.minPopulation === 0;
    return {
      kind: 'buckets',
      node,
      query,
      ...(mask && { mask }),
      ...(fill && { universe: this.universe(node.bucket) }),
      children: node.children.map((child) => this.facetProgram(child, plan)),
    };
  }

  compile(plan: SearchPlan): SearchProgram {
    const page = plan.countOnly ? undefined : this.page(plan);
    return {
      plan,
      count: this.count(plan.returnType, plan.hits),
      ...(page && { page }),
      facets: plan.countOnly ? [] : plan.facets.map((node) => this.facetProgram(node, plan)),
    };
  }
}
