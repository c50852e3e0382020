import { describe, expect, it } from 'vitest';
import { addressKey } from './address';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8:1:2:0:0:0:abcd')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address, bounded', () => {
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('x'.repeat(500))).toHaveLength(64);
    expect(addressKey('')).toBe('unknown');
  });
});
