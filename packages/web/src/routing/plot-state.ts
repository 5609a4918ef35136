import {
  KIND_VIEWS,
  SCOPE_PARAMS,
  defaultKindView,
  readYearWindow,
  type ChartDefinition,
  type ChartView,
  type DataView,
  type YearWindow,
} from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';
import { isColorSchemeName } from '../settings/colors.ts';

/** What a chart page shows, kept in the URL so that every view can be linked. */
export interface PlotState {
  /** The view of a growth chart (cumulative, annual) or a trend chart (quartiles, shares). */
  view: ChartView;
  /** Hidden series of a stacked growth chart (raw labels). */
  hidden: string[];
  /** The chart's variant value, when it has variants. */
  variant?: string;
  /** The class whose level below is drawn, when the chart's bars are classes of a hierarchy. */
  parent?: string;
}

const VIEW_PARAM = 'view';
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
  const parent = chart.hierarchy ? (params.get(chart.hierarchy.param) ?? undefined) : undefined;
  return {
    view: views.includes(view ?? '') ? (view as ChartView) : defaultKindView(chart.kind, defaultView),
    hidden: params.getAll(HIDE_PARAM),
    ...(variant !== undefined && { variant }),
    ...(parent !== undefined && { parent }),
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

/** Opens the level below a class (`parent`), or the top level (undefined); other parameters are kept. */
export function withParent(
  params: URLSearchParams,
  chart: ChartDefinition,
  parent: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!chart.hierarchy) return next;
  if (parent === undefined) next.delete(chart.hierarchy.param);
  else next.set(chart.hierarchy.param, parent);
  return next;
}

/**
 * The parameters of a page's state that the chart data API takes: the view always named (so that
 * the address does not depend on the visitor's default view), the hidden series, the variant, the
 * level drilled down to, the scope and the window of years.
 */
export function chartDataParams(
  state: PlotState,
  chart: ChartDefinition,
  scope?: QueryNode,
  window?: YearWindow,
): URLSearchParams {
  const params = new URLSearchParams();
  if (chart.kind === 'growth') params.set(VIEW_PARAM, state.view);
  for (const label of state.hidden) params.append(HIDE_PARAM, label);
  if (chart.variants && state.variant !== undefined) params.set(chart.variants.param, state.variant);
  if (chart.hierarchy && state.parent !== undefined) params.set(chart.hierarchy.param, state.parent);
  if (scope) params.set(SCOPE_PARAMS.query, JSON.stringify(scope));
  if (chart.kind === 'growth' && window) {
    if (window.from !== undefined) params.set(FROM_PARAM, String(window.from));
    if (window.to !== undefined) params.set(TO_PARAM, String(window.to));
  }
  return params;
}

/** Growth charts: `chart=line` draws lines instead of stacked bars (bars are the default, left out). */
const CHART_TYPE_PARAM = 'chart';
/** Growth charts: the first and last year drawn. */
const FROM_PARAM = 'from';
const TO_PARAM = 'to';
/** Growth charts: `events=on` marks the archive's events. */
const EVENTS_PARAM = 'events';
/** The spellings of a switch turned on that an address may give (`events=1`, `events=true`…); `on` is the one written. */
const ON_VALUES: readonly string[] = ['on', '1', 'true', 'yes'];
/** The spellings of a switch turned off, which is the default: left out of the address. */
const OFF_VALUES: readonly string[] = ['off', '0', 'false', 'no'];
const isOn = (value: string | null) => value !== null && ON_VALUES.includes(value.toLowerCase());

/** How a growth chart is drawn, from the URL. */
export interface GrowthLookState {
  line: boolean;
  events: boolean;
  window: YearWindow;
}

export function readGrowthLook(params: URLSearchParams): GrowthLookState {
  return {
    line: params.get(CHART_TYPE_PARAM) === 'line',
    events: isOn(params.get(EVENTS_PARAM)),
    window: readYearWindow(params.get(FROM_PARAM), params.get(TO_PARAM)),
  };
}

export function withLine(params: URLSearchParams, line: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (line) next.set(CHART_TYPE_PARAM, 'line');
  else next.delete(CHART_TYPE_PARAM);
  return next;
}

export function withEvents(params: URLSearchParams, events: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (events) next.set(EVENTS_PARAM, 'on');
  else next.delete(EVENTS_PARAM);
  return next;
}

/** Sets the window of years; an end at the data's own first or last year is left out of the URL. */
export function withWindow(
  params: URLSearchParams,
  window: YearWindow,
  years: { first: number; last: number },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (param: string, year: number | undefined, open: number) => {
    if (year === undefined || year === open) next.delete(param);
    else next.set(param, String(year));
  };
  set(FROM_PARAM, window.from, years.first);
  set(TO_PARAM, window.to, years.last);
  return next;
}

/** Values a chart page's address may give its own parameters; others are not read (the page shows its default). */
const READ_VALUES: Record<string, (value: string) => boolean> = {
  scale: (value) => value === 'log' || value === 'linear',
  scheme: (value) => isColorSchemeName(value),
};
const GROWTH_VALUES: Record<string, (value: string) => boolean> = {
  [CHART_TYPE_PARAM]: (value) => value === 'line',
  [EVENTS_PARAM]: (value) => value === 'on',
  [FROM_PARAM]: (value) => /^\d{4}$/.test(value),
  [TO_PARAM]: (value) => /^\d{4}$/.test(value),
};
/**
 * Values read in another spelling than the one written (`events=1` for `events=on`; `events=0`, the
 * default, for none): the address is sent to the written one.
 */
const GROWTH_SPELLINGS: Record<string, (value: string) => string | undefined> = {
  [EVENTS_PARAM]: (value) =>
    isOn(value) ? 'on' : OFF_VALUES.includes(value.toLowerCase()) ? undefined : value,
};

/**
 * The address a chart page's parameters are written at when some of them cannot be read (a view the
 * chart has not, `chart=junk`, `from=abc`, years the wrong way round): those left out, the years in
 * order, every other parameter as given. Undefined when the address is already so: a link shared
 * with a value the page ignores is sent to the address of what the page shows.
 */
export function correctedChartParams(
  params: URLSearchParams,
  chart: ChartDefinition,
): URLSearchParams | undefined {
  const views: readonly string[] = KIND_VIEWS[chart.kind];
  const checks: Record<string, (value: string) => boolean> = {
    ...READ_VALUES,
    [VIEW_PARAM]: (value) => views.includes(value),
    ...(chart.kind === 'growth' && GROWTH_VALUES),
  };
  const spellings: Record<string, (value: string) => string | undefined> =
    chart.kind === 'growth' ? GROWTH_SPELLINGS : {};
  const next = new URLSearchParams();
  for (const [name, given] of params) {
    const value = spellings[name] ? spellings[name](given) : given;
    if (value !== undefined && (!checks[name] || checks[name](value))) next.append(name, value);
  }
  if (chart.kind === 'growth') {
    const window = readYearWindow(next.get(FROM_PARAM), next.get(TO_PARAM));
    if (window.from !== undefined && String(window.from) !== next.get(FROM_PARAM)) {
      next.set(FROM_PARAM, String(window.from));
      next.set(TO_PARAM, String(window.to));
    }
  }
  return next.toString() === params.toString() ? undefined : next;
}
