import type { ChartEvent } from '@pdb-stats/charts';
import type { ChartScale } from '../settings/settings-state.ts';
import { YEAR_AXIS_ROOM, valueAxisRoom } from './chart-axes.tsx';
import { eventOffset, eventRowsHeight, placeEventLabels } from './event-markers.tsx';
import { formatNumber, valueTicks } from './format.ts';
import type { PartialYear } from './partial-year.ts';
import { scaleBand } from './scales.ts';
import { measureText } from './text-measure.ts';
import { logTicks, valueScale } from './value-scale.ts';

export interface GrowthLayoutInput {
  years: string[];
  /** The series shown, with the values of the view drawn. */
  shown: readonly { values: readonly number[] }[];
  /** Each year's stack drawn to 100 %. */
  share: boolean;
  /** The series stacked in one bar a year (not side by side, not lines). */
  stack: boolean;
  scale: ChartScale;
  format: (value: number) => string;
  /** The year not over, whose note is written over the plot. */
  partial: PartialYear | undefined;
  events: readonly ChartEvent[];
  width: number;
  height: number;
}

/**
 * Where a growth chart puts things: the value and year scales, the margins (the value labels' width
 * on the left; the events' labels and the note of a year not over on top), and how a value is
 * drawn and written (itself, or its share of its year).
 */
export function growthLayout({
  years,
  shown,
  share,
  stack,
  scale,
  format,
  partial,
  events,
  width,
  height,
}: GrowthLayoutInput) {
  const totals = years.map((_, i) => shown.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  // Grouped bars stand on the axis each, and lines are not stacked: the tallest bar or point, not
  // the tallest stack, sets the scale.
  const maxTotal = share
    ? 100
    : !stack
      ? Math.max(0, ...shown.flatMap((s) => s.values))
      : Math.max(0, ...totals);
  /** Where a count sits on the value axis: itself, or its share of its year in per cent. */
  const drawn = (value: number, column: number) =>
    share ? (totals[column] ? (100 * value) / totals[column] : 0) : value;
  const percent = (value: number, column: number) =>
    `${formatNumber(Number(drawn(value, column).toFixed(1)))} %`;
  const tickText = (value: number) => (share ? `${formatNumber(value)} %` : format(value));
  // The value labels' width, before the axis is laid out: that of the highest tick the axis may get.
  const topTick = scale === 'log' ? logTicks(maxTotal).at(-1)! : valueTicks(maxTotal).at(-1)!;
  const valueLabelWidth = measureText(tickText(topTick));
  const noteSpace = partial ? 28 : 16;
  const left = valueAxisRoom(valueLabelWidth);
  const right = 16;
  // The events' labels are laid out before the top margin: their rows add to it. The first row is
  // the one of the note of a year not over, which it must leave free.
  const plotWidth = Math.max(120, width - left - right);
  const bandX = scaleBand<string>(years, [0, plotWidth], 0.15);
  const partialNote = partial ? `${partial.year} to ${partial.through}` : '';
  const partialEnd = partial ? (bandX(partial.year) ?? 0) + bandX.bandwidth() : 0;
  const { placed, rows } = placeEventLabels(
    events,
    // The year's step (band and gap) spans the year: its start is half a gap before the band.
    (event) =>
      (bandX(event.date.slice(0, 4)) ?? 0) -
      (bandX.step() - bandX.bandwidth()) / 2 +
      bandX.step() * eventOffset(event),
    plotWidth,
    (text) => measureText(text),
    partial ? [[partialEnd - measureText(partialNote), partialEnd]] : [],
  );
  const MARGIN = {
    top: Math.max(noteSpace, 12 + eventRowsHeight(rows)),
    right,
    bottom: YEAR_AXIS_ROOM,
    left,
  };
  const innerWidth = plotWidth;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const y = valueScale(scale, maxTotal, [innerHeight, 0]);
  return {
    totals,
    drawn,
    percent,
    tickText,
    valueLabelWidth,
    MARGIN,
    innerWidth,
    innerHeight,
    x: bandX,
    y,
    placed,
  };
}

/**
 * The path of a series' line through every year, zeros on the axis; a zero the log scale cannot
 * draw breaks the line. `at` places a year's value.
 */
export function linePath(
  years: readonly string[],
  values: readonly number[],
  scale: ChartScale,
  at: (year: string, column: number, value: number) => [number, number],
): string {
  let gap = true;
  return years
    .map((year, i) => {
      const value = values[i] ?? 0;
      if (scale === 'log' && value <= 0) {
        gap = true;
        return '';
      }
      const [x, y] = at(year, i, value);
      const step = `${gap ? 'M' : 'L'}${x},${y}`;
      gap = false;
      return step;
    })
    .join('');
}
