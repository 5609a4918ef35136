import {
  CHART_LIST,
  CHARTS,
  PAGES,
  finalizeRequest,
  isChartKey,
  resolveChart,
  withScope,
  type ChartDefinition,
  type ChartKey,
  type ResolvedChart,
} from '@pdb-stats/charts';
import type { QueryNode, SearchRequest } from '@pdb-stats/search-model';

/**
 * A board: a grid of linked charts whose state is its address. `chart` (repeated) names its charts in
 * order; `select` (repeated) a selected bar of one of them, `<key>:<bar>` (a growth chart's segment:
 * `<key>:<year>:<series>`). Every chart is drawn over the conjunction of the other charts'
 * selections, its own left out (cross-filtering), so its bars stay those one can choose among.
 */

/** The address of the board. */
export const BOARD_PATH = PAGES.board.path;

/** The board alone (no navigation, no editing), for other sites to frame. */
export const BOARD_EMBED_PATH = PAGES.boardEmbed.path;

/** The most and fewest charts on a board (the chart batch's default limit is the most). */
export const MAX_BOARD_CHARTS = 9;

/** The archive's headline charts, the board shown without `chart` parameters. */
export const DEFAULT_BOARD: readonly ChartKey[] = [
  'overall-structures',
  'experimental-method',
  'resolution',
  'molecular-weight-structure',
  'journal',
  'space-group',
];

/** The charts a board may hold: one bar per year or per value, whose bar is a search (not trends). */
export const BOARD_CHARTS: readonly ChartDefinition[] = CHART_LIST.filter(
  (chart) => chart.kind === 'growth' || chart.kind === 'distribution',
);

const boardable = (key: string): key is ChartKey =>
  isChartKey(key) && BOARD_CHARTS.some((chart) => chart.key === key);

/** A bar chosen on one chart of the board. */
export interface BoardSelection {
  chart: ChartKey;
  /** The bar: a year, a bin's label or a value. */
  x: string;
  /** A growth chart's segment: the series of that year. */
  series?: string;
}

export interface Board {
  charts: ChartKey[];
  selections: BoardSelection[];
  /** Parameters of the address that were not used, and why (said on the page). */
  problems: string[];
}

/** Reads a board from its address; what cannot be used is left out and said. */
export function readBoard(params: URLSearchParams): Board {
  const problems: string[] = [];
  const named = params.getAll('chart');
  const charts: ChartKey[] = [];
  for (const key of named) {
    if (!boardable(key)) problems.push(`chart "${key}" cannot be drawn on a board`);
    else if (charts.includes(key)) problems.push(`chart "${key}" is on the board once`);
    else if (charts.length >= MAX_BOARD_CHARTS)
      problems.push(`a board holds at most ${MAX_BOARD_CHARTS} charts`);
    else charts.push(key);
  }
  if (named.length === 0) charts.push(...DEFAULT_BOARD);
  const selections: BoardSelection[] = [];
  for (const text of params.getAll('select')) {
    const colon = text.indexOf(':');
    const key = colon > 0 ? text.slice(0, colon) : text;
    if (colon < 0 || !isChartKey(key) || !charts.includes(key)) {
      problems.push(`selection "${text}" names no chart of the board`);
      continue;
    }
    if (selections.some((s) => s.chart === key)) {
      problems.push(`chart "${key}" has one selection`);
      continue;
    }
    const rest = text.slice(colon + 1);
    const segment = CHARTS[key].kind === 'growth' ? /^(\d{4}):(.+)$/.exec(rest) : null;
    const selection: BoardSelection = segment
      ? { chart: key, x: segment[1]!, series: segment[2]! }
      : { chart: key, x: rest };
    if (selectionNode(selection) === undefined) {
      problems.push(`"${rest}" is no bar of chart "${key}"`);
      continue;
    }
    selections.push(selection);
  }
  return { charts, selections, problems };
}

/** The address's query string of a board (the default board's charts are written out too). */
export function writeBoard(board: Pick<Board, 'charts' | 'selections'>): string {
  const params = new URLSearchParams();
  for (const key of board.charts) params.append('chart', key);
  for (const s of board.selections)
    if (board.charts.includes(s.chart)) params.append('select', selectionParam(s));
  return params.toString();
}

/** A selection as the address writes it: `<key>:<bar>`, or `<key>:<year>:<series>`. */
export function selectionParam(selection: BoardSelection): string {
  const { chart, x, series } = selection;
  return `${chart}:${x}${series === undefined ? '' : `:${series}`}`;
}

/** The board's address (of its embeddable copy with `path` BOARD_EMBED_PATH). */
export function boardHref(board: Pick<Board, 'charts' | 'selections'>, path: string = BOARD_PATH): string {
  const query = writeBoard(board);
  return query ? `${path}?${query}` : path;
}

/** The chart of a board as drawn (default variant, top level). */
export function boardChart(key: ChartKey): ResolvedChart {
  return resolveChart(CHARTS[key]);
}

/** The search condition a selection makes: the bar's own search; undefined for a label of no bar. */
export function selectionNode(selection: BoardSelection): QueryNode | undefined {
  const chart = boardChart(selection.chart);
  try {
    return chart.definition.buildSearch(
      { x: selection.x, view: 'annual', ...(selection.series !== undefined && { series: selection.series }) },
      chart.query,
    ).query;
  } catch {
    return undefined;
  }
}

/** The conjunction of the selections on charts other than `except` (all of them without it). */
export function boardScope(selections: readonly BoardSelection[], except?: ChartKey): QueryNode | undefined {
  let scope: QueryNode | undefined;
  for (const selection of selections)
    if (selection.chart !== except) scope = withScope(scope, selectionNode(selection));
  return scope;
}

/** The search of every selection together: what "See the entries" opens. */
export function boardResultsRequest(selections: readonly BoardSelection[]): SearchRequest | undefined {
  const scope = boardScope(selections);
  return scope && finalizeRequest({ query: scope, return_type: 'entry' });
}

/** The board with the bar chosen on its chart, or that chart's selection cleared when chosen again. */
export function toggleSelection(board: Board, chosen: BoardSelection): Board {
  const others = board.selections.filter((s) => s.chart !== chosen.chart);
  const same = board.selections.some(
    (s) => s.chart === chosen.chart && s.x === chosen.x && s.series === chosen.series,
  );
  return { ...board, selections: same ? others : [...others, chosen] };
}

/** The board without a chart's selection (every selection when no chart is named). */
export function clearSelection(board: Board, chart?: ChartKey): Board {
  return { ...board, selections: chart ? board.selections.filter((s) => s.chart !== chart) : [] };
}

/** The board without a chart (and its selection). */
export function removeChart(board: Board, chart: ChartKey): Board {
  return {
    ...board,
    charts: board.charts.filter((key) => key !== chart),
    selections: board.selections.filter((s) => s.chart !== chart),
  };
}

/** The board with a chart added last. */
export function addChart(board: Board, chart: ChartKey): Board {
  if (board.charts.includes(chart) || board.charts.length >= MAX_BOARD_CHARTS) return board;
  return { ...board, charts: [...board.charts, chart] };
}

/** The board with a chart moved one place earlier (-1) or later (+1). */
export function moveChart(board: Board, chart: ChartKey, by: -1 | 1): Board {
  const from = board.charts.indexOf(chart);
  const to = from + by;
  if (from < 0 || to < 0 || to >= board.charts.length) return board;
  const charts = [...board.charts];
  [charts[from], charts[to]] = [charts[to]!, charts[from]!];
  return { ...board, charts };
}

/** A selection in words: what the chart's bars are (its axis) and the bar (and segment). */
export function selectionText(selection: BoardSelection): string {
  const { xAxisTitle } = CHARTS[selection.chart].options;
  return `${xAxisTitle}: ${selection.x}${selection.series === undefined ? '' : `, ${selection.series}`}`;
}
