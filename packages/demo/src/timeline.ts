import { firstDayOfYear, weekday, yearOfDay, dayOf } from '@pdb-stats/snapshot';
import { Random } from './random.ts';
import { FIRST_RELEASE, releasesInYear } from './vocabulary/releases.ts';

/**
 * When each entry is released. Entries are numbered in release order; the number per year follows
 * the archive's published yearly releases scaled to the requested size. The first entry is released
 * on the archive's first release day and the last one on the archive date, so that every archive spans
 * 1976 to its archive year. Since 2000 the wwPDB releases on Wednesdays.
 */
export class ReleaseSchedule {
  readonly firstYear: number;
  readonly lastYear: number;
  /** Entries per year, indexed by year - firstYear. */
  readonly counts: number[];
  /** Index of the first entry of each year. */
  readonly starts: number[];
  private readonly firstDay: number;
  private cachedYear = -1;
  private cachedDays: Int32Array = new Int32Array(0);

  constructor(
    readonly entries: number,
    readonly archiveDay: number,
    private readonly seed: number,
  ) {
    this.firstDay = dayOf(FIRST_RELEASE);
    if (archiveDay < this.firstDay) throw new Error(`the archive date must be on or after ${FIRST_RELEASE}`);
    this.firstYear = yearOfDay(this.firstDay);
    this.lastYear = yearOfDay(archiveDay);
    this.counts = allocate(entries, this.yearWeights());
    if (entries >= 1 && this.counts[0] === 0) this.moveOne(0);
    if (entries >= 2 && this.counts[this.counts.length - 1] === 0) this.moveOne(this.counts.length - 1);
    this.starts = [];
    let start = 0;
    for (const count of this.counts) {
      this.starts.push(start);
      start += count;
    }
  }

  private yearWeights(): number[] {
    const weights: number[] = [];
    for (let year = this.firstYear; year <= this.lastYear; year++) {
      let weight = releasesInYear(year);
      if (year === this.lastYear && year > this.firstYear) {
        const start = firstDayOfYear(year);
        weight *= (this.archiveDay - start + 1) / (firstDayOfYear(year + 1) - start);
      }
      weights.push(weight);
    }
    return weights;
  }

  /** Gives a year without entries one entry, taken from the busiest year between the two ends. */
  private moveOne(to: number): void {
    const last = this.counts.length - 1;
    let from = -1;
    this.counts.forEach((count, i) => {
      const spare = i === 0 || i === last ? count - 1 : count;
      if (spare > 0 && i !== to && (from < 0 || count > (this.counts[from] as number))) from = i;
    });
    if (from < 0) return;
    this.counts[from] = (this.counts[from] as number) - 1;
    this.counts[to] = (this.counts[to] as number) + 1;
  }

  yearOf(index: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.firstYear + lo;
  }

  /** Entry index range [start, end) of the releases of years from..to. */
  range(fromYear: number, toYear: number): [number, number] {
    const from = Math.max(fromYear, this.firstYear) - this.firstYear;
    const to = Math.min(toYear, this.lastYear) - this.firstYear;
    if (from > to) return [0, 0];
    const start = this.starts[from] as number;
    const end = (this.starts[to] as number) + (this.counts[to] as number);
    return [start, end];
  }

  /** Release day of an entry; days of a year are drawn once and sorted. */
  dayOf(index: number): number {
    const year = this.yearOf(index);
    if (year !== this.cachedYear) {
      this.cachedDays = this.daysOfYear(year);
      this.cachedYear = year;
    }
    return this.cachedDays[index - (this.starts[year - this.firstYear] as number)] as number;
  }

  private daysOfYear(year: number): Int32Array {
    const count = this.counts[year - this.firstYear] as number;
    const first = Math.max(firstDayOfYear(year), this.firstDay);
    const last = Math.min(firstDayOfYear(year + 1) - 1, this.archiveDay);
    let candidates: number[] = [];
    if (year >= 2000) {
      for (let day = first; day <= last; day++) if (weekday(day) === 3) candidates.push(day);
    }
    if (candidates.length === 0) {
      candidates = [];
      for (let day = first; day <= last; day++) candidates.push(day);
    }
    const rng = new Random(this.seed, `release-${year}`);
    const days = new Int32Array(count);
    for (let i = 0; i < count; i++) days[i] = rng.pick(candidates);
    days.sort();
    if (count > 0 && year === this.firstYear) days[0] = this.firstDay;
    if (count > 0 && year === this.lastYear && this.entries >= 2) days[count - 1] = this.archiveDay;
    return days;
  }
}

/** Splits a total over weights exactly (largest remainders, ties to the earlier slot). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => [value - Math.floor(value), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) {
    const i = (order[k % order.length] as readonly [number, number])[1];
    counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}
