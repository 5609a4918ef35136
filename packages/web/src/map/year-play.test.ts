import { describe, expect, it } from 'vitest';
import { withYear } from './funding-map-data.ts';
import { nextPlayYear, playStart } from './year-play.tsx';

describe('the years a playing map steps through', () => {
  it('goes from all years to the first, year by year, and stops after the last', () => {
    expect(nextPlayYear(undefined, 2015, 2026)).toBe(2015);
    expect(nextPlayYear(2014, 2015, 2026)).toBe(2015);
    expect(nextPlayYear(2015, 2015, 2026)).toBe(2016);
    expect(nextPlayYear(2025, 2015, 2026)).toBe(2026);
    expect(nextPlayYear(2026, 2015, 2026)).toBeUndefined();
  });

  it('starts from the year after the one shown, or from the first again on the last', () => {
    expect(playStart(undefined, 2015, 2026)).toBe(2015);
    expect(playStart(2020, 2015, 2026)).toBe(2021);
    expect(playStart(2026, 2015, 2026)).toBe(2015);
  });
});

describe('withYear', () => {
  it('sets the year, or drops it for the slider’s all-years end, keeping the other parameters', () => {
    const params = new URLSearchParams('scheme=x&year=2019');
    expect(withYear(params, 2021).toString()).toBe('scheme=x&year=2021');
    expect(withYear(params, 2014).toString()).toBe('scheme=x');
    expect(withYear(params, Number('junk')).toString()).toBe('scheme=x');
    expect(params.toString(), 'the given parameters are not changed').toBe('scheme=x&year=2019');
  });
});
