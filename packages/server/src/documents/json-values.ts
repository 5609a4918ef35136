/**
 * DuckDB hands BIGINT back as bigint and DATE as a Date at UTC midnight; a document speaks JSON
 * numbers and `YYYY-MM-DD`. Converted here, for one document at a time, not by patching globals.
 */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonValue(inner)]));
  }
  return value;
}
