import type { ScalarType } from '@pdb-stats/search-model';

/**
 * A number as Java's `Double.toString` writes it, which is how the archive's service labels
 * numeric buckets: `2.0`, `0.15`, `1000.0`, `1.2E7`, `1.0E-4`.
 * Plain notation for 1e-3 <= |x| < 1e7, else computerized scientific notation; JavaScript's
 * shortest round-trip digits stand in for Java's (they agree since JDK 19).
 */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
}

/** Label of a terms bucket: strings and dates (`YYYY-MM-DD`) as they are, integers plain, numbers as doubles. */
export function termsLabel(key: string | number, type: ScalarType): string {
  if (typeof key === 'string') return key;
  return type === 'number' ? javaDouble(key) : String(key);
}

/** Label of a range bucket: `<from>-<to>`, `*` for an open end; numbers as doubles, dates as ISO text. */
export function rangeLabel(range: { from?: number | string; to?: number | string }): string {
  const bound = (b: number | string | undefined) =>
    b === undefined ? '*' : typeof b === 'number' ? javaDouble(b) : b;
  return `${bound(range.from)}-${bound(range.to)}`;
}

/** Label of a year bucket: four digits. */
export function yearLabel(year: number): string {
  return String(year).padStart(4, '0');
}
