import { chartFacetRequest, writeExplore, type ChartDefinition } from '@pdb-stats/charts';
import type { BarSelection } from '../charts/types.ts';
import type { ChartExportInput } from '../export/types.ts';
import { chartDataParams } from '../routing/plot-state.ts';
import { comparedExportInput, exportInput } from './export-input.ts';
import type { ChartLook } from './shown-chart.ts';
import type { PageData } from './use-page-data.ts';
import type { PageState } from './use-page-state.ts';

/**
 * What a chart page offers to take away: the downloads' input (the chart as shown), the request the
 * query editor opens, and the chart data API's parameters.
 */
export function pageDownloads(
  definition: ChartDefinition,
  { state, resolved, hidden, isGrowth, growthLook, chartRoute }: PageState,
  { scope, scopeSummary, comparedShown, shown, provenance, levelProblem, subtitle }: PageData,
  look: ChartLook,
  seriesLabels: readonly string[],
  mergedOf: (selection: BarSelection) => string[] | undefined,
) {
  // The query editor gets the request of the chart as shown: hidden series left out (a merged
  // series is the values it holds).
  const valuesOf = (label: string) => mergedOf({ x: '', series: label, value: 0 }) ?? [label];
  const visible = seriesLabels.filter((label) => !hidden.has(label));
  const editorRequest = comparedShown
    ? comparedShown.answers[0]!.request
    : shown && visible.length === seriesLabels.length
      ? shown.request
      : chartFacetRequest(resolved.query, {
          series: { all: seriesLabels.flatMap(valuesOf), visible: visible.flatMap(valuesOf) },
          scope: scope.node,
        });

  const exportScope = scope.node && scopeSummary ? { node: scope.node, summary: scopeSummary } : undefined;
  const exported = comparedShown
    ? comparedExportInput(comparedShown, look, scope.reading)
    : shown && exportInput(shown, look, exportScope);
  // The public address of the chart as shown, which the downloads link back to: the one the visitor
  // reached (read when a file is made; a page drawn on the server has no window yet).
  const address =
    typeof window === 'undefined' ? chartRoute : new URL(chartRoute, window.location.origin).href;
  const input: ChartExportInput | undefined =
    exported && provenance && !levelProblem
      ? { ...exported, provenance, subtitle: subtitle || '', address }
      : undefined;

  // The chart data API takes the page's state and its scope (every cohort, label and measure).
  const apiParams = chartDataParams(state, definition, undefined, isGrowth ? growthLook.window : undefined);
  new URLSearchParams(scope.search).forEach((value, name) => apiParams.append(name, value));
  if (resolved.explore) writeExplore(resolved.explore).forEach((value, name) => apiParams.set(name, value));

  return { editorRequest, exported, input, apiParams };
}

/** What a chart page offers to take away: see `pageDownloads`. */
export type PageDownloads = ReturnType<typeof pageDownloads>;
