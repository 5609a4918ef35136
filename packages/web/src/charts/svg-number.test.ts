import { describe, expect, it } from 'vitest';
import { px, translate } from './svg-number.ts';

describe('px', () => {
  it('writes a coordinate with two decimals at most', () => {
    expect(String(px(353.98314285714287))).toBe('353.98');
    expect(String(px(0.016857142857134022))).toBe('0.02');
    expect(String(px(11.836918866080156))).toBe('11.84');
    expect(String(px(320.96000000000004))).toBe('320.96');
    expect(String(px(0.1 + 0.2))).toBe('0.3');
    expect(String(px(-4.004))).toBe('-4');
  });

  it('keeps whole and short coordinates as they are, and writes no "-0"', () => {
    expect(px(16)).toBe(16);
    expect(px(71.5)).toBe(71.5);
    expect(String(px(-0.001))).toBe('0');
  });

  it('rounds every decimal a layout can give to at most two digits', () => {
    for (let i = 0; i < 2000; i++) {
      const value = (Math.sin(i) * 1000) / (1 + (i % 7));
      expect(String(px(value))).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
  });
});

describe('translate', () => {
  it('rounds both offsets', () => {
    expect(translate(71.696, 16)).toBe('translate(71.7, 16)');
  });
});
