import { describe, expect, it } from 'vitest';
import { readScale, readScheme, withScale, withScheme } from './url-state.ts';

const params = (text: string) => new URLSearchParams(text);

describe(readScale.name, () => {
  it('is linear unless the URL asks for log', () => {
    expect(readScale(params(''))).toBe('linear');
    expect(readScale(params('scale=log'))).toBe('log');
    expect(readScale(params('scale=LOG'))).toBe('linear');
    expect(readScale(params('scale=sqrt'))).toBe('linear');
  });
});

describe(withScale.name, () => {
  it('leaves the default out and keeps the other parameters', () => {
    expect(withScale(params('view=annual'), 'log').toString()).toBe('view=annual&scale=log');
    expect(withScale(params('view=annual&scale=log'), 'linear').toString()).toBe('view=annual');
  });

  it('does not change its input', () => {
    const input = params('scale=log');
    withScale(input, 'linear');
    expect(input.toString()).toBe('scale=log');
  });
});

describe(readScheme.name, () => {
  it('reads a known scheme and ignores anything else', () => {
    expect(readScheme(params('scheme=achromatic'))).toBe('achromatic');
    expect(readScheme(params('scheme=custom'))).toBe('custom');
    expect(readScheme(params('scheme=rainbow'))).toBeUndefined();
    expect(readScheme(params(''))).toBeUndefined();
  });
});

describe(withScheme.name, () => {
  it('names the scheme, replacing an earlier one', () => {
    expect(withScheme(params('hide=a&scheme=default'), 'custom').toString()).toBe('hide=a&scheme=custom');
  });
});
