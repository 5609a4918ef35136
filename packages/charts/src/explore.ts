import {
  isAggregatable,
  type ReturnType,
  type ScalarType,
  type SearchContext,
} from '@pdb-stats/search-model';
import { round2 } from './bins.ts';
import { countedName } from './nouns.ts';
import { searchFromDimensions } from './requests.ts';
import { MAX_SEGMENTS } from './transform.ts';
import type {
  BinSpec,
  ChartOptions,
  DistributionChartDefinition,
  GrowthChartDefinition,
  TermsDimension,
} from './types.ts';

/**
 * Explore charts: a chart built from URL parameters over any facetable attribute of the catalogue,
 * rather than named in the registry. The parameters say the attribute, what is counted, how its
 * values are grouped (terms, numeric bins, years) and an optional second attribute that splits each
 * bar (the years' stacks, or segments of each term's or bin's bar); `exploreChart` turns them into a chart definition like the registry's, so that the chart
 * page, the chart data API, click-through, downloads and the table treat both alike.
 */

/** The identifier of every explore chart in place of a registry key (file names, the data API's path). */
export const EXPLORE_KEY = 'explore';

/** URL parameters of an explore chart, in the order they are written. */
export const EXPLORE_PARAMS = [
  'attribute',
  'count',
  'dimension',
  'top',
  'other',
  'start',
  'step',
  'end',
  'by',
  'stack',
] as const;
export type ExploreParam = (typeof EXPLORE_PARAMS)[number];

/** How the values are grouped: one bar per value, per numeric bin, or per year of a date. */
export const EXPLORE_DIMENSIONS = ['terms', 'bins', 'years'] as const;
export type ExploreDimension = (typeof EXPLORE_DIMENSIONS)[number];

/** How a term's or bin's segments are drawn: one on another, or side by side. */
export const EXPLORE_STACKS = ['stacked', 'grouped'] as const;
export type ExploreStack = (typeof EXPLORE_STACKS)[number];

export const DEFAULT_TOP = 25;
/** Terms drawn at most: a bar chart of more values is unreadable. */
export const MAX_TOP = 100;
/** Bins at most (open ends included), so that a request cannot ask for a huge facet. */
export const MAX_BINS = 200;
/**
 * Largest bin bound or width, either sign: bounds are written with two decimals, exact while a
 * hundred times the value is an exact integer (below 2^53, about 9e13); no attribute comes near.
 */
export const MAX_BIN_BOUND = 1e12;

/** An attribute as the explore chart needs it: the catalogue's facts plus a display name. */
export interface ExploreAttribute {
  path: string;
  level: ReturnType;
  type: ScalarType;
  contexts: readonly SearchContext[];
  /** Short display name (axis title, chart title). */
  name: string;
  /** Unit symbol (Å, kDa…), or none. */
  unit?: string;
}

/** Everything an explore chart is built from: the URL parameters, read and checked. */
export interface ExploreSpec {
  attribute: ExploreAttribute;
  /** What each bar counts (the return type of its searches). */
  count: ReturnType;
  dimension: ExploreDimension;
  /** Values drawn (terms only): the most frequent first. */
  top: number;
  /**
   * Terms only: an "Other" bar after them, the objects with a value but none of those drawn (on by
   * default, so that a top-N chart also says how much it leaves out).
   */
  other: boolean;
  /** Numeric bins (bins only). */
  bins?: BinSpec;
  /** A second attribute whose values split each bar: stacks of the years, segments of a term's or bin's bar. */
  by?: ExploreAttribute;
  /** How the segments of terms and bins are drawn (with `by` only); stacked by default. */
  stack?: ExploreStack;
}

/** A parameter that cannot be used: which one, and why. */
export interface ExploreProblem {
  param: ExploreParam;
  message: string;
}

export type ExploreReading =
  { spec: ExploreSpec; problems: [] } | { spec?: undefined; problems: ExploreProblem[] };

/**
 * What an attribute of a level can count: its own objects, the objects it belongs to and those that
 * belong to it (an entry's resolution counts entries, or their entities, instances and assemblies;
 * an entity's organism counts entities, their instances, or the entries holding them). Levels met
 * only through a shared entry (an entity's attribute counting assemblies) would count every
 * assembly of the entry, which no one means. Chemical components count themselves only.
 */
const COUNTED_LEVELS: Record<ReturnType, readonly ReturnType[]> = {
  entry: ['entry', 'polymer_entity', 'polymer_instance', 'non_polymer_entity', 'assembly'],
  polymer_entity: ['polymer_entity', 'entry', 'polymer_instance'],
  polymer_instance: ['polymer_instance', 'polymer_entity', 'entry'],
  non_polymer_entity: ['non_polymer_entity', 'entry'],
  assembly: ['assembly', 'entry'],
  mol_definition: ['mol_definition'],
};

export function countedLevels(level: ReturnType): readonly ReturnType[] {
  return COUNTED_LEVELS[level];
}

/**
 * Whether a terms chart counting `count` by an attribute of `level` can draw an "Other" bar (objects
 * with a value, none of those drawn). The service tests a negated condition at its attribute's level:
 * counting entries by their entities' organisms, "not one of these" finds an entry with any entity
 * outside them, even when another of its entities has one. Counting the attribute's own objects, or
 * objects below its level (each has one entry, one entity), it means "none of these".
 */
export function otherCountable(level: ReturnType, count: ReturnType): boolean {
  return count === level || level === 'entry' || (level === 'polymer_entity' && count === 'polymer_instance');
}

/** How values of a type can be grouped, the default first. */
export function dimensionsOf(type: ScalarType): readonly ExploreDimension[] {
  if (type === 'date') return ['years'];
  if (type === 'string') return ['terms'];
  return ['bins', 'terms'];
}

/** Attributes a facet can count: aggregatable ones (not full-text-only strings). */
export function isExplorable(attribute: Pick<ExploreAttribute, 'type' | 'contexts'>): boolean {
  return isAggregatable(attribute);
}

/** Attributes a second dimension can stack by: values that are matched exactly (not dates). */
export function isStackable(attribute: Pick<ExploreAttribute, 'type' | 'contexts'>): boolean {
  return isAggregatable(attribute) && attribute.type !== 'date';
}

const OTHER_VALUES: readonly string[] = ['on', 'off'];

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** Bins `[start, end)` in steps, plus the open bins below and above. */
export function binCount({ start, step, end }: BinSpec): number {
  return Math.round((end - start) / step) + 2;
}

/** A multiple of 0.01 up to rounding: bin bounds are written with two decimals at most. */
const inHundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function readNumber(
  params: URLSearchParams,
  param: 'top' | 'start' | 'step' | 'end',
  problems: ExploreProblem[],
): number | undefined {
  const text = params.get(param);
  if (text === null) return undefined;
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) {
    problems.push({ param, message: `must be a number, got "${text}"` });
    return undefined;
  }
  return value;
}

function readBins(params: URLSearchParams, problems: ExploreProblem[]): BinSpec | undefined {
  const before = problems.length;
  const read = {
    start: readNumber(params, 'start', problems),
    step: readNumber(params, 'step', problems),
    end: readNumber(params, 'end', problems),
  };
  const meaning = {
    start: "the first bin's lower bound",
    step: 'the width of a bin',
    end: "the last bin's lower bound",
  };
  for (const param of ['start', 'step', 'end'] as const)
    if (read[param] === undefined && params.get(param) === null)
      problems.push({ param, message: `is required for numeric bins (${meaning[param]})` });
  if (problems.length > before) return undefined;
  const bins = read as BinSpec;
  for (const param of ['start', 'step', 'end'] as const)
    if (Math.abs(bins[param]) > MAX_BIN_BOUND)
      problems.push({
        param,
        message: `must be between -${MAX_BIN_BOUND} and ${MAX_BIN_BOUND}, got ${bins[param]}`,
      });
  if (problems.length > before) return undefined;
  if (bins.step <= 0) problems.push({ param: 'step', message: `must be > 0, got ${bins.step}` });
  // Bin labels are read back into the bar's search: bounds are written with two decimals at most.
  for (const param of ['start', 'step', 'end'] as const)
    if (!inHundredths(bins[param]))
      problems.push({
        param,
        message: `must be a multiple of 0.01 (bounds are written with two decimals), got ${bins[param]}`,
      });
  if (bins.end <= bins.start)
    problems.push({ param: 'end', message: `must be greater than start (${bins.start}), got ${bins.end}` });
  if (problems.length > before) return undefined;
  const steps = (bins.end - bins.start) / bins.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6)
    problems.push({
      param: 'end',
      message: `must be start plus a whole number of steps (${bins.start} + n × ${bins.step}), got ${bins.end}`,
    });
  else if (binCount(bins) > MAX_BINS)
    problems.push({
      param: 'step',
      message: `makes ${binCount(bins)} bins from ${bins.start} to ${bins.end}; at most ${MAX_BINS} are drawn (take a wider step)`,
    });
  return problems.length > before ? undefined : bins;
}

/**
 * Reads an explore chart's URL parameters. `resolve` finds an attribute of the catalogue by path
 * (the archive's, on the server; the service's schema, in the browser); a path it does not know, or
 * whose values a facet cannot count, is refused. Every unusable parameter is reported, each naming
 * the parameter and the reason.
 */
export function readExplore(
  params: URLSearchParams,
  resolve: (path: string) => ExploreAttribute | undefined,
): ExploreReading {
  const problems: ExploreProblem[] = [];
  const path = params.get('attribute');
  if (path === null || path.trim() === '')
    return {
      problems: [
        { param: 'attribute', message: 'is required: the path of a facetable attribute of the catalogue' },
      ],
    };
  const attribute = resolve(path);
  if (!attribute || !isExplorable(attribute))
    return {
      problems: [
        {
          param: 'attribute',
          message: `"${path}" is not a facetable attribute of the catalogue${attribute ? ' (its values are full text)' : ''}`,
        },
      ],
    };

  const levels = countedLevels(attribute.level);
  const countText = params.get('count');
  const count = (countText ?? attribute.level) as ReturnType;
  if (!levels.includes(count))
    problems.push({
      param: 'count',
      message: `must be one of ${listed(levels)} for "${path}" (an attribute of ${attribute.level}), got "${countText}"`,
    });

  const dimensions = dimensionsOf(attribute.type);
  const dimensionText = params.get('dimension');
  const dimension = (dimensionText ?? dimensions[0]) as ExploreDimension;
  if (!dimensions.includes(dimension)) {
    problems.push({
      param: 'dimension',
      message: `must be one of ${listed(dimensions)} for "${path}" (a ${attribute.type} attribute), got "${dimensionText}"`,
    });
    return { problems };
  }

  for (const param of ['top', 'other', 'start', 'step', 'end'] as const) {
    const applies = param === 'top' || param === 'other' ? 'terms' : 'bins';
    if (params.get(param) !== null && dimension !== applies)
      problems.push({ param, message: `applies to dimension "${applies}" only, not "${dimension}"` });
  }
  const stackText = params.get('stack');
  if (stackText !== null) {
    if (dimension === 'years')
      problems.push({
        param: 'stack',
        message: 'applies to dimensions "terms" and "bins" only, not "years"',
      });
    else if (params.get('by') === null)
      problems.push({
        param: 'stack',
        message: 'applies only with by (a second attribute to split the bars)',
      });
    else if (!(EXPLORE_STACKS as readonly string[]).includes(stackText))
      problems.push({
        param: 'stack',
        message: `must be one of ${listed(EXPLORE_STACKS)}, got "${stackText}"`,
      });
  }
  if (problems.length > 0) return { problems };

  let top = DEFAULT_TOP;
  if (dimension === 'terms') {
    const value = readNumber(params, 'top', problems);
    if (value !== undefined) {
      if (!Number.isInteger(value) || value < 1 || value > MAX_TOP)
        problems.push({ param: 'top', message: `must be a whole number from 1 to ${MAX_TOP}, got ${value}` });
      else top = value;
    }
  }
  const bins = dimension === 'bins' ? readBins(params, problems) : undefined;

  let by: ExploreAttribute | undefined;
  const byPath = params.get('by');
  if (byPath !== null) {
    const second = byPath.trim() === '' ? undefined : resolve(byPath);
    if (!second || !isStackable(second))
      problems.push({
        param: 'by',
        message: `must be a facetable attribute of the catalogue whose values are matched exactly (a keyword or number), got "${byPath}"`,
      });
    else if (second.path === attribute.path)
      problems.push({
        param: 'by',
        message: `must be another attribute than attribute ("${byPath}" is both)`,
      });
    else if (!countedLevels(second.level).includes(count))
      problems.push({
        param: 'by',
        message: `"${byPath}" (an attribute of ${second.level}) cannot count ${count}; it counts ${listed(countedLevels(second.level))}`,
      });
    else by = second;
  }
  const otherText = params.get('other');
  const countable = otherCountable(attribute.level, count);
  if (otherText !== null && !OTHER_VALUES.includes(otherText))
    problems.push({ param: 'other', message: `must be "on" or "off", got "${otherText}"` });
  else if (otherText === 'on' && !countable)
    problems.push({
      param: 'other',
      message: `cannot count ${countedName(count).toLowerCase()} by "${path}" (an attribute of ${attribute.level}): one with several ${attribute.level} objects may have a value drawn on one and another value on the next; count ${attribute.level} for an Other bar`,
    });
  // Segments are read from the facet inside each value's bucket; the Other bar, a count alone, has none.
  else if (otherText === 'on' && by)
    problems.push({ param: 'other', message: 'is not drawn on bars split by a second attribute (by)' });
  if (problems.length > 0) return { problems };
  return {
    spec: {
      attribute,
      count,
      dimension,
      top,
      other: dimension === 'terms' && countable && !by && otherText !== 'off',
      ...(bins && { bins }),
      ...(by && { by }),
      ...(by && dimension !== 'years' && { stack: (stackText ?? 'stacked') as ExploreStack }),
    },
    problems: [],
  };
}

/** The URL parameters of an explore chart, in a fixed order, so that one chart has one address. */
export function writeExplore(spec: ExploreSpec): URLSearchParams {
  const params = new URLSearchParams();
  params.set('attribute', spec.attribute.path);
  params.set('count', spec.count);
  params.set('dimension', spec.dimension);
  if (spec.dimension === 'terms') params.set('top', String(spec.top));
  // The "Other" bar is on wherever it can be drawn, unless switched off: only the switch is written.
  if (
    spec.dimension === 'terms' &&
    !spec.other &&
    !spec.by &&
    otherCountable(spec.attribute.level, spec.count)
  )
    params.set('other', 'off');
  if (spec.dimension === 'bins' && spec.bins)
    for (const param of ['start', 'step', 'end'] as const) params.set(param, String(spec.bins[param]));
  if (spec.by) params.set('by', spec.by.path);
  if (spec.by && spec.dimension !== 'years') params.set('stack', spec.stack ?? 'stacked');
  return params;
}

/** The part of a file name that says which explore chart it holds: `explore-<attribute>-<count>-<dimension>`. */
export function exploreTag(spec: ExploreSpec | undefined): string | undefined {
  return spec && [spec.attribute.path, spec.count, spec.dimension, spec.by?.path].filter(Boolean).join('-');
}

/** Default bins of a numeric attribute over its known values, negative ones too (about 20 bins), or 0 to 100 by 10. */
export function defaultBins(min?: number, max?: number): BinSpec {
  if (min === undefined || max === undefined || !(max > min)) return { start: 0, step: 10, end: 100 };
  // From the least value down to a step, signed values too.
  const raw = (max - min) / 20;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(0.01, round2([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw));
  const start = round2(Math.floor(min / step) * step);
  const end = round2(start + Math.min(MAX_BINS - 2, Math.ceil((max - start) / step)) * step);
  return { start, step, end: end > start ? end : round2(start + step) };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const withUnit = (attribute: ExploreAttribute) =>
  attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name;

function termsOf(attribute: ExploreAttribute, extra: Partial<TermsDimension> = {}): TermsDimension {
  return {
    kind: 'terms',
    name: attribute.name,
    attribute: attribute.path,
    minPopulation: 1,
    ...(attribute.type !== 'string' && { numeric: true }),
    ...extra,
  };
}

/** The title of an explore chart: what it counts, by what. */
export function exploreTitle(spec: ExploreSpec): string {
  const counted = countedName(spec.count);
  const first = spec.dimension === 'years' ? `${spec.attribute.name} (Year)` : spec.attribute.name;
  return `${counted} by ${first}${spec.by ? ` and ${spec.by.name}` : ''}`;
}

function describe(spec: ExploreSpec): string {
  const counted = countedName(spec.count).toLowerCase();
  const attribute = `${escapeHtml(spec.attribute.name)} (<code>${escapeHtml(spec.attribute.path)}</code>)`;
  const grouping =
    spec.dimension === 'years'
      ? `per year of ${attribute}`
      : spec.dimension === 'bins' && spec.bins
        ? `in bins of ${attribute} from ${spec.bins.start} to ${spec.bins.end} in steps of ${spec.bins.step}, with open bins below and above`
        : `for each of the ${spec.top} most frequent values of ${attribute}`;
  const by = `${escapeHtml(spec.by?.name ?? '')} (<code>${escapeHtml(spec.by?.path ?? '')}</code>)`;
  const stack = !spec.by
    ? ''
    : spec.dimension === 'years'
      ? `, stacked by ${by}`
      : `, each bar split by ${by} into its ${MAX_SEGMENTS} most frequent values over the bars drawn (the others are left out)`;
  const other =
    spec.dimension === 'terms' && spec.other
      ? ` When there are more values, a last bar, Other, counts the ${counted} that have a value of ${escapeHtml(spec.attribute.name)} but none of those shown.`
      : '';
  return `<p>The number of ${counted} ${grouping}${stack}. An object with several values counts once in each of them.${other} Built with the chart explorer.</p>`;
}

/**
 * The chart definition of an explore chart: a growth chart for years, a distribution chart for terms
 * and bins. Bars click through to the same searches as the registry's charts (`searchFromDimensions`).
 */
export function exploreChart(spec: ExploreSpec): GrowthChartDefinition | DistributionChartDefinition {
  const counted = countedName(spec.count);
  const title = exploreTitle(spec);
  const common = {
    key: EXPLORE_KEY,
    title,
    longDescription: describe(spec),
    menuDescription: title,
    menuText: title,
    // An explore chart sits in no menu or home card; these only satisfy the definition's shape.
    displayCategory: 'Structure Details',
    categoryText: 'Structure Details',
    displaySection: 'Released Structures',
    buildSearch: searchFromDimensions,
    truncateViewData: false,
  } as const;
  const yAxisTitle = `Number of ${counted}`;
  if (spec.dimension === 'years') {
    const options: ChartOptions = {
      chartType: 'bar',
      scale: 'linear',
      orientation: 'vertical',
      xAxisTitle: `${spec.attribute.name} (Year)`,
      yAxisTitle,
      ...(!spec.by && { seriesLabels: { annual: `${counted} per Year`, cumulative: `Total ${counted}` } }),
    };
    return {
      ...common,
      kind: 'growth',
      query: {
        returnType: spec.count,
        first: { kind: 'year', name: spec.attribute.name, attribute: spec.attribute.path, minPopulation: 1 },
        ...(spec.by && { second: termsOf(spec.by) }),
      },
      options,
    };
  }
  const first =
    spec.dimension === 'bins'
      ? {
          kind: 'range' as const,
          name: spec.attribute.name,
          attribute: spec.attribute.path,
          bins: spec.bins ?? defaultBins(),
          labelStyle: 'plain' as const,
          ...(spec.attribute.unit && { unit: spec.attribute.unit }),
        }
      : termsOf(spec.attribute, { maxIntervals: spec.top, ...(spec.other && { other: true as const }) });
  return {
    ...common,
    kind: 'distribution',
    query: { returnType: spec.count, first, ...(spec.by && { second: termsOf(spec.by) }) },
    options: {
      chartType: 'bar',
      scale: 'linear',
      orientation: first.kind === 'terms' ? 'horizontal' : 'vertical',
      xAxisTitle: withUnit(spec.attribute),
      yAxisTitle,
    },
  };
}
