/**
 * What a rate-limit store does. Every answer carries the store's own clock (`now`, epoch ms):
 * callers compute waits against it, never against their own clock, so instances whose clocks
 * disagree still share one limit on a shared store.
 */

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** A disabled rule always allows. */
  disabled?: boolean;
}

/**
 * Brute-force protection: the `lockAfter`-th failure within `windowMs` of each other locks the
 * key for `baseLockMs` (so the next attempt is refused), each further one for twice as long, at
 * most `maxLockMs`. A success clears the count.
 */
export interface LockoutPolicy {
  /** The failure that locks: 5 means five are answered and the sixth attempt is refused. */
  lockAfter: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  /** How long a check counts as under way at most (PENDING_MS unless set; tests shorten it). */
  pendingMs?: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits in the window after this one. */
  count: number;
  /** When the oldest counted hit happened (store clock). */
  oldest: number;
  /** The store's clock at the hit. */
  now: number;
}

export interface FailureResult {
  failures: number;
  /** 0 when this failure does not lock (store clock otherwise). */
  lockedUntil: number;
  now: number;
}

export interface RateLimitStore {
  readonly kind: 'memory' | 'redis' | 'upstash';
  /** Count a hit for `key` if fewer than `rule.limit` hits lie in the sliding window. */
  hit(key: string, rule: RateLimitRule): Promise<HitResult>;
  /** Record one failed attempt under `key` (its lock lives at `lockKey`). */
  fail(key: string, lockKey: string, policy: LockoutPolicy): Promise<FailureResult>;
  /**
   * Begin a guarded check, in one step: refused while `lockKey` is locked (`locked`); refused as
   * `busy` while checks already under way (`pendingKey`) would, if they all failed, lock it;
   * otherwise counted under way as `checkId` and allowed. `settle` ends it. Each check under way
   * stops counting on its own after `pendingMs`, whatever other checks come meanwhile: one whose
   * settle never came (its process died, or the store's answer came too late) cannot hold the
   * key busy for longer than that.
   */
  attempt(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, checkId: string): Promise<{ allowed: boolean; busy: boolean; lockedUntil: number; now: number }>;
  /** End the check `checkId` that `attempt` allowed: no longer under way, and, when it `failed`, one failure (as `fail`). */
  settle(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, failed: boolean, checkId: string): Promise<FailureResult>;
  /** Until when `lockKey` is locked (0: not locked), with the store's clock. */
  lockedUntil(lockKey: string): Promise<{ lockedUntil: number; now: number }>;
  /** Forget keys (failure counts and locks). */
  clear(keys: string[]): Promise<void>;
  /** True the first time `key` is claimed within `ttlMs`; false afterwards. */
  once(key: string, ttlMs: number): Promise<boolean>;
  close?(): Promise<void>;
}

/** How long a check counts as under way at most (a process that died mid-check stops counting after it). */
export const PENDING_MS = 30_000;

/** Lock length after `failures` failures under `policy` (0: none). */
export function lockMsFor(failures: number, policy: LockoutPolicy): number {
  if (failures < policy.lockAfter) return 0;
  return Math.min(policy.baseLockMs * 2 ** (failures - policy.lockAfter), policy.maxLockMs);
}
