import { seriesColor } from '../settings/colors.ts';
import type { DistributionBar, DistributionSeries } from './distribution-bars.ts';

export interface DistributionTooltipProps {
  bar: DistributionBar;
  /** The series shown; with more than one, each is listed with its value in the bar's category. */
  series: readonly DistributionSeries[];
  colors: readonly string[];
  format: (value: number) => string;
  /** Name of the value of a one-series chart. */
  yAxisTitle: string;
  /** The "Other" category, whose note is written under it. */
  other?: { label: string; note: string };
}

/** What a bar's tooltip says: its category, the values there (of every series when several) and the "Other" note. */
export function DistributionTooltip({
  bar,
  series,
  colors,
  format,
  yAxisTitle,
  other,
}: DistributionTooltipProps) {
  const note = bar.label === other?.label && <div className="ps-tooltip-note">{other.note}</div>;
  return series.length > 1 ? (
    <>
      <strong>{bar.label}</strong>
      {series.map((s) => (
        <div key={s.label}>
          <span className="ps-tooltip-swatch" style={{ background: seriesColor(colors, s.index) }} />{' '}
          {s.label}: {format(s.values[bar.column] ?? 0)}
        </div>
      ))}
      {note}
    </>
  ) : (
    <>
      <strong>{bar.label}</strong>
      <div>
        {yAxisTitle}: {format(bar.value)}
      </div>
      {note}
    </>
  );
}
