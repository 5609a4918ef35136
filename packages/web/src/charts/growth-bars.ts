import type { DataView, GrowthData } from '@pdb-stats/charts';
import { useMemo } from 'react';
import type { BarSelection } from './types.ts';
import { isDrawn } from './value-scale.ts';

/** A series the visitor has not hidden, with its place in the full list and the values of the view. */
export interface ShownSeries {
  series: GrowthData['series'][number];
  /** Place in the full list of series, which fixes its colour and pattern. */
  index: number;
  values: readonly number[];
}

/** One drawn segment (or a line's point): its year, its series and where it starts on the value axis. */
export interface GrowthBar {
  year: string;
  column: number;
  /** The series' place in the full list. */
  series: number;
  label: string;
  value: number;
  /** The value it stands on: the series below it in a stack, else 0. */
  from: number;
}

/**
 * The series shown in the view, and the drawn segments in reading order: year by year, each stack
 * bottom to top. Zeros are not drawn. Grouped bars and a line's points stand on the axis, not on the
 * series below them.
 */
export function useGrowthBars(
  data: GrowthData,
  view: DataView,
  hidden: ReadonlySet<string>,
  onAxis: boolean,
): { shown: ShownSeries[]; bars: GrowthBar[] } {
  const shown = useMemo(
    () =>
      data.series
        .map((series, index) => ({
          series,
          index,
          values: view === 'annual' ? series.annual : series.cumulative,
        }))
        .filter(({ series }) => !hidden.has(series.label)),
    [data.series, hidden, view],
  );
  const bars = useMemo(
    () =>
      data.years.flatMap((year, column) => {
        let base = 0;
        return shown.flatMap(({ series, index, values }) => {
          const value = values[column] ?? 0;
          const from = onAxis ? 0 : base;
          base += value;
          return isDrawn(value) ? [{ year, column, series: index, label: series.label, value, from }] : [];
        });
      }),
    [data.years, shown, onAxis],
  );
  return { shown, bars };
}

/**
 * The search a bar stands for: its year, and its series in a stack of several or its cohort when
 * cohorts are compared side by side.
 */
export function growthSelection(bar: GrowthBar, multi: boolean, grouped: boolean): BarSelection {
  return {
    x: bar.year,
    ...(multi && !grouped && { series: bar.label }),
    ...(grouped && { cohort: bar.series }),
    value: bar.value,
  };
}
