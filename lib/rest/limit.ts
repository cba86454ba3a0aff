import { AppError } from '../errors.ts';
import { clientKeyOf, rateLimit, rateLimitHeaders } from '../ratelimit/index.ts';
import type { RateLimitName } from '../ratelimit/index.ts';
import { clientIp } from '../http/client-ip.ts';
import { readBodyCapped } from '../http/body.ts';
import { restError } from './errors.ts';

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

/** Read a request body as text; PAYLOAD_TOO_LARGE past `max` bytes. */
export async function readTextCapped(request: Request, max: number): Promise<string> {
  const bytes = await readBodyCapped(request, max);
  if (bytes === null) throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${max / 1024} KB`);
  return new TextDecoder().decode(bytes);
}
