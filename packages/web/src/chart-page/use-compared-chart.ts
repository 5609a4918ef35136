import {
  comparedChartData,
  comparedOtherRequests,
  comparisonOf as comparisonFor,
  withOtherCount,
  type ComparedData,
  type Comparison,
  type ResolvedChart,
  type Scope,
} from '@pdb-stats/charts';
import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { chartDataQuery, searchQuery, type ChartAnswer } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import type { RequestSummary } from '../search-pages/summary-loader.ts';

/**
 * The data of a chart compared across cohorts: one facet request per cohort (each cached like any
 * chart's, sent together), and the "Other" counts of a top-N terms chart.
 */

/** The comparison a scope asks for: unlabelled cohorts are named by their conditions, said short. */
export function comparisonOf(
  chart: ResolvedChart,
  scope: Scope,
  summary: RequestSummary | undefined,
): Comparison {
  return comparisonFor(chart, scope, (node, returnType) => summary?.summarizeNode(node, returnType, 'short'));
}

/** A comparison on screen: its cohorts' answers and the data drawn (in counts). */
export interface ComparedShown extends Comparison {
  answers: ChartAnswer[];
  data: ComparedData;
  /** When the oldest of the answers arrived. */
  respondedAt: number;
}

/** The cohorts' answers once all have come (kept while the next ones load), the first error, and whether any is loading. */
function combineAnswers(results: UseQueryResult<ChartAnswer>[]) {
  const answers = results.map((r) => r.data);
  return {
    answers: answers.every((a): a is ChartAnswer => a !== undefined) ? answers : undefined,
    error: results.find((r) => r.error)?.error ?? null,
    loadingNext: results.some((r) => r.isPlaceholderData || (r.isFetching && !r.isSuccess)),
  };
}

/**
 * The answers of every cohort of a comparison, asked for together. `shown` is the comparison drawn
 * when all have answered; while another loads, the previous one stays.
 */
export function useComparedChart(comparison: Comparison | undefined, enabled: boolean) {
  const { config } = useDataQuery();
  const { searchApiUrl } = config.sierraConfig;
  const options = useMemo(
    () =>
      comparison?.cohorts.map((cohort) =>
        chartDataQuery(searchApiUrl, comparison.chart, cohort.scope, comparison.query),
      ) ?? [],
    [searchApiUrl, comparison],
  );

  const { answers, error, loadingNext } = useQueries({
    queries: options.map((o) => ({ ...o, placeholderData: keepPreviousData, enabled })),
    combine: combineAnswers,
  });
  // A top-N terms chart's "Other" bars: once every cohort has answered, one count search per cohort
  // over the values of all cohorts together.
  const otherRequests = useMemo(
    () =>
      comparison && answers
        ? comparedOtherRequests(
            comparison,
            answers.map((a) => a.response),
          )
        : [],
    [comparison, answers],
  );
  const others = useQueries({
    queries: otherRequests.flatMap((request) =>
      request ? [{ ...searchQuery(searchApiUrl, 'other-bar', request), enabled }] : [],
    ),
    combine: (results) => ({
      responses: results.every((r) => r.isSuccess) ? results.map((r) => r.data ?? null) : undefined,
      error: results.find((r) => r.error)?.error ?? null,
      loading: results.some((r) => r.isFetching),
    }),
  });
  const shown = useMemo((): ComparedShown | undefined => {
    if (!comparison || !answers || answers.length === 0 || !others.responses) return undefined;
    const counts = [...others.responses];
    return {
      ...comparison,
      answers,
      data: comparedChartData(
        comparison.chart,
        answers.map((a, i) => ({
          label: comparison.cohorts[i]!.label,
          response: otherRequests[i] ? withOtherCount(a.response, counts.shift() ?? null) : a.response,
        })),
      ),
      respondedAt: Math.min(...answers.map((a) => a.respondedAt)),
    };
  }, [comparison, answers, others.responses, otherRequests]);
  // While the "Other" counts of new answers load, the comparison drawn before stays.
  const [last, setLast] = useState<ComparedShown | undefined>(undefined);
  if (shown && shown !== last) setLast(shown);
  return {
    shown: shown ?? (others.loading ? last : undefined),
    error: error ?? others.error,
    loadingNext: loadingNext || others.loading,
  };
}

/** The cohorts' labels, in order (the legend's series). */
export const cohortLabels = (shown: Pick<Comparison, 'cohorts'>) => shown.cohorts.map((c) => c.label);
