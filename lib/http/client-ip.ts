import { env } from '../env.ts';

/**
 * The client's address for per-IP limits (decisions.md "REST details"). With TRUST_PROXY=N,
 * the Nth X-Forwarded-For entry from the right: each proxy appends the address it saw, so
 * entries left of those are the client's own words and never chosen. Without it, the
 * production server (scripts/server.ts) has overwritten the header with the socket's address,
 * the one entry there is. (`next dev`, and a standalone server not behind a proxy, keep
 * whatever a client sends: run those behind a proxy with TRUST_PROXY.)
 */
export function clientIp(request: Request, proxies = env().TRUST_PROXY): string {
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'unknown';
  const index = entries.length - Math.max(1, proxies);
  return entries[Math.max(0, index)];
}
