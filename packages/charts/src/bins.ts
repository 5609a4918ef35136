import type { BinLabelStyle, BinSpec } from './types.ts';

/** A requested bin: `from` included, `to` excluded; a missing bound is open. */
export interface Bin {
  from?: number;
  to?: number;
}

/** Rounds to 2 decimals, so that 0.14 + 0.01 is written 0.15, not 0.15000000000000002. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** `[{to: start}, {from: start, to: start + step}, …, {from: end}]`. */
export function generateBins({ start, step, end }: BinSpec): Bin[] {
  const inner = Math.round((end - start) / step);
  const bins: Bin[] = [{ to: round2(start) }];
  for (let i = 0; i < inner; i++)
    bins.push({ from: round2(start + i * step), to: round2(start + (i + 1) * step) });
  bins.push({ from: round2(end) });
  return bins;
}

/** Decimals that every bound of a set of bins needs (1 and 0.2 need one: "1.0", "1.2"). */
export function binDecimals({ start, step, end }: BinSpec): number {
  const decimals = (value: number) => (String(round2(value)).split('.')[1] ?? '').length;
  return Math.max(decimals(start), decimals(step), decimals(end));
}

function boundText(value: number, style: BinLabelStyle, decimals: number): string {
  const digits = style === 'kilo' ? 0 : decimals;
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, 2),
  });
  // A real minus sign, which no one reads as a dash.
  return `${value < 0 ? '−' : ''}${text}${style === 'kilo' ? 'k' : ''}`;
}

/** What a bin's labels are written from: its bounds' style and the attribute's unit symbol. */
export interface BinLabelling {
  bins: BinSpec;
  labelStyle: BinLabelStyle;
  /** Unit symbol written after the bounds (Å), for plain bounds; none for kilo (the axis says it). */
  unit?: string;
}

/**
 * Display label of a bin, as a reader writes it: `< 1.0 Å`, `1.0–1.2 Å`, `≥ 4.6 Å` (every bound
 * with the decimals of the set); `< 20k`, `20k–40k`; `100–200 Da`; thousands separated (`1,000–2,000`).
 * A bin with a negative bound says "to" between its bounds (`−2.0 to −1.5`): a dash beside a minus
 * sign would read as another minus.
 */
export function binLabel(bin: Bin, { bins, labelStyle, unit }: BinLabelling): string {
  const decimals = binDecimals(bins);
  const suffix = labelStyle === 'dalton' ? ' Da' : labelStyle === 'plain' && unit ? ` ${unit}` : '';
  const text = (value: number) => boundText(value, labelStyle, decimals);
  if (bin.from === undefined && bin.to !== undefined) return `< ${text(bin.to)}${suffix}`;
  if (bin.to === undefined && bin.from !== undefined) return `≥ ${text(bin.from)}${suffix}`;
  const from = bin.from ?? 0;
  const to = bin.to ?? 0;
  const between = from < 0 || to < 0 ? ' to ' : '–';
  return `${text(from)}${between}${text(to)}${suffix}`;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const RANGE_LABEL = new RegExp(`^(\\*|${NUMBER})-(\\*|${NUMBER})$`);

/**
 * Parses a range bucket label of the service: `*-1.0`, `1.0-1.2`, `4.6-*`.
 * Returns undefined for a label of another form.
 */
export function parseServiceRangeLabel(label: string): Bin | undefined {
  const match = RANGE_LABEL.exec(label.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  const bin: Bin = {};
  if (from !== '*') bin.from = Number(from);
  if (to !== '*') bin.to = Number(to);
  return bin;
}

function sameBound(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a));
}

/** Whether a parsed bucket bound pair is the requested bin. */
export function sameBin(a: Bin, b: Bin): boolean {
  return sameBound(a.from, b.from) && sameBound(a.to, b.to);
}

/** A date bin: ISO dates `YYYY-MM-DD`, `from` included, `to` excluded. */
export interface DateBin {
  from?: string;
  to?: string;
}

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const DATE_RANGE_LABEL = new RegExp(`^(\\*|${DATE}[^*]*?)-(\\*|${DATE}.*)$`);

/**
 * Parses a date_range bucket label: `*-2000-01-01T00:00:00.000Z`,
 * `2000-01-01T00:00:00.000Z-2005-01-01T00:00:00.000Z`, `…-*`. Keeps the date part of each bound.
 */
export function parseServiceDateRangeLabel(label: string): DateBin | undefined {
  const match = DATE_RANGE_LABEL.exec(label.trim());
  if (!match) return undefined;
  const [, from = '*', to = '*'] = match;
  const bin: DateBin = {};
  if (from !== '*') bin.from = from.slice(0, 10);
  if (to !== '*') bin.to = to.slice(0, 10);
  return bin;
}
