import { CHART_KEYS, type ChartKey } from './keys.ts';
import { DISTRIBUTION_CHARTS } from './registry/distribution-charts.ts';
import { GROWTH_CHARTS } from './registry/growth-charts.ts';
import { TREND_CHARTS } from './registry/trend-charts.ts';
import type { SearchResponse } from '@pdb-stats/search-model';
import { levelFacts, toDistributionData } from './transform.ts';
import type { ChartDefinition } from './types.ts';
import { exploreChart, writeExplore, type ExploreSpec } from './explore.ts';

/**
 * Every chart of the dashboard: the 21 core charts, then the further charts of the existing RCSB
 * app. Pages, menus, tests and benchmarks walk this record; adding a chart is one entry in the file
 * of its kind (and its description).
 */
export const CHARTS = { ...GROWTH_CHARTS, ...DISTRIBUTION_CHARTS, ...TREND_CHARTS } satisfies Record<
  ChartKey,
  ChartDefinition
>;

for (const [key, definition] of Object.entries(CHARTS)) {
  if (definition.key !== key) throw new Error(`chart registry: entry ${key} names itself ${definition.key}`);
}

/** Charts in the order of their keys: growth, distribution, trend, then the further ones. */
export const CHART_LIST: readonly ChartDefinition[] = CHART_KEYS.map((key): ChartDefinition => CHARTS[key]);

/** A chart with its variant and level resolved: the query and title to use. Its query is of the chart's kind. */
export type ResolvedChart<D extends ChartDefinition = ChartDefinition> = D extends ChartDefinition
  ? {
      kind: D['kind'];
      definition: D;
      query: D['query'];
      title: string;
      /** The chosen variant value, when the chart has variants. */
      variant?: string;
      /** The class whose level below is drawn, when the chart is drilled down (see `ChartHierarchy`). */
      parent?: string;
      /** What an explore chart was built from (plain data: an answer keeps it to rebuild the chart). */
      explore?: ExploreSpec;
    }
  : never;

/**
 * Resolves a chart's variant and level from URL parameter values; an unknown variant falls back to
 * the default, a parent that is not a class of the chart's hierarchy to the top level (callers that
 * read the URL report it: `drillProblem`).
 */
export function resolveChart<D extends ChartDefinition>(
  definition: D,
  variant?: string | null,
  parent?: string | null,
): ResolvedChart<D> {
  const hierarchy = definition.hierarchy;
  if (hierarchy && parent != null && hierarchy.problem(parent) === undefined) {
    const { levelAxisTitle } = hierarchy;
    return {
      kind: definition.kind,
      definition: levelAxisTitle
        ? { ...definition, options: { ...definition.options, xAxisTitle: levelAxisTitle } }
        : definition,
      query: hierarchy.levelQuery(parent),
      title: levelTitle(definition, parent),
      parent,
    } as ResolvedChart<D>;
  }
  const variants = definition.variants;
  if (!variants)
    return {
      kind: definition.kind,
      definition,
      query: definition.query,
      title: definition.title,
    } as ResolvedChart<D>;
  const options: readonly { value: string; title: string; query: D['query'] }[] = variants.options;
  const option =
    options.find((o) => o.value === variant) ?? options.find((o) => o.value === variants.defaultValue);
  if (!option)
    throw new Error(`chart ${definition.key}: default variant ${variants.defaultValue} is missing`);
  return {
    kind: definition.kind,
    definition,
    query: option.query,
    title: option.title,
    variant: option.value,
  } as ResolvedChart<D>;
}

/**
 * The title of the level below `parent`: the chart's, then the classes down to it, named by `names`
 * once the level's answer gives them (`DistributionData.names`).
 */
export function levelTitle(
  definition: ChartDefinition,
  parent: string,
  names?: Readonly<Record<string, string>>,
): string {
  const trail = definition.hierarchy?.trail(parent, names) ?? [];
  return `${definition.title}: ${trail.map((step) => step.label).join(' › ')}`;
}

/** A chart's title once answered: a drilled-down level names its classes as the answer does. */
export function answeredTitle(chart: ResolvedChart, response: SearchResponse | null): string {
  if (chart.parent === undefined || chart.kind !== 'distribution') return chart.title;
  const { names } = toDistributionData(response, chart.query);
  return names ? levelTitle(chart.definition, chart.parent, names) : chart.title;
}

/** What a level's answers tell beyond its bars: the names of its breadcrumb, which bars open a level, whether its path is the archive's. */
export interface LevelReading {
  /** Names of the classes above a drilled-down level, by identifier (empty at the top level). */
  names: Readonly<Record<string, string>>;
  /** The class a bar opens, or undefined when it has no level below (or the chart has no levels). */
  opens: (barLabel: string) => string | undefined;
  /** Why the level's path is not one of the archive's classes (about `parent`); undefined when it is. */
  problem?: string;
}

/**
 * Reads a chart's answers (one per cohort; `scoped` when they are over a search): a bar of a
 * drilled-down level opens a level only if the answer holds classes below it, and a path whose
 * ancestors are not the class's is refused. Without a scope, a class no object holds is refused too;
 * over a scope an empty answer tells nothing about the path.
 */
export function readLevel(
  chart: ResolvedChart,
  responses: readonly (SearchResponse | null)[],
  scoped: boolean,
): LevelReading {
  const hierarchy = chart.definition.hierarchy;
  const { parent } = chart;
  if (!hierarchy) return { names: {}, opens: () => undefined };
  if (parent === undefined || chart.kind !== 'distribution')
    return { names: {}, opens: (label) => hierarchy.childOf(label, undefined) };
  const facts = levelFacts(responses, chart.query);
  const answered = responses.some((response) => response !== null);
  const problem =
    answered || scoped
      ? answered && hierarchy.pathProblem(parent, facts.trailIds)
      : hierarchy.pathProblem(parent, undefined);
  return {
    names: facts.names,
    opens: (label) => {
      const child = hierarchy.childOf(label, parent);
      return child !== undefined && hierarchy.opensBelow(child, facts.below) ? child : undefined;
    },
    ...(problem && { problem }),
  };
}

/**
 * Why a drill-down parameter value cannot be drawn on a chart (it has no levels, or the value is
 * not one of its classes), naming the parameter; undefined when it can.
 */
export function drillProblem(definition: ChartDefinition, parent: string): string | undefined {
  const hierarchy = definition.hierarchy;
  if (!hierarchy)
    return `chart "${definition.key}" has no levels to open; parent applies to classification charts`;
  return hierarchy.problem(parent);
}

/** An explore chart, resolved like a registry chart (it has no variants). */
export function resolveExplore(spec: ExploreSpec): ResolvedChart {
  const definition = exploreChart(spec);
  return {
    kind: definition.kind,
    definition,
    query: definition.query,
    title: definition.title,
    explore: spec,
  } as ResolvedChart;
}

/** Whether two resolved charts are one chart (any variant): the same key, and for explore charts the same parameters. */
export function sameChart(a: ResolvedChart, b: ResolvedChart): boolean {
  if (a.definition.key !== b.definition.key) return false;
  if (!a.explore || !b.explore) return !a.explore && !b.explore;
  return writeExplore(a.explore).toString() === writeExplore(b.explore).toString();
}
