import { RequestValidationError, type Bucket, type FacetResult } from '@pdb-stats/search-model';
import type { FacetProgram, MaskColumn, PlannedBucketFacet, YearKeyColumn } from '../planner/index.ts';
import { javaDouble, rangeLabel, termsLabel, yearLabel } from './labels.ts';

/** A bucket key as the database returns it (after BIGINT became number). */
export type Key = string | number;
export type ResultRow = readonly (Key | null)[];

/**
 * A facet's rows by the keys of their enclosing buckets, outermost first: one map per enclosing
 * level, the rows under the last (the rows themselves for a top-level facet).
 */
export type RowGroups = readonly ResultRow[] | ReadonlyMap<Key | null, RowGroups>;

/**
 * Counts an answer's buckets as they are shaped: past the limit the answer is refused before it is
 * built (empty histogram bins filled between a tiny interval's first and last bin would otherwise
 * be made one by one, billions of them).
 */
export class BucketBudget {
  private used = 0;
  /** Buckets the top-level facets admitted so far make at least. */
  private least = 0;

  constructor(readonly limit: number) {}

  /** Counts `count` buckets of the facet named `name`, or refuses the request. */
  take(count: number, name: string): void {
    this.ensure(count, name);
    this.used += count;
  }

  /** Refuses the request when `count` more buckets would pass the limit. */
  ensure(count: number, name: string): void {
    if (this.used + count > this.limit) this.refuse(name);
  }

  /**
   * Refuses the answer as soon as the top-level facets fetched so far make more buckets than the
   * limit, before the next facet's statement runs and before any bucket is labelled or sorted.
   * Counted only once all were fetched, every facet's statement ran first: dozens of terms facets,
   * each over another attribute with many values, all ran for an answer then refused.
   */
  admit(facet: FacetData): void {
    this.least += leastBuckets(facet, this.limit - this.least + 1);
    if (facet.program.kind === 'buckets' && this.least > this.limit)
      this.refuse(facet.program.node.facet.name);
  }

  private refuse(name: string): never {
    throw new RequestValidationError(
      'REQ_ERR_LIMIT',
      'request_options.facets',
      `the facet "${name}" makes the answer hold more than ${this.limit} buckets: at most ${this.limit} are allowed in one answer; ask for fewer facets, wider intervals or max_num_intervals`,
    );
  }
}

/** Rows of one facet statement grouped by enclosing bucket keys, its universe, its sub-facets. */
export interface FacetData {
  readonly program: FacetProgram;
  readonly groups: RowGroups;
  readonly universe?: readonly Key[];
  readonly children: readonly FacetData[];
}

interface Counted {
  key: Key;
  population: number;
}

/** A mask of up to 64 bits as two 32-bit halves: JavaScript bit operators stay on numbers. */
function halves(bits: bigint): [number, number] {
  return [Number(bits & 0xffffffffn), Number(bits >> 32n)];
}

/** Each range's mask of segments as halves, kept with the segmentation's members, which requests share. */
const rangeMasks = new WeakMap<MaskColumn['members'], [number, number][]>();

/** Nested maps keyed by the values of a row's columns, one map per column, `T` under the last. */
type KeyTree<T> = Map<Key | null, KeyTree<T> | T>;

/** The map of `tree` under `row`'s values in `columns`, in that order; made where missing. */
function branch<T>(tree: KeyTree<T>, row: ResultRow, columns: readonly number[]): KeyTree<T> {
  let level = tree;
  for (const column of columns) {
    const value = row[column] ?? null;
    let next = level.get(value) as KeyTree<T> | undefined;
    if (!next) level.set(value, (next = new Map()));
    level = next;
  }
  return level;
}

/**
 * Populations of rows added up by their keys (all columns but the last) once the key at `position`
 * is replaced (a mask by each range it touches, a year by its range's key), in the order each sum
 * first appears. Nested maps by the other keys, not a text key per row and replacement: a growth
 * chart's masks each touch dozens of ranges.
 */
class ReplacedSums {
  readonly rows: (Key | null)[][] = [];
  private readonly root: KeyTree<Map<Key | null, (Key | null)[]>> = new Map();
  private readonly inner: number[];
  private readonly last?: number;

  constructor(
    private readonly position: number,
    keys: number,
  ) {
    const others = Array.from({ length: keys }, (_, column) => column).filter((c) => c !== position);
    this.last = others.pop();
    this.inner = others;
  }

  /** The sums of the rows that agree with `row` on every other key, by their replaced key. */
  of(row: ResultRow): Map<Key | null, (Key | null)[]> {
    const level = branch(this.root, row, this.inner);
    const value = this.last === undefined ? null : (row[this.last] ?? null);
    let sums = level.get(value) as Map<Key | null, (Key | null)[]> | undefined;
    if (!sums) level.set(value, (sums = new Map()));
    return sums;
  }

  /** Adds `row`'s population, with `key` in place of its replaced key, to `sums` (from `of(row)`). */
  add(sums: Map<Key | null, (Key | null)[]>, row: ResultRow, key: Key | null, amount: number): void {
    const sum = sums.get(key);
    if (sum) {
      sum[sum.length - 1] = Number(sum[sum.length - 1]) + amount;
      return;
    }
    const fresh = row.slice(0, -1);
    fresh[this.position] = key;
    fresh.push(amount);
    sums.set(key, fresh);
    this.rows.push(fresh);
  }
}

/**
 * Rows whose bucket-key column holds bit masks of range segments, turned into rows per range
 * index: a row counts toward every range its mask touches. Rows of different masks count
 * disjoint objects (or values), so adding them up is exact.
 */
export function expandMasks(rows: readonly ResultRow[], mask: MaskColumn): ResultRow[] {
  let ranges = rangeMasks.get(mask.members);
  if (!ranges) {
    ranges = mask.members.map((segments) =>
      halves(segments.reduce((bits, s) => bits | (1n << BigInt(s)), 0n)),
    );
    rangeMasks.set(mask.members, ranges);
  }
  const totals = new ReplacedSums(mask.position, (rows[0]?.length ?? 1) - 1);
  for (const row of rows) {
    const text = row[mask.position];
    if (text === null || text === undefined) continue;
    const [low, high] = halves(BigInt(text));
    const amount = Number(row[row.length - 1]);
    const sums = totals.of(row);
    for (let i = 0; i < ranges.length; i++) {
      const [rangeLow, rangeHigh] = ranges[i]!;
      if ((low & rangeLow) !== 0 || (high & rangeHigh) !== 0) totals.add(sums, row, i, amount);
    }
  }
  return totals.rows;
}

/**
 * Rows whose bucket-key column holds years, the year replaced by the key of the range (or segment)
 * holding it, as the statement would have given it; rows that now share all keys are added up.
 */
export function yearsToKeys(rows: readonly ResultRow[], years: YearKeyColumn): ResultRow[] {
  // A statement's rows repeat a few dozen years: each is looked up once.
  const keys = new Map<number, Key | null>();
  const keyOf = (year: number): Key | null => {
    let key = keys.get(year);
    if (key === undefined) {
      key =
        years.intervals.find(
          ({ from, to }) => (from === undefined || from <= year) && (to === undefined || year < to),
        )?.key ?? null;
      keys.set(year, key);
    }
    return key;
  };
  const totals = new ReplacedSums(years.position, (rows[0]?.length ?? 1) - 1);
  for (const row of rows) {
    const year = row[years.position];
    const key = year === null || year === undefined ? null : keyOf(Number(year));
    totals.add(totals.of(row), row, key, Number(row[row.length - 1]));
  }
  return totals.rows;
}

/**
 * Rows of a statement that groups by more keys than one facet's (`BucketProgram.rollUp`): the
 * facet's key columns, with the populations (last column) of the rows that agree on them added up.
 * Nested maps rather than a text key per row: a trend chart rolls up some 15,000 rows per facet.
 */
export function rolledUp(rows: readonly ResultRow[], columns: readonly number[]): ResultRow[] {
  const root: KeyTree<(Key | null)[]> = new Map();
  const sums: (Key | null)[][] = [];
  const inner = columns.slice(0, -1);
  const last = columns.at(-1)!;
  for (const row of rows) {
    const level = branch(root, row, inner);
    const amount = Number(row[row.length - 1]);
    const value = row[last] ?? null;
    const sum = level.get(value) as (Key | null)[] | undefined;
    if (sum) sum[columns.length] = Number(sum[columns.length]) + amount;
    else {
      const fresh = columns.map((column) => row[column] ?? null);
      fresh.push(amount);
      level.set(value, fresh);
      sums.push(fresh);
    }
  }
  return sums;
}

/**
 * A facet statement's rows as the facet's own, with range indices for keys: rolled up to its
 * keys, years and masks turned into ranges.
 */
export function rangeKeyed(program: FacetProgram, rows: readonly ResultRow[]): readonly ResultRow[] {
  if (program.kind === 'buckets' && program.rollUp) rows = rolledUp(rows, program.rollUp);
  const keyed = program.years ? yearsToKeys(rows, program.years) : rows;
  return program.mask ? expandMasks(keyed, program.mask) : keyed;
}

/**
 * Groups a facet statement's rows by their first `depth` columns. Maps keyed by the values rather
 * than a text key per row: a trend chart's fine histogram has some 20,000 rows.
 */
export function groupRows(rows: readonly ResultRow[], depth: number): RowGroups {
  if (depth === 0) return rows;
  const root: KeyTree<ResultRow[]> = new Map();
  const inner = Array.from({ length: depth - 1 }, (_, column) => column);
  for (const row of rows) {
    const level = branch(root, row, inner);
    const value = row[depth - 1] ?? null;
    const list = level.get(value) as ResultRow[] | undefined;
    if (list) list.push(row);
    else level.set(value, [row]);
  }
  return root;
}

/** The rows under the enclosing buckets of `path` (none when no row has those keys). */
function rowsAt(groups: RowGroups, path: readonly Key[]): readonly ResultRow[] {
  let level: RowGroups | undefined = groups;
  for (const key of path) level = level instanceof Map ? level.get(key) : undefined;
  return Array.isArray(level) ? level : [];
}

/**
 * A UTF-16 code unit moved so that units compare in code point order: surrogates (halves of code
 * points past U+FFFF) after U+E000-U+FFFF.
 */
const codePointUnit = (unit: number) =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;

/**
 * Terms keys in ascending order as the database sorts them, which cuts a terms facet to its most
 * populous buckets before they are read: numbers by value, text by code point (UTF-8 bytes).
 */
function byKey(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const u = x.charCodeAt(i);
    const v = y.charCodeAt(i);
    if (u !== v) return codePointUnit(u) - codePointUnit(v);
  }
  return x.length - y.length;
}

/** A bucket key, its population and label. */
interface Counted {
  key: Key;
  population: number;
  label: string;
}

/** Label of a bucket of the facet from its key (a range's index for ranges). */
function labelOf(facet: PlannedBucketFacet, key: Key): string {
  switch (facet.kind) {
    case 'terms':
      return termsLabel(key, facet.attribute.type);
    case 'histogram':
      return javaDouble((key as number) * facet.interval);
    case 'date_histogram':
      return yearLabel(key as number);
    case 'range':
    case 'date_range':
      return rangeLabel(facet.ranges[key as number]!);
  }
}

/** Fills the gaps between the first and last key (consecutive integers, in order) with empty buckets. */
function fillIntegers(facet: PlannedBucketFacet, counted: Counted[], budget: BucketBudget): Counted[] {
  if (counted.length === 0) return counted;
  const byKey = new Map(counted.map((c) => [c.key as number, c]));
  const [first, last] = [counted[0]!.key as number, counted.at(-1)!.key as number];
  budget.ensure(last - first + 1, facet.name);
  const filled: Counted[] = [];
  for (let k = first; k <= last; k++)
    filled.push(byKey.get(k) ?? { key: k, population: 0, label: labelOf(facet, k) });
  return filled;
}

/** Buckets of one facet under one enclosing bucket, ordered, filled and cut as the type says. */
function buckets(
  facet: PlannedBucketFacet,
  counted: Counted[],
  universe: readonly Key[] | undefined,
  budget: BucketBudget,
) {
  switch (facet.kind) {
    case 'terms': {
      const present = new Set(counted.map((c) => c.key));
      for (const key of universe ?? [])
        if (!present.has(key)) counted.push({ key, population: 0, label: labelOf(facet, key) });
      counted.sort((a, b) => b.population - a.population || byKey(a.key, b.key));
      return counted.filter((c) => c.population >= facet.minPopulation).slice(0, facet.maxIntervals);
    }
    case 'histogram':
    case 'date_histogram': {
      counted.sort((a, b) => (a.key as number) - (b.key as number));
      const kept = facet.minPopulation === 0 ? fillIntegers(facet, counted, budget) : counted;
      return kept.filter((c) => c.population >= facet.minPopulation);
    }
    case 'range':
    case 'date_range': {
      const byIndex = new Map(counted.map((c) => [c.key, c]));
      return facet.ranges.map(
        (_, i) => byIndex.get(i) ?? { key: i, population: 0, label: labelOf(facet, i) },
      );
    }
  }
}

/**
 * A facet with no bucket is left out, at the top as in a bucket (and a bucket's `facets`, or the
 * response's, with it when none is left): the response schema allows no empty `buckets`.
 */
const hasBuckets = (facet: FacetResult) => !('buckets' in facet) || facet.buckets.length > 0;

/**
 * A histogram's bin number, floor(value / interval), as an exact integer: an interval too small for
 * the values (5e-324 makes every bin Infinity) has no bins to name.
 */
function checkBin(facet: PlannedBucketFacet, key: Key): void {
  if (facet.kind !== 'histogram' || Number.isSafeInteger(key)) return;
  throw new RequestValidationError(
    'REQ_ERR_RANGE',
    'request_options.facets',
    `the interval ${facet.interval} of the facet "${facet.name}" is too small for the values of "${facet.attribute.path}": their bin numbers (value / interval) pass 2^53; take a larger interval`,
  );
}

function shapeOne(data: FacetData, path: readonly Key[], budget: BucketBudget): FacetResult {
  const rows = rowsAt(data.groups, path);
  const depth = path.length;
  const { program } = data;
  if (program.kind === 'cardinality') {
    return { name: program.node.name, value: Number(rows[0]?.[depth] ?? 0) };
  }
  const { facet } = program.node;
  // Terms under their least population are dropped before they are labelled and sorted (they were
  // dropped after): a facet over every identifier may have hundreds of thousands.
  const least = facet.kind === 'terms' ? facet.minPopulation : -Infinity;
  const counted: Counted[] = [];
  for (const row of rows) {
    const key = row[depth];
    if (key === null || key === undefined) continue;
    const population = Number(row[row.length - 1]);
    if (population < least) continue;
    checkBin(facet, key);
    counted.push({ key, population, label: labelOf(facet, key) });
  }
  const kept = buckets(facet, counted, data.universe, budget);
  budget.take(kept.length, facet.name);
  return {
    name: facet.name,
    buckets: kept.map(({ key, label, population }): Bucket => {
      if (data.children.length === 0) return { label, population };
      const facets = shapeFacets(data.children, [...path, key], budget);
      return facets.length > 0 ? { label, population, facets } : { label, population };
    }),
  };
}

/**
 * Buckets that a top-level facet's rows make at least, counted up to `enough`: one per range;
 * one per row with a key (and, for terms and histograms, its least population), terms cut to
 * `max_num_intervals`. Terms of the universe, empty bins and sub-facets only add to these.
 */
function leastBuckets(data: FacetData, enough: number): number {
  const { program } = data;
  if (program.kind === 'cardinality') return 0;
  const { facet } = program.node;
  if (facet.kind === 'range' || facet.kind === 'date_range') return facet.ranges.length;
  const most = facet.kind === 'terms' ? Math.min(facet.maxIntervals, enough) : enough;
  let count = 0;
  for (const row of rowsAt(data.groups, [])) {
    if (count >= most) break;
    if (row[0] === null || row[0] === undefined) continue;
    if (Number(row[row.length - 1]) >= facet.minPopulation) count++;
  }
  return count;
}

/**
 * The response's facets (or one bucket's sub-facets) that have buckets or a value, in request
 * order; `budget` counts the buckets of the whole answer (no limit by default).
 */
export function shapeFacets(
  data: readonly FacetData[],
  path: readonly Key[] = [],
  budget = new BucketBudget(Infinity),
): FacetResult[] {
  return data.map((d) => shapeOne(d, path, budget)).filter(hasBuckets);
}
