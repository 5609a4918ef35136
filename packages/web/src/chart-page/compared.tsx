import {
  axisTitles,
  comparedRows,
  dataView,
  distributionInMeasure,
  growthInMeasure,
  otherBarOf,
  type Comparison,
  type ChartView,
  type Measure,
} from '@pdb-stats/charts';
import type { Ref } from 'react';
import { DistributionChart } from '../charts/distribution-chart.tsx';
import { formatNumber, formatPercent } from '../charts/format.ts';
import { GrowthChart } from '../charts/growth-chart.tsx';
import type { BarSelection } from '../charts/types.ts';
import type { ExportTable, LegendEntry } from '../export/types.ts';
import { seriesColor } from '../settings/colors.ts';
import type { ChartLook } from './shown-chart.ts';
import { cohortLabels, type ComparedShown } from './use-compared-chart.ts';

/**
 * A chart compared across cohorts, drawn as groups of bars, one colour per cohort, in counts or
 * percent of each cohort; its numbers for the downloads, and its subtitle. Its data come from
 * `useComparedChart`, its table is `ComparedTable`: re-exported here, the chart page's one door to
 * a comparison.
 */
export { ComparedTable } from './compared-table.tsx';
export { cohortLabels, comparisonOf, useComparedChart, type ComparedShown } from './use-compared-chart.ts';

const valueFormat = (measure: Measure) => (measure === 'percent' ? formatPercent : formatNumber);

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
