import {
  binLabel,
  dateBinLabel,
  dateRangeBins,
  generateBins,
  type DataView,
  type DistributionData,
  type DistributionQuery,
  type GrowthData,
} from '@pdb-stats/charts';
import { seriesColor } from '../settings/colors.ts';
import type { LegendEntry } from './types.ts';

/** A cell: text, or a number written plainly (no thousands separators). */
export type Cell = string | number;

/** The chart's data as one table: what the CSV and JSON downloads hold. */
export interface ExportTable {
  columns: string[];
  rows: Cell[][];
}

/** Column names of a bin's bounds; the upper bound is not in the bin. */
export const FROM_COLUMN = 'From';
export const TO_COLUMN = 'To (exclusive)';

/** What a growth chart's table and legend are made of: its data as drawn. */
export interface GrowthExportSource {
  growth: GrowthData;
  view: DataView;
  /** Labels of hidden series. */
  hidden: readonly string[];
  /** Name of the single series of a one-series chart in this view. */
  singleSeriesLabel?: string;
  yAxisTitle: string;
  /** Colour scheme on screen. */
  colors: readonly string[];
}

/** What a distribution chart's table and legend are made of: its data as drawn and its query's bins. */
export interface DistributionExportSource {
  distribution: DistributionData;
  query: DistributionQuery;
  xAxisTitle: string;
  yAxisTitle: string;
  colors: readonly string[];
}

/** Visible series of a growth chart with their index in the full list (which fixes their colour). */
function visibleSeries(source: GrowthExportSource) {
  const hidden = new Set(source.hidden);
  return source.growth.series.map((s, index) => ({ s, index })).filter(({ s }) => !hidden.has(s.label));
}

function singleName(source: GrowthExportSource): string {
  return source.singleSeriesLabel ?? source.yAxisTitle;
}

/**
 * Bounds of each bar of a range or date-range chart, in bar order, or undefined when the chart has
 * none or the bars are not the bins of its query (then no bounds are written rather than wrong ones).
 */
function barBounds(source: DistributionExportSource): [Cell, Cell][] | undefined {
  const bars = source.distribution.bars;
  const first = source.query.first;
  let bins: { from?: Cell; to?: Cell; label: string }[];
  if (first.kind === 'range') {
    bins = generateBins(first.bins).map((bin) => ({ ...bin, label: binLabel(bin, first.labelStyle) }));
  } else if (first.kind === 'date_range') {
    // The number of bins depends on the year the chart was drawn; a year in the last bin gives them.
    const year = first.firstYear + Math.max(0, bars.length - 2) * first.years;
    bins = dateRangeBins(first, year).map((bin) => ({ ...bin, label: dateBinLabel(bin) }));
  } else {
    return undefined;
  }
  if (bins.length !== bars.length || bins.some((bin, i) => bin.label !== bars[i]?.label)) return undefined;
  return bins.map((bin) => [bin.from ?? '', bin.to ?? '']);
}

/** A growth chart as a table: `Year` and one column per visible series, with the values of the view on screen. */
export function growthRows(source: GrowthExportSource): ExportTable {
  const { growth, view } = source;
  const shown = visibleSeries(source);
  const multi = growth.series.length > 1;
  return {
    columns: ['Year', ...shown.map(({ s }) => (multi ? s.label : singleName(source)))],
    rows: growth.years.map((year, i) => [year, ...shown.map(({ s }) => s[view][i] ?? 0)]),
  };
}

/**
 * A distribution chart as a table, one row per bar: the category, the bin bounds for range charts
 * (ISO dates for date ranges), and the count.
 */
export function distributionRows(source: DistributionExportSource): ExportTable {
  const { bars } = source.distribution;
  const bounds = barBounds(source);
  if (bounds) {
    return {
      columns: [source.xAxisTitle, FROM_COLUMN, TO_COLUMN, source.yAxisTitle],
      rows: bars.map((bar, i) => [bar.label, ...bounds[i]!, bar.value]),
    };
  }
  return {
    columns: [source.xAxisTitle, source.yAxisTitle],
    rows: bars.map((bar) => [bar.label, bar.value]),
  };
}

/** The legend of a growth chart as drawn: visible series and their colours, or the one series shown. */
export function growthLegend(source: GrowthExportSource): LegendEntry[] {
  if (source.growth.series.length > 1)
    return visibleSeries(source).map(({ s, index }) => ({
      label: s.label,
      color: seriesColor(source.colors, index),
    }));
  return [{ label: singleName(source), color: seriesColor(source.colors, 0) }];
}

/** The legend of a distribution chart: its one series. */
export function distributionLegend(source: DistributionExportSource): LegendEntry[] {
  return [{ label: source.yAxisTitle, color: seriesColor(source.colors, 0) }];
}
