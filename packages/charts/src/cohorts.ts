import type { QueryNode, ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { round2 } from './bins.ts';
import { md5Hex } from './md5.ts';
import type { DataView } from './keys.ts';
import type { ResolvedChart } from './registry.ts';
import { andGroup, chartFacetRequest, idOfNamedLabel, terminal, type FacetOptions } from './requests.ts';
import { scopeTag, withScope, type Measure, type Scope } from './scope.ts';
import {
  toDistributionData,
  toGrowthData,
  TRUNCATED_BUCKETS,
  type DistributionData,
  type GrowthData,
} from './transform.ts';
import { otherCountOf, otherDimension, otherLabel, otherRequest } from './other-bar.ts';
import type {
  ChartDefinition,
  ChartQuery,
  DistributionQuery,
  FixedCondition,
  GrowthQuery,
  TermsDimension,
} from './types.ts';

/**
 * Cohorts compared on one chart: several searches drawn side by side, each counted by the chart, in
 * counts or in percent of each cohort's own total.
 */

/** One cohort's answer to the chart's facet request. */
export interface CohortAnswer {
  label: string;
  response: SearchResponse | null;
}

/** One cohort's values, aligned with the categories or years they are drawn over. */
export interface CohortValues {
  label: string;
  values: number[];
  /** What a percent is of: the sum of all the cohort's buckets, before any are cut off. */
  total: number;
}

/** Distribution bars of several cohorts over the same categories, in drawing order. */
export interface ComparedDistribution {
  categories: string[];
  cohorts: CohortValues[];
  /** Categories of all cohorts together, before the chart's cut to its largest ones. */
  categoryCount: number;
}

/**
 * How a chart is compared across cohorts. A stacked growth chart splits each year by a second
 * dimension; stacks side by side would be unreadable, so cohorts compare their yearly totals: the
 * query without its split, and the split's fixed filters (e.g. "global symmetry") as conditions
 * every cohort's search also carries, so that the totals count what the stacks counted.
 */
export interface ComparedQuery {
  query: ChartQuery;
  /** Conditions AND-ed to every cohort's search (facet request and click-through alike). */
  conditions: FixedCondition[];
  /** The split dropped for the comparison, named for the subtitle. */
  droppedSplit?: string;
}

/**
 * The query a chart is compared with. Distinct-count charts keep theirs: it is one series already.
 * A terms chart asks for all its terms: a cohort's answer cut to its own largest would miss terms
 * that are among another cohort's largest, and count them 0.
 */
export function comparedQuery(query: ChartQuery): ComparedQuery {
  const { first, second } = query;
  // A distribution's segments are dropped alike: cohorts compare the bars' totals.
  const split =
    first.kind !== 'year' && second?.kind === 'terms'
      ? { conditions: second.filters ?? [], droppedSplit: second.name }
      : { conditions: [] };
  if (first.kind === 'terms' && first.maxIntervals !== undefined) {
    const { maxIntervals: _all, ...terms } = first;
    // A drilled-down level keeps its class (and the names of the classes above).
    const { second: _split, ...bars } = query as DistributionQuery;
    return { query: { ...bars, first: terms }, ...split };
  }
  if (first.kind !== 'year' && second) {
    const { second: _split, ...bars } = query;
    return { query: bars, ...split };
  }
  if (second?.kind !== 'terms') return { query, conditions: [] };
  const growth: GrowthQuery = { returnType: query.returnType, first: query.first as GrowthQuery['first'] };
  return { query: growth, conditions: second.filters ?? [], droppedSplit: second.name };
}

/** One cohort as compared: its label and the search its bars are counted over. */
export interface ComparedCohort {
  label: string;
  /** The cohort's node AND the conditions the comparison keeps (undefined: the whole archive). */
  scope: QueryNode | undefined;
}

/** A chart compared across cohorts: the cohorts, the query each is counted with, the measure. */
export interface Comparison {
  chart: ResolvedChart<ChartDefinition>;
  cohorts: ComparedCohort[];
  query: ChartQuery;
  /** The split of a stacked growth chart left out (cohorts compare its yearly totals). */
  droppedSplit?: string;
  measure: Measure;
}

/** Whether a scope asks for a comparison: two or more cohorts, or any scope in percent. */
export function isComparison(scope: Scope): boolean {
  return scope.cohorts.length > 1 || scope.measure === 'percent';
}

/** Whether a chart's bars are split into segments: the values of a second attribute inside each bar. */
export function splitsBars(query: ChartQuery): boolean {
  return query.first.kind !== 'year' && query.second?.kind === 'terms';
}

/**
 * Whether a scope in percent shows each bar's segments as shares of that bar (stacked bars reach
 * 100 %, side-by-side ones share out their group): on a chart with split bars over the whole archive
 * or one scope. Cohorts compared in percent are each a percent of its own total instead, set side by
 * side by their bars' totals.
 */
export function inBarShares(scope: Scope, query: ChartQuery): boolean {
  return scope.measure === 'percent' && scope.cohorts.length <= 1 && splitsBars(query);
}

/** Whether a chart over a scope is drawn as cohorts compared (one request per cohort, bars side by side). */
export function comparesCohorts(scope: Scope, query: ChartQuery): boolean {
  return isComparison(scope) && !inBarShares(scope, query);
}

/** The count of a bar's segment (0 for none), whatever measure the bar is drawn in: what its search finds. */
export function segmentCount(data: DistributionData, x: string, series: string): number {
  const bar = data.bars.findIndex((b) => b.label === x);
  return data.segments?.find((s) => s.label === series)?.values[bar] ?? 0;
}

/**
 * Each bar's segments as percents of that bar: of the sum of its segments shown (the hidden ones
 * left out, as a trend chart's shares leave out its hidden bins), so that stacked bars reach 100 %.
 * The sum is not the bar's count: an object with several values is in several segments, and values
 * beyond the segments drawn are in none. The bars keep their counts.
 */
export function barShares(data: DistributionData, hidden: Iterable<string> = []): DistributionData {
  if (!data.segments) return data;
  const left = new Set(hidden);
  const shown = data.segments.filter((s) => !left.has(s.label));
  const totals = data.bars.map((_, i) => shown.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  return {
    ...data,
    segments: data.segments.map((s) => ({
      label: s.label,
      values: s.values.map((value, i) => percentOf(value, totals[i] ?? 0)),
    })),
  };
}

/**
 * The parts of a file name that tell a chart's scope apart: a scope's tag (`scope-1a2b3c4d`); for a
 * comparison, the tag of its cohorts (their queries and labels: `cohorts-1a2b3c4d`) and `percent`
 * when so measured; `percent` after the scope's tag for bars in shares (`shares`, see `inBarShares`).
 * None for the whole archive in counts. The dashboard's downloads and the chart data API name a file
 * alike with them.
 */
export function scopeFileParts(scope: Scope, shares = false): string[] {
  const [first] = scope.cohorts;
  const single = first ? [scopeTag(first.node)] : [];
  if (shares) return [...single, 'percent'];
  if (!isComparison(scope)) return single;
  const cohorts = scope.cohorts.map((c) => ({ node: c.node, ...(c.label && { label: c.label }) }));
  return [
    ...(cohorts.length > 0 ? [`cohorts-${md5Hex(JSON.stringify(cohorts)).slice(0, 8)}`] : []),
    ...(scope.measure === 'percent' ? ['percent'] : []),
  ];
}

/**
 * The comparison a scope asks for. A cohort without a label is named by `name` (its conditions in
 * plain words) or "Cohort n"; no cohort at all (percent of the whole archive) is "All"; repeated
 * names are numbered.
 */
export function comparisonOf(
  chart: ResolvedChart<ChartDefinition>,
  scope: Scope,
  name: (node: QueryNode, returnType: ReturnType) => string | undefined,
): Comparison {
  const { query, conditions, droppedSplit } = comparedQuery(chart.query);
  const kept = conditions.length > 0 ? andGroup(conditions.map(terminal)) : undefined;
  const cohorts = scope.cohorts.length > 0 ? scope.cohorts : [undefined];
  const labels = uniqueLabels(
    cohorts.map((cohort, i) =>
      cohort ? (cohort.label ?? name(cohort.node, query.returnType) ?? `Cohort ${i + 1}`) : 'All',
    ),
  );
  return {
    chart,
    query,
    measure: scope.measure,
    ...(droppedSplit && { droppedSplit }),
    cohorts: cohorts.map((cohort, i) => ({ label: labels[i]!, scope: withScope(cohort?.node, kept) })),
  };
}

/** The facet request of each cohort of a comparison, in order. */
export function comparedRequests(comparison: Comparison, options: FacetOptions = {}): SearchRequest[] {
  return comparison.cohorts.map((cohort) =>
    chartFacetRequest(comparison.query, { ...options, ...(cohort.scope && { scope: cohort.scope }) }),
  );
}

/** Cohort labels made unique (" (2)" added to a repeated one), so that each names one column and legend entry. */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  });
}

/**
 * Distributions of several cohorts on shared categories. Bins are the query's for every cohort. Terms
 * are the union of the cohorts' buckets, largest in all cohorts together first (the service's own
 * order for one cohort), cut to the chart's largest 25 when it truncates; a cohort without a bucket
 * counts 0 there.
 */
export function compareDistributions(
  cohorts: readonly { label: string; data: DistributionData }[],
  options: {
    byTotal: boolean;
    truncate: boolean;
    /** Categories kept, when not the truncation's 25. */ cut?: number;
  },
): ComparedDistribution {
  const order: string[] = [];
  const sums = new Map<string, number>();
  for (const { data } of cohorts) {
    for (const bar of data.bars) {
      if (!sums.has(bar.label)) order.push(bar.label);
      sums.set(bar.label, (sums.get(bar.label) ?? 0) + bar.value);
    }
  }
  const all = options.byTotal
    ? order
        .map((label, i) => ({ label, i }))
        .sort((a, b) => sums.get(b.label)! - sums.get(a.label)! || a.i - b.i)
        .map(({ label }) => label)
    : order;
  const cut = options.cut ?? (options.truncate ? TRUNCATED_BUCKETS : undefined);
  const categories = cut === undefined ? all : all.slice(0, cut);
  return {
    categories,
    cohorts: cohorts.map(({ label, data }) => {
      const byLabel = new Map(data.bars.map((bar) => [bar.label, bar.value]));
      return {
        label,
        values: categories.map((category) => byLabel.get(category) ?? 0),
        total: data.bars.reduce((sum, bar) => sum + bar.value, 0),
      };
    }),
    categoryCount: all.length,
  };
}

/**
 * Growth of several cohorts, one series per cohort (each cohort's data has one series), over the
 * union of their years: a year before a cohort's first counts 0, and after its last keeps its
 * cumulative total.
 */
export function compareGrowth(cohorts: readonly { label: string; data: GrowthData }[]): GrowthData {
  const all = cohorts.flatMap(({ data }) => data.years.map(Number));
  if (all.length === 0)
    return { years: [], series: cohorts.map(({ label }) => ({ label, annual: [], cumulative: [] })) };
  const years: string[] = [];
  for (let y = Math.min(...all); y <= Math.max(...all); y++) years.push(String(y));
  return {
    years,
    series: cohorts.map(({ label, data }) => {
      const series = data.series[0];
      const at = new Map(data.years.map((year, i) => [year, i]));
      let last = 0;
      const annual: number[] = [];
      const cumulative: number[] = [];
      for (const year of years) {
        const i = at.get(year);
        annual.push(i === undefined ? 0 : (series?.annual[i] ?? 0));
        // Before the cohort's first year `last` is still 0; after its last year it keeps its total.
        if (i !== undefined) last = series?.cumulative[i] ?? last;
        cumulative.push(last);
      }
      return { label, annual, cumulative };
    }),
  };
}

/** A value as a percent of a total, 0 of an empty total. */
export function percentOf(value: number, total: number): number {
  return total > 0 ? (value / total) * 100 : 0;
}

/** A cohort's values in the measure shown: counts as they are, or percents of its total. */
export function inMeasure(values: readonly number[], total: number, measure: Measure): number[] {
  return measure === 'percent' ? values.map((v) => percentOf(v, total)) : [...values];
}

/** The distribution's bars in the measure shown. */
export function distributionInMeasure(data: ComparedDistribution, measure: Measure): ComparedDistribution {
  if (measure === 'count') return data;
  return {
    ...data,
    cohorts: data.cohorts.map((c) => ({ ...c, values: inMeasure(c.values, c.total, measure) })),
  };
}

/**
 * Growth in the measure shown: in percent each year of each cohort is a share of the cohort's total at
 * the end (its last cumulative value), in both views.
 */
export function growthInMeasure(data: GrowthData, measure: Measure): GrowthData {
  if (measure === 'count') return data;
  return {
    years: data.years,
    series: data.series.map((s) => {
      const total = s.cumulative.at(-1) ?? 0;
      return {
        label: s.label,
        annual: inMeasure(s.annual, total, measure),
        cumulative: inMeasure(s.cumulative, total, measure),
      };
    }),
  };
}

/** The compared data a chart draws, of its kind. */
export type ComparedData =
  | { kind: 'growth'; growth: GrowthData; droppedSplit?: string }
  | { kind: 'distribution'; distribution: ComparedDistribution };

/**
 * Bars of identifiers named in one cohort's answer and not in another's (where two names came with
 * it on every entry) are one category: each identifier takes the name any cohort gave it (a name
 * given is always its own, see `namedLabel`).
 */
function namedAlike<T extends { data: DistributionData }>(cohorts: T[]): T[] {
  const named = new Map<string, string>();
  for (const { data } of cohorts)
    for (const { label } of data.bars)
      if (idOfNamedLabel(label) !== label) named.set(idOfNamedLabel(label), label);
  return cohorts.map((cohort) => ({
    ...cohort,
    data: {
      ...cohort.data,
      bars: cohort.data.bars.map((bar) => ({
        ...bar,
        label: named.get(idOfNamedLabel(bar.label)) ?? bar.label,
      })),
    },
  }));
}

/** The compared data of a chart from its cohorts' answers, in counts (the measure is applied when shown). */
export function comparedChartData(
  chart: ResolvedChart<ChartDefinition>,
  answers: readonly CohortAnswer[],
  now?: Date,
): ComparedData {
  if (chart.kind === 'growth') {
    const { query, droppedSplit } = comparedQuery(chart.query);
    const growth = compareGrowth(
      answers.map(({ label, response }) => ({ label, data: toGrowthData(response, query as GrowthQuery) })),
    );
    return { kind: 'growth', growth, ...(droppedSplit && { droppedSplit }) };
  }
  // A trend chart's quartiles and shares are not counts that cohorts could be set side by side in.
  if (chart.kind === 'trend') throw new Error(`chart ${chart.definition.key}: trend charts are not compared`);
  const distribution = comparedBars(chart, answers, now);
  const other = otherDimension(chart.query);
  // The values of all cohorts together are cut to the chart's N; each cohort's "Other" counts the
  // cohort's objects with none of those N.
  if (other && distribution.categoryCount > distribution.categories.length)
    return {
      kind: 'distribution',
      distribution: {
        ...distribution,
        categories: [...distribution.categories, otherLabel(distribution.categories.length)],
        cohorts: distribution.cohorts.map((cohort, i) => ({
          ...cohort,
          values: [...cohort.values, otherCountOf(answers[i]?.response ?? null) ?? 0],
        })),
      },
    };
  return { kind: 'distribution', distribution };
}

function withoutOther(dimension: TermsDimension): TermsDimension {
  const { other: _other, ...plain } = dimension;
  return plain;
}

/** The bars of a compared distribution chart, without an "Other" bar. */
function comparedBars(
  chart: ResolvedChart<ChartDefinition>,
  answers: readonly CohortAnswer[],
  now?: Date,
): ComparedDistribution {
  const { definition } = chart;
  const query = chart.query as DistributionQuery;
  const other = otherDimension(query);
  // Each cohort's "Other" count is added once the categories are known, not to its own bars.
  const plain = other ? { ...query, first: withoutOther(other) } : query;
  const cohorts = answers.map(({ label, response }) => ({
    label,
    data: toDistributionData(response, plain, { ...(now && { now }) }),
  }));
  return compareDistributions(
    query.first.kind === 'terms' && query.first.namedBy !== undefined ? namedAlike(cohorts) : cohorts,
    {
      byTotal: query.first.kind === 'terms',
      truncate: definition.truncateViewData,
      ...(other?.maxIntervals !== undefined && { cut: other.maxIntervals }),
    },
  );
}

/**
 * The "Other" bar's search of each cohort of a comparison (over the cohort), once the cohorts have
 * answered: their values together are cut to the chart's N, and each cohort counts its objects
 * with none of those. Undefined where there is no bar (every value is drawn) or the cohort is empty.
 */
export function comparedOtherRequests(
  comparison: Comparison,
  responses: readonly (SearchResponse | null)[],
  now?: Date,
): (SearchRequest | undefined)[] {
  const { chart, cohorts } = comparison;
  const none = cohorts.map(() => undefined);
  if (!otherDimension(chart.query) || chart.kind !== 'distribution') return none;
  const answers = cohorts.map((c, i) => ({ label: c.label, response: responses[i] ?? null }));
  const { categories, categoryCount } = comparedBars(chart, answers, now);
  if (categoryCount <= categories.length) return none;
  return cohorts.map((cohort, i) =>
    responses[i] ? otherRequest(chart.definition, comparison.query, categories, cohort.scope) : undefined,
  );
}

/** Name of a cohort's column in a table: its label, with the unit when in percent. */
export function cohortColumn(label: string, measure: Measure): string {
  return measure === 'percent' ? `${label} (%)` : label;
}

/** A value as a table writes it: counts as they are, percents to two decimals. */
export function tableValue(value: number, measure: Measure): number {
  return measure === 'percent' ? round2(value) : value;
}

/** The data view's values of a growth series. */
export function viewValues(series: GrowthData['series'][number], view: DataView): number[] {
  return view === 'annual' ? series.annual : series.cumulative;
}
