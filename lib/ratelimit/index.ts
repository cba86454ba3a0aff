import { AppError } from '../errors.ts';

/**
 * Rate limits: a sliding-window log per key, behind a small store interface so the
 * account-security issue can add Redis without touching callers. Every limit of the app is a
 * named rule here; tests lower, raise or disable a rule with `configureRateLimit`.
 */

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** A disabled rule always allows. */
  disabled?: boolean;
}

export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** When the oldest counted request leaves the window (epoch ms). */
  resetAt: number;
  /** Whole seconds to wait before retrying; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Count a hit at `now` for `key` if fewer than `limit` hits lie in the window; report the state. */
  hit(key: string, now: number, rule: RateLimitRule): Promise<{ allowed: boolean; count: number; oldest: number }>;
  reset(): Promise<void>;
}

/** In-process store: exact, for one instance (the embedded default). */
export class MemoryStore implements RateLimitStore {
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  async hit(key: string, now: number, rule: RateLimitRule) {
    const since = now - rule.windowMs;
    const log = (this.hits.get(key) ?? []).filter((t) => t > since);
    const allowed = log.length < rule.limit;
    if (allowed) log.push(now);
    this.hits.set(key, log);
    if (++this.sweeps % 1000 === 0) this.sweep(now, rule.windowMs);
    return { allowed, count: log.length, oldest: log[0] ?? now };
  }

  async reset() {
    this.hits.clear();
  }

  // Forget keys whose every hit has left the window, so memory tracks active clients only.
  private sweep(now: number, windowMs: number) {
    for (const [key, log] of this.hits) {
      if (log.length === 0 || log[log.length - 1] <= now - windowMs) this.hits.delete(key);
    }
  }
}

/** The limits the product documents, by name. */
export const DEFAULT_RULES = {
  /** POST /v1/stamp: 10 per 60 s per IP. */
  stamp: { limit: 10, windowMs: 60_000 },
  /** The gallery's live SVG preview: generous, it follows typing. */
  stampPreview: { limit: 240, windowMs: 60_000 },
  /** The four verify endpoints share 60 per 60 s per IP. */
  verify: { limit: 60, windowMs: 60_000 },
  /** All /v1/graphql requests: 100 per minute per IP. */
  graphqlIp: { limit: 100, windowMs: 60_000 },
  /** Per-user categories: 10 per minute each. */
  pdf: { limit: 10, windowMs: 60_000 },
  billing: { limit: 10, windowMs: 60_000 },
  ai: { limit: 10, windowMs: 60_000 },
  boardSearch: { limit: 10, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RULES;

/** Who a request counts against for per-IP rules; the default is set by lib/http. */
export type ClientKeyFunction = (request: Request) => string;

const state = {
  store: new MemoryStore() as RateLimitStore,
  rules: { ...DEFAULT_RULES } as Record<RateLimitName, RateLimitRule>,
  now: () => Date.now(),
  clientKey: null as ClientKeyFunction | null,
};

/** Change one rule (tests lower or disable limits; deployments may tune them). */
export function configureRateLimit(name: RateLimitName, rule: Partial<RateLimitRule>): void {
  state.rules[name] = { ...state.rules[name], ...rule };
}

/** Swap the backing store (memory by default), the clock, or the client key function. */
export function setRateLimitBackend(options: { store?: RateLimitStore; now?: () => number; clientKey?: ClientKeyFunction }): void {
  if (options.store) state.store = options.store;
  if (options.now) state.now = options.now;
  if (options.clientKey) state.clientKey = options.clientKey;
}

/** The key of a request for per-IP rules: the injected function, else `fallback`. */
export function clientKeyOf(request: Request, fallback: ClientKeyFunction): string {
  return (state.clientKey ?? fallback)(request);
}

/** Back to the documented rules and an empty memory store. */
export async function resetRateLimits(): Promise<void> {
  state.rules = { ...DEFAULT_RULES };
  state.store = new MemoryStore();
  state.now = () => Date.now();
  state.clientKey = null;
}

/** Count one request against rule `name` for `key` (an IP or a user id). */
export async function rateLimit(name: RateLimitName, key: string): Promise<RateLimitResult> {
  const rule = state.rules[name];
  const now = state.now();
  if (rule.disabled) {
    return { success: true, limit: rule.limit, remaining: rule.limit, resetAt: now, retryAfterSeconds: 0 };
  }
  const { allowed, count, oldest } = await state.store.hit(`${name}:${key}`, now, rule);
  const resetAt = oldest + rule.windowMs;
  return {
    success: allowed,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/** The standard headers for a limited response: Retry-After and RateLimit-*. */
export function rateLimitHeaders(result: RateLimitResult, now = state.now()): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(result.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(Math.max(0, Math.ceil((result.resetAt - now) / 1000))),
  };
  if (!result.success) headers['Retry-After'] = String(result.retryAfterSeconds);
  return headers;
}

/** Per-user categories (decisions.md "Limits"): 10 a minute each; past it, BILLING_RATE_LIMIT_EXCEEDED. */
export type UserCategory = 'pdf' | 'billing' | 'ai' | 'boardSearch';

/** Count one operation of a per-user category against the user; throws BILLING_RATE_LIMIT_EXCEEDED past the limit. */
export async function limitUser(category: UserCategory, userId: string): Promise<void> {
  const result = await rateLimit(category, `user:${userId}`);
  if (!result.success) {
    throw new AppError('BILLING_RATE_LIMIT_EXCEEDED', `Too many requests of this kind: at most ${result.limit} a minute. Retry after ${result.retryAfterSeconds} s.`, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
