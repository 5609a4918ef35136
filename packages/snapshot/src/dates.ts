/** Dates as whole UTC days since 1970-01-01: cheap arithmetic, and 'YYYY-MM-DD' only at the edges. */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' (a real calendar day) or returns undefined. */
export function parseDay(text: string): number | undefined {
  const match = ISO_DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return ms / DAY_MS;
}

export function dayOf(text: string): number {
  const day = parseDay(text);
  if (day === undefined) throw new Error(`not a calendar date (YYYY-MM-DD): "${text}"`);
  return day;
}

// Most archive days fall in 1970..2100; caching their strings avoids a Date per written value.
const cache: string[] = [];

export function isoDay(day: number): string {
  const cached = cache[day];
  if (cached !== undefined) return cached;
  const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (day >= 0 && day < 50_000) cache[day] = text;
  return text;
}

export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

export function firstDayOfYear(year: number): number {
  return Date.UTC(year, 0, 1) / DAY_MS;
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 0 = Sunday ... 3 = Wednesday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
