import {
  CHARTS,
  isChartKey,
  resolveChart,
  resolveExplore,
  sameChart,
  type ChartKind,
  type ChartOfKind,
  type ResolvedChart,
} from '@pdb-stats/charts';
import type { QueryNode } from '@pdb-stats/search-model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { chartDataQuery, type ChartAnswer } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { kindView } from './chart-kinds.tsx';
import type { AnyShownChart, ShownChart } from './shown-chart.ts';

function shownOfKind<K extends ChartKind>(
  chart: ResolvedChart<ChartOfKind<K>>,
  answer: ChartAnswer,
): ShownChart<K> {
  return {
    chart,
    request: answer.request,
    response: answer.response,
    data: kindView(chart.kind as K).toData(answer.response, chart),
    respondedAt: answer.respondedAt,
  };
}

/**
 * The chart an answer is for, with the data drawn. Read from the answer itself (never from the page's
 * current chart), so that the previous answer, kept while the next loads, is drawn as its own chart.
 */
function toShown(answer: ChartAnswer): AnyShownChart {
  const chart = answer.explore
    ? resolveExplore(answer.explore)
    : isChartKey(answer.key)
      ? resolveChart(CHARTS[answer.key], answer.variant, answer.parent)
      : undefined;
  if (!chart) throw new Error(`an answer of chart "${answer.key}" without what the chart was built from`);
  return shownOfKind(chart, answer) as AnyShownChart;
}

/**
 * A chart's data over a scope: the query's data is `{chart, request, response, data, respondedAt}`,
 * the previous chart's while the next loads (`isPlaceholderData`). `shown` is what to draw: the
 * current data, or after a failure the last chart drawn. Not asked for while `enabled` is false.
 */
export function useChart(chart: ResolvedChart, enabled: boolean, scope?: QueryNode) {
  // `chart` and `scope` must keep their identity while they stay the same (the page memoizes them).
  const { config } = useDataQuery();
  const { searchApiUrl } = config.sierraConfig;
  // The request is built once per chart, variant and scope, not on every render.
  const options = useMemo(() => chartDataQuery(searchApiUrl, chart, scope), [searchApiUrl, chart, scope]);
  const query = useQuery({ ...options, select: toShown, placeholderData: keepPreviousData, enabled });
  // The last chart answered, still drawn (under the error) when the next answer of the same chart
  // fails (another view, variant or scope); never another chart's bars under this chart's title.
  const [last, setLast] = useState<AnyShownChart | undefined>(undefined);
  if (query.data && !query.isPlaceholderData && query.data !== last) setLast(query.data);
  const shown = query.data ?? (last && sameChart(last.chart, chart) ? last : undefined);
  const loadingNext = query.isPlaceholderData || (query.isFetching && !query.isSuccess);
  return { query, shown, loadingNext };
}
