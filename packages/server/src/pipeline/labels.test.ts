import { describe, expect, it } from 'vitest';
import { javaDouble, rangeLabel, termsLabel, yearLabel } from './labels.ts';

describe(`${javaDouble.name}`, () => {
  it.each([
    [2, '2.0'],
    [0.15, '0.15'],
    [1000, '1000.0'],
    [4.6, '4.6'],
    [0, '0.0'],
    [-0, '-0.0'],
    [-3.5, '-3.5'],
    [0.001, '0.001'],
    [9999999, '9999999.0'],
    [12000000, '1.2E7'],
    [10000000, '1.0E7'],
    [0.0001, '1.0E-4'],
    [0.00012345, '1.2345E-4'],
    [-12000000, '-1.2E7'],
    [0.30000000000000004, '0.30000000000000004'],
  ])('%d is written %s', (value, text) => {
    expect(javaDouble(value)).toBe(text);
  });
});

describe('bucket labels', () => {
  it('terms: strings as they are, integers plain, numbers as doubles', () => {
    expect(termsLabel('Homo sapiens', 'string')).toBe('Homo sapiens');
    expect(termsLabel('2012-03-15', 'date')).toBe('2012-03-15');
    expect(termsLabel(3, 'integer')).toBe('3');
    expect(termsLabel(95, 'number')).toBe('95.0');
    expect(termsLabel(1.5, 'number')).toBe('1.5');
  });

  it('ranges: "*" for an open end, doubles or ISO timestamps', () => {
    expect(rangeLabel({ to: 2 })).toBe('*-2.0');
    expect(rangeLabel({ from: 2, to: 2.2 })).toBe('2.0-2.2');
    expect(rangeLabel({ from: 4.6 })).toBe('4.6-*');
    expect(rangeLabel({ from: '2020-06-01T00:00:00.000Z', to: '2021-06-01T00:00:00.000Z' })).toBe(
      '2020-06-01T00:00:00.000Z-2021-06-01T00:00:00.000Z',
    );
  });

  it('years: four digits', () => {
    expect(yearLabel(1976)).toBe('1976');
    expect(yearLabel(876)).toBe('0876');
  });
});
