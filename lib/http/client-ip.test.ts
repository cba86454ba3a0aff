import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { clientIp } from './client-ip.ts';

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
