import {
  advancedSearchUrl,
  comparesCohorts,
  inBarShares,
  levelTitle,
  readLevel,
  sameChart,
  writeScope,
  type ChartDefinition,
} from '@pdb-stats/charts';
import { useMemo } from 'react';
import { ApiError } from '../api/search-client.ts';
import { attributesNotHeld } from '../archive-coverage/attribute-sources.ts';
import { useMissingForChart } from '../archive-coverage/use-held-attributes.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { scopeRefusal } from '../scope/scope-refusal.ts';
import { useScope } from '../scope/use-scope.ts';
import { useRequestSummary } from '../search-pages/summary-loader.ts';
import { subtitleOf, withYearWindow } from './chart-kinds.tsx';
import { totalText, withTotal } from './chart-total.ts';
import { comparedSubtitle, comparisonOf, useComparedChart } from './compared.tsx';
import { useChartProvenance } from './data-as-of.tsx';
import { useChart } from './use-chart.ts';
import type { PageState } from './use-page-state.ts';

/**
 * What a chart page draws: its scope, the chart's answer (or every cohort's, compared), what keeps
 * it from being drawn, the level drawn and the title and subtitle that say it.
 */
export function usePageData(definition: ChartDefinition, page: PageState) {
  const { params, state, resolved, parentProblem, isGrowth, growthLook, chartRoute, update } = page;
  const { config } = useDataQuery();
  const { searchAdvancedUrl } = config.sierraConfig;

  // The search the chart is drawn over; a scope the URL cannot give is said, not asked for.
  const scope = useScope();
  const scopeUnreadable = scope.reading.problems.length > 0;
  // Cohorts are named and the scope said in words: the summarizer is loaded for scoped pages only.
  const summary = useRequestSummary(scope.reading.cohorts.length > 0);
  // Two or more cohorts, or percent, are drawn compared: one request per cohort, bars side by side.
  // A trend chart's medians and shares are not counts to set side by side: it refuses to compare (as
  // the chart data API does) rather than quietly drawing one cohort.
  const comparable = resolved.kind !== 'trend';
  const asksComparison = comparesCohorts(scope.reading, resolved.query);
  // Split bars in percent over one scope: each segment's share of its bar, from the chart's one request.
  const shares = inBarShares(scope.reading, resolved.query);
  const comparison = useMemo(
    () => (asksComparison && comparable ? comparisonOf(resolved, scope.reading, summary) : undefined),
    [asksComparison, comparable, resolved, scope.reading, summary],
  );
  const trendRefusal =
    asksComparison && !comparable
      ? {
          message: `${resolved.title} shows medians and shares, not counts: cohorts are not compared on it${
            scope.reading.cohorts.length > 1 ? '' : ', nor shown in percent'
          }.`,
          remedy:
            scope.reading.cohorts.length > 1 ? 'Keep the first cohort only' : 'Show the chart in counts',
          onRemedy: () =>
            update(writeScope(params, { cohorts: scope.reading.cohorts.slice(0, 1), measure: 'count' })),
        }
      : undefined;
  const scopeSummary = useMemo(
    () =>
      scope.node &&
      (summary?.summarizeNode(scope.node, resolved.query.returnType) ?? JSON.stringify(scope.node)),
    [scope.node, resolved.query.returnType, summary],
  );

  // A chart this archive lacks attributes for is explained, not asked for.
  const knownMissing = useMissingForChart(resolved.query);
  const single = useChart(
    resolved,
    knownMissing.length === 0 && !scopeUnreadable && !asksComparison,
    scope.node,
  );
  const compared = useComparedChart(comparison, knownMissing.length === 0 && !scopeUnreadable);
  const { shown: answered } = single;
  const error = comparison ? compared.error : single.query.error;
  const loadingNext = comparison ? compared.loadingNext : single.loadingNext;
  // The service's refusal of the scope, said next to the scope.
  const refused = scopeRefusal(error, scope.node);
  // Before the held attributes are known, the service's own 400 says what is missing.
  const missing =
    knownMissing.length > 0
      ? knownMissing
      : !refused && error instanceof ApiError && error.status === 400
        ? attributesNotHeld(error.message)
        : [];
  const scopeBlocked = scopeUnreadable || refused !== undefined || trendRefusal !== undefined;
  // Nothing to draw, export or recolour when the archive lacks the chart's attributes or the scope is refused.
  const drawable = missing.length === 0 && !scopeBlocked;
  // The chart on screen: the current one, or the previous one while the next loads; a growth
  // chart cut to its window of years (the chart, table and downloads alike).
  const whole = drawable && !comparison ? answered : undefined;
  const shown = whole && withYearWindow(whole, isGrowth ? growthLook.window : {});
  const allYears = whole && 'years' in whole.data ? whole.data.years.map(Number) : [];
  const comparedShown = drawable ? compared.shown : undefined;
  const onScreen = comparison ? comparedShown : shown;
  // A scope that matches nothing is said in words, with no axes, bars or table to read as data.
  const emptyScope =
    scope.node !== undefined &&
    shown !== undefined &&
    !loadingNext &&
    sameChart(shown.chart, resolved) &&
    (shown.response === null || shown.response.total_count === 0);
  // The level's answers (every cohort's when compared) name the classes of a drilled-down level
  // where their identifiers do not, tell which bars open a level below, and may refuse its path.
  const levelAnswers = comparedShown
    ? comparedShown.chart.parent === resolved.parent && comparedShown.answers.map((a) => a.response)
    : shown?.chart.parent === resolved.parent && shown && [shown.response];
  const level = levelAnswers
    ? readLevel(resolved, levelAnswers, scope.reading.cohorts.length > 0)
    : undefined;
  const title =
    resolved.parent !== undefined && level
      ? levelTitle(definition, resolved.parent, level.names)
      : resolved.title;
  const levelProblem = parentProblem === undefined ? level?.problem : undefined;
  // A drilled-down level's own search: the objects of the class drawn (the level's query, which its
  // subtitle's total counts).
  const levelSearch =
    !comparison &&
    shown?.response &&
    shown.request.query &&
    resolved.parent !== undefined &&
    // Not the level before's answer while this one loads.
    shown?.chart.parent === resolved.parent &&
    definition.hierarchy
      ? {
          href: advancedSearchUrl(
            searchAdvancedUrl,
            { query: shown.request.query, return_type: shown.request.return_type },
            chartRoute,
          ),
          count: shown.response.total_count,
          returnType: shown.request.return_type,
          name: definition.hierarchy.trail(resolved.parent, level?.names).at(-1)?.label ?? resolved.parent,
        }
      : undefined;
  const provenance = useChartProvenance(onScreen?.respondedAt);

  // The subtitle says the total the chart is drawn over, and for a chart per year its last year's.
  const lastYear = shown && 'years' in shown.data ? shown.data.years.at(-1) : undefined;
  const total =
    shown &&
    totalText(
      shown.response,
      shown.request.return_type,
      scope.node ? 'scope' : resolved.parent !== undefined ? 'group' : 'archive',
      shown.chart.query.first.kind === 'year' && lastYear
        ? { facet: shown.chart.query.first.name, year: lastYear }
        : undefined,
    );
  const subtitle =
    comparison && comparedShown
      ? comparedSubtitle(comparison, state.view)
      : shown && withTotal(subtitleOf(shown, state.view, provenance?.date, shares), total);

  return {
    scope,
    comparable,
    shares,
    comparison,
    trendRefusal,
    scopeSummary,
    error,
    loadingNext,
    refused,
    missing,
    scopeBlocked,
    drawable,
    shown,
    allYears,
    comparedShown,
    onScreen,
    emptyScope,
    level,
    title,
    levelProblem,
    levelSearch,
    provenance,
    subtitle,
  };
}

/** What a chart page draws: see `usePageData`. */
export type PageData = ReturnType<typeof usePageData>;
