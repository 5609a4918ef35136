import { RequestValidationError } from './errors.ts';
import { describe } from './json.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?Z$/;
/** Date math of the Search API: an anchor, then at most one +/- term in weeks, months or years. */
const DATE_MATH = /^(now|(\d{4}-\d{2}-\d{2})\|\|)(?:([-+])([1-9]\d*)([wMy]))?$/;

function validCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseAbsolute(text: string): Date | undefined {
  const d = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!d) return undefined;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  if (!validCalendarDate(year, month, day)) return undefined;
  const [hour, minute, second] = [Number(d[4] ?? 0), Number(d[5] ?? 0), Number(d[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = d[7] ? Math.round(Number(d[7]) * 1000) : 0;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
}

function shift(date: Date, sign: string, amount: number, unit: string): Date {
  const n = sign === '-' ? -amount : amount;
  const result = new Date(date.getTime());
  if (unit === 'w') result.setUTCDate(result.getUTCDate() + 7 * n);
  if (unit === 'M') result.setUTCMonth(result.getUTCMonth() + n);
  if (unit === 'y') result.setUTCFullYear(result.getUTCFullYear() + n);
  return result;
}

/**
 * A date value of a request (`2020-06-01`, `2020-06-01T10:00:00Z`, or date math such as
 * `now-1w` and `2020-06-01||+12M`) resolved to an ISO-8601 UTC timestamp with milliseconds.
 */
export function resolveDate(value: unknown, path: string, now: Date = new Date()): string {
  if (typeof value !== 'string') {
    throw new RequestValidationError('REQ_ERR_DATE', path, `must be a date string, got ${describe(value)}`);
  }
  const absolute = parseAbsolute(value);
  if (absolute) return absolute.toISOString();
  const math = DATE_MATH.exec(value);
  const anchor = math && (math[1] === 'now' ? now : parseAbsolute(math[2] ?? ''));
  if (!math || !anchor) {
    throw new RequestValidationError(
      'REQ_ERR_DATE',
      path,
      `${describe(value)} is not a date: use YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or date math such as now-1y or 2020-06-01||+12M`,
    );
  }
  return (math[3] ? shift(anchor, math[3], Number(math[4]), math[5] ?? 'y') : anchor).toISOString();
}

/** Tokens of analysed text: lower-cased runs of letters and digits (as `contains_words` matches them). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}
