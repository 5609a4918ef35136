import type { ChartScale } from '../settings/settings-state.ts';
import { TICK_SPACE, valueAxisRoom } from './chart-axes.tsx';
import type { DistributionSeries } from './distribution-bars.ts';
import {
  horizontalLayout,
  horizontalRows,
  NARROW_HEIGHT,
  STACKED_LABELS_BELOW,
} from './distribution-layout.ts';
import { valueTicks } from './format.ts';
import { scaleBand } from './scales.ts';
import { CHART_LINE, measureText } from './text-measure.ts';
import { logTicks, valueScale } from './value-scale.ts';

export interface DistributionGeometryInput {
  labels: readonly string[];
  series: readonly DistributionSeries[];
  /** Segments stacked in one bar per category. */
  stacked: boolean;
  /** Several bars side by side per category. */
  grouped: boolean;
  vertical: boolean;
  scale: ChartScale;
  /** The most the values reach, if less than the largest. */
  top: number | undefined;
  yStep: number | undefined;
  format: (value: number) => string;
  yAxisTitle: string;
  /** The frame's width. */
  width: number;
  /** The height asked for; else that of the frame's width. */
  height: number | undefined;
}

/**
 * Where a distribution chart puts things: the value scale (its top, the widest value label), the
 * margins and the plot's size, how the category labels are written, and where each bar sits across.
 */
export function distributionGeometry({
  labels,
  series,
  stacked,
  grouped,
  vertical,
  scale,
  top,
  yStep,
  format,
  yAxisTitle,
  width,
  height: askedHeight,
}: DistributionGeometryInput) {
  // A stack's top, not its tallest segment, sets the scale.
  const largest = stacked
    ? Math.max(0, ...labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)))
    : Math.max(0, ...series.flatMap((s) => s.values));
  const maxValue = top === undefined ? largest : Math.min(top, largest);
  // The widest value label, before the axis is laid out: that of the highest tick the axis may get.
  const topTick = scale === 'log' ? logTicks(maxValue).at(-1)! : valueTicks(maxValue, yStep).at(-1)!;
  const valueLabelWidth = measureText(format(topTick));

  // Vertical: one rule for every bin label: upright and centred under its bar when every label fits
  // its bar's width, else turned a quarter and still centred (every n-th when bars are thinner than
  // a line of text).
  const margin = { top: 16, right: 16, bottom: 0, left: 0 };
  let innerWidth: number;
  let innerHeight: number;
  let binLabels = { upright: true, every: 1, depth: CHART_LINE };
  const horizontal = vertical ? undefined : horizontalRows(labels, width, grouped ? series.length : 1);
  if (vertical) {
    margin.left = valueAxisRoom(valueLabelWidth);
    innerWidth = Math.max(80, width - margin.left - margin.right);
    const band = innerWidth / Math.max(1, labels.length);
    const widest = Math.max(0, ...labels.map((l) => measureText(l)));
    const upright = widest + 6 <= band;
    binLabels = {
      upright,
      every: upright ? 1 : Math.ceil((CHART_LINE + 2) / band),
      depth: upright ? CHART_LINE : widest,
    };
    margin.bottom = TICK_SPACE + binLabels.depth + 10 + CHART_LINE;
    const height = askedHeight ?? (width < STACKED_LABELS_BELOW ? NARROW_HEIGHT : 420);
    innerHeight = Math.max(120, height - margin.top - margin.bottom);
  } else {
    const layout = horizontalLayout(horizontal!, width, valueLabelWidth, yAxisTitle);
    Object.assign(margin, layout.margin);
    ({ innerWidth, innerHeight } = layout);
  }
  const height = innerHeight + margin.top + margin.bottom;

  const categories = scaleBand<string>([...labels], [0, innerWidth], 0.15);
  const rowOf = new Map(horizontal?.rows.map((row) => [row.label, row]));
  const groupThickness = vertical ? categories.bandwidth() : horizontal!.thickness;
  // Within a category, each series' bar in its own slot, a pixel apart when they are thin.
  const slots = scaleBand<number>(
    grouped ? series.map((_, i) => i) : [0],
    [0, groupThickness],
    grouped ? 0.08 : 0,
  );
  const thickness = grouped ? slots.bandwidth() : groupThickness;
  const positionOf = (label: string, slot: number) =>
    (vertical ? (categories(label) ?? 0) : (rowOf.get(label)?.barTop ?? 0)) + (slots(slot) ?? 0);
  const values = valueScale(scale, maxValue, vertical ? [innerHeight, 0] : [0, innerWidth], yStep, !vertical);
  return {
    maxValue,
    valueLabelWidth,
    margin,
    innerWidth,
    innerHeight,
    height,
    binLabels,
    horizontal,
    categories,
    thickness,
    positionOf,
    values,
  };
}
