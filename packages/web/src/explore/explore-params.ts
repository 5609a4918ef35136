import {
  DEFAULT_TOP,
  EXPLORE_PARAMS,
  EXPLORE_STACKS,
  countedLevels,
  defaultBins,
  dimensionsOf,
  isStackable,
  type BinSpec,
  type ExploreAttribute,
  type ExploreDimension,
} from '@pdb-stats/charts';
import type { PickerAttribute } from '../query-builder/catalogue.ts';

/**
 * The explorer's URL: the explore chart's own parameters (see `readExplore`) beside the chart page's
 * (view, scope, cohorts…). Pure, so that the round trips are tested without a browser.
 */

/** The page's parameters that belong to one chart: series hidden and a window of years mean nothing on another. */
const CHART_BOUND = ['hide', 'from', 'to'] as const;

/** The explore chart's parameters alone, in their written order. */
export function exploreParamsOf(params: URLSearchParams): URLSearchParams {
  const own = new URLSearchParams();
  for (const name of EXPLORE_PARAMS) {
    const value = params.get(name);
    if (value !== null) own.set(name, value);
  }
  return own;
}

/**
 * The page's address with other explore parameters: `changes` set (or, as undefined, removed); the
 * scope, cohorts and view kept; the previous chart's hidden series and window of years dropped.
 */
export function withExplore(
  params: URLSearchParams,
  changes: Partial<Record<(typeof EXPLORE_PARAMS)[number], string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams();
  const own = exploreParamsOf(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) own.delete(name);
    else own.set(name, value);
  }
  for (const name of EXPLORE_PARAMS) {
    const value = own.get(name);
    if (value !== null) next.set(name, value);
  }
  params.forEach((value, name) => {
    if (
      !(EXPLORE_PARAMS as readonly string[]).includes(name) &&
      !(CHART_BOUND as readonly string[]).includes(name)
    )
      next.append(name, value);
  });
  return next;
}

/** An attribute of the service's schema as the explore chart needs it. */
export function exploreAttribute(attribute: PickerAttribute): ExploreAttribute {
  return {
    path: attribute.path,
    level: attribute.level,
    type: attribute.type,
    contexts: attribute.contexts,
    name: attribute.name,
    ...(attribute.unit && { unit: attribute.unit }),
  };
}

/** Finds an attribute of the schema by path; a path in both schemas is the structure attribute. */
export function pickerResolver(attributes: readonly PickerAttribute[]) {
  const byPath = new Map<string, PickerAttribute>();
  for (const attribute of attributes)
    if (!byPath.has(attribute.path) || attribute.service === 'text') byPath.set(attribute.path, attribute);
  return {
    picker: (path: string) => byPath.get(path),
    resolve: (path: string) => {
      const attribute = byPath.get(path);
      return attribute && exploreAttribute(attribute);
    },
  };
}

/**
 * The parameters a dimension starts with when chosen: its defaults, the others' removed. Bins are
 * left to be written out by `completedExplore`, once the attribute's values are read.
 */
export function dimensionDefaults(dimension: ExploreDimension) {
  return {
    dimension,
    top: dimension === 'terms' ? String(DEFAULT_TOP) : undefined,
    other: undefined,
    start: undefined,
    step: undefined,
    end: undefined,
    by: undefined,
    stack: undefined,
  };
}

/** The dimension an explore address draws: the one written, or the attribute's first. */
function dimensionOf(params: URLSearchParams, attribute: PickerAttribute): ExploreDimension | undefined {
  return (params.get('dimension') as ExploreDimension | null) ?? dimensionsOf(attribute.type)[0];
}

/** Whether an explore address draws numeric bins of which none is written (they are to be completed). */
export function binsToComplete(params: URLSearchParams, attribute: PickerAttribute | undefined): boolean {
  const own = exploreParamsOf(params);
  return (
    attribute !== undefined &&
    dimensionOf(own, attribute) === 'bins' &&
    // `dimension=bins` on an attribute without numbers is the visitor's mistake, to be reported:
    // no bins are read for it, and the page would wait for them for ever.
    dimensionsOf(attribute.type).includes('bins') &&
    (['start', 'step', 'end'] as const).every((name) => own.get(name) === null)
  );
}

/**
 * The parameter a builder form sent without scripts carries: the attribute drawn when it was sent,
 * so that the address it lands on tells a new attribute from the same one.
 */
export const PREVIOUS_PARAM = 'previous';

/**
 * The address a builder form sent without scripts means (a plain GET of every menu's value): the
 * choices that no longer fit what was chosen with them dropped, as the builder drops them when a
 * menu is changed with scripts; undefined for any other address. A new attribute starts afresh (what
 * it counts and its grouping are its own); a count or grouping it has not is left to be completed;
 * numbers of another grouping, an empty "Stack by" and segments without it are dropped.
 */
export function chosenExplore(
  params: URLSearchParams,
  picker: (path: string) => PickerAttribute | undefined,
): URLSearchParams | undefined {
  const previous = params.get(PREVIOUS_PARAM);
  if (previous === null) return undefined;
  const next = new URLSearchParams(params);
  next.delete(PREVIOUS_PARAM);
  const attribute = picker(next.get('attribute') ?? '');
  if (!attribute) return next;
  if (attribute.path !== previous)
    for (const name of ['count', 'dimension', 'top', 'other', 'start', 'step', 'end', 'by', 'stack'])
      next.delete(name);
  const count = next.get('count');
  if (count !== null && !(countedLevels(attribute.level) as readonly string[]).includes(count))
    next.delete('count');
  const dimensions: readonly string[] = dimensionsOf(attribute.type);
  const dimension = next.get('dimension') ?? dimensions[0];
  if (dimension === undefined || !dimensions.includes(dimension)) next.delete('dimension');
  if (dimension !== 'terms') ['top', 'other'].forEach((name) => next.delete(name));
  if (dimension !== 'bins') ['start', 'step', 'end'].forEach((name) => next.delete(name));
  const by = picker(next.get('by') ?? '');
  const counted = next.get('count') ?? attribute.level;
  if (
    next.get('by') === '' ||
    (by && !(isStackable(by) && countedLevels(by.level).includes(counted as never)))
  )
    next.delete('by');
  const stack = next.get('stack');
  if (
    stack !== null &&
    (next.get('by') === null ||
      dimension === 'years' ||
      !(EXPLORE_STACKS as readonly string[]).includes(stack))
  )
    next.delete('stack');
  return next;
}

/**
 * The address an explore link means, written out: a link that names only the attribute (typed, or
 * shared) gets what the builder would have chosen (what is counted, the grouping and its numbers),
 * so that the page draws a chart and its address is the one the downloads and the API write.
 * Undefined when nothing is missing, or when the attribute is unknown (the reading reports it).
 */
export function completedExplore(
  params: URLSearchParams,
  picker: (path: string) => PickerAttribute | undefined,
  /** The attribute's bins read off its values (`useTypicalBins`); without them, bins over its whole range. */
  typical?: BinSpec,
): URLSearchParams | undefined {
  // A builder form sent without scripts is first read as the choice it means.
  const chosen = chosenExplore(params, picker);
  if (chosen) return completedExplore(chosen, picker, typical) ?? chosen;
  const own = exploreParamsOf(params);
  const attribute = picker(own.get('attribute') ?? '');
  if (!attribute) return undefined;
  const dimensions = dimensionsOf(attribute.type);
  const written = own.get('dimension') as ExploreDimension | null;
  const dimension = written ?? dimensions[0];
  if (!dimension || !dimensions.includes(dimension)) return undefined;
  const changes: Partial<Record<(typeof EXPLORE_PARAMS)[number], string>> = {};
  if (own.get('count') === null) changes.count = attribute.level;
  if (written === null) changes.dimension = dimension;
  if (dimension === 'terms' && own.get('top') === null) changes.top = String(DEFAULT_TOP);
  // Bins are completed only when none is written: a half-written set is the visitor's, to be reported.
  if (binsToComplete(own, attribute)) {
    const bins = typical ?? defaultBins(attribute.min, attribute.max);
    Object.assign(changes, { start: String(bins.start), step: String(bins.step), end: String(bins.end) });
  }
  if (own.get('by') !== null && dimension !== 'years' && own.get('stack') === null) changes.stack = 'stacked';
  if (Object.keys(changes).length === 0) return undefined;
  // Everything else of the address (view, scope, window of years) is kept as it is.
  const next = new URLSearchParams();
  for (const name of EXPLORE_PARAMS) {
    const value = changes[name] ?? own.get(name);
    if (value !== null && value !== undefined) next.set(name, value);
  }
  params.forEach((value, name) => {
    if (!(EXPLORE_PARAMS as readonly string[]).includes(name)) next.append(name, value);
  });
  return next;
}
