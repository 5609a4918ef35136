import type { Bucket, FacetResult } from '@pdb-stats/search-model';
import type { BucketNode, FacetProgram, MaskColumn, YearKeyColumn } from '../planner/index.ts';
import { javaDouble, rangeLabel, termsLabel, yearLabel } from './labels.ts';

/** A bucket key as the database returns it (after BIGINT became number). */
export type Key = string | number;
export type ResultRow = readonly (Key | null)[];

/** Rows of one facet statement grouped by enclosing bucket keys, its universe, its sub-facets. */
export interface FacetData {
  readonly program: FacetProgram;
  /** Rows by the JSON of their leading columns: the keys of the enclosing buckets. */
  readonly groups: ReadonlyMap<string, readonly ResultRow[]>;
  readonly universe?: readonly Key[];
  readonly children: readonly FacetData[];
}

interface Counted {
  key: Key;
  population: number;
}

const pathKey = (path: readonly (Key | null)[]) => JSON.stringify(path);

/** A mask of up to 64 bits as two 32-bit halves: JavaScript bit operators stay on numbers. */
function halves(bits: bigint): [number, number] {
  return [Number(bits & 0xffffffffn), Number(bits >> 32n)];
}

/**
 * Rows whose bucket-key column holds bit masks of range segments, turned into rows per range
 * index: a row counts toward every range its mask touches. Rows of different masks count
 * disjoint objects (or values), so adding them up is exact.
 */
export function expandMasks(rows: readonly ResultRow[], mask: MaskColumn): ResultRow[] {
  const ranges = mask.members.map((segments) =>
    halves(segments.reduce((bits, s) => bits | (1n << BigInt(s)), 0n)),
  );
  const sums = new Map<string, (Key | null)[]>();
  for (const row of rows) {
    const text = row[mask.position];
    if (text === null || text === undefined) continue;
    const [low, high] = halves(BigInt(text));
    const amount = Number(row.at(-1));
    const others = row.slice(0, -1);
    for (let i = 0; i < ranges.length; i++) {
      const [rangeLow, rangeHigh] = ranges[i]!;
      if ((low & rangeLow) === 0 && (high & rangeHigh) === 0) continue;
      others[mask.position] = i;
      const id = pathKey(others);
      const sum = sums.get(id);
      if (sum) sum[sum.length - 1] = Number(sum.at(-1)) + amount;
      else sums.set(id, [...others, amount]);
    }
  }
  return [...sums.values()];
}

/**
 * Rows whose bucket-key column holds years, the year replaced by the key of the range (or segment)
 * holding it, as the statement would have given it; rows that now share all keys are added up.
 */
export function yearsToKeys(rows: readonly ResultRow[], years: YearKeyColumn): ResultRow[] {
  const keyOf = (year: number): Key | null =>
    years.intervals.find(
      ({ from, to }) => (from === undefined || from <= year) && (to === undefined || year < to),
    )?.key ?? null;
  const sums = new Map<string, (Key | null)[]>();
  for (const row of rows) {
    const year = row[years.position];
    const keyed = row.slice(0, -1);
    keyed[years.position] = year === null || year === undefined ? null : keyOf(Number(year));
    const id = pathKey(keyed);
    const amount = Number(row.at(-1));
    const sum = sums.get(id);
    if (sum) sum[sum.length - 1] = Number(sum.at(-1)) + amount;
    else sums.set(id, [...keyed, amount]);
  }
  return [...sums.values()];
}

/**
 * Rows of a statement that groups by more keys than one facet's (`BucketProgram.rollUp`): the
 * facet's key columns, with the populations (last column) of the rows that agree on them added up.
 * Nested maps rather than a text key per row: a trend chart rolls up some 15,000 rows per facet.
 */
export function rolledUp(rows: readonly ResultRow[], columns: readonly number[]): ResultRow[] {
  type Level = Map<Key | null, Level | (Key | null)[]>;
  const root: Level = new Map();
  const sums: (Key | null)[][] = [];
  const inner = columns.slice(0, -1);
  const last = columns.at(-1)!;
  for (const row of rows) {
    let level = root;
    for (const column of inner) {
      const value = row[column] ?? null;
      let next = level.get(value) as Level | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const amount = Number(row.at(-1));
    const value = row[last] ?? null;
    const sum = level.get(value) as (Key | null)[] | undefined;
    if (sum) sum[sum.length - 1] = Number(sum.at(-1)) + amount;
    else {
      const fresh = [...columns.map((column) => row[column] ?? null), amount];
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

/** Groups a facet statement's rows by their first `depth` columns. */
export function groupRows(rows: readonly ResultRow[], depth: number): Map<string, ResultRow[]> {
  const groups = new Map<string, ResultRow[]>();
  for (const row of rows) {
    const key = pathKey(row.slice(0, depth));
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const byLabel = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Fills the gaps between the first and last key (consecutive integers) with empty buckets. */
function fillIntegers(counted: Counted[]): Counted[] {
  if (counted.length === 0) return counted;
  const byKey = new Map(counted.map((c) => [c.key as number, c]));
  const keys = counted.map((c) => c.key as number);
  const [first, last] = [Math.min(...keys), Math.max(...keys)];
  const filled: Counted[] = [];
  for (let k = first; k <= last; k++) filled.push(byKey.get(k) ?? { key: k, population: 0 });
  return filled;
}

/** Buckets of one facet under one enclosing bucket, ordered, filled and cut as the type says. */
function buckets(node: BucketNode, counted: Counted[], universe: readonly Key[] | undefined) {
  const { facet } = node;
  const type = facet.attribute.type;
  switch (facet.kind) {
    case 'terms': {
      const present = new Set(counted.map((c) => c.key));
      const all = [
        ...counted,
        ...(universe ?? []).filter((k) => !present.has(k)).map((key) => ({ key, population: 0 })),
      ];
      const labelled = all.map((c) => ({ ...c, label: termsLabel(c.key, type) }));
      labelled.sort((a, b) => b.population - a.population || byLabel(a.label, b.label));
      return labelled.filter((c) => c.population >= facet.minPopulation).slice(0, facet.maxIntervals);
    }
    case 'histogram':
    case 'date_histogram': {
      counted.sort((a, b) => (a.key as number) - (b.key as number));
      const kept = facet.minPopulation === 0 ? fillIntegers(counted) : counted;
      return kept
        .filter((c) => c.population >= facet.minPopulation)
        .map((c) => ({
          ...c,
          label:
            facet.kind === 'histogram'
              ? javaDouble((c.key as number) * facet.interval)
              : yearLabel(c.key as number),
        }));
    }
    case 'range':
    case 'date_range': {
      const byIndex = new Map(counted.map((c) => [c.key, c.population]));
      return facet.ranges.map((range, i) => ({
        key: i,
        population: byIndex.get(i) ?? 0,
        label: rangeLabel(range),
      }));
    }
  }
}

/**
 * A facet with no bucket is left out, at the top as in a bucket (and a bucket's `facets`, or the
 * response's, with it when none is left): the response schema allows no empty `buckets`.
 */
const hasBuckets = (facet: FacetResult) => !('buckets' in facet) || facet.buckets.length > 0;

function shapeOne(data: FacetData, path: readonly Key[]): FacetResult {
  const rows = data.groups.get(pathKey(path)) ?? [];
  const depth = path.length;
  const { program } = data;
  if (program.kind === 'cardinality') {
    return { name: program.node.name, value: Number(rows[0]?.[depth] ?? 0) };
  }
  const counted: Counted[] = [];
  for (const row of rows) {
    const key = row[depth];
    if (key !== null && key !== undefined) counted.push({ key, population: Number(row[depth + 1]) });
  }
  return {
    name: program.node.facet.name,
    buckets: buckets(program.node, counted, data.universe).map(({ key, label, population }): Bucket => {
      if (data.children.length === 0) return { label, population };
      const facets = shapeFacets(data.children, [...path, key]);
      return facets.length > 0 ? { label, population, facets } : { label, population };
    }),
  };
}

/** The response's facets (or one bucket's sub-facets) that have buckets or a value, in request order. */
export function shapeFacets(data: readonly FacetData[], path: readonly Key[] = []): FacetResult[] {
  return data.map((d) => shapeOne(d, path)).filter(hasBuckets);
}
