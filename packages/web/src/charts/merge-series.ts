import type { GrowthData, GrowthSeries } from '@pdb-stats/charts';
import { isOtherSeries } from '../settings/colors.ts';

/** A series that stands for several values of the attribute, drawn as one "Other" series. */
export interface MergedSeries extends GrowthSeries {
  /** The values it holds: its search finds an object with any of them. */
  merged: string[];
}

export function isMergedSeries(series: GrowthSeries | undefined): series is MergedSeries {
  return series !== undefined && 'merged' in series && Array.isArray(series.merged);
}

/** The label of the series the values `merged` are drawn as. */
const mergedLabel = (count: number) => `Other (${count} smaller ${count === 1 ? 'value' : 'values'})`;

/**
 * A growth chart's series within `colors` distinct colours and one grey: past that many, the
 * smallest series (by their total over the years drawn), and the archive's own "Other" value with
 * them, are drawn as one grey series, their values added year by year, as their stacked bars would
 * be. A series' colour never repeats within the chart. Data with few enough series come back as they are.
 */
export function mergeSmallSeries(data: GrowthData, colors: number): GrowthData {
  const named = data.series.filter((s) => !isOtherSeries(s.label));
  if (named.length <= colors) return data;
  const size = (s: GrowthSeries) => s.cumulative.at(-1) ?? s.annual.reduce((a, b) => a + b, 0);
  const kept = new Set([...named].sort((a, b) => size(b) - size(a)).slice(0, colors));
  const rest = data.series.filter((s) => !kept.has(s));
  const add = (pick: (s: GrowthSeries) => number[]) =>
    data.years.map((_, i) => rest.reduce((sum, s) => sum + (pick(s)[i] ?? 0), 0));
  const other: MergedSeries = {
    label: mergedLabel(rest.length),
    annual: add((s) => s.annual),
    cumulative: add((s) => s.cumulative),
    merged: rest.map((s) => s.label),
  };
  return { ...data, series: [...data.series.filter((s) => kept.has(s)), other] };
}
