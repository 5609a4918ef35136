/**
 * A database value as the shaping step expects it: a string, a number or null. BIGINT (bigint in
 * DuckDB's client) becomes a JSON number; a boolean 1 or 0; anything else its text.
 */
export function plainValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return String(value);
}
