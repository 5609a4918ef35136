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
    const cache = new ResponseCache(30);
    cache.set('a', { body: '0123456789', etag: 'a', fetchedAt: 0 });
    cache.set('b', { body: '0123456789', etag: 'b', fetchedAt: 0 });
    expect(cache.get('a')?.etag).toBe('a');
    cache.set('c', { body: '0123456789', etag: 'c', fetchedAt: 0 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.etag).toBe('a');
    expect(cache.get('c')?.etag).toBe('c');
    expect(cache.hits).toBe(3);
    expect(cache.misses).toBe(1);
  });

  it('tells whether it holds a key without touching the counts or the order', () => {
    const cache = new ResponseCache(20);
    cache.set('a', { body: '0123456789', etag: 'a', fetchedAt: 0 });
    expect([cache.has('a'), cache.has('b')]).toEqual([true, false]);
    expect([cache.hits, cache.misses]).toEqual([0, 0]);
    cache.set('b', { body: '0123456789', etag: 'b', fetchedAt: 0 });
    expect(cache.has('a')).toBe(false);
  });

  it('keeps 204 answers and refuses an answer larger than the whole cache', () => {
    const cache = new ResponseCache(10);
    cache.set('empty', { body: null, etag: 'e', fetchedAt: 0 });
    expect(cache.get('empty')).toEqual({ body: null, etag: 'e', fetchedAt: 0 });
    cache.set('huge', { body: 'x'.repeat(100), etag: 'h', fetchedAt: 0 });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
