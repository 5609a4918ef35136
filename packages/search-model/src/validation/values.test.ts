import { describe, expect, it } from 'vitest';
import { RequestValidationError } from './errors.ts';
import { resolveDate, tokenize } from './values.ts';

describe(`${resolveDate.name}`, () => {
  const now = new Date('2026-11-21T10:30:00.000Z');

  it.each([
    ['2020-06-01', '2020-06-01T00:00:00.000Z'],
    ['2020-06-01T12:34:56Z', '2020-06-01T12:34:56.000Z'],
    ['2020-06-01||-12M', '2019-06-01T00:00:00.000Z'],
    ['2020-06-01||+1y', '2021-06-01T00:00:00.000Z'],
    ['2020-06-01||+2w', '2020-06-15T00:00:00.000Z'],
    ['2020-06-01||', '2020-06-01T00:00:00.000Z'],
    ['now', '2026-11-21T10:30:00.000Z'],
    ['now-1w', '2026-11-14T10:30:00.000Z'],
    ['0050-03-01', '0050-03-01T00:00:00.000Z'],
    ['now+7973y', '9999-11-21T10:30:00.000Z'],
    ['2020-01-01||-2019y', '0001-01-01T00:00:00.000Z'],
  ])('%s → %s', (input, expected) => {
    expect(resolveDate(input, 'value', now)).toBe(expected);
  });

  it.each([
    '2020-02-30',
    '2020-13-01',
    '20-01-01',
    'now-1d',
    'now-0y',
    '2020-06-01||-1M-1y',
    'yesterday',
    '2020-06-01T25:00:00Z',
  ])('refuses %s and names the field', (input) => {
    expect(() => resolveDate(input, 'query.parameters.value', now)).toThrow(RequestValidationError);
    expect(() => resolveDate(input, 'query.parameters.value', now)).toThrow(
      /^query\.parameters\.value: .* is not a date/,
    );
  });

  it.each([
    ['now+8000y', 'the year 10026'],
    ['2020-01-01||+8000y', 'the year 10020'],
    ['now-99999999999y', 'no date'],
    ['now+99999999999w', 'no date'],
    ['2020-01-01||-2020y', 'the year 0'],
    ['0000-06-01', 'the year 0'],
  ])('refuses %s, past the representable dates, naming the value', (input, year) => {
    expect(() => resolveDate(input, 'query.parameters.value', now)).toThrow(
      `query.parameters.value: the string "${input}" resolves to ${year}, outside the dates this service represents (0001-01-01 to 9999-12-31)`,
    );
  });

  it('refuses a number', () => {
    expect(() => resolveDate(2020, 'v')).toThrow('v: must be a date string, got number 2020');
  });
});

describe(`${tokenize.name}`, () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(tokenize('Actin-binding PROTEIN, (isoform 2)')).toEqual([
      'actin',
      'binding',
      'protein',
      'isoform',
      '2',
    ]);
    expect(tokenize('  ‐–  ')).toEqual([]);
    expect(tokenize('Protéine α-helix')).toEqual(['protéine', 'α', 'helix']);
  });
});
