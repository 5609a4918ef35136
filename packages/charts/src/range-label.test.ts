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

  it.each(['X-ray', '> 5', '1..2', '', '<= 3', 'a-b'])('rejects %j', (label) => {
    expect(() => parseRangeLabel(label)).toThrow(`Unsupported operator for a value: ${label}`);
  });
});
