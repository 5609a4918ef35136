import {
  axisTitles,
  comparedChartData,
  comparedOtherRequests,
  comparedRows,
  comparisonOf as comparisonFor,
  dataView,
  distributionInMeasure,
  growthInMeasure,
  otherBarOf,
  withOtherCount,
  type ComparedData,
  type Comparison,
  type ChartView,
  type Measure,
  type ResolvedChart,
  type Scope,
} from '@pdb-stats/charts';
import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type Ref } from 'react';
import { chartDataQuery, searchQuery, type ChartAnswer } from '../api/queries.ts';
import { RowName } from '../charts/data-table.tsx';
import { DistributionChart } from '../charts/distribution-chart.tsx';
import { formatNumber, formatPercent } from '../charts/format.ts';
import { GrowthChart } from '../charts/growth-chart.tsx';
import type { BarSelection } from '../charts/types.ts';
import { useDataQuery } from '../data/data-context.tsx';
import type { ExportTable } from '../export/table.ts';
import type { LegendEntry } from '../export/types.ts';
import type { RequestSummary } from '../search-pages/summary-loader.ts';
import { seriesColor } from '../settings/colors.ts';
import type { ChartLook } from './chart-kinds.tsx';

/**
 * A chart compared across cohorts: one facet request per cohort (each cached like any chart's, sent
 * together), drawn as groups of bars, one colour per cohort, in counts or percent of each cohort.
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

export const valueFormat = (measure: Measure) => (measure === 'percent' ? formatPercent : formatNumber);

/** The cohorts' labels, in order (the legend's series). */
export const cohortLabels = (shown: Pick<Comparison, 'cohorts'>) => shown.cohorts.map((c) => c.label);

export interface ComparedChartProps {
  shown: ComparedShown;
  look: ChartLook;
  onSelect: (selection: BarSelection) => void;
  height?: number;
  svgRef?: Ref<SVGSVGElement>;
}

/** The compared chart: a group of bars per year or category, one bar per visible cohort. */
export function ComparedChart({ shown, look, onSelect, height, svgRef }: ComparedChartProps) {
  const { options, key } = shown.chart.definition;
  const format = valueFormat(shown.measure);
  const yAxisTitle = axisTitles(shown.chart.definition, look.view, shown.measure).y;
  const animationKey = `${key}-${shown.chart.variant ?? ''}-${shown.measure}-${cohortLabels(shown).join('|')}`;
  if (shown.data.kind === 'growth') {
    return (
      <GrowthChart
        data={growthInMeasure(shown.data.growth, shown.measure)}
        layout="grouped"
        view={dataView(look.view)}
        colors={look.colors}
        hidden={look.hidden}
        xAxisTitle={options.xAxisTitle}
        yAxisTitle={yAxisTitle}
        formatValue={format}
        onSelect={onSelect}
        animationKey={`${animationKey}-${look.view}`}
        scale={look.scale}
        patterns={look.patterns}
        {...(height && { height })}
        {...(svgRef && { svgRef })}
      />
    );
  }
  const distribution = distributionInMeasure(shown.data.distribution, shown.measure);
  const series = distribution.cohorts
    .map((c, index) => ({ label: c.label, values: c.values, index }))
    .filter((s) => !look.hidden.has(s.label));
  const other = otherBarOf(distribution.categories, shown.chart.query);
  return (
    <DistributionChart
      categories={distribution.categories}
      {...(other && { other })}
      series={series}
      orientation={options.orientation}
      colors={look.colors}
      formatValue={format}
      xAxisTitle={options.xAxisTitle}
      yAxisTitle={yAxisTitle}
      onSelect={onSelect}
      animationKey={animationKey}
      scale={look.scale}
      patterns={look.patterns}
      {...(options.yStep && shown.measure === 'count' && { yStep: options.yStep })}
      {...(height && { height })}
      {...(svgRef && { svgRef })}
    />
  );
}

/** The count behind a compared bar (its value may be a percent): what its search finds. */
export function countOf(shown: ComparedShown, cohort: number, x: string, view: ChartView): number {
  if (shown.data.kind === 'growth') {
    const series = shown.data.growth.series[cohort];
    const i = shown.data.growth.years.indexOf(x);
    return (view === 'annual' ? series?.annual : series?.cumulative)?.[i] ?? 0;
  }
  const { distribution } = shown.data;
  return distribution.cohorts[cohort]?.values[distribution.categories.indexOf(x)] ?? 0;
}

/** The compared chart's table as the downloads and the chart data API give it, and its legend. */
export function comparedExport(
  shown: ComparedShown,
  look: ChartLook,
): { table: ExportTable; legend: LegendEntry[] } {
  const table = comparedRows(shown.chart, shown.data, {
    view: look.view,
    hidden: look.hidden,
    measure: shown.measure,
  });
  const legend = shown.cohorts
    .map((c, index) => ({ label: c.label, color: seriesColor(look.colors, index) }))
    .filter((entry) => !look.hidden.has(entry.label));
  return { table: { columns: table.columns, rows: table.rows }, legend };
}

/**
 * What is compared, under the title: "Number of Entries by Resolution (Å) — X-ray vs cryo-EM, percent
 * of each"; a stacked growth chart says that its yearly totals are compared. A dash, not a colon,
 * before the cohorts: an unnamed cohort is named by its conditions, which hold colons of their own.
 */
export function comparedSubtitle(shown: Comparison, view: ChartView): string {
  const { options } = shown.chart.definition;
  const what =
    shown.chart.kind === 'growth'
      ? `${options.yAxisTitle} ${view === 'annual' ? 'released each year' : 'in total at the end of each year'}`
      : `${options.yAxisTitle} by ${options.xAxisTitle}`;
  const totals = shown.droppedSplit ? `, totals (not split by ${shown.droppedSplit})` : '';
  const measure =
    shown.measure === 'percent' ? (shown.cohorts.length > 1 ? ', percent of each' : ', percent') : '';
  return `${what} — ${cohortLabels(shown).join(' vs ')}${totals}${measure}`;
}

/** The compared chart's numbers as a table: one column per visible cohort, each value opening its search. */
export function ComparedTable({
  shown,
  look,
  caption,
  onSelect,
  drillHrefOf,
}: {
  shown: ComparedShown;
  look: ChartLook;
  caption: string;
  onSelect: (selection: BarSelection) => void;
  /** The address of the level below a bar's class, when it has one. */
  drillHrefOf?: (label: string) => string | undefined;
}) {
  const table = comparedRows(shown.chart, shown.data, {
    view: look.view,
    hidden: look.hidden,
    measure: shown.measure,
  });
  // Values as the downloads write them: percents to two decimals.
  const format = (value: number) => `${formatNumber(value)}${shown.measure === 'percent' ? '%' : ''}`;
  const first = table.columns.length - table.series.length;
  const cohortIndex = table.series.map((label) => cohortLabels(shown).indexOf(label));
  return (
    <div className="ps-table-scroll">
      <table className="ps-table ps-compared-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, i) => (
              <th key={column} scope="col" {...(i >= first && { 'data-cohort': table.series[i - first] })}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => {
            const x = String(row[0]);
            return (
              <tr key={x}>
                <RowName label={x} drillHref={drillHrefOf?.(x)} />
                {row.slice(1, first).map((cell, i) => (
                  <td key={`b${i}`}>{cell}</td>
                ))}
                {row.slice(first).map((cell, i) => {
                  const value = Number(cell);
                  const label = table.series[i]!;
                  return (
                    <td key={label} data-cohort={label}>
                      <button
                        type="button"
                        className="ps-value"
                        data-value={value}
                        aria-label={`${x}, ${label}: ${format(value)}, search`}
                        onClick={() => onSelect({ x, cohort: cohortIndex[i]!, value })}
                      >
                        {format(value)}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
