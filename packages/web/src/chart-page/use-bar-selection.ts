import {
  advancedSearchUrl,
  andGroup,
  barRequest,
  barSearchUrl,
  isOtherLabel,
  otherDimension,
  sameChart,
  segmentCount,
  termNode,
  terminal,
  type ChartClick,
  type ChartDefinition,
  type DistributionData,
} from '@pdb-stats/charts';
import { useCallback, useRef, useState } from 'react';
import { isMergedSeries } from '../charts/merge-series.ts';
import type { BarSelection } from '../charts/types.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { countOf } from './compared.tsx';
import type { Selected } from './selection-panel.tsx';
import type { PageData } from './use-page-data.ts';
import type { PageState } from './use-page-state.ts';

/**
 * What a bar (or a value of the data table) of a chart page stands for: its search, the link it
 * carries for pages read without scripts, the level below it, and the bar the visitor chose.
 */
export function useBarSelection(
  definition: ChartDefinition,
  { state, resolved, chartRoute, levelHref }: PageState,
  { scope, comparison, comparedShown, shown, shares, level }: PageData,
  narrow: boolean,
) {
  const { config, archive } = useDataQuery();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  const [selected, setSelected] = useState<Selected | null>(null);
  // How the last bar was chosen: a touch shows the bar's value first, a click or a key opens its search.
  const lastPointer = useRef('');

  // Another chart, variant, level or scope closes the bar chosen on the one before.
  const [prevChart, setPrevChart] = useState({ resolved, scope: scope.node });
  if (
    !sameChart(prevChart.resolved, resolved) ||
    prevChart.resolved.variant !== resolved.variant ||
    prevChart.resolved.parent !== resolved.parent ||
    prevChart.scope !== scope.node
  ) {
    setPrevChart({ resolved, scope: scope.node });
    setSelected(null);
  }

  /** The values drawn beside an "Other" bar: its search counts the objects with none of them. */
  const drawnValues = (): string[] => {
    const labels =
      comparedShown?.data.kind === 'distribution'
        ? comparedShown.data.distribution.categories
        : shown?.chart.kind === 'distribution'
          ? (shown.data as DistributionData).bars.map((bar) => bar.label)
          : [];
    return labels.filter((label) => !isOtherLabel(label));
  };
  const clickOf = (selection: BarSelection): ChartClick => ({
    x: selection.x,
    view: state.view,
    ...(selection.series !== undefined && { series: selection.series }),
    ...(otherDimension(resolved.query) && isOtherLabel(selection.x) && { shown: drawnValues() }),
  });
  /** The values a growth chart's merged "Other" series stands for, when the selection is in it. */
  const mergedOf = (selection: BarSelection) => {
    const series =
      shown && 'series' in shown.data
        ? shown.data.series.find((s) => s.label === selection.series)
        : undefined;
    return isMergedSeries(series) ? series.merged : undefined;
  };
  /** The search of a bar or table value: that cohort AND that bar when compared, else scope AND bar. */
  const requestOf = (selection: BarSelection) => {
    const merged = mergedOf(selection);
    const context = { chart: resolved, scope: scope.node, comparison };
    if (!merged) return barRequest(context, clickOf(selection), selection.cohort);
    // The year's search AND any of the values merged (each with the series' fixed filters).
    const { series: _series, ...year } = selection;
    const request = barRequest(context, clickOf(year), selection.cohort);
    const second = resolved.query.second;
    if (second?.kind !== 'terms' || !request.query) return request;
    const filters = (second.filters ?? []).map(terminal);
    const values = merged.map((value) =>
      filters.length > 0 ? andGroup([...filters, termNode(second, value)]) : termNode(second, value),
    );
    return {
      ...request,
      query: andGroup([request.query, { type: 'group', logical_operator: 'or', nodes: values }]),
    };
  };
  /** The search of a bar or table value: opened in the query editor now, or offered (`open` false). */
  const select = (selection: BarSelection, open: boolean) => {
    try {
      const request = requestOf(selection);
      const { cohort } = selection;
      // Its results first (a list of what the bar counts); the query editor is one link further.
      if (open) window.open(advancedSearchUrl(searchAdvancedUrl, request, chartRoute), '_blank', 'noopener');
      // A compared bar is named with its cohort, and its count (what its search finds) is shown; so
      // is a segment's count when the segments are drawn in percent of their bar.
      const chosen =
        comparedShown && cohort !== undefined
          ? {
              ...selection,
              series: comparedShown.cohorts[cohort]?.label ?? '',
              value: countOf(comparedShown, cohort, selection.x, state.view),
            }
          : shares && shown?.chart.kind === 'distribution' && selection.series !== undefined
            ? {
                ...selection,
                value: segmentCount(shown.data as DistributionData, selection.x, selection.series),
              }
            : selection;
      // A trend chart's values are medians and shares, not the number its search finds.
      const count = resolved.kind === 'trend' ? undefined : chosen.value;
      setSelected({
        selection: chosen,
        view: state.view,
        opened: open,
        request,
        chartRoute,
        ...(count !== undefined && { count }),
      });
    } catch (error) {
      console.error(error);
      setSelected({ selection, view: state.view, opened: open, error: (error as Error).message });
    }
  };
  // A bar tapped (or chosen on a phone-sized screen) shows its value and offers its search.
  const onBarSelect = (selection: BarSelection) =>
    select(selection, !(narrow || ['touch', 'pen'].includes(lastPointer.current)));
  // A value of the data table is a button named after its search: it opens it.
  const onTableSelect = (selection: BarSelection) => select(selection, true);
  const closeSelection = useCallback(() => setSelected(null), []);
  /** The page's address with the level below a bar opened, when the bar's class has one. */
  const drillHrefOf = (label: string) => {
    const child = level?.opens(label);
    return child === undefined ? undefined : levelHref(child);
  };
  // Each bar links to the results a click on it opens, for pages read without scripts: our own service
  // (it answers the archive route) expands a short link, which keeps a drawn page's HTML small.
  const barHref = (selection: BarSelection) => {
    try {
      const request = requestOf(selection);
      const click = clickOf(selection);
      // An "Other" bar's search names the values drawn beside it, and a merged series' the values
      // it holds, which their short links do not carry.
      if (!archive || click.shown || mergedOf(selection))
        return advancedSearchUrl(searchAdvancedUrl, request, chartRoute);
      const bar = { chart: chartRoute, click, cohort: selection.cohort };
      return barSearchUrl(searchApiUrl, definition.kind, bar);
    } catch {
      return undefined;
    }
  };

  /** Notes how the visitor reaches for a bar: a pointer's type, or 'keyboard'. */
  const notePointer = (kind: string) => {
    lastPointer.current = kind;
  };

  return {
    selected,
    notePointer,
    mergedOf,
    onBarSelect,
    onTableSelect,
    closeSelection,
    drillHrefOf,
    barHref,
  };
}
