import { BoundedMemo } from './bounded-memo.ts';

/** A range bound: a number, or a date as an ISO-8601 timestamp (which sorts as text). */
export type Bound = number | string;

/** A half-open interval [from, to) with the key it stands for; a missing bound is open. */
export interface Interval {
  readonly from?: Bound;
  readonly to?: Bound;
  readonly key: number;
}

const before = (a: Bound, b: Bound) => a < b;

/** The year of a date bound at 1 January, midnight UTC (a year start); otherwise undefined. */
export function yearStart(bound: Bound): number | undefined {
  const match = typeof bound === 'string' ? /^(\d{4})-01-01T00:00:00\.000Z$/.exec(bound) : null;
  return match ? Number(match[1]) : undefined;
}

/** Sorted by lower bound, an open lower bound first. */
export function sortIntervals(intervals: readonly Interval[]): Interval[] {
  return [...intervals].sort((a, b) =>
    a.from === undefined
      ? -1
      : b.from === undefined
        ? 1
        : before(a.from, b.from)
          ? -1
          : before(b.from, a.from)
            ? 1
            : 0,
  );
}

/** Ranges overlap when, sorted by lower bound, one starts before the previous one ends. */
export function rangesOverlap(ranges: readonly { from?: Bound; to?: Bound }[]): boolean {
  const sorted = sortIntervals(ranges.map((r, key) => ({ ...r, key })));
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (previous.to === undefined || current.from === undefined || before(current.from, previous.to))
      return true;
  }
  return false;
}

export interface Segmentation {
  readonly segments: readonly Interval[];
  /** `members[i]`: the segments range `i` covers. */
  readonly members: readonly (readonly number[])[];
  /**
   * How the segments of one object combine: `any` keeps all of them (a bit mask); `first` keeps
   * the lowest, enough when every range starts at the first segment (cumulative ranges: an
   * object is in a range when its first segment is); `last` keeps the highest, when every range
   * ends at the last segment.
   */
  readonly combine: 'any' | 'first' | 'last';
}

function combineOf(members: readonly (readonly number[])[], count: number): Segmentation['combine'] {
  const contiguous = (m: readonly number[]) => m.every((s, i) => i === 0 || s === m[i - 1]! + 1);
  if (members.every((m) => m[0] === 0 && contiguous(m))) return 'first';
  if (members.every((m) => m.at(-1) === count - 1 && contiguous(m))) return 'last';
  return 'any';
}

/** A bound as text: a number as such, a date quoted, an open bound empty; no two bounds share one. */
const boundText = (bound: Bound | undefined) =>
  bound === undefined ? '' : typeof bound === 'number' ? String(bound) : JSON.stringify(bound);

/** Segmentations by their ranges (`boundText`). */
const segmentations = new BoundedMemo<Segmentation>(64);
/** Segmentations by the very array of ranges: one request asks for the same ones several times. */
const byArray = new WeakMap<readonly object[], Segmentation>();

/**
 * Overlapping ranges cut into elementary segments: the intervals between consecutive bounds that
 * some range covers. Each range is then a set of segments, and one segment belongs to no, one or
 * several ranges. `members[i]` lists the segments of range `i`. Kept by the ranges' bounds (frozen,
 * so shared safely): the cut is quadratic in the ranges, and a chart's ranges (a growth chart's 50
 * cumulative years) are the same whatever the scope it is asked over.
 */
export function segmentsOf(ranges: readonly { from?: Bound; to?: Bound }[]): Segmentation {
  let segmentation = byArray.get(ranges);
  if (segmentation) return segmentation;
  const key = ranges.map((r) => `${boundText(r.from)}/${boundText(r.to)}`).join(' ');
  segmentation = segmentations.get(key, () => cut(ranges));
  byArray.set(ranges, segmentation);
  return segmentation;
}

function cut(ranges: readonly { from?: Bound; to?: Bound }[]): Segmentation {
  const bounds = [...new Set(ranges.flatMap((r) => [r.from, r.to]).filter((b) => b !== undefined))];
  bounds.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const candidates: { from?: Bound; to?: Bound }[] = [];
  if (ranges.some((r) => r.from === undefined)) candidates.push({ to: bounds[0]! });
  for (let i = 0; i + 1 < bounds.length; i++) candidates.push({ from: bounds[i]!, to: bounds[i + 1]! });
  if (ranges.some((r) => r.to === undefined)) candidates.push({ from: bounds.at(-1)! });
  const covers = (r: { from?: Bound; to?: Bound }, s: { from?: Bound; to?: Bound }) =>
    (r.from === undefined || (s.from !== undefined && !before(s.from, r.from))) &&
    (r.to === undefined || (s.to !== undefined && !before(r.to, s.to)));
  const segments: Interval[] = [];
  const members: number[][] = ranges.map(() => []);
  for (const candidate of candidates) {
    const holders = ranges.flatMap((r, i) => (covers(r, candidate) ? [i] : []));
    if (holders.length === 0) continue;
    const key = segments.length;
    segments.push({ ...candidate, key });
    for (const i of holders) members[i]!.push(key);
  }
  return Object.freeze({
    segments: Object.freeze(segments.map((s) => Object.freeze(s))),
    members: Object.freeze(members.map((m) => Object.freeze(m))),
    combine: combineOf(members, segments.length),
  });
}
