import {
  dataView,
  eventsInYears,
  growthChartData,
  growthRows,
  growthTableSource,
  type ChartView,
} from '@pdb-stats/charts';
import { GrowthTable } from '../charts/data-table.tsx';
import { GrowthChart } from '../charts/growth-chart.tsx';
import { mergeSmallSeries } from '../charts/merge-series.ts';
import { partialYear, type PartialYear } from '../charts/partial-year.ts';
import { growthLegend, type GrowthExportSource } from '../export/table.ts';
import { PALETTE_SIZE, seriesColors } from '../settings/colors.ts';
import { growthSubtitle } from './chart-subtitles.ts';
import { useChartProvenance } from './data-as-of.tsx';
import type { ChartKindView, ChartLook, ShownChart } from './shown-chart.ts';

/** The year that is not over in the data of a growth chart on screen, if any. */
function usePartialYear(shown: ShownChart<'growth'>): PartialYear | undefined {
  const provenance = useChartProvenance(shown.respondedAt);
  return partialYear(provenance?.date, shown.data.years);
}

const singleSeriesLabel = (shown: ShownChart<'growth'>, view: ChartView) =>
  shown.chart.definition.options.seriesLabels?.[dataView(view)];

function growthSource(shown: ShownChart<'growth'>, look: ChartLook): GrowthExportSource {
  return { ...growthTableSource(shown.chart, shown.data, look), colors: look.colors };
}

/** How the page draws a growth chart: stacked bars or lines per year, its table and downloads. */
export const GROWTH_VIEW: ChartKindView<'growth'> = {
  // Past the palette's colours, the smallest series are drawn as one grey "Other".
  toData: (response, chart) => mergeSmallSeries(growthChartData(response, chart), PALETTE_SIZE),
  Chart: ({ shown, look, onSelect, height, svgRef }) => {
    const { options } = shown.chart.definition;
    const label = singleSeriesLabel(shown, look.view);
    const partial = usePartialYear(shown);
    return (
      <GrowthChart
        {...(partial && { partial })}
        data={shown.data}
        view={dataView(look.view)}
        colors={look.colors}
        hidden={look.hidden}
        xAxisTitle={options.xAxisTitle}
        yAxisTitle={options.yAxisTitle}
        onSelect={onSelect}
        animationKey={`${shown.chart.definition.key}-${look.view}-${shown.chart.variant ?? ''}-${look.line}`}
        scale={look.scale}
        patterns={look.patterns}
        line={look.line}
        events={look.events ? eventsInYears(shown.data.years) : []}
        {...(label && { singleSeriesLabel: label })}
        {...(height && { height })}
        {...(svgRef && { svgRef })}
      />
    );
  },
  Table: ({ shown, view, hidden, onSelect }) => (
    <GrowthTable
      data={shown.data}
      view={dataView(view)}
      hidden={hidden}
      seriesLabel={singleSeriesLabel(shown, view) ?? shown.chart.definition.options.yAxisTitle}
      caption={`${shown.chart.title} (${dataView(view)})`}
      onSelect={onSelect}
      // Distinct counts do not add up across years: their total is the last cumulative value.
      total={shown.chart.query.second?.kind === 'distinct' ? 'last' : 'sum'}
    />
  ),
  exportRows: (shown, look) => {
    const source = growthSource(shown, look);
    return { table: growthRows(source), legend: growthLegend(source) };
  },
  seriesLabels: (data) => data.series.map((s) => s.label),
  // Each series its own colour, "Other" grey.
  colors: (data, _view, palette) =>
    seriesColors(
      data.series.map((s) => s.label),
      palette,
    ),
  note: () => null,
  subtitle: growthSubtitle,
};
