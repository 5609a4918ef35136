import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.ts';

describe(`${BoundedMemo.name}`, () => {
  it('makes a value once per key and drops the least recently used beyond its capacity', () => {
    const memo = new BoundedMemo<string>(2);
    const made: string[] = [];
    const get = (key: string) =>
      memo.get(key, () => {
        made.push(key);
        return key.toUpperCase();
      });
    expect([get('a'), get('b'), get('a')]).toEqual(['A', 'B', 'A']);
    expect(made).toEqual(['a', 'b']);
    get('c'); // drops b, used less recently than a
    expect(memo.size).toBe(2);
    get('a');
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
