import type { RangeValue } from '@pdb-stats/search-model';

/** A condition parsed back from a display label of a distribution bin. */
export type RangeCondition =
  | {
      operator: 'range';
      value: Required<Pick<RangeValue, 'include_lower' | 'include_upper'>> & { from: number; to: number };
    }
  | { operator: 'less'; value: number }
  | { operator: 'greater_or_equal'; value: number };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const UNSIGNED = String.raw`\d+(?:\.\d+)?`;
// `a-b` between unsigned bounds; `a to b` when one is negative (spaces are removed before matching).
const BETWEEN = new RegExp(`^(${UNSIGNED})-(${UNSIGNED})$|^(${NUMBER})to(${NUMBER})$`);
const BELOW = new RegExp(`^<(${NUMBER})$`);
const FROM = new RegExp(`^>=(${NUMBER})$`);

/**
 * Parses a display label (`binLabel`'s, or the earlier programmer's notation of links written before
 * it) after removing its unit (`k`, `Da`, `Å`…), thousands separators and spaces: `a–b` or `a-b` (or
 * `a to b`, written when a bound is negative) is a range with the lower bound included and the
 * upper bound excluded, `< a` is less-than, `≥ a` or `>= a` greater-or-equal; bounds may be
 * negative (a minus sign or a hyphen). Any other label throws `Unsupported operator for a value: <label>`.
 */
export function parseRangeLabel(label: string): RangeCondition {
  const text = label
    .replace(/≥/g, '>=')
    .replace(/–/g, '-')
    .replace(/−/g, '-')
    .replace(/(\d),(?=\d{3})/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    // The unit after the last bound, and the `k` of kilo bounds.
    .replace(/(\d)\D+$/, '$1')
    .replace(/(\d)k/g, '$1')
    .replace(/\s+/g, '');
  const between = BETWEEN.exec(text);
  if (between) {
    const from = Number(between[1] ?? between[3]);
    const to = Number(between[2] ?? between[4]);
    return { operator: 'range', value: { from, to, include_lower: true, include_upper: false } };
  }
  if (text.includes('<')) {
    const below = BELOW.exec(text);
    if (below) return { operator: 'less', value: Number(below[1]) };
  } else if (text.includes('>=')) {
    const from = FROM.exec(text);
    if (from) return { operator: 'greater_or_equal', value: Number(from[1]) };
  }
  throw new Error(`Unsupported operator for a value: ${label}`);
}
