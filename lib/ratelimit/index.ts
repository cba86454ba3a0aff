import crypto from 'node:crypto';
import { AppError } from '../errors.ts';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { addressLimitKey } from '../http/client-ip.ts';
import { MemoryStore } from './memory.ts';
import type { LockoutPolicy, RateLimitRule, RateLimitStore } from './store.ts';

export { MemoryStore };
export type { LockoutPolicy, RateLimitRule, RateLimitStore };

/**
 * Every limit of the app, one module: per-IP and per-user request limits (a sliding-window
 * log per key), sign-in lockouts with exponential backoff, and single-use claims. The store is
 * memory by default (one instance), Redis with REDIS_URL, Upstash with UPSTASH_REDIS_REST_URL;
 * the shared stores count on their own clock. A key that is an IPv6 address counts by its /64
 * (`addressLimitKey`), wherever it is used. Every limit is a named rule or policy here; tests
 * lower, raise or disable one with `configureRateLimit` / `configureLockout`.
 *
 * When a shared store fails or answers slower than 1 s, checks fall back to this instance's
 * memory store for 10 s (logged), then try the store again: a Redis outage neither blocks or
 * slows every request nor lifts the limits; each instance keeps its own count until Redis is back.
 */

export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** When the oldest counted request leaves the window (epoch ms, the store's clock). */
  resetAt: number;
  /** Whole seconds until the window frees a slot (RateLimit-Reset). */
  resetSeconds: number;
  /** Whole seconds to wait before retrying; 0 when allowed. */
  retryAfterSeconds: number;
}

/** The limits the product documents, by name. */
export const DEFAULT_RULES = {
  /** POST /v1/stamp: 10 per 60 s per IP. */
  stamp: { limit: 10, windowMs: 60_000 },
  /** The gallery's live SVG preview: generous, it follows typing. */
  stampPreview: { limit: 240, windowMs: 60_000 },
  /** The directory's generated avatars: a results page shows up to 100. */
  avatar: { limit: 600, windowMs: 60_000 },
  /** The four verify endpoints share 60 per 60 s per IP. */
  verify: { limit: 60, windowMs: 60_000 },
  /** All /v1/graphql requests: 100 per minute per IP. */
  graphqlIp: { limit: 100, windowMs: 60_000 },
  /** requestPasswordReset per address asked for (a hash of it, registered or not): 3 an hour. */
  passwordResetEmail: { limit: 3, windowMs: 3_600_000 },
  /** requestPasswordReset per client address: 10 an hour. */
  passwordResetIp: { limit: 10, windowMs: 3_600_000 },
  /** resendConfirmation per account: 3 an hour. */
  confirmationEmail: { limit: 3, windowMs: 3_600_000 },
  /** resendConfirmation per client address: 10 an hour. */
  confirmationIp: { limit: 10, windowMs: 3_600_000 },
  /** inviteOrganizationMember per organization: 50 an hour. */
  invitation: { limit: 50, windowMs: 3_600_000 },
  /** prekeyBundle per caller and user asked for: 10 an hour (each hands out one-time pre-keys, which a colleague could otherwise drain). */
  prekeyBundle: { limit: 10, windowMs: 3_600_000 },
  /** exportCredentialStamp per client address, each field of a request (aliases included): a raster stamp takes ~0.1 s of the server's thread to draw. */
  stampExport: { limit: 20, windowMs: 60_000 },
  /** searchProfessionals per client address, each field of a request (aliases included): each runs its own page and count queries. */
  directorySearch: { limit: 120, windowMs: 60_000 },
  /** Per-user categories: 10 per minute each. */
  pdf: { limit: 10, windowMs: 60_000 },
  billing: { limit: 10, windowMs: 60_000 },
  ai: { limit: 10, windowMs: 60_000 },
  boardSearch: { limit: 10, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RULES;

/** Who a request counts against for per-IP rules; the default is set by lib/http. */
export type ClientKeyFunction = (request: Request) => string;

/** Sign-in brute-force protection (lib/auth): per account and per client address. */
export const DEFAULT_LOCKOUTS = {
  /** login, changePassword and deleteAccount per account (email): the 5th miss locks for 30 s, the 6th 60 s, 120 s… up to 15 min. */
  account: { lockAfter: 5, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 },
  /** login per client address, across accounts: the 20th miss locks, with the same backoff. */
  address: { lockAfter: 20, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 },
  /** verifyMfaLogin, enableMfa and disableMfa per account: the 5th wrong code locks, with the same backoff. */
  mfa: { lockAfter: 5, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 },
  /** verifyMfaLogin per client address: the 20th wrong code locks. */
  mfaAddress: { lockAfter: 20, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 },
} satisfies Record<string, LockoutPolicy>;

export type LockoutName = keyof typeof DEFAULT_LOCKOUTS;

/** The documented rules, with the per-IP GraphQL limit a deployment may set (GRAPHQL_RATE_LIMIT). */
function rulesFromEnv(): Record<RateLimitName, RateLimitRule> {
  const rules: Record<RateLimitName, RateLimitRule> = { ...DEFAULT_RULES };
  try {
    rules.graphqlIp = { ...rules.graphqlIp, limit: env().GRAPHQL_RATE_LIMIT };
  } catch {
    // an invalid environment is reported where it is parsed (instrumentation stops the server)
  }
  return rules;
}

function newState() {
  return {
    /** null: not chosen yet (from the environment, on first use). */
    store: null as RateLimitStore | Promise<RateLimitStore> | null,
    fallback: null as MemoryStore | null,
    rules: rulesFromEnv(),
    lockouts: { ...DEFAULT_LOCKOUTS } as Record<LockoutName, LockoutPolicy>,
    now: () => Date.now(),
    clientKey: null as ClientKeyFunction | null,
    lastFallbackLog: 0,
    sharedDownUntil: 0,
  };
}

// One state per process, on globalThis: Next bundles this module into each route's chunk (the
// GraphQL route, the dashboard's sign-in, the REST routes), and they must count together: a
// lockout earned through one door holds at the other, and the verify endpoints share one budget.
const STATE = Symbol.for('sealwright.ratelimit.state');
const state = ((globalThis as Record<symbol, unknown>)[STATE] ??= newState()) as ReturnType<typeof newState>;

const memoryStore = () => new MemoryStore(() => state.now());

/** The store the environment names: Redis, Upstash, or memory. */
async function storeFromEnv(): Promise<RateLimitStore> {
  const e = env();
  if (e.REDIS_URL) {
    const { redisStore } = await import('./redis.ts');
    return redisStore(e.REDIS_URL, { prefix: e.REDIS_PREFIX });
  }
  if (e.UPSTASH_REDIS_REST_URL && e.UPSTASH_REDIS_REST_TOKEN) {
    const { upstashStore } = await import('./redis.ts');
    return upstashStore(e.UPSTASH_REDIS_REST_URL, e.UPSTASH_REDIS_REST_TOKEN, { prefix: e.REDIS_PREFIX });
  }
  return memoryStore();
}

async function currentStore(): Promise<RateLimitStore> {
  if (!state.store) {
    state.store = storeFromEnv();
    state.store.then((s) => (state.store = s)).catch(() => (state.store = null));
  }
  return state.store;
}

/** How long a shared store may take to answer before this instance counts on its own. */
const SHARED_STORE_TIMEOUT_MS = 1_000;

/**
 * `op` on a shared store, given a second (a request limit's own timeout is the store's; a
 * lockout's or a single-use claim's is this one): a Redis that hangs, paused or unreachable
 * without a refusal, fails like one that refuses. When it fails so, `undo` runs once what `op`
 * sent has come back or failed on its own (it may have done its work on the store all the same:
 * a late answer, a lost reply).
 */
async function withinSharedTimeout<T>(store: RateLimitStore, op: (store: RateLimitStore) => Promise<T>, undo?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = op(store);
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${SHARED_STORE_TIMEOUT_MS} ms`)), SHARED_STORE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([running, slow]);
  } catch (err) {
    if (undo) running.then(undo, undo);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The shared store failed: left alone for 10 s (requests do not each wait for it), logged once a minute. */
function sharedStoreDown(store: RateLimitStore, err: unknown): void {
  state.sharedDownUntil = Date.now() + 10_000;
  if (state.now() - state.lastFallbackLog > 60_000) {
    state.lastFallbackLog = state.now();
    logger.error('rate-limit store unavailable: counting in this instance until it is back', { store: store.kind, error: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * Run `op` on the store; on a shared store's failure or silence past a second, on this
 * instance's memory instead. Answers the value and the store that gave it.
 */
async function onSomeStore<T>(op: (store: RateLimitStore) => Promise<T>, undo?: (store: RateLimitStore) => void): Promise<{ value: T; store: RateLimitStore }> {
  const store = await currentStore();
  if (store.kind === 'memory') return { value: await op(store), store };
  state.fallback ??= memoryStore();
  if (Date.now() < state.sharedDownUntil) return { value: await op(state.fallback), store: state.fallback };
  try {
    return { value: await withinSharedTimeout(store, op, undo && (() => undo(store))), store };
  } catch (err) {
    sharedStoreDown(store, err);
    return { value: await op(state.fallback), store: state.fallback };
  }
}

/** Run `op` on the store; on a shared store's failure or silence past a second, on this instance's memory instead. */
async function withStore<T>(op: (store: RateLimitStore) => Promise<T>): Promise<T> {
  return (await onSomeStore(op)).value;
}

/** Change one rule (tests lower or disable limits; deployments may tune them). */
export function configureRateLimit(name: RateLimitName, rule: Partial<RateLimitRule>): void {
  state.rules[name] = { ...state.rules[name], ...rule };
}

/** Change one lockout policy (tests shorten locks). */
export function configureLockout(name: LockoutName, policy: Partial<LockoutPolicy>): void {
  state.lockouts[name] = { ...state.lockouts[name], ...policy };
}

/** Swap the backing store (from the environment by default), the memory store's clock, or the client key function. */
export function setRateLimitBackend(options: { store?: RateLimitStore; now?: () => number; clientKey?: ClientKeyFunction }): void {
  if (options.store) {
    state.store = options.store;
    // A store given is taken as up, whatever the one before did.
    state.sharedDownUntil = 0;
  }
  if (options.now) state.now = options.now;
  if (options.clientKey) state.clientKey = options.clientKey;
}

/** The key of a request for per-IP rules: the injected function, else `fallback`. */
export function clientKeyOf(request: Request, fallback: ClientKeyFunction): string {
  return (state.clientKey ?? fallback)(request);
}

/** Back to the documented rules and policies and an empty memory store (tests). */
export async function resetRateLimits(): Promise<void> {
  state.rules = { ...DEFAULT_RULES };
  state.lockouts = { ...DEFAULT_LOCKOUTS };
  state.store = memoryStore();
  state.fallback = null;
  state.sharedDownUntil = 0;
  state.now = () => Date.now();
  state.clientKey = null;
}

/** Count one request against rule `name` for `key` (an IP or a user id). */
export async function rateLimit(name: RateLimitName, key: string): Promise<RateLimitResult> {
  const rule = state.rules[name];
  if (rule.disabled) {
    return { success: true, limit: rule.limit, remaining: rule.limit, resetAt: state.now(), resetSeconds: 0, retryAfterSeconds: 0 };
  }
  const { allowed, count, oldest, now } = await withStore((store) => store.hit(`${name}:${addressLimitKey(key)}`, rule));
  const resetAt = oldest + rule.windowMs;
  const resetSeconds = Math.max(0, Math.ceil((resetAt - now) / 1000));
  return {
    success: allowed,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    resetSeconds,
    retryAfterSeconds: allowed ? 0 : Math.max(1, resetSeconds),
  };
}

/** The standard headers for a limited response: Retry-After and RateLimit-*. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(result.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(result.resetSeconds),
  };
  if (!result.success) headers['Retry-After'] = String(result.retryAfterSeconds);
  return headers;
}

/** A rule's window in words: "per minute", "per hour", or "per N s". */
function perWindow(windowMs: number): string {
  if (windowMs === 60_000) return 'per minute';
  if (windowMs === 3_600_000) return 'per hour';
  return `per ${Math.round(windowMs / 1000)} s`;
}

/**
 * Count one operation against a per-IP rule from inside a request (a GraphQL field: verifySeal
 * shares 'verify' with the REST endpoints, once per field, aliases included); RATE_LIMITED past it.
 */
export async function limitIp(name: RateLimitName, clientKey: string): Promise<void> {
  const result = await rateLimit(name, clientKey);
  if (!result.success) {
    throw new AppError('RATE_LIMITED', `Too many requests: at most ${result.limit} ${perWindow(state.rules[name].windowMs)}. Retry after ${result.retryAfterSeconds} s.`, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

/** Per-user categories (decisions.md "Limits"): 10 a minute each; past it, BILLING_RATE_LIMIT_EXCEEDED. */
export type UserCategory = 'pdf' | 'billing' | 'ai' | 'boardSearch';

/**
 * The operations each per-user category holds, exactly as decisions.md "Limits the documents
 * leave open" names them: PDF operations = every pdf* query and every PDF mutation (those that
 * answer a PdfOperationResult), billing, AI and board search by name. Nothing else is held per
 * user: not sealing, not uploads, not the stamp export (a PDF, but a credential's stamp).
 */
export const OPERATION_CATEGORIES = {
  // PDF operations: the pdf* queries
  pdfDetailedPageInfo: 'pdf',
  pdfInfo: 'pdf',
  pdfMetadata: 'pdf',
  pdfPageInfo: 'pdf',
  pdfSignatures: 'pdf',
  pdfText: 'pdf',
  pdfValidate: 'pdf',
  // PDF operations: the PDF mutations
  addPdfPage: 'pdf',
  addPdfWatermark: 'pdf',
  createPdf: 'pdf',
  drawOnPdf: 'pdf',
  drawPdfImage: 'pdf',
  extractPages: 'pdf',
  fillPdfForm: 'pdf',
  flattenPdfForm: 'pdf',
  mergePdfs: 'pdf',
  movePdfPage: 'pdf',
  // billing
  createPaymentIntent: 'billing',
  createSetupIntent: 'billing',
  createCustomerSession: 'billing',
  updateSubscription: 'billing',
  // AI
  createChatSession: 'ai',
  sendChatMessage: 'ai',
  searchDocumentChunks: 'ai',
  // board search
  searchProfessionalsBoard: 'boardSearch',
} as const satisfies Record<string, UserCategory>;

export type LimitedOperation = keyof typeof OPERATION_CATEGORIES;

/** The per-user category an operation counts against, or null when it has none (most operations). */
export function categoryOf(operation: string): UserCategory | null {
  return Object.hasOwn(OPERATION_CATEGORIES, operation) ? OPERATION_CATEGORIES[operation as LimitedOperation] : null;
}

/**
 * Count one call of a GraphQL operation against its user, by the operation's name (the field a
 * resolver answers): BILLING_RATE_LIMIT_EXCEEDED past its category's 10 a minute. An operation
 * of no category is not counted. The one way into the per-user limits.
 */
export async function limitOperation(operation: LimitedOperation, userId: string): Promise<void> {
  const category = categoryOf(operation);
  if (!category) return;
  const result = await rateLimit(category, `user:${userId}`);
  if (!result.success) {
    throw new AppError('BILLING_RATE_LIMIT_EXCEEDED', `Too many requests of this kind: at most ${result.limit} a minute. Retry after ${result.retryAfterSeconds} s.`, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

/** The store keys of `key` under a lockout policy: its failures, its lock, its checks under way. */
function lockoutKeys(policy: LockoutName, key: string) {
  const k = addressLimitKey(key);
  return { failKey: `fail:${policy}:${k}`, lockKey: `lock:${policy}:${k}`, pendingKey: `checks:${policy}:${k}` };
}

/** Seconds `key` stays locked under `policy` (0: not locked). */
export async function lockedForSeconds(policy: LockoutName, key: string): Promise<number> {
  const { lockedUntil, now } = await withStore((store) => store.lockedUntil(lockoutKeys(policy, key).lockKey));
  return lockedUntil > now ? Math.max(1, Math.ceil((lockedUntil - now) / 1000)) : 0;
}

/** Record a failed attempt; answers the seconds the key is now locked (0: not locked). */
export async function recordFailure(policy: LockoutName, key: string): Promise<number> {
  const { failKey, lockKey } = lockoutKeys(policy, key);
  const { lockedUntil, now } = await withStore((store) => store.fail(failKey, lockKey, state.lockouts[policy]));
  return lockedUntil > now ? Math.max(1, Math.ceil((lockedUntil - now) / 1000)) : 0;
}

/** How long a guarded check waits for the checks under way before it is refused, and how often it looks. */
const GUARD_WAIT_MS = 5_000;
const GUARD_POLL_MS = 25;

/**
 * Run `check` (a password, an MFA code: true when right) under lockout policies, so concurrent
 * attempts get no more checks than sequential ones. Checking first and counting a failure after
 * let every request that came while the first was checked (an argon2 hash takes tens of ms)
 * pass the lock: a burst of 60 got 59 password checks where the lock allows 5 (an attack probe).
 * Now a check begins only when it could not be locked out by the checks already under way,
 * were they all to fail; otherwise it waits for them (up to 5 s), so a burst of right passwords
 * for one account still signs in, while a burst of wrong ones gets 5 checks and then the lock.
 * Locked: `refuse(seconds)` at once. A check that answers false counts as a failure.
 */
export async function guardedCheck(keys: [LockoutName, string][], refuse: (seconds: number) => Error, check: () => Promise<boolean>): Promise<boolean> {
  const names = keys.map(([policy, key]) => ({ policy, ...lockoutKeys(policy, key) }));
  type Begun = { name: (typeof names)[number]; store: RateLimitStore; checkId: string };
  const deadline = Date.now() + GUARD_WAIT_MS;
  let begun: Begun[];
  for (;;) {
    // A fresh id each round: a late answer's undoing (below) cannot end a later round's check.
    const checkId = crypto.randomUUID();
    const answers = await Promise.all(
      names.map(async (name) => {
        const policy = state.lockouts[name.policy];
        const { value, store } = await onSomeStore(
          (s) => s.attempt(name.failKey, name.lockKey, name.pendingKey, policy, checkId),
          // The shared store failed or answered too late, and the check goes on without it (on
          // this instance's memory): had it counted the check under way all the same, it would
          // count it until pendingMs passed, though no settle ever reaches it. End it there (a
          // check id not under way is a no-op).
          (shared) => void shared.settle(name.failKey, name.lockKey, name.pendingKey, policy, false, checkId).catch(() => {}),
        );
        return { answer: value, begun: { name, store, checkId } };
      }),
    );
    begun = answers.filter((a) => a.answer.allowed).map((a) => a.begun);
    if (begun.length === names.length) break;
    // Not begun under every policy: what began under the others is no longer under way.
    await settleChecks(begun, false);
    const locked = answers.map((a) => a.answer).filter((a) => a.lockedUntil > a.now);
    if (locked.length > 0) throw refuse(Math.max(...locked.map((a) => Math.max(1, Math.ceil((a.lockedUntil - a.now) / 1000)))));
    if (Date.now() >= deadline) throw refuse(1);
    await new Promise((resolve) => setTimeout(resolve, GUARD_POLL_MS));
  }
  // Only a check that answered wrong counts as a failure; one that could not answer (an error) does not.
  let wrong = false;
  try {
    const right = await check();
    wrong = !right;
    return right;
  } finally {
    await settleChecks(begun, wrong);
  }
}

/**
 * End checks on the store each began on (a check begun on this instance's memory while Redis was
 * away ends there, even if Redis is back by then). When the shared store fails now, the check
 * stops counting on its own after pendingMs, and a failure is counted in this instance instead.
 */
function settleChecks(begun: { name: { policy: LockoutName; failKey: string; lockKey: string; pendingKey: string }; store: RateLimitStore; checkId: string }[], failed: boolean) {
  return Promise.all(
    begun.map(async ({ name, store, checkId }) => {
      const policy = state.lockouts[name.policy];
      const settle = (s: RateLimitStore) => s.settle(name.failKey, name.lockKey, name.pendingKey, policy, failed, checkId);
      if (store.kind === 'memory') {
        const ended = await settle(store);
        // Begun in memory while Redis was away, and Redis is back: a failure counts there too,
        // where every instance sees it.
        const shared = await currentStore();
        if (failed && shared !== store && shared.kind !== 'memory' && Date.now() >= state.sharedDownUntil) {
          await withinSharedTimeout(shared, (s) => s.fail(name.failKey, name.lockKey, policy)).catch((err: unknown) => sharedStoreDown(shared, err));
        }
        return ended;
      }
      try {
        return await withinSharedTimeout(store, settle);
      } catch (err) {
        sharedStoreDown(store, err);
        state.fallback ??= memoryStore();
        return failed ? state.fallback.fail(name.failKey, name.lockKey, policy) : null;
      }
    }),
  );
}

/** A success: forget the key's failures and lock. */
export async function clearFailures(policy: LockoutName, key: string): Promise<void> {
  const { failKey, lockKey } = lockoutKeys(policy, key);
  await withStore((store) => store.clear([failKey, lockKey]));
}

/** True the first time `key` is claimed within `ttlMs` (single-use tokens), false after. */
export async function claimOnce(key: string, ttlMs: number): Promise<boolean> {
  return withStore((store) => store.once(`once:${key}`, ttlMs));
}
