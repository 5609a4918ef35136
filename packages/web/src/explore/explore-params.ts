import { EXPLORE_PARAMS, type ExploreAttribute } from '@pdb-stats/charts';
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
