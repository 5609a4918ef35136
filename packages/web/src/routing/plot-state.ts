import {
  KIND_VIEWS,
  SCOPE_PARAMS,
  defaultKindView,
  type ChartDefinition,
  type ChartView,
  type DataView,
} from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';

/** What a chart page shows, kept in the URL so that every view can be linked. */
export interface PlotState {
  /** The view of a growth chart (cumulative, annual) or a trend chart (quartiles, shares). */
  view: ChartView;
  /** Hidden series of a stacked growth chart (raw labels). */
  hidden: string[];
  /** The chart's variant value, when it has variants. */
  variant?: string;
}

export const VIEW_PARAM = 'view';
export const HIDE_PARAM = 'hide';

/** Reads a chart page's state; `defaultView` is the visitor's data view of growth charts. */
export function readPlotState(
  params: URLSearchParams,
  chart: ChartDefinition,
  defaultView: DataView,
): PlotState {
  const view = params.get(VIEW_PARAM);
  const views: readonly string[] = KIND_VIEWS[chart.kind];
  const variant = chart.variants ? (params.get(chart.variants.param) ?? undefined) : undefined;
  return {
    view: views.includes(view ?? '') ? (view as ChartView) : defaultKindView(chart.kind, defaultView),
    hidden: params.getAll(HIDE_PARAM),
    ...(variant !== undefined && { variant }),
  };
}

/** Sets the data view; the default view is left out of the URL. */
export function withView(params: URLSearchParams, view: ChartView, defaultView: ChartView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === defaultView) next.delete(VIEW_PARAM);
  else next.set(VIEW_PARAM, view);
  return next;
}

/** Shows or hides one series. */
export function withSeriesToggled(params: URLSearchParams, label: string): URLSearchParams {
  const hidden = params.getAll(HIDE_PARAM);
  const next = new URLSearchParams(params);
  next.delete(HIDE_PARAM);
  const updated = hidden.includes(label) ? hidden.filter((h) => h !== label) : [...hidden, label];
  for (const h of updated) next.append(HIDE_PARAM, h);
  return next;
}

/** Chooses a variant; the default is left out of the URL. Hidden series belong to the old variant. */
export function withVariant(params: URLSearchParams, chart: ChartDefinition, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!chart.variants) return next;
  if (value === chart.variants.defaultValue) next.delete(chart.variants.param);
  else next.set(chart.variants.param, value);
  next.delete(HIDE_PARAM);
  return next;
}

/**
 * The parameters of a page's state that the chart data API takes: the view always named (so that
 * the address does not depend on the visitor's default view), the hidden series, the variant and
 * the scope.
 */
export function chartDataParams(
  state: PlotState,
  chart: ChartDefinition,
  scope?: QueryNode,
): URLSearchParams {
  const params = new URLSearchParams();
  if (chart.kind === 'growth') params.set(VIEW_PARAM, state.view);
  for (const label of state.hidden) params.append(HIDE_PARAM, label);
  if (chart.variants && state.variant !== undefined) params.set(chart.variants.param, state.variant);
  if (scope) params.set(SCOPE_PARAMS.query, JSON.stringify(scope));
  return params;
}
