import type { SearchResponse } from '@pdb-stats/search-model';
import { binLabel, generateBins, type Bin } from './bins.ts';
import type { TrendView } from './keys.ts';
import { bucketFacet, rangeBinCounts, runningSum, yearOf, yearRange, type GrowthData } from './transform.ts';
import type { TrendDimension, TrendQuery } from './types.ts';

/**
 * Trend charts: a numeric attribute's distribution in each release year, read from one answer (a
 * yearly histogram with a fine histogram and the usual bins of the attribute nested in each year).
 */

/** A filled bin of a fine histogram: its lower bound and how many values fall in it. */
export interface HistogramBin {
  from: number;
  count: number;
}

/** Values past a histogram's last bin, known only by their number: those at or above `from`. */
export interface ValuesBeyond {
  from: number;
  count: number;
}

/**
 * The p-quantile (0 ≤ p ≤ 1) of values known only by the bins of a histogram of width `step`,
 * interpolated linearly inside the bin that holds it (the values are taken as spread evenly over
 * their bin). It lies in the bin of the value of rank ⌈p·n⌉, so it is within `step` of that value.
 * With values `beyond` the bins, a quantile among them is their lower bound. Undefined when there
 * are no values.
 */
export function histogramQuantile(
  bins: readonly HistogramBin[],
  step: number,
  p: number,
  beyond: ValuesBeyond = { from: Infinity, count: 0 },
): number | undefined {
  const sorted = bins.filter((bin) => bin.count > 0).sort((a, b) => a.from - b.from);
  const total = sorted.reduce((sum, bin) => sum + bin.count, 0) + beyond.count;
  if (total === 0) return undefined;
  const target = p * total;
  let below = 0;
  for (const bin of sorted) {
    if (below + bin.count >= target) return bin.from + (Math.max(0, target - below) / bin.count) * step;
    below += bin.count;
  }
  return beyond.count > 0 ? beyond.from : sorted.at(-1)!.from + step;
}

/** Decimals that show a quantile of resolution `step` without noise: one more than the step has. */
export function quantileDecimals(step: number): number {
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)) + 1;
}

function rounded(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** One release year of a trend chart with values: how many, and their median and quartiles. */
export interface YearQuartiles {
  year: string;
  count: number;
  q1: number;
  median: number;
  q3: number;
}

export interface TrendData {
  /** Every year from the first to the last one with a value, ascending. */
  years: string[];
  /** The years with values (a subset of `years`, in order) and their quartiles. */
  quartiles: YearQuartiles[];
  /** Values of each of the usual bins per year, one series per bin in bin order, aligned with `years`. */
  shares: GrowthData;
  /** The resolution of the quartiles: the width of the fine bins they are interpolated in. */
  step: number;
}

/** The usual bins of a trend chart and their labels, lowest first. */
export function trendBins(dimension: TrendDimension): { bin: Bin; label: string }[] {
  return generateBins(dimension.bins).map((bin) => ({ bin, label: binLabel(bin, dimension) }));
}

/** Turns a trend chart's answer into quartiles and shares per year. A 204 (`null`) gives an empty chart. */
export function toTrendData(response: SearchResponse | null, query: TrendQuery): TrendData {
  const { first, second } = query;
  const bins = trendBins(second);
  const decimals = quantileDecimals(second.step);
  const quartiles: YearQuartiles[] = [];
  const counts = new Map<string, number[]>();
  for (const bucket of bucketFacet(response?.facets, first.name)?.buckets ?? []) {
    const year = yearOf(bucket.label);
    if (!year) continue;
    const histogram: HistogramBin[] = (bucketFacet(bucket.facets, second.name)?.buckets ?? [])
      .map((b) => ({ from: Number(b.label), count: b.population }))
      .filter((b) => Number.isFinite(b.from) && b.count > 0);
    const ranges = bucketFacet(bucket.facets, second.binsName)?.buckets ?? [];
    const binCounts = rangeBinCounts(
      ranges,
      bins.map(({ bin }) => bin),
    );
    const fine = histogram.reduce((sum, b) => sum + b.count, 0);
    // The usual bins, open at both ends, count every value: those the fine histogram leaves out too.
    const beyond =
      second.fineBelow === undefined
        ? undefined
        : { from: second.fineBelow, count: Math.max(0, binCounts.reduce((sum, n) => sum + n, 0) - fine) };
    const count = fine + (beyond?.count ?? 0);
    if (count === 0) continue;
    const at = (p: number) => rounded(histogramQuantile(histogram, second.step, p, beyond)!, decimals);
    quartiles.push({ year, count, q1: at(0.25), median: at(0.5), q3: at(0.75) });
    counts.set(year, binCounts);
  }
  quartiles.sort((a, b) => a.year.localeCompare(b.year));
  const years = yearRange(quartiles.map((q) => q.year));
  const series = bins.map(({ label }, index) => {
    const annual = years.map((year) => counts.get(year)?.[index] ?? 0);
    return { label, annual, cumulative: runningSum(annual) };
  });
  return { years, quartiles, shares: { years, series }, step: second.step };
}

/** The step of a trend chart's quartiles with its unit, and their bound: `0.1 Å`, `1 kDa up to 1,000 kDa`. */
export function stepText(dimension: Pick<TrendDimension, 'step' | 'unit' | 'fineBelow'>): string {
  const withUnit = (n: number) => {
    const number = Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
    return dimension.unit ? `${number} ${dimension.unit}` : number;
  };
  const bound = dimension.fineBelow === undefined ? '' : ` up to ${withUnit(dimension.fineBelow)}`;
  return withUnit(dimension.step) + bound;
}

/** The view of a trend chart asked for by a view of any kind: the quartiles unless the shares. */
export function trendView(view: string | undefined): TrendView {
  return view === 'shares' ? 'shares' : 'quartiles';
}
