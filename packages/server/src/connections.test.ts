import { describe, expect, it } from 'vitest';
import { clientOf } from './connections.ts';

describe(`${clientOf.name}: the client a connection counts against`, () => {
  it('is the IPv4 address, written plain or mapped into IPv6', () => {
    expect(clientOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 network of an IPv6 address, however the address is written', () => {
    const network = '2001:db8:0:12::/64';
    for (const address of [
      '2001:db8::12:0:0:0:1',
      '2001:0db8:0000:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:0:12:abcd::7',
      '2001:db8:0:12::1%eth0',
    ])
      expect(clientOf(address), address).toBe(network);
    expect(clientOf('2001:db8:0:13::1')).toBe('2001:db8:0:13::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
