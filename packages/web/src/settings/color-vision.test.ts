import { describe, expect, it } from 'vitest';
import {
  LEAST_DISTANCE,
  closestPair,
  colorDistance,
  lookAlikeColors,
  lookAlikeText,
  simulate,
  type ColorVision,
} from './color-vision.ts';
import { COLOR_SCHEMES, OTHER_COLOR, PALETTE_SIZE, isOtherSeries, seriesColors } from './colors.ts';

const VISIONS: ColorVision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

describe(`${simulate.name}`, () => {
  it('leaves black, white and greys as they are, and makes red and green alike without red or green cones', () => {
    for (const vision of VISIONS) {
      expect(colorDistance('#000000', '#000000', vision)).toBe(0);
      expect(colorDistance('#000000', '#ffffff', vision)).toBeCloseTo(100, 3);
      expect(colorDistance(OTHER_COLOR, OTHER_COLOR, vision)).toBe(0);
    }
    expect(colorDistance('#d62728', '#2ca02c')).toBeGreaterThan(50);
    expect(colorDistance('#d62728', '#2ca02c', 'deuteranopia')).toBeLessThan(20);
    expect(colorDistance('#d62728', '#2ca02c', 'protanopia')).toBeLessThan(25);
  });
});

describe('palettes told apart by every colour vision', () => {
  for (const scheme of ['default', 'achromatic'] as const)
    for (const vision of VISIONS)
      it(`${scheme}, with the grey of "Other": ${vision}`, () => {
        const closest = closestPair([...COLOR_SCHEMES[scheme], OTHER_COLOR], vision);
        expect(closest.distance, `${closest.a} and ${closest.b}`).toBeGreaterThanOrEqual(LEAST_DISTANCE);
      });

  it('fails a palette whose colours look alike to a deuteranope (the check can fail)', () => {
    expect(closestPair(COLOR_SCHEMES.custom, 'deuteranopia').distance).toBeLessThan(LEAST_DISTANCE);
  });
});

describe(`${lookAlikeColors.name}`, () => {
  it('passes the built-in palettes', () => {
    for (const scheme of ['default', 'achromatic'] as const)
      expect(lookAlikeColors(COLOR_SCHEMES[scheme], OTHER_COLOR), scheme).toBeUndefined();
  });

  it('names the pair that looks most alike, and to whom', () => {
    const pair = lookAlikeColors(COLOR_SCHEMES.custom, OTHER_COLOR)!;
    expect(pair.distance).toBeLessThan(LEAST_DISTANCE);
    expect(lookAlikeText(pair)).toMatch(/^Colour \d and colour \d look alike to people without/);
    // A colour close to the grey of "Other", short and transparent forms read as seen.
    const greyish = lookAlikeColors(['#000000', '#ccc', '#ffffff'], OTHER_COLOR)!;
    expect(greyish).toMatchObject({ a: 1, b: -1 });
    expect(lookAlikeText(greyish)).toMatch(/^Colour 2 and the grey of “Other” look alike to anyone/);
    expect(lookAlikeColors(['#0072b2', '#0072b220'], OTHER_COLOR)).toBeDefined();
  });
});

describe(`${seriesColors.name}`, () => {
  it('gives each series its own colour and "Other" grey, wherever it is', () => {
    const labels = ['X-ray', 'EM', 'Other', 'NMR', 'A', 'B', 'C', 'D', 'E'];
    const colors = seriesColors(labels, COLOR_SCHEMES.default);
    expect(colors[2]).toBe(OTHER_COLOR);
    expect(new Set(colors).size).toBe(labels.length);
    expect(colors.filter((c) => c !== OTHER_COLOR)).toEqual(COLOR_SCHEMES.default.slice(0, PALETTE_SIZE));
  });

  it('reads the leftover series as "Other"', () => {
    expect(isOtherSeries('Other')).toBe(true);
    expect(isOtherSeries('Other (none of the 10 shown)')).toBe(true);
    expect(isOtherSeries('Other (4 smaller values)')).toBe(true);
    expect(isOtherSeries('Others-like value')).toBe(false);
    expect(isOtherSeries('X-ray')).toBe(false);
  });
});
