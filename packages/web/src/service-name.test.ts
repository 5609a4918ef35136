import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, publicServiceAddress, serviceName } from './service-name.ts';

describe(`${isLoopbackUrl.name}`, () => {
  it('knows the names of this machine', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://127.3.2.1',
      'http://localhost:4641/',
      'http://app.localhost',
      'http://[::1]:8080',
      'http://[::ffff:127.0.0.1]:80',
      'http://0.0.0.0:8080',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
  });

  it('leaves other addresses, and what is no URL, alone', () => {
    for (const url of [
      'https://search.rcsb.org',
      'http://10.0.0.7:8080',
      'http://128.0.0.1',
      'http://[::2]',
      'nope',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });
});

describe(`${serviceName.name}`, () => {
  it('names a public address, and this site for a loopback one', () => {
    expect(publicServiceAddress('https://stats.example.org')).toBe('https://stats.example.org');
    expect(serviceName('https://stats.example.org')).toBe('the search service at https://stats.example.org');
    expect(publicServiceAddress('http://127.0.0.1:4641')).toBeUndefined();
    expect(serviceName('http://127.0.0.1:4641')).toBe('this site’s search service');
  });
});
