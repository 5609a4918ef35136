import { KIND_VIEWS, type ChartKind } from './keys.ts';
import type { ChartClick } from './types.ts';

/**
 * A bar's search, written short: the chart page it is drawn on and the bar, which the service expands
 * into the bar's whole search request (a redirect to it). A chart page drawn on the server links
 * every bar this way: the whole request, written into every bar's address, made up most of its HTML.
 */
export const BAR_SEARCH_PATH = '/search/bar';

export interface BarSearch {
  /** The address of the chart page (its path under the base path, and its query string). */
  chart: string;
  /** The bar: its x, series and the chart's view. */
  click: ChartClick;
  /** The cohort of a compared bar (its index). */
  cohort?: number;
}

/** A short link as read: the view is as written, checked against the chart by whoever resolves it. */
export interface BarSearchRead {
  chart: string;
  x: string;
  series?: string;
  view?: string;
  cohort?: number;
}

/** A parameter of a short link that cannot be used, and why. */
export interface BarSearchProblem {
  param: 'chart' | 'x' | 'cohort';
  message: string;
}

/** The query string of a bar's short link; the view only for charts that have views. */
export function writeBarSearch(kind: ChartKind, bar: BarSearch): string {
  const params = new URLSearchParams({ chart: bar.chart });
  if (KIND_VIEWS[kind].length > 0) params.set('view', bar.click.view);
  params.set('x', bar.click.x);
  if (bar.click.series !== undefined) params.set('series', bar.click.series);
  if (bar.cohort !== undefined) params.set('cohort', String(bar.cohort));
  return params.toString();
}

/** Reads a bar's short link; the first unusable parameter is a problem naming it. */
export function readBarSearch(
  params: URLSearchParams,
): { bar: BarSearchRead } | { problem: BarSearchProblem } {
  const chart = params.get('chart');
  if (!chart)
    return {
      problem: {
        param: 'chart',
        message: "is required: the chart page's address, e.g. /growth/experimental-method",
      },
    };
  if (!chart.startsWith('/'))
    return {
      problem: {
        param: 'chart',
        message: `must be a chart page's address starting with "/", got "${chart}"`,
      },
    };
  const x = params.get('x');
  if (x === null) return { problem: { param: 'x', message: 'is required: the label of the bar' } };
  const cohortText = params.get('cohort');
  const cohort = cohortText === null ? undefined : Number(cohortText);
  if (cohort !== undefined && !(Number.isInteger(cohort) && cohort >= 0 && cohortText === String(cohort)))
    return {
      problem: { param: 'cohort', message: `must be the index of a cohort (0, 1, …), got "${cohortText}"` },
    };
  const series = params.get('series');
  const view = params.get('view');
  return {
    bar: {
      chart,
      x,
      ...(series !== null && { series }),
      ...(view !== null && { view }),
      ...(cohort !== undefined && { cohort }),
    },
  };
}
