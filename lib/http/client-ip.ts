import { isIPv4, isIPv6 } from 'node:net';
import { env } from '../env.ts';

/**
 * The client's address for per-IP limits (decisions.md "REST details"). With TRUST_PROXY=N,
 * the Nth X-Forwarded-For entry from the right: each proxy appends the address it saw, so
 * entries left of those are the client's own words and never chosen. Without it, the header
 * holds the socket's address alone: every start path replaces it before the app reads it
 * (lib/http/peer-address.ts, installed at start-up; scripts/server.ts as well), and on Vercel
 * the platform writes it.
 */
export function clientIp(request: Request, proxies = env().TRUST_PROXY): string {
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'unknown';
  const index = entries.length - Math.max(1, proxies);
  return plainAddress(entries[Math.max(0, index)]);
}

/**
 * An X-Forwarded-For entry as the address alone: some proxies write `[v6]:port` or `v4:port`
 * (Azure Application Gateway, IIS ARR), which would otherwise be a new key per connection; an
 * IPv4 address that IPv6 carries (mapped, compatible, or through a NAT64 or 6to4 gateway),
 * however it is spelled, is that IPv4 address, so that IPv4 clients are neither lumped into
 * one IPv6 /64 nor split from their own address.
 */
export function plainAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withoutPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withoutPort?.[1] ?? entry;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return entry;
  const g = ipv6Groups(address);
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible; not :: or ::1), 64:ff9b::a.b.c.d (NAT64)
  if (zeros(0, 5) && g[5] === 0xffff) return quad(g[6], g[7]);
  if (zeros(0, 6) && g[6] !== 0) return quad(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return quad(g[6], g[7]);
  // 2002:aabb:ccdd::/48 (6to4): the IPv4 gateway's own 2^80 addresses
  if (g[0] === 0x2002) return quad(g[1], g[2]);
  return address.toLowerCase();
}

/**
 * The key an address counts under in per-address limits and lockouts: an IPv6 address by its
 * /64, the block one subscriber (one home, one cloud VM) is handed whole, so that walking
 * through its 2^64 addresses does not multiply every budget; anything else (IPv4, a user id,
 * a hash) unchanged. Audit records keep the full address: this is for counting only.
 */
export function addressLimitKey(key: string): string {
  if (!isIPv6(key)) return key;
  // An IPv4 address carried in IPv6 counts as that address.
  const plain = plainAddress(key);
  if (isIPv4(plain)) return plain;
  const groups = ipv6Groups(key);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, a trailing dotted quad as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string | null) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === null ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The PDF pool tenant (lib/pdf/pool.ts `asPdfTenant`) of work done for a client address: its limit key, so a /64 is one tenant. */
export function addressTenant(address: string): string {
  return `address:${addressLimitKey(address)}`;
}
