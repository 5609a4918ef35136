import { scaleLinear, scaleLog } from '@visx/scale';
import type { ChartScale } from '../settings/settings-state.ts';
import { valueTicks } from './format.ts';

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
  axis: ReturnType<typeof scaleLinear<number>> | ReturnType<typeof scaleLog<number>>;
}

/**
 * The value axis of a chart. Linear starts at 0 with the chart's step; logarithmic starts at 1
 * (zero has no logarithm, so a zero count has no bar) and ticks at powers of ten.
 */
export function valueScale(
  scale: ChartScale,
  max: number,
  range: [number, number],
  step?: number,
): ValueScale {
  if (scale === 'log') {
    const ticks = logTicks(max);
    const log = scaleLog<number>({ domain: [1, ticks.at(-1)!], range, clamp: true });
    return Object.assign((value: number) => log(Math.max(1, value)), { ticks, axis: log });
  }
  const ticks = valueTicks(max, step);
  const linear = scaleLinear<number>({ domain: [0, ticks.at(-1) ?? 1], range });
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
