import { env } from '../env.ts';

/**
 * The client's address for per-IP limits: the first X-Forwarded-For hop. `next start` fills
 * that header from the socket when the client sent none; behind a trusted proxy
 * (TRUST_PROXY=true, or Vercel) the proxy sets it. Without a proxy a client can still send
 * its own header: the account-security issue puts a server in front that overwrites it.
 */
export function clientIp(request: Request): string {
  void env();
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}
