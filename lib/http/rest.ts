import { clientKeyOf, rateLimit, rateLimitHeaders } from '../ratelimit/index.ts';
import type { RateLimitName } from '../ratelimit/index.ts';
import { clientIp } from './client-ip.ts';
import { readBodyCapped } from './body.ts';

/** The REST error body: {"error": code, "message": text}. */
export function restError(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, message }, { status, headers });
}

/**
 * Count a request against a per-IP rule. Returns the headers to send either way, and a 429
 * response (decisions.md: rate_limited, Retry-After and RateLimit-*) when over the limit.
 */
export async function limitByIp(rule: RateLimitName, request: Request, extraHeaders: Record<string, string> = {}) {
  const result = await rateLimit(rule, clientKeyOf(request, clientIp));
  const headers = rateLimitHeaders(result);
  if (result.success) return { headers, refused: null };
  return {
    headers,
    refused: restError(429, 'rate_limited', `Too many requests: at most ${result.limit} per minute. Retry after ${result.retryAfterSeconds} s.`, { ...extraHeaders, ...headers }),
  };
}

/** Read a request body as text, refusing it past `max` bytes (null then). */
export async function readTextCapped(request: Request, max: number): Promise<string | null> {
  const bytes = await readBodyCapped(request, max);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
