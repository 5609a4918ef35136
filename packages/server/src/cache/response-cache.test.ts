import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { ResponseCache } from './response-cache.ts';

describe(`${canonicalJson.name}`, () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"y":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });
});

describe(`${ResponseCache.name}`, () => {
  it('evicts the least recently used answers beyond its size', () => {
    const cache = new ResponseCache(240);
    const body = 'x'.repeat(29);
    for (const key of 'abcdefg') cache.set(key, { body, etag: key, fetchedAt: 0 });
    cache.set('h', { body, etag: 'h', fetchedAt: 0 });
    expect(cache.get('a')?.etag).toBe('a');
    cache.set('c', { body, etag: 'c', fetchedAt: 0 });
    cache.set('i', { body, etag: 'i', fetchedAt: 0 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.etag).toBe('a');
    expect(cache.get('c')?.etag).toBe('c');
    expect(cache.size).toBe(8);
    expect(cache.hits).toBe(3);
    expect(cache.misses).toBe(1);
  });

  it('tells whether it holds a key without touching the counts or the order', () => {
    const cache = new ResponseCache(16);
    cache.set('a', { body: 'x', etag: 'a', fetchedAt: 0 });
    expect([cache.has('a'), cache.has('b')]).toEqual([true, false]);
    expect([cache.hits, cache.misses]).toEqual([0, 0]);
    for (const key of 'bcdefghi') cache.set(key, { body: 'x', etag: key, fetchedAt: 0 });
    expect(cache.has('a')).toBe(false);
  });

  it('keeps 204 answers and refuses an answer larger than an eighth of the cache', () => {
    const cache = new ResponseCache(80);
    cache.set('empty', { body: null, etag: 'e', fetchedAt: 0 });
    expect(cache.get('empty')).toEqual({ body: null, etag: 'e', fetchedAt: 0 });
    cache.set('huge', { body: 'x'.repeat(10), etag: 'h', fetchedAt: 0 });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps protected answers (the charts computed ahead) whatever other answers come', () => {
    const cache = new ResponseCache(800);
    const chart = { body: 'c'.repeat(90), etag: 'chart', fetchedAt: 0 };
    for (let i = 0; i < 4; i++) cache.set(`chart ${i}`, chart, true);
    // A flood of one-off answers, each as large as allowed, many times the cache.
    for (let i = 0; i < 100; i++)
      cache.set(`one-off ${i}`, { body: 'o'.repeat(90), etag: 'o', fetchedAt: 0 });
    for (let i = 0; i < 4; i++) expect(cache.peek(`chart ${i}`)?.etag).toBe('chart');
    // The one-off answers share what the charts leave; the newest are held.
    expect(cache.has('one-off 99')).toBe(true);
    expect(cache.has('one-off 0')).toBe(false);
    // Protected answers take half the cache at most, evicting only one another.
    for (let i = 4; i < 10; i++) cache.set(`chart ${i}`, chart, true);
    expect(cache.has('chart 0')).toBe(false);
    expect(cache.has('chart 9')).toBe(true);
    expect(cache.has('one-off 99')).toBe(true);
  });
});
