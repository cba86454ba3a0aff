import { describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { seedUser, uniqueEmail } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';

describe('concurrent requests', () => {
  it('registers many users at once, each with exactly one organization, and refuses a duplicate email exactly once', async () => {
    const emails = Array.from({ length: 12 }, () => uniqueEmail('burst'));
    const dup = emails[0];
    const results = await Promise.all(
      [...emails, dup].map((email) => gql(`mutation($e: String!) { register(input: { email: $e, password: "long enough pw" }) { user { id email } } }`, { variables: { e: email } })),
    );
    const conflicts = results.filter((r) => r.body.errors?.[0]?.extensions.code === 'CONFLICT');
    expect(conflicts).toHaveLength(1);
    expect(results.filter((r) => r.body.data?.register?.user)).toHaveLength(12);
    const users = await db().user.findMany({ where: { email: { in: emails } }, select: { id: true, memberships: { select: { role: true, isPrimaryOrg: true } } } });
    expect(users).toHaveLength(12);
    for (const u of users) expect(u.memberships).toEqual([{ role: 'OWNER', isPrimaryOrg: true }]);
  });

  it('lets only one of two simultaneous rotations of one refresh token win, and then revokes the family', async () => {
    const user = await seedUser();
    const rotate = () => gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { refreshToken } }`, { variables: { t: user.refreshToken } });
    const [a, b] = await Promise.all([rotate(), rotate()]);
    const winners = [a, b].filter((r) => r.body.data?.refreshToken);
    const losers = [a, b].filter((r) => r.body.errors?.[0]?.extensions.code === 'TOKEN_REVOKED');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const after = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { refreshToken } }`, { variables: { t: winners[0].body.data!.refreshToken.refreshToken } });
    expect(after.body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
    expect(await db().refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });
});
