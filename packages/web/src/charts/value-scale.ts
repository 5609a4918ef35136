import { scaleLinear, scaleLog, type ContinuousScale } from './scales.ts';
import type { ChartScale } from '../settings/settings-state.ts';
import { formatNumber, valueTicks, MAX_VALUE_TICKS } from './format.ts';
import { CHART_LINE, measureText } from './text-measure.ts';

/** Powers of ten from 1 up to the first at or above `max`: each tick ten times the last. */
export function logTicks(max: number): number[] {
  const ticks = [1];
  while (ticks.at(-1)! < max) ticks.push(ticks.at(-1)! * 10);
  if (ticks.length < 2) ticks.push(10);
  return ticks;
}

export interface ValueScale {
  /** Position of a count; on the log scale 0 and below sit at the axis floor (1). */
  (value: number): number;
  ticks: number[];
  /** The underlying scale, for the axis component. */
  axis: ContinuousScale;
}

/** Room above the tallest bar, as a share of its length, so that no bar touches the chart's top. */
const HEADROOM = 1.05;
/** Least free space in px between two neighbouring value labels. */
const TICK_GAP = 16;

/** Whether the labels of `ticks`, `spacing` px apart, fit along a horizontal or vertical axis. */
function ticksFit(ticks: number[], spacing: number, horizontal: boolean): boolean {
  if (ticks.length < 2) return true;
  const size = horizontal ? Math.max(...ticks.map((t) => measureText(formatNumber(t)))) : CHART_LINE;
  return spacing >= size + (horizontal ? TICK_GAP : 6);
}

/**
 * The value axis of a chart. Linear starts at 0 with the chart's step; logarithmic starts at 1
 * (zero has no logarithm, so a zero count has no bar) and ticks at powers of ten. Ticks are thinned
 * until their labels fit the axis's length (a phone has room for a few); the axis reaches a little
 * above the largest value.
 */
export function valueScale(
  scale: ChartScale,
  max: number,
  range: [number, number],
  step?: number,
  horizontal = false,
): ValueScale {
  const length = Math.abs(range[1] - range[0]);
  if (scale === 'log') {
    const all = logTicks(max);
    let every = 1;
    let ticks = all;
    const step = length / Math.max(1, all.length - 1);
    while (!ticksFit(ticks, step * every, horizontal) && every < all.length) {
      every += 1;
      ticks = all.filter((_, i) => i % every === 0);
    }
    const log = scaleLog([1, all.at(-1)!], range);
    return Object.assign((value: number) => log(Math.max(1, value)), { ticks, axis: log });
  }
  const topOf = (ticks: number[]) => Math.max(ticks.at(-1) ?? 1, max * HEADROOM);
  const spacing = (ticks: number[]) => (length * ((ticks[1] ?? 1) - (ticks[0] ?? 0))) / topOf(ticks);
  let ticks = valueTicks(max, step);
  for (let most = MAX_VALUE_TICKS - 1; most >= 1 && !ticksFit(ticks, spacing(ticks), horizontal); most--) {
    ticks = valueTicks(max, step, most);
  }
  const top = topOf(ticks);
  const linear = scaleLinear([0, top], range);
  // Ticks stand where the scale puts them: the top of the axis may lie beyond the last tick.
  return Object.assign((value: number) => linear(value), { ticks, axis: linear });
}

/** Whether a count has a bar segment: a zero has none (and on the log scale no position either). */
export function isDrawn(value: number): boolean {
  return value > 0;
}

/** Name of the scale for axis and chart labels. */
export function scaleName(scale: ChartScale): string {
  return scale === 'log' ? 'logarithmic scale' : 'linear scale';
}
