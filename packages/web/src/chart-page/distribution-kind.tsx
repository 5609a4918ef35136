import {
  answeredTitle,
  axisTitles,
  barShares,
  distributionChartData,
  distributionRows,
  distributionTableSource,
  otherBarOf,
  segmentColumn,
} from '@pdb-stats/charts';
import { DistributionTable } from '../charts/data-table.tsx';
import { DistributionChart, type DistributionSeries } from '../charts/distribution-chart.tsx';
import { formatNumber, formatPercent } from '../charts/format.ts';
import { distributionLegend, type DistributionExportSource } from '../export/table.ts';
import { seriesColors } from '../settings/colors.ts';
import { distributionSubtitle } from './chart-subtitles.ts';
import type { ChartKindView, ChartLook, ShownChart } from './shown-chart.ts';

function distributionSource(shown: ShownChart<'distribution'>, look: ChartLook): DistributionExportSource {
  const measure = look.shares ? 'percent' : 'count';
  return { ...distributionTableSource(shown.chart, shown.data, { ...look, measure }), colors: look.colors };
}

/** A distribution chart's series: its visible segments (their index fixes their colour), or its one series. */
function distributionSeries(
  shown: ShownChart<'distribution'>,
  hidden: ReadonlySet<string>,
  shares: boolean,
): DistributionSeries[] {
  const { segments, bars } = shown.data;
  if (segments?.length && shares)
    return (barShares(shown.data, hidden).segments ?? [])
      .map((s, index) => ({ label: s.label, values: s.values, index }))
      .filter((s) => !hidden.has(s.label));
  // Bars none of whose objects hold a value of the second attribute are drawn whole.
  if (segments?.length)
    return segments
      .map((s, index) => ({ label: s.label, values: s.values, index }))
      .filter((s) => !hidden.has(s.label));
  const { yAxisTitle } = shown.chart.definition.options;
  return [{ label: yAxisTitle, values: bars.map((bar) => bar.value), index: 0 }];
}

/** How the page draws a distribution chart: bars per group (split or not), its table and downloads. */
export const DISTRIBUTION_VIEW: ChartKindView<'distribution'> = {
  toData: distributionChartData,
  Chart: ({ shown, look, onSelect, height, svgRef }) => {
    const { options } = shown.chart.definition;
    const categories = shown.data.bars.map((bar) => bar.label);
    const other = otherBarOf(categories, shown.chart.query);
    return (
      <DistributionChart
        categories={categories}
        series={distributionSeries(shown, look.hidden, look.shares)}
        {...(shown.data.segments?.length && { segments: shown.chart.explore?.stack ?? 'stacked' })}
        orientation={options.orientation}
        colors={look.colors}
        xAxisTitle={options.xAxisTitle}
        yAxisTitle={axisTitles(shown.chart.definition, undefined, look.shares ? 'percent' : 'count', true).y}
        {...(look.shares && { formatValue: formatPercent, top: 100 })}
        onSelect={onSelect}
        animationKey={`${shown.chart.definition.key}-${shown.chart.variant ?? ''}-${look.shares ? 'percent' : ''}`}
        scale={look.scale}
        patterns={look.patterns}
        {...(other && { other })}
        {...(options.yStep && { yStep: options.yStep })}
        {...(height && { height })}
        {...(svgRef && { svgRef })}
      />
    );
  },
  Table: ({ shown, hidden, shares, onSelect, drillHrefOf }) => (
    <DistributionTable
      data={shown.data}
      {...(drillHrefOf && { drillHrefOf })}
      hidden={hidden}
      shares={shares}
      segmentTitle={(label) => segmentColumn(shown.chart.query, label, shares)}
      categoryTitle={shown.chart.definition.options.xAxisTitle}
      valueTitle={shown.chart.definition.options.yAxisTitle}
      caption={answeredTitle(shown.chart, shown.response)}
      onSelect={onSelect}
    />
  ),
  exportRows: (shown, look) => {
    const source = distributionSource(shown, look);
    return { table: distributionRows(source), legend: distributionLegend(source) };
  },
  seriesLabels: (data) => data.segments?.map((s) => s.label) ?? [],
  colors: (data, _view, palette) =>
    data.segments
      ? seriesColors(
          data.segments.map((s) => s.label),
          palette,
        )
      : palette,
  note: ({ chart, data }) => {
    const other = otherBarOf(
      data.bars.map((bar) => bar.label),
      chart.query,
    );
    if (other) return <p className="ps-note ps-other-note">{`${other.label}: ${other.note}`}</p>;
    return (
      chart.definition.truncateViewData &&
      data.bucketCount > data.bars.length && (
        <p className="ps-note">
          Showing the {data.bars.length} largest of {formatNumber(data.bucketCount)} groups.
        </p>
      )
    );
  },
  subtitle: (shown, _view, _partial, shares) => distributionSubtitle(shown, shares),
};
