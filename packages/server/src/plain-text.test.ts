import { describe, expect, it } from 'vitest';
import { headerText, plainText } from './plain-text.ts';

describe(plainText.name, () => {
  it('drops control characters and bidirectional overrides, collapses whitespace, keeps other letters', () => {
    expect(plainText('bad\r\nX-Injected: 1\u0000 \u202eevil\u202c  price 5 €')).toBe(
      'bad X-Injected: 1 evil price 5 €',
    );
  });

  it('cuts long text with an ellipsis', () => {
    expect(plainText('a'.repeat(20), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe(headerText.name, () => {
  it('is visible ASCII only, whatever the text', () => {
    const value = headerText('as of today; the service said "kaputt\r\n€\u00e9" \u2028');
    expect(value).toBe('as of today; the service said "kaputt ??"');
    expect(() => new Headers({ 'x-test': value })).not.toThrow();
  });
});
