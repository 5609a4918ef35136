import { describe, expect, it } from 'vitest';
import { nextBar } from './bar-focus.ts';

// Three years: 2000 has series 0 and 1, 2001 only series 1, 2002 series 0, 1 and 2.
const stack = [
  { column: 0, series: 0 },
  { column: 0, series: 1 },
  { column: 1, series: 1 },
  { column: 2, series: 0 },
  { column: 2, series: 1 },
  { column: 2, series: 2 },
];

describe(nextBar.name, () => {
  it('moves up and down within a stack and stops at its ends', () => {
    expect(nextBar(stack, 0, 'ArrowUp', 'stack')).toBe(1);
    expect(nextBar(stack, 1, 'ArrowUp', 'stack')).toBe(1);
    expect(nextBar(stack, 5, 'ArrowDown', 'stack')).toBe(4);
    expect(nextBar(stack, 3, 'ArrowDown', 'stack')).toBe(3);
  });

  it('moves to the same series of the next column, else to its first bar', () => {
    expect(nextBar(stack, 1, 'ArrowRight', 'stack')).toBe(2);
    expect(nextBar(stack, 0, 'ArrowRight', 'stack')).toBe(2);
    expect(nextBar(stack, 2, 'ArrowRight', 'stack')).toBe(4);
    expect(nextBar(stack, 5, 'ArrowLeft', 'stack')).toBe(2);
    expect(nextBar(stack, 4, 'ArrowLeft', 'stack')).toBe(2);
    expect(nextBar(stack, 2, 'ArrowLeft', 'stack')).toBe(1);
  });

  it('stays at the first and last column', () => {
    expect(nextBar(stack, 0, 'ArrowLeft', 'stack')).toBe(0);
    expect(nextBar(stack, 5, 'ArrowRight', 'stack')).toBe(5);
  });

  it('goes to the ends with Home and End and ignores other keys', () => {
    expect(nextBar(stack, 3, 'Home', 'stack')).toBe(0);
    expect(nextBar(stack, 0, 'End', 'stack')).toBe(5);
    expect(nextBar(stack, 0, 'a', 'stack')).toBeUndefined();
    expect(nextBar([], 0, 'End', 'stack')).toBeUndefined();
  });

  it('in a list moves one bar with any arrow', () => {
    const list = [0, 1, 2].map((column) => ({ column, series: 0 }));
    expect(nextBar(list, 0, 'ArrowDown', 'list')).toBe(1);
    expect(nextBar(list, 0, 'ArrowRight', 'list')).toBe(1);
    expect(nextBar(list, 2, 'ArrowRight', 'list')).toBe(2);
    expect(nextBar(list, 1, 'ArrowUp', 'list')).toBe(0);
  });
});
