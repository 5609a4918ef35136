import type { ShownSeries } from './growth-bars.ts';

export interface GrowthTooltipProps {
  year: string | undefined;
  yearIndex: number;
  shown: readonly ShownSeries[];
  color: (index: number) => string;
  /** The name a series is shown under (a one-series chart's may differ from its label). */
  seriesName: (label: string) => string;
  format: (value: number) => string;
  /** Each value's share of its year, written after it when set. */
  percent?: (value: number, yearIndex: number) => string;
  /** The year's total of the series shown, written under them when set (a stack of several). */
  total?: number;
}

/** What a year's tooltip says: the year, each series shown with its value (and share), the total. */
export function GrowthTooltip({
  year,
  yearIndex,
  shown,
  color,
  seriesName,
  format,
  percent,
  total,
}: GrowthTooltipProps) {
  return (
    <>
      <strong>{year}</strong>
      {shown.map(({ series, index, values }) => (
        <div key={series.label}>
          <span className="ps-tooltip-swatch" style={{ background: color(index) }} />{' '}
          {seriesName(series.label)}: {format(values[yearIndex] ?? 0)}
          {percent && ` (${percent(values[yearIndex] ?? 0, yearIndex)})`}
        </div>
      ))}
      {total !== undefined && <div>Total: {format(total)}</div>}
    </>
  );
}
