import { storageOf, type ReturnType, type ScalarType } from '@pdb-stats/search-model';
import { route, type Hop } from '../level-routes.ts';
import type { BucketSpec, ValueSource } from '../nodes.ts';
import type { MaskColumn, YearKeyColumn } from '../program.ts';
import {
  segmentsOf,
  sortIntervals,
  yearStart,
  type Bound,
  type Interval,
  type Segmentation,
} from '../range-segments.ts';
import type { StatementState } from './compiled-query.ts';
import { ExpressionCompiler } from './expression-compiler.ts';
import { splitForItems } from './record-items.ts';

/** The return-type table's alias in every statement. */
export const ROW = 't';

/** Most segments a bit mask of overlapping ranges can hold (one BIGINT). */
export const MAX_SEGMENTS = 63;

/** `yearKeyed`'s intervals of a segmentation's masks, frozen. */
const maskYears = new WeakMap<Segmentation, YearKeyColumn['intervals'] | undefined>();

/** Intervals whose bounds all fall on 1 January with their bounds as years; otherwise undefined. */
function yearIntervals(
  intervals: readonly { from?: Bound; to?: Bound; key: number | string }[],
): YearKeyColumn['intervals'] | undefined {
  const years: YearKeyColumn['intervals'][number][] = [];
  for (const { from, to, key } of intervals) {
    const first = from === undefined ? undefined : yearStart(from);
    const end = to === undefined ? undefined : yearStart(to);
    if ((from !== undefined && first === undefined) || (to !== undefined && end === undefined)) {
      return undefined;
    }
    years.push(
      Object.freeze({
        ...(first !== undefined && { from: first }),
        ...(end !== undefined && { to: end }),
        key,
      }),
    );
  }
  return Object.freeze(years);
}

/**
 * Pairs (return-type key `k`, bucket key `b`) of one facet. A `local` relation is a column of the
 * return-type row with the expression that makes its bucket key, and needs no join; a `joined`
 * one is a FROM item with columns k, b (k, v for the values of a cardinality).
 */
export type Relation = LocalRelation | JoinedRelation;

export interface JoinedRelation {
  kind: 'joined';
  from: string;
  /** The columns it gives besides k, when not the one `b` (a bucket key) or `v` (a value). */
  columns?: readonly string[];
}

export interface LocalRelation {
  kind: 'local';
  column: string;
  key: (value: string) => string;
  /**
   * The key costs a comparison per range bound and the column has few distinct values (integers,
   * dates): grouping by the column first and computing keys of the groups is cheaper.
   */
  groupFirst?: boolean;
}

const SQL_TYPE: Record<ScalarType, string> = {
  string: 'VARCHAR',
  integer: 'DOUBLE',
  number: 'DOUBLE',
  date: 'TIMESTAMP',
};

/**
 * Relations between return-type objects and values or bucket keys: values carried along the
 * level route, per-record filters, and the bucket key of each
 * aggregation type.
 */
export class RelationCompiler extends ExpressionCompiler {
  protected typedNull(type: ScalarType): string {
    return `CAST(NULL AS ${SQL_TYPE[type]})`;
  }

  /** 2^index as a BIGINT. */
  protected bit(index: string): string {
    return `(CAST(1 AS BIGINT) << ${index})`;
  }

  protected bitOr(mask: string): string {
    return `bit_or(${mask})`;
  }

  /**
   * Combines the one-bit masks of an object's (or a value's) segments: all bits, or only the
   * lowest or highest (for one-bit masks, min and max pick the lowest and highest segment).
   */
  combineMasks(mask: string, combine: Segmentation['combine']): string {
    return combine === 'any' ? this.bitOr(mask) : `${combine === 'first' ? 'min' : 'max'}(${mask})`;
  }

  /**
   * For cumulative ranges (`first`: all start at the first segment; `last`: all end at the last):
   * the least (greatest) value of the column inside the segments' span, an aggregate. Its key is
   * the key `combineMasks` would give, computed once per group instead of once per row. Values
   * outside the span are in no range and must not hide one that is.
   */
  extremeInSpan(column: string, spec: BucketSpec, combine: 'first' | 'last', state: StatementState): string {
    return this.extremeBeyond(
      column,
      this.spanBound(spec, combine),
      spec.source.attribute.type,
      combine,
      state,
    );
  }

  /**
   * `extremeInSpan` of a column of years: the span's bound as a year (the ranges are year-aligned,
   * see `yearKeyed`), so that the least (greatest) year inside the span is the year of the least
   * (greatest) date inside it.
   */
  protected yearInSpan(
    column: string,
    spec: BucketSpec,
    combine: 'first' | 'last',
    state: StatementState,
  ): string {
    const bound = this.spanBound(spec, combine);
    return this.extremeBeyond(
      column,
      bound === undefined ? undefined : yearStart(bound),
      'integer',
      combine,
      state,
    );
  }

  /** Where the span of cumulative ranges begins (`first`) or ends (`last`); none when open. */
  private spanBound(spec: BucketSpec, combine: 'first' | 'last'): Bound | undefined {
    const { segments } = this.segmentsFor(spec)!;
    return combine === 'first' ? segments[0]!.from : segments.at(-1)!.to;
  }

  private extremeBeyond(
    column: string,
    bound: Bound | undefined,
    type: ScalarType,
    combine: 'first' | 'last',
    state: StatementState,
  ): string {
    const aggregate = combine === 'first' ? 'min' : 'max';
    if (bound === undefined) return `${aggregate}(${column})`;
    const test = `${column} ${combine === 'first' ? '>=' : '<'} ${this.valueParameter(state, bound, type)}`;
    return `${aggregate}(CASE WHEN ${test} THEN ${column} END)`;
  }

  /** A table of constant rows, as a FROM item. */
  protected inlineTable(rows: readonly string[][], alias: string, columns: readonly string[]): string {
    return `(VALUES ${rows.map((row) => `(${row.join(', ')})`).join(', ')}) AS ${alias}(${columns.join(', ')})`;
  }

  /** A bit mask as decimal text (a BIGINT does not fit a JavaScript number). */
  protected maskText(mask: string): string {
    return `CAST(${mask} AS VARCHAR)`;
  }

  // ---- values of an attribute, keyed by the return type --------------------------------------

  /** `SELECT k, v`: values of the attribute at its own level, `k` read from `keyColumn`. */
  protected levelValues(source: ValueSource, keyColumn: string, state: StatementState): string {
    const { attribute, recordFilters } = source;
    const id = (name: string) => this.identifier(name);
    const x = state.alias('x');
    const table = `${id(attribute.level)} ${x}`;
    const key = `${x}.${id(keyColumn)} AS k`;
    const storage = storageOf(attribute);
    const column = `${x}.${id(storage.column)}`;
    if (!attribute.multi) return `SELECT ${key}, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`;
    const u = state.alias('u');
    if (!storage.field) {
      return `SELECT ${u}.k, ${u}.v FROM (SELECT ${key}, ${this.unnest(column)} AS v FROM ${table}) ${u} WHERE ${u}.v IS NOT NULL`;
    }
    const records = `SELECT ${key}, ${this.unnest(column)} AS r FROM ${table}`;
    if (!storage.inner) {
      const value = this.field(`${u}.r`, storage.field);
      const where = [`${value} IS NOT NULL`];
      if (recordFilters) where.push(this.recordFilters(recordFilters, { record: `${u}.r` }, state));
      return `SELECT ${u}.k, ${value} AS v FROM (${records}) ${u} WHERE ${where.join(' AND ')}`;
    }
    if (recordFilters) {
      const values = this.itemValues(source, keyColumn, state);
      if (values) return values;
    }
    const w = state.alias('w');
    const items = `SELECT ${u}.k, ${u}.r, ${this.unnest(this.field(`${u}.r`, storage.inner))} AS l FROM (${records}) ${u}`;
    const value = this.field(`${w}.l`, storage.field);
    const where = [`${value} IS NOT NULL`];
    if (recordFilters) {
      where.push(this.recordFilters(recordFilters, { record: `${w}.r`, inner: `${w}.l` }, state));
    }
    return `SELECT ${w}.k, ${value} AS v FROM (${items}) ${w} WHERE ${where.join(' AND ')}`;
  }

  /**
   * `SELECT k, v`: values of an attribute of an inner list's items under per-record filters, read
   * from the shared table of the items of the records the filters select (`recordItems`);
   * undefined when the dialect keeps no such table or the filters do not split.
   */
  private itemValues(source: ValueSource, keyColumn: string, state: StatementState): string | undefined {
    const { attribute, recordFilters = [] } = source;
    const storage = storageOf(attribute);
    const split = splitForItems(recordFilters, true);
    if (!split || (split.inner !== undefined && split.inner !== storage.inner)) return undefined;
    const { column, inner, field } = storage;
    const items = this.recordItems(attribute.level, column, inner!, keyColumn, split.records, state);
    if (!items) return undefined;
    const i = state.alias('i');
    const value = this.field(`${i}.l`, field!);
    const where = [
      `${value} IS NOT NULL`,
      ...split.onItem.map((c) => this.recordCriterion(c, this.itemsScope(items, i, state, true), state)),
      ...split.onRecord.map((c) => this.recordCriterion(c, this.itemsScope(items, i, state, false), state)),
    ];
    return `SELECT ${i}.k, ${value} AS v FROM ${items} ${i} WHERE ${where.join(' AND ')}`;
  }

  /**
   * `SELECT k, v` with `k` a key of `target`: the values carried along the level route. `merges`
   * when one target object may receive the same value more than once.
   */
  protected keyedValues(
    source: ValueSource,
    target: ReturnType,
    state: StatementState,
  ): { sql: string; merges: boolean } {
    const hops = route(source.attribute.level, target);
    // A first step up needs no join: the child row names its parent.
    const first = hops[0]?.direction === 'up' ? hops[0] : undefined;
    let sql = this.levelValues(source, first ? first.link : '_key', state);
    for (const hop of first ? hops.slice(1) : hops) sql = this.hopJoin(sql, hop, state);
    return { sql, merges: source.attribute.multi || hops.some((h) => h.direction === 'up') };
  }

  /** Pairs (k, v) carried one hop along the level route: `k` becomes the key of the hop's far end. */
  protected hopJoin(pairs: string, hop: Hop, state: StatementState): string {
    const id = (name: string) => this.identifier(name);
    const v = state.alias('v');
    const a = state.alias('m');
    return hop.direction === 'down'
      ? `SELECT ${a}.${id('_key')} AS k, ${v}.v FROM (${pairs}) ${v} JOIN ${id(hop.to)} ${a} ON ${a}.${id(hop.link)} = ${v}.k`
      : `SELECT ${a}.${id(hop.link)} AS k, ${v}.v FROM (${pairs}) ${v} JOIN ${id(hop.from)} ${a} ON ${a}.${id('_key')} = ${v}.k`;
  }

  /**
   * Whether the attribute is one scalar column of the target's row or, with `parents`, of its
   * parent row (one step up: an entry attribute for entities, an entity attribute for instances).
   * Facets read parent attributes from a derived relation instead: scanning a small table beats
   * joining the parent table in every statement.
   */
  protected isLocal(source: ValueSource, target: ReturnType, parents = false): boolean {
    if (source.attribute.multi) return false;
    if (source.attribute.level === target) return true;
    const hops = route(target, source.attribute.level);
    return parents && hops.length === 1 && hops[0]!.direction === 'up';
  }

  /** Each object of the target has at most one value: a single value of its own row or of an ancestor's. */
  protected isSingleValued(source: ValueSource, target: ReturnType): boolean {
    return (
      !source.attribute.multi && route(target, source.attribute.level).every((h) => h.direction === 'up')
    );
  }

  /** The attribute's column on the target row, or on the parent row joined to it. */
  protected localColumn(source: ValueSource, target: ReturnType, state: StatementState): string {
    const { attribute } = source;
    const column = this.identifier(attribute.path);
    if (attribute.level === target) return `${ROW}.${column}`;
    const hop = route(target, attribute.level)[0]!;
    const id = (name: string) => this.identifier(name);
    const parent = state.parent(
      hop.link,
      (p) => ` LEFT JOIN ${id(hop.to)} ${p} ON ${p}.${id('_key')} = ${ROW}.${id(hop.link)}`,
    );
    return `${parent}.${column}`;
  }

  // ---- bucket keys -------------------------------------------------------------------------------

  /**
   * The key of the interval holding `value`, for disjoint intervals: sorted, one comparison per
   * bound, gaps give NULL (so does a NULL value).
   */
  protected intervalKey(
    value: string,
    intervals: readonly Interval[],
    type: ScalarType,
    state: StatementState,
  ): string {
    const bound = (b: Bound) => this.valueParameter(state, b, type);
    const whens: string[] = [];
    let previous: Bound | undefined;
    sortIntervals(intervals).forEach((interval, i) => {
      if (interval.from !== undefined && (i === 0 || previous !== interval.from)) {
        whens.push(`WHEN ${value} < ${bound(interval.from)} THEN NULL`);
      }
      whens.push(
        interval.to === undefined
          ? `WHEN ${value} IS NOT NULL THEN ${interval.key}`
          : `WHEN ${value} < ${bound(interval.to)} THEN ${interval.key}`,
      );
      previous = interval.to;
    });
    return `CASE ${whens.join(' ')} END`;
  }

  /**
   * The bucket key of a value: the value (dates as text), a histogram bin index (the shaping step
   * multiplies it by the interval), a year, or the index of the range holding it.
   */
  protected bucketKey(value: string, spec: BucketSpec, state: StatementState): string {
    const { bucketing } = spec;
    const type = spec.source.attribute.type;
    switch (bucketing.kind) {
      case 'terms':
        return type === 'date' ? this.dateText(value) : value;
      case 'histogram':
        return `floor(${value} / ${this.parameter(state, bucketing.interval, 'number')})`;
      case 'year':
        return this.year(value);
      case 'ranges':
        return this.intervalKey(
          value,
          bucketing.ranges.map((r, key) => ({ ...r, key })),
          type,
          state,
        );
    }
  }

  /**
   * Range keys of a statement that can be read off its histogram key of the same column, by
   * position: the position of that histogram key and the range key of a bin. Every bound must lie
   * on the histogram's grid, so that each bin falls inside one range and the range of its lower
   * edge is the range of all its values; the statement then groups by the bin and compares each
   * bin, not each row, with the bounds (a trend chart's bins and their shares per year). The bin
   * of a value, floor(value / interval), and its edge, bin × interval, must be exact: an interval
   * that is a power of two, or a whole interval over integers (exact below 2^51, far above any
   * count the archive holds).
   */
  binnedRanges(
    specs: readonly BucketSpec[],
    relations: readonly Relation[],
    state: StatementState,
  ): Map<number, { bin: number; key: (bin: string) => string }> {
    const binned = new Map<number, { bin: number; key: (bin: string) => string }>();
    specs.forEach((spec, position) => {
      const ranges = spec.bucketing;
      const relation = relations[position];
      if (ranges.kind !== 'ranges' || ranges.overlapping || relation?.kind !== 'local') return;
      const type = spec.source.attribute.type;
      const bin = specs.findIndex((other, i) => {
        const local = relations[i];
        const { bucketing } = other;
        return (
          bucketing.kind === 'histogram' &&
          local?.kind === 'local' &&
          local.column === relation.column &&
          onGrid(bucketing.interval, type, ranges.ranges)
        );
      });
      const histogram = specs[bin]?.bucketing;
      if (histogram?.kind !== 'histogram') return;
      const intervals = ranges.ranges.map((r, key) => ({ ...r, key }));
      binned.set(position, {
        bin,
        key: (b) =>
          this.intervalKey(
            `${b} * ${this.parameter(state, histogram.interval, 'number')}`,
            intervals,
            type,
            state,
          ),
      });
    });
    return binned;
  }

  /** Segments of overlapping ranges, when they fit one bit mask. */
  segmentsFor(spec: BucketSpec): Segmentation | undefined {
    const { bucketing } = spec;
    if (bucketing.kind !== 'ranges' || !bucketing.overlapping) return undefined;
    const cut = segmentsOf(bucketing.ranges);
    return cut.segments.length <= MAX_SEGMENTS ? cut : undefined;
  }

  /**
   * Date ranges of an attribute with one value per object (a column of the row or of an
   * ancestor's row) whose bounds all fall on 1 January (`cut`: their segments, when they are
   * overlapping and masked): the year decides the range, so a bucket facet's statement groups by
   * the year, a cheap integer (as a year histogram does, with the same relation of years), and the
   * keys are looked up after it instead of a comparison per bound on every distinct date. A
   * distinct count may group by year only where each value keeps one year (its first or last
   * under cumulative ranges): a value met in two years of one range would count twice.
   */
  yearKeyed(
    spec: BucketSpec,
    target: ReturnType,
    cut: Segmentation | undefined,
  ): YearKeyColumn['intervals'] | undefined {
    const { bucketing } = spec;
    if (bucketing.kind !== 'ranges' || spec.source.attribute.type !== 'date') return undefined;
    if ((bucketing.overlapping && !cut) || !this.isSingleValued(spec.source, target)) return undefined;
    if (!cut) return yearIntervals(bucketing.ranges.map((r, key) => ({ ...r, key })));
    // Segmentations are shared by all requests with the same ranges (`segmentsOf`): so are their years.
    if (!maskYears.has(cut)) {
      const masks = cut.segments.map((s) => ({ ...s, key: String(1n << BigInt(s.key)) }));
      maskYears.set(cut, yearIntervals(masks));
    }
    return maskYears.get(cut);
  }

  /** A bucket-key column as the statement returns it: a mask as text, a year (`yearKeyed`) as is. */
  protected returnedKey(key: string, position: number, mask?: MaskColumn, years?: YearKeyColumn): string {
    return position === mask?.position && position !== years?.position ? this.maskText(key) : key;
  }

  /**
   * Overlapping ranges as a bit mask per object: bit s is set when some value lies in segment s.
   * Objects in different masks are disjoint, so the shaping step can add populations of all masks
   * that touch a range (no join that repeats each object once per range).
   */
  protected maskRelation(
    spec: BucketSpec,
    segmentation: Segmentation,
    target: ReturnType,
    state: StatementState,
  ): Relation {
    const type = spec.source.attribute.type;
    const { segments, combine } = segmentation;
    if (this.isLocal(spec.source, target)) {
      return {
        kind: 'local',
        column: this.localColumn(spec.source, target, state),
        key: (value) => this.bit(this.intervalKey(value, segments, type, state)),
        groupFirst: type !== 'number',
      };
    }
    const from = this.relationFrom(state, (inner) => {
      const kv = inner.alias('kv');
      const values = this.keyedValues(spec.source, target, inner).sql;
      const bit = this.bit(this.intervalKey(`${kv}.v`, segments, type, inner));
      return `SELECT ${kv}.k, ${this.combineMasks(bit, combine)} AS b FROM (${values}) ${kv} GROUP BY ${kv}.k`;
    });
    return { kind: 'joined', from };
  }

  /** Overlapping ranges that do not fit a mask: one row per (key, range), through an inline table. */
  protected rangeTableRelation(spec: BucketSpec, target: ReturnType, state: StatementState): Relation {
    if (spec.bucketing.kind !== 'ranges') throw new Error('not a range facet');
    const type = spec.source.attribute.type;
    const bound = (b: Bound | undefined) =>
      b === undefined ? this.typedNull(type) : this.valueParameter(state, b, type);
    const rows = spec.bucketing.ranges.map((r, i) => [String(i), bound(r.from), bound(r.to)]);
    const kv = state.alias('kv');
    const g = state.alias('g');
    const values = this.keyedValues(spec.source, target, state).sql;
    const sql =
      `SELECT DISTINCT ${kv}.k, ${g}.i AS b FROM (${values}) ${kv} JOIN ${this.inlineTable(rows, g, ['i', 'lo', 'hi'])}` +
      ` ON (${g}.lo IS NULL OR ${kv}.v >= ${g}.lo) AND (${g}.hi IS NULL OR ${kv}.v < ${g}.hi)`;
    return { kind: 'joined', from: `(${sql})` };
  }

  /** The (key, bucket) relation of a bucket facet; `masked` asks for the bit-mask form. */
  bucketRelation(
    spec: BucketSpec,
    target: ReturnType,
    state: StatementState,
    masked?: Segmentation,
  ): Relation {
    if (masked) return this.maskRelation(spec, masked, target, state);
    if (spec.bucketing.kind === 'ranges' && spec.bucketing.overlapping) {
      return this.rangeTableRelation(spec, target, state);
    }
    if (this.isLocal(spec.source, target)) {
      const type = spec.source.attribute.type;
      return {
        kind: 'local',
        column: this.localColumn(spec.source, target, state),
        key: (value) => this.bucketKey(value, spec, state),
        groupFirst: spec.bucketing.kind === 'ranges' && type !== 'number',
      };
    }
    const from = this.relationFrom(state, (inner) => {
      const { sql, merges } = this.keyedValues(spec.source, target, inner);
      const kv = inner.alias('kv');
      const key = this.bucketKey(`${kv}.v`, spec, inner);
      return `SELECT ${merges ? 'DISTINCT ' : ''}${kv}.k, ${key} AS b FROM (${sql}) ${kv}`;
    });
    return { kind: 'joined', from };
  }

  /** Pairs (key, value) for a cardinality: duplicates do no harm to a distinct count. */
  valueRelation(source: ValueSource, target: ReturnType, state: StatementState): Relation {
    if (this.isLocal(source, target)) {
      return { kind: 'local', column: this.localColumn(source, target, state), key: (value) => value };
    }
    const from = this.relationFrom(state, (inner) =>
      this.numberValues(this.keyedValues(source, target, inner).sql, inner),
    );
    return { kind: 'joined', from };
  }

  /**
   * Pairs (k, v) for a distinct count, which needs only to tell values apart: a dialect that keeps
   * relations may number the values once (integers group faster than text). By default, as is.
   */
  protected numberValues(pairs: string, state: StatementState): string {
    void state;
    return pairs;
  }

  /** Min (ascending) or max (descending) of an attribute per object, as a relation (k, v). */
  sortRelation(
    source: ValueSource,
    aggregate: 'min' | 'max',
    target: ReturnType,
    state: StatementState,
  ): string {
    return this.relationFrom(state, (inner) => {
      const kv = inner.alias('kv');
      const values = this.keyedValues(source, target, inner).sql;
      return `SELECT ${kv}.k, ${aggregate}(${kv}.v) AS v FROM (${values}) ${kv} GROUP BY ${kv}.k`;
    });
  }
}

/**
 * Whether every bound is a whole number of histogram intervals and a value's bin is computed
 * exactly (see `binnedRanges`).
 */
function onGrid(
  interval: number,
  type: ScalarType,
  ranges: readonly { from?: number | string; to?: number | string }[],
): boolean {
  const exact =
    interval > 0 &&
    (2 ** Math.round(Math.log2(interval)) === interval ||
      (type === 'integer' && Number.isSafeInteger(interval)));
  return (
    exact &&
    ranges.every((r) =>
      [r.from, r.to].every(
        (bound) =>
          bound === undefined || (typeof bound === 'number' && Number.isSafeInteger(bound / interval)),
      ),
    )
  );
}
