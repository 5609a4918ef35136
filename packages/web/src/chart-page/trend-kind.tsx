import {
  axisTitles,
  countTitle,
  trendChartData,
  trendRows,
  trendTableSource,
  trendView,
} from '@pdb-stats/charts';
import { BandChart } from '../charts/band-chart.tsx';
import { GrowthTable, QuartilesTable } from '../charts/data-table.tsx';
import { GrowthChart } from '../charts/growth-chart.tsx';
import { trendLegend } from '../export/table.ts';
import { binColors } from '../settings/bin-colors.ts';
import { seriesColor } from '../settings/colors.ts';
import { trendSubtitle } from './chart-subtitles.ts';
import type { ChartKindView } from './shown-chart.ts';

/** How the page draws a trend chart: a band of quartiles or the shares of its bins per year. */
export const TREND_VIEW: ChartKindView<'trend'> = {
  toData: trendChartData,
  Chart: ({ shown, look, onSelect, height, svgRef }) => {
    const { options } = shown.chart.definition;
    const animationKey = `${shown.chart.definition.key}-${look.view}`;
    if (trendView(look.view) === 'quartiles')
      return (
        <BandChart
          data={shown.data}
          color={seriesColor(look.colors, 0)}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={options.yAxisTitle}
          countTitle={countTitle(options)}
          onSelect={onSelect}
          animationKey={animationKey}
          {...(height && { height })}
          {...(svgRef && { svgRef })}
        />
      );
    return (
      <GrowthChart
        share
        data={shown.data.shares}
        view="annual"
        colors={look.colors}
        hidden={look.hidden}
        xAxisTitle={options.xAxisTitle}
        yAxisTitle={axisTitles(shown.chart.definition, 'shares').y}
        onSelect={onSelect}
        animationKey={animationKey}
        patterns={look.patterns}
        {...(height && { height })}
        {...(svgRef && { svgRef })}
      />
    );
  },
  Table: ({ shown, view, hidden, onSelect }) => {
    const { options } = shown.chart.definition;
    if (trendView(view) === 'quartiles')
      return (
        <QuartilesTable
          data={shown.data}
          countTitle={countTitle(options)}
          caption={`${shown.chart.title}: median and quartiles of ${options.yAxisTitle}`}
          onSelect={onSelect}
        />
      );
    return (
      <GrowthTable
        data={shown.data.shares}
        view="annual"
        hidden={hidden}
        seriesLabel={options.yAxisTitle}
        caption={`${shown.chart.title}: ${countTitle(options)} per ${options.yAxisTitle} bin`}
        onSelect={onSelect}
      />
    );
  },
  exportRows: (shown, look) => {
    const source = trendTableSource(shown.chart, shown.data, look);
    return { table: trendRows(source), legend: trendLegend(source, look.colors) };
  },
  // The bins are ordered: their colours go along one ramp, lowest darkest, neighbours told apart.
  colors: (data, view, palette) =>
    trendView(view) === 'shares' ? binColors(data.shares.series.length) : palette,
  seriesLabels: (data, view) => (trendView(view) === 'shares' ? data.shares.series.map((s) => s.label) : []),
  note: () => null,
  subtitle: trendSubtitle,
};
