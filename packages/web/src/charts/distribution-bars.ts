import { useMemo } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import type { BarSelection } from './types.ts';
import { isDrawn } from './value-scale.ts';

/** One bar per category: the chart's one series, a cohort among those compared, or a segment of each bar. */
export interface DistributionSeries {
  label: string;
  values: readonly number[];
  /** Place in the full list of series, which fixes its colour and pattern. */
  index: number;
}

/** One drawn bar (or a stack's segment): its category, its series and where it starts. */
export interface DistributionBar {
  label: string;
  column: number;
  /** Its slot in its category's group (0 in a stack). */
  slot: number;
  series: DistributionSeries;
  value: number;
  /** The value it stands on: the segments below it in a stack, else 0. */
  from: number;
}

/**
 * The bars in reading order: category by category, each group in the series' order. A stack's
 * segments start where the one below ends (`from`); grouped bars stand on the axis. On the log
 * scale a zero has no position and is not drawn; on the linear scale an empty bin keeps its (flat)
 * bar, so that it can be reached by keyboard and read as 0. With them, where each bar sits for the
 * arrow keys.
 */
export function useDistributionBars(
  labels: readonly string[],
  series: readonly DistributionSeries[],
  scale: ChartScale,
  stacked: boolean,
) {
  const bars = useMemo(
    () =>
      labels.flatMap((label, column) => {
        let base = 0;
        return series.flatMap((s, i): DistributionBar[] => {
          const value = s.values[column] ?? 0;
          const from = stacked ? base : 0;
          base += value;
          const slot = stacked ? 0 : i;
          // A stack's empty segment has no length to draw or reach; a log scale cannot draw a zero.
          return (stacked || scale === 'log') && !isDrawn(value)
            ? []
            : [{ label, column, slot, series: s, value, from }];
        });
      }),
    [labels, series, scale, stacked],
  );
  const positions = useMemo(
    () => bars.map((bar) => ({ column: bar.column, series: series.indexOf(bar.series) })),
    [bars, series],
  );
  return { bars, positions };
}

/**
 * The search a bar stands for: its category, and when there are several series the segment's value
 * (as the series) or the cohort's place.
 */
export function distributionSelection(bar: DistributionBar, multi: boolean, segments: boolean): BarSelection {
  return {
    x: bar.label,
    value: bar.value,
    ...(multi && (segments ? { series: bar.series.label } : { cohort: bar.series.index })),
  };
}
