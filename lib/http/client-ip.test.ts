import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { addressLimitKey, clientIp, plainAddress } from './client-ip.ts';

const request = (xff?: string) => new Request('http://localhost/', { headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('clientIp', () => {
  it('takes the Nth X-Forwarded-For entry from the right, never one the client wrote to its left', () => {
    const chain = '6.6.6.6, 10.0.0.1, 192.0.2.9';
    expect(clientIp(request(chain), 1)).toBe('192.0.2.9');
    expect(clientIp(request(chain), 2)).toBe('10.0.0.1');
    expect(clientIp(request(chain), 9)).toBe('6.6.6.6');
    // Without proxies, npm start's server has written the socket's address as the only entry.
    expect(clientIp(request('198.51.100.4'), 0)).toBe('198.51.100.4');
    expect(clientIp(request(), 0)).toBe('unknown');
  });

  it('reads TRUST_PROXY as true = 1, a number, or 0', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true, false or a number/);
  });
});

describe('addressLimitKey', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = addressLimitKey('2001:db8:85a3:42:1:2:3:4');
    expect(key).toBe('2001:db8:85a3:42::/64');
    for (const same of ['2001:db8:85a3:42::1', '2001:0DB8:85A3:0042:ffff:ffff:ffff:ffff', '2001:db8:85a3:42::9%eth0', '2001:db8:85a3:42::192.0.2.1']) {
      expect(addressLimitKey(same)).toBe(key);
    }
    expect(addressLimitKey('2001:db8:85a3:43::1')).not.toBe(key);
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves IPv4 addresses and keys that are no address unchanged', () => {
    for (const key of ['192.0.2.9', 'unknown', 'user:6f1c2d3e-0000-4000-8000-000000000000', 'abcdef0123456789', 'test-client-1']) {
      expect(addressLimitKey(key)).toBe(key);
    }
  });
});

describe('plainAddress (probe C: spellings that escaped or merged keys)', () => {
  it('drops the brackets and ports some proxies write', () => {
    expect(plainAddress('[2001:db8:7:7::5]')).toBe('2001:db8:7:7::5');
    expect(plainAddress('[2001:db8:7:7::5]:51234')).toBe('2001:db8:7:7::5');
    expect(plainAddress('198.51.100.7:443')).toBe('198.51.100.7');
    expect(clientIp(request('6.6.6.6, [2001:DB8:7:7::5]:8080'), 1)).toBe('2001:db8:7:7::5');
    expect(addressLimitKey(clientIp(request('[2001:db8:7:7::9]:1'), 1))).toBe(addressLimitKey('2001:db8:7:7::5'));
  });

  it('reads an IPv4 address carried in IPv6 as that address, however it is written', () => {
    for (const spelled of [
      '::ffff:198.51.100.7',
      '::FFFF:198.51.100.7',
      '0:0:0:0:0:ffff:198.51.100.7',
      '::ffff:c633:6407',
      '::198.51.100.7',
      '64:ff9b::198.51.100.7',
      '2002:c633:6407::1',
      '2002:c633:6407:9::2',
    ]) {
      expect(plainAddress(spelled), spelled).toBe('198.51.100.7');
      expect(addressLimitKey(spelled), spelled).toBe('198.51.100.7');
    }
    // Twenty IPv4 clients written as mapped addresses are twenty keys, not one /64.
    expect(new Set(Array.from({ length: 20 }, (_, i) => addressLimitKey(clientIp(request(`::FFFF:203.0.113.${i + 1}`), 1)))).size).toBe(20);
    // The loopback and unspecified addresses stay IPv6.
    expect(plainAddress('::1')).toBe('::1');
    expect(plainAddress('::')).toBe('::');
  });

  it('leaves what is no address as it was written', () => {
    for (const entry of ['unknown', 'not an address', '[nope]:12', '300.1.1.1:80']) expect(plainAddress(entry)).toBe(entry);
  });
});
