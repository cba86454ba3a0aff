/**
 * The client's address for per-IP limits: the first X-Forwarded-For hop. The production
 * server (scripts/server.ts) overwrites that header with the socket's address unless
 * TRUST_PROXY=true, where the proxy in front sets it; on Vercel the platform sets it.
 * (`next dev` keeps whatever a client sends: development only.)
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}
