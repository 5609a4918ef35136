import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clickHouseLiteral, stringLiteral } from './clickhouse-literals.ts';

/**
 * Reads a string literal back the way ClickHouse's lexer does (quotes, the escapes of
 * https://clickhouse.com/docs/en/sql-reference/syntax#string), and fails on anything that could
 * end the literal early: a model of the server for the round-trip property below.
 */
function readLiteral(sql: string): string {
  if (!sql.startsWith("'") || !sql.endsWith("'")) throw new Error(`not a string literal: ${sql}`);
  const body = [...sql.slice(1, -1)];
  const bytes: Buffer[] = [];
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === "'") throw new Error(`unescaped quote in ${sql}`);
    if (char !== '\\') {
      bytes.push(Buffer.from(char));
      continue;
    }
    const next = body[++i];
    if (next === 'x') {
      bytes.push(Buffer.from([parseInt(body.slice(i + 1, i + 3).join(''), 16)]));
      i += 2;
    } else if (next === '\\' || next === "'") bytes.push(Buffer.from(next));
    else throw new Error(`unexpected escape \\${next} in ${sql}`);
  }
  return Buffer.concat(bytes).toString('utf8');
}

describe(`${stringLiteral.name}`, () => {
  it('escapes quotes, backslashes and control characters; keeps unicode', () => {
    expect(stringLiteral("it's")).toBe("'it\\'s'");
    expect(stringLiteral('a\\b')).toBe("'a\\\\b'");
    expect(stringLiteral("\\'")).toBe("'\\\\\\''");
    expect(stringLiteral('a\u0000b')).toBe("'a\\x00b'");
    expect(stringLiteral('line\nnext\ttab\rret\u007f')).toBe("'line\\x0anext\\x09tab\\x0dret\\x7f'");
    expect(stringLiteral('é 💥 \u202e')).toBe("'é 💥 \u202e'");
    expect(stringLiteral("'; DROP TABLE entry; --")).toBe("'\\'; DROP TABLE entry; --'");
    expect(stringLiteral('')).toBe("''");
  });

  it('a lone surrogate (not UTF-8) becomes the replacement character, as UTF-8 encoding makes it', () => {
    expect(stringLiteral('a\ud800b')).toBe("'a\ufffdb'");
  });

  it('reads back as the same string, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (text) => {
        return readLiteral(stringLiteral(text)) === text;
      }),
      { numRuns: 1000 },
    );
  });
});

describe(`${clickHouseLiteral.name}`, () => {
  it('types each value', () => {
    expect(clickHouseLiteral('X-ray', 'string')).toBe("'X-ray'");
    expect(clickHouseLiteral(42, 'integer')).toBe('toInt64(42)');
    expect(clickHouseLiteral(-9007199254740991, 'integer')).toBe('toInt64(-9007199254740991)');
    expect(clickHouseLiteral(1.5, 'number')).toBe('toFloat64(1.5)');
    expect(clickHouseLiteral(-2.5e-7, 'number')).toBe('toFloat64(-2.5e-7)');
    // Dates are stored as text; a timestamp compares with them as text.
    expect(clickHouseLiteral('2010-01-01', 'date')).toBe("'2010-01-01'");
    expect(clickHouseLiteral('2010-01-01T12:00:00.000Z', 'timestamp')).toBe("'2010-01-01T12:00:00.000Z'");
  });

  it('an integer beyond 2^53 is a double; subnormal and huge doubles travel as their bytes', () => {
    expect(clickHouseLiteral(2 ** 60, 'integer')).toBe(`toFloat64(${2 ** 60})`);
    expect(clickHouseLiteral(5e-324, 'number')).toBe("reinterpretAsFloat64(unhex('0100000000000000'))");
    expect(clickHouseLiteral(-1.7976931348623157e308, 'number')).toBe(
      "reinterpretAsFloat64(unhex('FFFFFFFFFFFFEFFF'))",
    );
  });

  it('refuses what is not a finite number', () => {
    expect(() => clickHouseLiteral(Number.NaN, 'number')).toThrow(RangeError);
    expect(() => clickHouseLiteral(Number.POSITIVE_INFINITY, 'number')).toThrow(RangeError);
    expect(() => clickHouseLiteral('1; DROP TABLE entry', 'number')).toThrow(RangeError);
  });
});
