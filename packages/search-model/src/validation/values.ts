import { RequestValidationError } from './errors.ts';
import { describe } from './json.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?Z$/;
/** Date math of the Search API: an anchor, then at most one +/- term in weeks, months or years. */
const DATE_MATH = /^(now|(\d{4}-\d{2}-\d{2})\|\|)(?:([-+])([1-9]\d*)([wMy]))?$/;

/**
 * The dates the service represents: years of four digits, as answers write them (ISO-8601 without a
 * sign). The engines' own ranges are wider; a date past these would be written `+010026-…` and fail.
 */
export const DATE_RANGE = { min: '0001-01-01T00:00:00.000Z', max: '9999-12-31T23:59:59.999Z' } as const;
const MIN_MS = Date.parse(DATE_RANGE.min);
const MAX_MS = Date.parse(DATE_RANGE.max);

/** Date.UTC, but years 0-99 are years 0-99 (Date.UTC reads them as 1900-1999). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): Date {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function validCalendarDate(year: number, month: number, day: number): boolean {
  const date = utc(year, month, day);
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
  return utc(year, month, day, hour, minute, second, millis);
}

function shift(date: Date, sign: string, amount: number, unit: string): Date {
  const n = sign === '-' ? -amount : amount;
  const result = new Date(date.getTime());
  if (unit === 'w') result.setUTCDate(result.getUTCDate() + 7 * n);
  if (unit === 'M') result.setUTCMonth(result.getUTCMonth() + n);
  if (unit === 'y') result.setUTCFullYear(result.getUTCFullYear() + n);
  return result;
}

/** A date string or date math read as a date; undefined when it is neither. */
function readDate(value: string, now: Date): Date | undefined {
  const absolute = parseAbsolute(value);
  if (absolute) return absolute;
  const math = DATE_MATH.exec(value);
  const anchor = math && (math[1] === 'now' ? now : parseAbsolute(math[2] ?? ''));
  if (!math || !anchor) return undefined;
  return math[3] ? shift(anchor, math[3], Number(math[4]), math[5] ?? 'y') : anchor;
}

/**
 * A date value of a request (`2020-06-01`, `2020-06-01T10:00:00Z`, or date math such as
 * `now-1w` and `2020-06-01||+12M`) resolved to an ISO-8601 UTC timestamp with milliseconds,
 * within DATE_RANGE.
 */
export function resolveDate(value: unknown, path: string, now: Date = new Date()): string {
  if (typeof value !== 'string') {
    throw new RequestValidationError('REQ_ERR_DATE', path, `must be a date string, got ${describe(value)}`);
  }
  const date = readDate(value, now);
  if (!date) {
    throw new RequestValidationError(
      'REQ_ERR_DATE',
      path,
      `${describe(value)} is not a date: use YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or date math such as now-1y or 2020-06-01||+12M`,
    );
  }
  const ms = date.getTime();
  // Date math can run past any calendar (now-99999999999y is no date at all).
  if (!(ms >= MIN_MS && ms <= MAX_MS)) {
    const year = Number.isNaN(ms) ? 'no date' : `the year ${date.getUTCFullYear()}`;
    throw new RequestValidationError(
      'REQ_ERR_DATE',
      path,
      `${describe(value)} resolves to ${year}, outside the dates this service represents (${DATE_RANGE.min.slice(0, 10)} to ${DATE_RANGE.max.slice(0, 10)})`,
    );
  }
  return date.toISOString();
}
/** Tokens of analysed text: lower-cased runs of letters and digits (as `contains_words` matches them). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}
