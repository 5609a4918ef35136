import { binLabel, dateBinLabel, dateRangeBins, generateBins } from '@pdb-stats/charts';
import type { ChartExportInput, LegendEntry } from './types.ts';

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

type Input = Pick<
  ChartExportInput,
  'growth' | 'distribution' | 'view' | 'hidden' | 'singleSeriesLabel' | 'xAxisTitle' | 'yAxisTitle' | 'query'
>;

/** Visible series of a growth chart with their index in the full list (which fixes their colour). */
function visibleSeries(input: Input) {
  const series = input.growth?.series ?? [];
  const hidden = new Set(input.hidden);
  return series.map((s, index) => ({ s, index })).filter(({ s }) => !hidden.has(s.label));
}

function singleName(input: Input): string {
  return input.singleSeriesLabel ?? input.yAxisTitle;
}

/**
 * Bounds of each bar of a range or date-range chart, in bar order, or undefined when the chart has
 * none or the bars are not the bins of its query (then no bounds are written rather than wrong ones).
 */
function barBounds(input: Input): [Cell, Cell][] | undefined {
  const bars = input.distribution?.bars ?? [];
  const first = input.query.first;
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

/**
 * The bars of the chart as a table, one row per year or bar. Growth: `Year` and one column per
 * visible series, with the values of the view on screen. Distribution: the category, the bin bounds
 * for range charts (ISO dates for date ranges), and the count.
 */
export function exportTable(input: Input): ExportTable {
  if (input.growth) {
    const growth = input.growth;
    const shown = visibleSeries(input);
    const multi = growth.series.length > 1;
    const view = input.view ?? 'cumulative';
    return {
      columns: ['Year', ...shown.map(({ s }) => (multi ? s.label : singleName(input)))],
      rows: growth.years.map((year, i) => [year, ...shown.map(({ s }) => s[view][i] ?? 0)]),
    };
  }
  const bars = input.distribution?.bars ?? [];
  const bounds = barBounds(input);
  if (bounds) {
    return {
      columns: [input.xAxisTitle, FROM_COLUMN, TO_COLUMN, input.yAxisTitle],
      rows: bars.map((bar, i) => [bar.label, ...bounds[i]!, bar.value]),
    };
  }
  return {
    columns: [input.xAxisTitle, input.yAxisTitle],
    rows: bars.map((bar) => [bar.label, bar.value]),
  };
}

/** The legend of the chart as drawn: visible series and their colours, or the one series shown. */
export function legendEntries(input: Input & Pick<ChartExportInput, 'colors'>): LegendEntry[] {
  const color = (index: number) => input.colors[index % input.colors.length] ?? '#000000';
  if (input.growth && input.growth.series.length > 1)
    return visibleSeries(input).map(({ s, index }) => ({ label: s.label, color: color(index) }));
  return [{ label: input.growth ? singleName(input) : input.yAxisTitle, color: color(0) }];
}
