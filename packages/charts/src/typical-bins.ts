import type { ReturnType, SearchRequest, SearchResponse, TerminalNode } from '@pdb-stats/search-model';
import { round2 } from './bins.ts';
import { MAX_BINS } from './explore.ts';
import { finalizeRequest } from './requests.ts';
import { bucketFacet } from './transform.ts';
import { histogramQuantile, type HistogramBin } from './trend.ts';
import type { BinSpec } from './types.ts';

/**
 * Default bins of a numeric attribute read off its values in the archive: closed bins over the
 * middle 98 % of its values (the 1st to the 99th percentile), the open bins below and above holding
 * the rest. Bins over the whole range would draw a few bars where most values are and many empty
 * ones for a few outliers; no bin lies outside the values, so neither open bin is empty.
 */

/** The share of values left to each open bin. */
const TAIL = 0.01;
/** Fine bins a histogram is asked for over the range it reads, so that a percentile is found within 1/1000 of it. */
const FINE_BINS = 1000;
/** Fewer fine bins than this between the percentiles (a range widened by outliers) ask again over the percentiles alone. */
const REFINE_BELOW = 100;
/** Closed bins at least: a nice step gives 12 to 30. */
const TARGET_BINS = 12;
const FACET = 'values';

/** An attribute as its default bins need it. */
export interface BinnedAttribute {
  path: string;
  level: ReturnType;
  type: 'integer' | 'number';
}

/** The values' range in the archive, as the service's metadata schema gives it. */
export interface ValueBounds {
  min: number;
  max: number;
}

/** The search counting the attribute's values in fine bins over `[from, to)`. */
export function valueHistogramRequest(attribute: BinnedAttribute, from: number, to: number): SearchRequest {
  const range: TerminalNode = {
    type: 'terminal',
    service: 'text',
    parameters: {
      attribute: attribute.path,
      operator: 'range',
      value: { from, to, include_lower: true, include_upper: false },
    },
  };
  return finalizeRequest({
    query: range,
    return_type: attribute.level,
    request_options: {
      facets: [
        {
          name: FACET,
          aggregation_type: 'histogram',
          attribute: attribute.path,
          interval: fineStep(from, to),
          min_interval_population: 1,
        },
      ],
    },
  });
}

const fineStep = (from: number, to: number) => (to - from) / FINE_BINS;

/**
 * The fine bins of an answer that overlap `[from, to)` (an object's other values may lie outside).
 * The service's bins start at multiples of the interval, not at `from`.
 */
function histogramOf(response: SearchResponse | null, from: number, to: number): HistogramBin[] {
  const step = fineStep(from, to);
  return (bucketFacet(response?.facets, FACET)?.buckets ?? [])
    .map((bucket) => ({ from: Number(bucket.label), count: bucket.population }))
    .filter((bin) => Number.isFinite(bin.from) && bin.count > 0 && bin.from + step > from && bin.from < to)
    .sort((a, b) => a.from - b.from);
}

/** The largest step of 1, 2 or 5 times a power of ten that cuts `width` into `TARGET_BINS` bins or more. */
function niceStep(width: number, integer: boolean): number {
  const raw = width / TARGET_BINS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [5, 2, 1].map((m) => m * power).find((s) => s <= raw * (1 + 1e-9)) ?? power;
  // Bounds are written with two decimals at most, and a count's bins hold whole numbers.
  return round2(Math.max(integer ? 1 : 0.01, step));
}

/**
 * Bins with closed ones from `low` to `high` (the percentiles) in a nice step, and no bin outside
 * `[min, max]`: the first bound lies above the least value, the last one at most at the greatest.
 */
export function binsBetween(low: number, high: number, bounds: ValueBounds, integer: boolean): BinSpec {
  const { min, max } = bounds;
  const step = niceStep(Math.max(high - low, integer ? 1 : 0.01), integer);
  const above = (value: number) => round2((Math.floor(value / step + 1e-9) + 1) * step);
  let start = round2(Math.floor(low / step + 1e-9) * step);
  if (start <= min) start = above(min);
  let end = round2(Math.ceil(high / step - 1e-9) * step);
  if (end > max) end = round2(Math.floor(max / step + 1e-9) * step);
  if (end <= start) end = round2(start + step);
  const most = start + (MAX_BINS - 2) * step;
  return { start, step, end: round2(Math.min(end, most)) };
}

/**
 * The default bins of `attribute` over its values in the archive, from one histogram of its whole
 * range, and a second over its middle values when outliers made the first too coarse there.
 * Undefined when its range is unknown or it holds one value (the caller falls back).
 */
export async function typicalBins(
  attribute: BinnedAttribute,
  bounds: ValueBounds | undefined,
  send: (request: SearchRequest) => Promise<SearchResponse | null>,
): Promise<BinSpec | undefined> {
  if (!bounds || !(bounds.max > bounds.min)) return undefined;
  const integer = attribute.type === 'integer';
  // The greatest value in a bin of its own: the range's upper bound is excluded.
  const to = bounds.max + fineStep(bounds.min, bounds.max);
  const whole = histogramOf(await send(valueHistogramRequest(attribute, bounds.min, to)), bounds.min, to);
  const step = fineStep(bounds.min, to);
  const total = whole.reduce((sum, bin) => sum + bin.count, 0);
  const low = histogramQuantile(whole, step, TAIL);
  const high = histogramQuantile(whole, step, 1 - TAIL);
  if (low === undefined || high === undefined) return undefined;
  if ((high - low) / step >= REFINE_BELOW) return binsBetween(low, high, bounds, integer);

  // Read again over the fine bins that hold the percentiles, with the ranks they have in the whole.
  const holding = (value: number) => whole.findLast((bin) => bin.from <= value) ?? whole[0]!;
  const from = holding(low).from;
  const until = holding(high).from + step;
  const below = whole.filter((bin) => bin.from < from).reduce((sum, bin) => sum + bin.count, 0);
  const middle = histogramOf(await send(valueHistogramRequest(attribute, from, until)), from, until);
  const inside = middle.reduce((sum, bin) => sum + bin.count, 0);
  if (inside === 0) return binsBetween(low, high, bounds, integer);
  const rank = (p: number) => Math.min(1, Math.max(0, (p * total - below) / inside));
  const fine = fineStep(from, until);
  return binsBetween(
    histogramQuantile(middle, fine, rank(TAIL)) ?? low,
    histogramQuantile(middle, fine, rank(1 - TAIL)) ?? high,
    bounds,
    integer,
  );
}
