import { describe, expect, it, vi } from 'vitest';
import type { JWT } from 'next-auth/jwt';
import { seedUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';
import { hashRefreshToken } from '../auth/tokens.ts';
import { authOptions } from './auth-options.ts';

/** The dashboard session's token handling (next-auth callbacks), on the real database. */
const callbacks = () => authOptions().callbacks!;

describe('the dashboard session', () => {
  it('keeps a fresh access token, and rotates the pair a minute before it expires', async () => {
    const user = await seedUser();
    const fresh: JWT = { sub: user.id, accessToken: user.accessToken, refreshToken: user.refreshToken, accessTokenExpires: Date.now() + 10 * 60_000 };
    expect(await callbacks().jwt!({ token: fresh } as never)).toBe(fresh);

    const due: JWT = { ...fresh, accessTokenExpires: Date.now() + 30_000 };
    const rotated = (await callbacks().jwt!({ token: due } as never)) as JWT;
    expect(rotated.error).toBeUndefined();
    expect(rotated.accessToken).not.toBe(user.accessToken);
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect(rotated.accessTokenExpires as number).toBeGreaterThan(Date.now() + 14 * 60_000);
    // The old refresh token is spent, as with the refreshToken mutation.
    const old = await db().refreshToken.findUniqueOrThrow({ where: { tokenHash: hashRefreshToken(user.refreshToken) }, select: { revokedAt: true } });
    expect(old.revokedAt).not.toBeNull();

    // The session the browser sees: the access token, never the refresh token.
    const session = (await callbacks().session!({ session: { user: {}, expires: '' }, token: rotated } as never)) as unknown as Record<string, unknown>;
    expect(session.accessToken).toBe(rotated.accessToken);
    expect(JSON.stringify(session)).not.toContain(rotated.refreshToken as string);
  });

  it("rotates once for a page's requests that come at once, or shortly after, with the same cookie: the session stays", async () => {
    const user = await seedUser();
    const due: JWT = { sub: user.id, accessToken: user.accessToken, refreshToken: user.refreshToken, accessTokenExpires: Date.now() + 30_000 };
    // Three requests at once with the same cookie (rotating the same refresh token twice is a reuse, which ended the session).
    const together = (await Promise.all([1, 2, 3].map(() => callbacks().jwt!({ token: { ...due } } as never)))) as JWT[];
    for (const t of together) expect(t.error).toBeUndefined();
    expect(new Set(together.map((t) => t.refreshToken)).size).toBe(1);
    // One more a moment later, still with the old cookie: the same pair.
    const late = (await callbacks().jwt!({ token: { ...due } } as never)) as JWT;
    expect(late).toMatchObject({ refreshToken: together[0].refreshToken, accessToken: together[0].accessToken });
    // The session lives on: its new refresh token is live and rotates in turn.
    const rows = await db().refreshToken.findMany({ where: { userId: user.id, revokedAt: null }, select: { tokenHash: true } });
    expect(rows.map((r) => r.tokenHash)).toEqual([hashRefreshToken(together[0].refreshToken as string)]);
    const next = (await callbacks().jwt!({ token: { ...together[0], accessTokenExpires: Date.now() } } as never)) as JWT;
    expect(next.error).toBeUndefined();
    expect(next.refreshToken).not.toBe(together[0].refreshToken);

    // Signed out: the old cookies get nothing from the rotations kept.
    await authOptions().events!.signOut!({ token: next } as never);
    const after = (await callbacks().jwt!({ token: { ...together[0], accessTokenExpires: Date.now() } } as never)) as JWT;
    expect(after).toMatchObject({ error: 'SignedOut', accessToken: undefined, refreshToken: undefined });
  });

  it('shares a rotation for 5 s only: the old cookie replayed later is a reuse and ends the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await seedUser();
      const due: JWT = { sub: user.id, accessToken: user.accessToken, refreshToken: user.refreshToken, accessTokenExpires: Date.now() + 30_000 };
      const rotated = (await callbacks().jwt!({ token: { ...due } } as never)) as JWT;
      expect(rotated.error).toBeUndefined();
      vi.setSystemTime(Date.now() + 6_000);
      const replay = (await callbacks().jwt!({ token: { ...due, accessTokenExpires: Date.now() } } as never)) as JWT;
      expect(replay.error).toBe('SignedOut');
      expect(await db().refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs out when the refresh token no longer works, and sign-out revokes it', async () => {
    const user = await seedUser();
    await db().refreshToken.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const dead = (await callbacks().jwt!({ token: { sub: user.id, accessToken: user.accessToken, refreshToken: user.refreshToken, accessTokenExpires: Date.now() - 1 } } as never)) as JWT;
    expect(dead).toMatchObject({ error: 'SignedOut', accessToken: undefined, refreshToken: undefined });

    const other = await seedUser();
    await authOptions().events!.signOut!({ token: { sub: other.id, refreshToken: other.refreshToken } } as never);
    const row = await db().refreshToken.findUniqueOrThrow({ where: { tokenHash: hashRefreshToken(other.refreshToken) }, select: { revokedAt: true } });
    expect(row.revokedAt).not.toBeNull();
  });
});
