import type { GrowthData } from './transform.ts';

/** Years shown of a growth chart: from and to, both included; either end may be open. */
export interface YearWindow {
  from?: number;
  to?: number;
}

/**
 * The years of a growth chart inside a window. The cumulative values are kept as they are: the
 * total at the end of a year counts every earlier year, those before the window included.
 */
export function windowGrowthData(data: GrowthData, window: YearWindow): GrowthData {
  const { from = -Infinity, to = Infinity } = window;
  if (from === -Infinity && to === Infinity) return data;
  const kept = data.years.flatMap((year, i) => (Number(year) >= from && Number(year) <= to ? [i] : []));
  return {
    years: kept.map((i) => data.years[i]!),
    series: data.series.map((series) => ({
      label: series.label,
      annual: kept.map((i) => series.annual[i] ?? 0),
      cumulative: kept.map((i) => series.cumulative[i] ?? 0),
    })),
  };
}

/** The window a chart page's URL names (`from`, `to`: years), or why it names none that is valid. */
export function readYearWindow(from: string | null, to: string | null): YearWindow {
  const year = (text: string | null) => (text !== null && /^\d{4}$/.test(text) ? Number(text) : undefined);
  const start = year(from);
  const end = year(to);
  // Ends given the wrong way round are taken in order rather than showing nothing.
  if (start !== undefined && end !== undefined && start > end) return { from: end, to: start };
  return { ...(start !== undefined && { from: start }), ...(end !== undefined && { to: end }) };
}
