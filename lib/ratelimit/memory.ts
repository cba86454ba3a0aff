import type { FailureResult, HitResult, LockoutPolicy, RateLimitRule, RateLimitStore } from './store.ts';
import { lockMsFor, PENDING_MS } from './store.ts';

/**
 * In-process store: exact, for one instance (the embedded default), and the fallback of the
 * shared stores while they are unreachable. `now` is injectable for tests.
 */
export class MemoryStore implements RateLimitStore {
  readonly kind = 'memory' as const;
  /** Each key's hits, and the window of the rule that counts them (a sweep keeps a log as long as its own window, not another rule's). */
  private readonly hits = new Map<string, { log: number[]; windowMs: number }>();
  /** Failure counts, locks and claimed keys: a value and when it expires. */
  private readonly values = new Map<string, { value: number; expiresAt: number }>();
  /** The checks under way of each key: check id → when it stops counting. */
  private readonly checks = new Map<string, Map<string, number>>();
  private sweeps = 0;

  constructor(private readonly clock: () => number = () => Date.now()) {}

  async hit(key: string, rule: RateLimitRule): Promise<HitResult> {
    const now = this.clock();
    const since = now - rule.windowMs;
    const log = (this.hits.get(key)?.log ?? []).filter((t) => t > since);
    const allowed = log.length < rule.limit;
    if (allowed) log.push(now);
    this.hits.set(key, { log, windowMs: rule.windowMs });
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    return { allowed, count: log.length, oldest: log[0] ?? now, now };
  }

  async fail(key: string, lockKey: string, policy: LockoutPolicy): Promise<FailureResult> {
    const now = this.clock();
    const failures = (this.read(key, now) ?? 0) + 1;
    this.values.set(key, { value: failures, expiresAt: now + policy.windowMs });
    const lockMs = lockMsFor(failures, policy);
    if (lockMs > 0) this.values.set(lockKey, { value: now + lockMs, expiresAt: now + lockMs });
    return { failures, lockedUntil: lockMs > 0 ? now + lockMs : 0, now };
  }

  async attempt(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, checkId: string) {
    const now = this.clock();
    const locked = this.read(lockKey, now) ?? 0;
    if (locked > now) return { allowed: false, busy: false, lockedUntil: locked, now };
    const under = this.underWay(pendingKey, now);
    const pending = under?.size ?? 0;
    if (pending > 0 && (this.read(key, now) ?? 0) + pending >= policy.lockAfter) return { allowed: false, busy: true, lockedUntil: 0, now };
    if (under) under.set(checkId, now + (policy.pendingMs ?? PENDING_MS));
    else this.checks.set(pendingKey, new Map([[checkId, now + (policy.pendingMs ?? PENDING_MS)]]));
    return { allowed: true, busy: false, lockedUntil: 0, now };
  }

  async settle(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, failed: boolean, checkId: string) {
    const now = this.clock();
    const under = this.checks.get(pendingKey);
    under?.delete(checkId);
    if (under?.size === 0) this.checks.delete(pendingKey);
    if (failed) return this.fail(key, lockKey, policy);
    return { failures: this.read(key, now) ?? 0, lockedUntil: 0, now };
  }

  async lockedUntil(lockKey: string) {
    const now = this.clock();
    return { lockedUntil: this.read(lockKey, now) ?? 0, now };
  }

  async clear(keys: string[]) {
    for (const key of keys) {
      this.values.delete(key);
      this.hits.delete(key);
    }
  }

  async once(key: string, ttlMs: number) {
    const now = this.clock();
    if (this.read(key, now) !== null) return false;
    this.values.set(key, { value: 1, expiresAt: now + ttlMs });
    return true;
  }

  /** The key's checks under way, those past their time dropped (undefined: none). */
  private underWay(pendingKey: string, now: number): Map<string, number> | undefined {
    const under = this.checks.get(pendingKey);
    if (!under) return undefined;
    for (const [id, until] of under) if (until <= now) under.delete(id);
    if (under.size > 0) return under;
    this.checks.delete(pendingKey);
    return undefined;
  }

  private read(key: string, now: number): number | null {
    const entry = this.values.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.values.delete(key);
      return null;
    }
    return entry.value;
  }

  // Forget keys whose every hit has left the window, so memory tracks active clients only.
  private sweep(now: number) {
    for (const [key, { log, windowMs }] of this.hits) {
      if (log.length === 0 || log[log.length - 1] <= now - windowMs) this.hits.delete(key);
    }
    for (const [key, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(key);
    for (const key of [...this.checks.keys()]) this.underWay(key, now);
  }
}
