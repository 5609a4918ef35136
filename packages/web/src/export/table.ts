import {
  singleSeriesName,
  visibleSegments,
  visibleSeries,
  type DistributionTableSource,
  type GrowthTableSource,
  type TrendTableSource,
} from '@pdb-stats/charts';
import { seriesColor } from '../settings/colors.ts';
import type { LegendEntry } from './types.ts';

/**
 * The rows of a chart's table are built by `@pdb-stats/charts` (`growthRows`, `distributionRows`),
 * shared with the server's chart data API; the downloads add the legend, which needs the colours.
 */

/** What a growth chart's table and legend are made of: its data as drawn and the colours on screen. */
export interface GrowthExportSource extends GrowthTableSource {
  colors: readonly string[];
}

/** What a distribution chart's table and legend are made of. */
export interface DistributionExportSource extends DistributionTableSource {
  colors: readonly string[];
}

/** The legend of a growth chart as drawn: visible series and their colours, or the one series shown. */
export function growthLegend(source: GrowthExportSource): LegendEntry[] {
  if (source.growth.series.length > 1)
    return visibleSeries(source).map(({ s, index }) => ({
      label: s.label,
      color: seriesColor(source.colors, index),
    }));
  return [{ label: singleSeriesName(source), color: seriesColor(source.colors, 0) }];
}

/** The legend of a distribution chart: its visible segments and their colours, or its one series. */
export function distributionLegend(source: DistributionExportSource): LegendEntry[] {
  if (source.distribution.segments?.length)
    return visibleSegments(source).map(({ s, index }) => ({
      label: s.label,
      color: seriesColor(source.colors, index),
    }));
  return [{ label: source.yAxisTitle, color: seriesColor(source.colors, 0) }];
}

/** The legend of a trend chart as drawn: the median and its band, or the bins shown and their colours. */
export function trendLegend(source: TrendTableSource, colors: readonly string[]): LegendEntry[] {
  if (source.view === 'quartiles')
    return [{ label: 'Median (line), first to third quartile (band)', color: seriesColor(colors, 0) }];
  const hidden = new Set(source.hidden);
  return source.trend.shares.series
    .map((s, index) => ({ label: s.label, color: seriesColor(colors, index) }))
    .filter((entry) => !hidden.has(entry.label));
}
