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
  const entry = entries[Math.max(0, index)];
  // Next fills a missing header with the raw socket address, IPv4 possibly mapped into IPv6.
  return entry.startsWith('::ffff:') ? entry.slice(7) : entry;
}
