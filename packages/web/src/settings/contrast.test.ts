import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  contrastWarning,
  hasGraphicContrast,
  hexChannels,
  relativeLuminance,
} from './contrast.ts';

describe(relativeLuminance.name, () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('weights green most and blue least (WCAG coefficients)', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('linearises sRGB channels: mid grey #777777 is about 0.184', () => {
    expect(relativeLuminance('#777777')).toBeCloseTo(0.1845, 3);
  });

  it('composites a translucent colour over the background', () => {
    expect(relativeLuminance('#00000000')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#00000000', '#000000')).toBe(0);
    expect(relativeLuminance('#000000')).toBeLessThan(relativeLuminance('#00000080'));
  });
});

describe(contrastRatio.name, () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#123456', '#123456')).toBeCloseTo(1, 10);
  });

  it('matches published ratios on white', () => {
    // Reference values from the WebAIM contrast checker.
    expect(contrastRatio('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#0000ff')).toBeCloseTo(8.59, 2);
    expect(contrastRatio('#ffff00')).toBeCloseTo(1.07, 2);
  });

  it('is symmetric', () => {
    expect(contrastRatio('#336699', '#eeeeee')).toBeCloseTo(contrastRatio('#eeeeee', '#336699'), 10);
  });
});

describe(hasGraphicContrast.name, () => {
  it('needs 3:1 against the background', () => {
    expect(hasGraphicContrast('#949494')).toBe(true); // 3.03:1
    expect(hasGraphicContrast('#959595')).toBe(false); // 2.99:1
    expect(hasGraphicContrast('#ffff00')).toBe(false);
    expect(hasGraphicContrast('#00ff00')).toBe(false);
    expect(hasGraphicContrast('#0000ff')).toBe(true);
  });
});

describe(hexChannels.name, () => {
  it('reads the hex forms of the palettes', () => {
    expect(hexChannels('#ff8000')).toEqual({ r: 255, g: 128, b: 0, a: 1 });
    expect(hexChannels('f80')).toEqual({ r: 255, g: 136, b: 0, a: 1 });
    expect(hexChannels('#ff800080')).toEqual({ r: 255, g: 128, b: 0, a: 128 / 255 });
    expect(hexChannels('#f808')).toEqual({ r: 255, g: 136, b: 0, a: 136 / 255 });
  });
});

describe(contrastWarning.name, () => {
  it('says nothing at 3:1 or more and names the ratio below', () => {
    expect(contrastWarning('#0000ff')).toBeUndefined();
    expect(contrastWarning('#949494')).toBeUndefined();
    expect(contrastWarning('#00ffff')).toBe(
      'Low contrast: #00ffff has 1.25:1 against the white background (at least 3:1 is needed), so its bars are hard to see.',
    );
  });

  it('counts transparency: a dark colour at 10% opacity is too light', () => {
    expect(contrastWarning('#0000ff')).toBeUndefined();
    expect(contrastWarning('#0000ff1a')).toMatch(/^Low contrast/);
  });
});
