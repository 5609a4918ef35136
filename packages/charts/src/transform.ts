import type { Bucket, FacetResult, SearchResponse } from '@pdb-stats/search-model';
import {
  type Bin,
  binLabel,
  generateBins,
  parseServiceDateRangeLabel,
  parseServiceRangeLabel,
  sameBin,
} from './bins.ts';
import {
  NAMES_FACET,
  dateBinLabel,
  dateRangeBins,
  nameOf,
  namedLabel,
  type FacetOptions,
} from './requests.ts';
import type { DistributionQuery, GrowthQuery, TermsDimension } from './types.ts';
import { otherCountOf, otherLabel } from './other-bar.ts';
import { membersOf } from './member-check.ts';

/** Number of buckets drawn when a chart's truncation flag is on. */
export const TRUNCATED_BUCKETS = 25;

/** One series of a growth chart, aligned with `GrowthData.years`. */
export interface GrowthSeries {
  /** Raw label of the second dimension, or the first dimension's name for a single series. */
  label: string;
  annual: number[];
  /** Running sum of `annual`, or the distinct counts of cumulative ranges. */
  cumulative: number[];
}

export interface GrowthData {
  /** Union of the years of all series, ascending. */
  years: string[];
  series: GrowthSeries[];
}

export interface DistributionBar {
  /** Display label; for terms charts the raw bucket label. */
  label: string;
  value: number;
  /** The "Other" bar of a top-N terms chart (last; see other-bar.ts). */
  other?: true;
}

/** One value of a distribution's second dimension: its count inside each bar, aligned with the bars. */
export interface DistributionSegment {
  /** Raw label of the second dimension's value. */
  label: string;
  values: number[];
}

export interface DistributionData {
  bars: DistributionBar[];
  /** Buckets the service returned before truncation. */
  bucketCount: number;
  /**
   * With a second dimension: the bars' segments, its most frequent values over the bars drawn (at most
   * `MAX_SEGMENTS`, the others left out), most frequent first.
   */
  segments?: DistributionSegment[];
  /** With a second dimension: how many of its values the bars drawn hold, before the cut. */
  segmentCount?: number;
  /** Names of the classes above a drilled-down level, by identifier (`DistributionQuery.trail`). */
  names?: Readonly<Record<string, string>>;
}

/**
 * Segments drawn in a bar at most: more colours cannot be told apart. The values left out are not
 * gathered into an "other" segment: objects with several values would make its count differ from
 * any one search's.
 */
export const MAX_SEGMENTS = 8;

type BucketFacet = { name: string; buckets: Bucket[] };

export function bucketFacet(facets: FacetResult[] | undefined, name: string): BucketFacet | undefined {
  const facet = facets?.find((f) => f.name === name);
  return facet && 'buckets' in facet ? facet : undefined;
}

function valueFacet(facets: FacetResult[] | undefined, name: string): number | undefined {
  const facet = facets?.find((f) => f.name === name);
  return facet && 'value' in facet ? facet.value : undefined;
}

export function yearOf(label: string): string | undefined {
  return /^\d{4}/.exec(label)?.[0];
}

/**
 * Every year from the first to the last one of any series: the union of the years of all series,
 * with years no series has filled in, so the time axis has no holes.
 */
export function yearRange(labels: string[]): string[] {
  if (labels.length === 0) return [];
  const numbers = labels.map(Number);
  const years: string[] = [];
  for (let y = Math.min(...numbers); y <= Math.max(...numbers); y++) years.push(String(y));
  return years;
}

export function runningSum(values: number[]): number[] {
  let sum = 0;
  return values.map((v) => (sum += v));
}

/**
 * Turns a growth chart response into series over the union of years. A 204 response (`null`)
 * gives an empty chart.
 */
export function toGrowthData(response: SearchResponse | null, query: GrowthQuery): GrowthData {
  const { first, second } = query;
  const histogram = bucketFacet(response?.facets, first.name);
  const byYear = new Map<string, Bucket>();
  for (const bucket of histogram?.buckets ?? []) {
    const year = yearOf(bucket.label);
    if (year) byYear.set(year, bucket);
  }
  const years = yearRange([...byYear.keys()]);

  if (!second) {
    const annual = years.map((y) => byYear.get(y)?.population ?? 0);
    return { years, series: [{ label: first.name, annual, cumulative: runningSum(annual) }] };
  }

  if (second.kind === 'distinct') {
    const annual = years.map((y) => valueFacet(byYear.get(y)?.facets, second.name) ?? 0);
    const totals = new Map<string, number>();
    for (const bucket of bucketFacet(response?.facets, second.cumulativeName)?.buckets ?? []) {
      const to = parseServiceDateRangeLabel(bucket.label)?.to;
      if (to) totals.set(String(Number(to.slice(0, 4)) - 1), valueFacet(bucket.facets, second.name) ?? 0);
    }
    // A year without a cardinality counts 0.
    const cumulative = years.map((y) => totals.get(y) ?? 0);
    return { years, series: [{ label: second.name, annual, cumulative }] };
  }

  const perSeries = new Map<string, Map<string, number>>();
  for (const [year, bucket] of byYear) {
    for (const inner of bucketFacet(bucket.facets, second.name)?.buckets ?? []) {
      let values = perSeries.get(inner.label);
      if (!values) perSeries.set(inner.label, (values = new Map()));
      values.set(year, inner.population);
    }
  }
  const series = [...perSeries].map(([label, values]) => {
    const annual = years.map((y) => values.get(y) ?? 0);
    return { label, annual, cumulative: runningSum(annual) };
  });
  const total = (s: GrowthSeries) => s.annual.reduce((a, b) => a + b, 0);
  series.sort((a, b) => total(b) - total(a) || a.label.localeCompare(b.label));
  return { years, series };
}

/** A range facet's buckets in the order of the requested bins, matched by label; undefined where none came back. */
function rangeBinBuckets(buckets: readonly Bucket[], bins: readonly Bin[]): (Bucket | undefined)[] {
  const matched: (Bucket | undefined)[] = bins.map(() => undefined);
  for (const bucket of buckets) {
    const parsed = parseServiceRangeLabel(bucket.label);
    const index = parsed ? bins.findIndex((bin) => sameBin(bin, parsed)) : -1;
    if (index >= 0) matched[index] = bucket;
  }
  return matched;
}

/** Populations of a range facet's buckets in the order of the requested bins, matched by label; 0 where none came back. */
export function rangeBinCounts(buckets: readonly Bucket[], bins: readonly Bin[]): number[] {
  return rangeBinBuckets(buckets, bins).map((bucket) => bucket?.population ?? 0);
}

/**
 * The segments of the bars drawn, from the second dimension's facet inside each bar's bucket: the
 * values with the largest counts summed over the bars, at most `MAX_SEGMENTS`, ties by label.
 */
function segmentsOf(
  buckets: readonly (Bucket | undefined)[],
  name: string,
): Pick<DistributionData, 'segments' | 'segmentCount'> {
  const perValue = new Map<string, number[]>();
  buckets.forEach((bucket, bar) => {
    for (const inner of bucketFacet(bucket?.facets, name)?.buckets ?? []) {
      let values = perValue.get(inner.label);
      if (!values) perValue.set(inner.label, (values = buckets.map(() => 0)));
      values[bar] = inner.population;
    }
  });
  const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const all = [...perValue].map(([label, values]) => ({ label, values, total: total(values) }));
  all.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  return {
    segments: all.slice(0, MAX_SEGMENTS).map(({ label, values }) => ({ label, values })),
    segmentCount: all.length,
  };
}

/**
 * Turns a distribution chart response into bars. Range bins are matched by parsing the service's
 * labels and every requested bin is shown, 0 where no bucket came back. Terms buckets keep
 * the service order and are cut to 25 when `truncate` is set.
 */
export function toDistributionData(
  response: SearchResponse | null,
  query: DistributionQuery,
  options: FacetOptions & { truncate?: boolean } = {},
): DistributionData {
  const { first, second } = query;
  const buckets = bucketFacet(response?.facets, first.name)?.buckets ?? [];
  // The buckets of the bars drawn, in their order, give the segments' values.
  const withSegments = (data: DistributionData, drawn: readonly (Bucket | undefined)[]): DistributionData =>
    second ? { ...data, ...segmentsOf(drawn, second.name) } : data;
  switch (first.kind) {
    case 'range': {
      const bins = generateBins(first.bins);
      const matched = rangeBinBuckets(buckets, bins);
      return withSegments(
        {
          bars: bins.map((bin, i) => ({
            label: binLabel(bin, first),
            value: matched[i]?.population ?? 0,
          })),
          bucketCount: buckets.length,
        },
        matched,
      );
    }
    case 'date_range': {
      const bins = dateRangeBins(first, (options.now ?? new Date()).getUTCFullYear());
      const values = bins.map(() => 0);
      for (const bucket of buckets) {
        const parsed = parseServiceDateRangeLabel(bucket.label);
        const index = parsed ? bins.findIndex((bin) => bin.from === parsed.from && bin.to === parsed.to) : -1;
        if (index >= 0) values[index] = bucket.population;
      }
      return {
        bars: bins.map((bin, i) => ({ label: dateBinLabel(bin), value: values[i] ?? 0 })),
        bucketCount: buckets.length,
      };
    }
    case 'terms': {
      const prefix = first.childrenOf === undefined ? undefined : `${first.childrenOf}.`;
      const members = membersOf(query, response);
      const kept = buckets.filter(
        (b) => (prefix === undefined || b.label.startsWith(prefix)) && (!members || members.has(b.label)),
      );
      const shown = options.truncate ? kept.slice(0, TRUNCATED_BUCKETS) : kept;
      // A chart split by a second attribute has no Other bar (explore refuses both).
      const other = first.other ? otherCountOf(response) : undefined;
      return withSegments(
        {
          bars: [
            ...shown.map((b) => ({
              label:
                first.namedBy === undefined
                  ? b.label
                  : namedLabel(b.label, b.population, bucketFacet(b.facets, NAMES_FACET)?.buckets ?? []),
              value: b.population,
            })),
            ...(other === undefined
              ? []
              : [{ label: otherLabel(shown.length), value: other, other: true as const }]),
          ],
          bucketCount: kept.length,
          ...(query.trail && { names: trailNames(response, query.trail) }),
        },
        shown,
      );
    }
  }
}

/** The names of the classes above a level, read from its trail facets (a class whose name is not certain is left out). */
function trailNames(
  response: SearchResponse | null,
  trail: readonly TermsDimension[],
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const facet of trail) {
    const buckets = bucketFacet(response?.facets, facet.name)?.buckets ?? [];
    if (facet.namesOf !== undefined) {
      // Every object of the level holds the class: its name is the one all of them hold.
      const name = nameOf(response?.total_count ?? 0, buckets);
      if (name !== undefined) names[facet.namesOf] = name;
      continue;
    }
    for (const b of buckets) {
      const name = nameOf(b.population, bucketFacet(b.facets, NAMES_FACET)?.buckets ?? []);
      if (name !== undefined) names[b.label] = name;
    }
  }
  return names;
}

/** The identifiers a terms facet of a response holds (none without it or without an answer). */
function facetIds(response: SearchResponse | null, dimension: TermsDimension): string[] {
  // A facet of one class's names: every object of an answer holds that class.
  if (dimension.namesOf !== undefined) return response ? [dimension.namesOf] : [];
  return (bucketFacet(response?.facets, dimension.name)?.buckets ?? []).map((b) => b.label);
}

/** What a drilled-down level's answers (one per cohort) hold besides its bars, all cohorts together. */
export interface LevelFacts {
  /** Names of the classes above the level, by identifier. */
  names: Record<string, string>;
  /** The identifiers each trail facet found, in the order of `DistributionQuery.trail`. */
  trailIds: string[][];
  /** The classes one level below the bars (`DistributionQuery.below`). */
  below: string[];
}

export function levelFacts(
  responses: readonly (SearchResponse | null)[],
  query: DistributionQuery,
): LevelFacts {
  const trail = query.trail ?? [];
  const union = (lists: string[][]) => [...new Set(lists.flat())];
  return {
    names: Object.assign({}, ...responses.map((response) => trailNames(response, trail))),
    trailIds: trail.map((facet) => union(responses.map((response) => facetIds(response, facet)))),
    below: query.below ? union(responses.map((response) => facetIds(response, query.below!))) : [],
  };
}
