import crypto from 'node:crypto';

/**
 * Whether an Authorization header is `Bearer <token>`, compared in constant time (both sides
 * hashed first, so neither the token's length nor its bytes leak through timing). For the
 * operator routes behind a shared secret: GET /v1/metrics (METRICS_TOKEN), GET /v1/cron/batch
 * (CRON_SECRET).
 */
export function bearerIs(header: string | null, token: string): boolean {
  if (!header || !token) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}
