const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The last year of a chart when the data stop before its end: its bar counts part of a year. */
export interface PartialYear {
  year: string;
  /** The last day counted, as "24 November". */
  through: string;
}

/**
 * The year that is not over in data as of `asOf` (an ISO date): the chart's last year when it is the
 * year of `asOf` and `asOf` is not its last day. Undefined when every year drawn is complete.
 */
export function partialYear(asOf: string | undefined, years: readonly string[]): PartialYear | undefined {
  const match = asOf?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (years.at(-1) !== year || (month === '12' && day === '31')) return undefined;
  return { year: year!, through: `${Number(day)} ${MONTHS[Number(month) - 1]}` };
}
