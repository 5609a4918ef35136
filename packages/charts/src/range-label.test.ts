import { describe, expect, it } from 'vitest';
import { parseRangeLabel } from './range-label.ts';

describe(parseRangeLabel.name, () => {
  it("parses 'a-b' as a range with the lower bound included and the upper excluded", () => {
    expect(parseRangeLabel('1-1.2')).toEqual({
      operator: 'range',
      value: { from: 1, to: 1.2, include_lower: true, include_upper: false },
    });
    expect(parseRangeLabel('20k-40k')).toEqual({
      operator: 'range',
      value: { from: 20, to: 40, include_lower: true, include_upper: false },
    });
    expect(parseRangeLabel('100-200 Da')).toEqual({
      operator: 'range',
      value: { from: 100, to: 200, include_lower: true, include_upper: false },
    });
  });

  it("parses '<' as less and '>=' as greater_or_equal", () => {
    expect(parseRangeLabel('< 1')).toEqual({ operator: 'less', value: 1 });
    expect(parseRangeLabel('< 20k')).toEqual({ operator: 'less', value: 20 });
    expect(parseRangeLabel('< 100 Da')).toEqual({ operator: 'less', value: 100 });
    expect(parseRangeLabel('>= 4.6')).toEqual({ operator: 'greater_or_equal', value: 4.6 });
    expect(parseRangeLabel('>= 380k')).toEqual({ operator: 'greater_or_equal', value: 380 });
    expect(parseRangeLabel('>= 2000 Da')).toEqual({ operator: 'greater_or_equal', value: 2000 });
    expect(parseRangeLabel('>= 0.32')).toEqual({ operator: 'greater_or_equal', value: 0.32 });
  });

  it('parses the labels as a reader writes them: en dash, ≥, minus signs, units and thousands', () => {
    const range = (from: number, to: number) => ({
      operator: 'range',
      value: { from, to, include_lower: true, include_upper: false },
    });
    expect(parseRangeLabel('1.0–1.2 Å')).toEqual(range(1, 1.2));
    expect(parseRangeLabel('< 1.0 Å')).toEqual({ operator: 'less', value: 1 });
    expect(parseRangeLabel('≥ 4.6 Å')).toEqual({ operator: 'greater_or_equal', value: 4.6 });
    expect(parseRangeLabel('1,000–2,000')).toEqual(range(1000, 2000));
    expect(parseRangeLabel('20k–40k')).toEqual(range(20, 40));
    expect(parseRangeLabel('≥ 2,000 Da')).toEqual({ operator: 'greater_or_equal', value: 2000 });
    expect(parseRangeLabel('−2.0 to −1.5 °C')).toEqual(range(-2, -1.5));
    expect(parseRangeLabel('100–200 degrees celsius')).toEqual(range(100, 200));
  });

  it("parses negative bounds: 'a to b' between them, '<' and '>=' before them", () => {
    const range = (from: number, to: number) => ({
      operator: 'range',
      value: { from, to, include_lower: true, include_upper: false },
    });
    expect(parseRangeLabel('-2 to -1.5')).toEqual(range(-2, -1.5));
    expect(parseRangeLabel('-0.5 to 0')).toEqual(range(-0.5, 0));
    expect(parseRangeLabel('-20k to 0k')).toEqual(range(-20, 0));
    expect(parseRangeLabel('< -2')).toEqual({ operator: 'less', value: -2 });
    expect(parseRangeLabel('>= -0.25')).toEqual({ operator: 'greater_or_equal', value: -0.25 });
  });

  it.each(['X-ray', '> 5', '1..2', '', '<= 3', 'a-b', '-2--1', '1 to', '--1 to 2'])('rejects %j', (label) => {
    expect(() => parseRangeLabel(label)).toThrow(`Unsupported operator for a value: ${label}`);
  });
});
