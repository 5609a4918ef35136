import type { ParameterType, SqlValue } from './compiled-query.ts';

/**
 * Values as ClickHouse literals. Release 18.16 (Debian's package) has no `{name:Type}` query
 * parameters, so the ClickHouse dialect inlines every value through this one function instead of
 * binding it: strings are quoted with every byte that could end or bend the literal escaped,
 * numbers are written so that the server reads back the same double.
 * @see https://clickhouse.com/docs/en/sql-reference/syntax#string (escapes `\\`, `\'`, `\xHH`)
 */
export function clickHouseLiteral(value: SqlValue, type: ParameterType): string {
  switch (type) {
    case 'string':
    case 'date':
    case 'timestamp':
      // Dates are stored as `YYYY-MM-DD` text (see engine/clickhouse/schema.ts): comparing text
      // with an ISO-8601 date or timestamp orders them as DuckDB orders DATE and TIMESTAMP.
      return stringLiteral(String(value));
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return `toInt64(${value})`;
      return numberLiteral(value);
    case 'number':
      return numberLiteral(value);
  }
}

/**
 * A string literal: backslash and quote escaped, control characters (NUL included) and DEL as
 * `\xHH`; other characters travel as UTF-8, which ClickHouse reads byte for byte.
 */
export function stringLiteral(text: string): string {
  let out = "'";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === "'") out += "\\'";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff)
      out += '\uFFFD'; // lone surrogate: not UTF-8
    else out += char;
  }
  return `${out}'`;
}

/**
 * A Float64. Its shortest decimal form is exact for the server's parser in the normal range;
 * subnormal and huge values, which it refuses, travel as their IEEE-754 bytes.
 */
function numberLiteral(value: SqlValue): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) throw new RangeError(`not a finite number: ${String(value)}`);
  const magnitude = Math.abs(number);
  if (number === 0 || (magnitude >= 1e-300 && magnitude <= 1e300)) return `toFloat64(${String(number)})`;
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(number);
  return `reinterpretAsFloat64(unhex('${bytes.toString('hex').toUpperCase()}'))`;
}
