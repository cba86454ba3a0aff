import { describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { uniqueEmail } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';

const AUTH_FIELDS = 'accessToken refreshToken expiresIn mfaRequired mfaPendingToken user { id email displayName trialActive }';

describe('register → login → me → refreshToken → logout', () => {
  it('runs the whole account flow and kills a family on refresh-token reuse', async () => {
    const email = uniqueEmail('flow');
    const reg = await gql(`mutation($input: RegisterInput!) { register(input: $input) { ${AUTH_FIELDS} } }`, {
      variables: { input: { email, password: 'correct horse battery', displayName: 'Jane Engineer' } },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.errors).toBeUndefined();
    const registered = reg.body.data!.register;
    expect(registered.expiresIn).toBe(900);
    expect(registered.mfaRequired).toBe(false);
    expect(registered.user).toMatchObject({ email, displayName: 'Jane Engineer', trialActive: true });

    const login = await gql(`mutation($input: LoginInput!) { login(input: $input) { ${AUTH_FIELDS} } }`, {
      variables: { input: { email: email.toUpperCase(), password: 'correct horse battery' } },
    });
    expect(login.body.errors).toBeUndefined();
    const { accessToken, refreshToken } = login.body.data!.login;

    const me = await gql(
      '{ me { id email displayName role mfaEnabled uiTheme stampExportSize trialActive } organization { planLevel canSealDocuments maxDocuments maxCredentials maxTeamMembers canUseCloudStorage } subscription { planLevel status trialEnd cancelAtPeriodEnd } myOrganizations { role isPrimaryOrg organization { id name } } }',
      { token: accessToken },
    );
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data!.me).toMatchObject({ email, role: 'user', mfaEnabled: false, uiTheme: 'system', stampExportSize: 'medium', trialActive: true });
    expect(me.body.data!.organization).toEqual({ planLevel: 'FREE', canSealDocuments: true, maxDocuments: 25, maxCredentials: 1, maxTeamMembers: 1, canUseCloudStorage: false });
    expect(me.body.data!.subscription.status).toBe('trialing');
    const trialEnd = new Date(me.body.data!.subscription.trialEnd).getTime();
    expect(trialEnd - Date.now()).toBeGreaterThan(13.9 * 86400_000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(14 * 86400_000);
    expect(me.body.data!.myOrganizations).toHaveLength(1);
    expect(me.body.data!.myOrganizations[0]).toMatchObject({ role: 'OWNER', isPrimaryOrg: true });

    const refreshed = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken expiresIn } }`, { variables: { t: refreshToken } });
    expect(refreshed.body.errors).toBeUndefined();
    const second = refreshed.body.data!.refreshToken;
    expect(second.refreshToken).not.toBe(refreshToken);
    expect((await gql('{ me { email } }', { token: second.accessToken })).body.data!.me.email).toBe(email);

    // The rotated-out token is presented again: refused, and the new one dies with it.
    const reuse = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { variables: { t: refreshToken } });
    expect(reuse.body.errors![0].extensions).toEqual({ code: 'TOKEN_REVOKED', status_code: 401 });
    const afterReuse = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { variables: { t: second.refreshToken } });
    expect(afterReuse.body.errors![0].extensions.code).toBe('TOKEN_REVOKED');

    // The registration's own family is untouched by the other family's theft.
    const regRefresh = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }`, { variables: { t: registered.refreshToken } });
    expect(regRefresh.body.errors).toBeUndefined();
    const third = regRefresh.body.data!.refreshToken;

    const logout = await gql(`mutation($t: String) { logout(refreshToken: $t) }`, { token: third.accessToken, variables: { t: third.refreshToken } });
    expect(logout.body.data).toEqual({ logout: true });
    const afterLogout = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { variables: { t: third.refreshToken } });
    expect(afterLogout.body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
  });

  it('logout without a token revokes every refresh token of the user', async () => {
    const email = uniqueEmail('all');
    const a = await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken refreshToken } }`);
    const b = await gql(`mutation { login(input: { email: "${email}", password: "long enough pw" }) { refreshToken } }`);
    const out = await gql('mutation { logout }', { token: a.body.data!.register.accessToken });
    expect(out.body.data).toEqual({ logout: true });
    for (const t of [a.body.data!.register.refreshToken, b.body.data!.login.refreshToken]) {
      const r = await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { variables: { t } });
      expect(r.body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
    }
  });
});

describe('an access token ends with its session', () => {
  const login = async (email: string) => (await gql(`mutation { login(input: { email: "${email}", password: "long enough pw" }) { accessToken refreshToken } }`)).body.data!.login;
  const meCode = async (token: string) => {
    const r = await gql('{ me { email } }', { token });
    return r.body.errors ? r.body.errors[0].extensions.code : 'OK';
  };

  it('at logout, at a refresh token reuse, and when changePassword signs the others out', async () => {
    const email = uniqueEmail('session-end');
    await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`);
    const [a, b, c] = [await login(email), await login(email), await login(email)];
    expect([await meCode(a.accessToken), await meCode(b.accessToken), await meCode(c.accessToken)]).toEqual(['OK', 'OK', 'OK']);

    // Signing out one session ends its access token at once, and only its own.
    expect((await gql(`mutation($t: String) { logout(refreshToken: $t) }`, { token: a.accessToken, variables: { t: a.refreshToken } })).body.data).toEqual({ logout: true });
    const ended = await gql('{ me { email } }', { token: a.accessToken });
    expect(ended.body.errors![0]).toMatchObject({ message: 'This session has been signed out: sign in again', extensions: { code: 'TOKEN_REVOKED', status_code: 401 } });
    expect(ended.body.data ?? null).toBeNull();
    expect(await meCode(b.accessToken)).toBe('OK');

    // A rotated session lives on in its new token; the old access token too, as the same session.
    const rotated = (await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }`, { variables: { t: b.refreshToken } })).body.data!.refreshToken;
    expect([await meCode(b.accessToken), await meCode(rotated.accessToken)]).toEqual(['OK', 'OK']);
    // A reuse of the rotated-out refresh token kills the family, and every access token of it.
    await gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { variables: { t: b.refreshToken } });
    expect([await meCode(b.accessToken), await meCode(rotated.accessToken)]).toEqual(['TOKEN_REVOKED', 'TOKEN_REVOKED']);

    // changePassword keeps its own session and ends the others' access tokens now.
    const d = await login(email);
    const changed = await gql(`mutation { changePassword(input: { currentPassword: "long enough pw", newPassword: "another long pw" }) { success } }`, { token: c.accessToken });
    expect(changed.body.errors).toBeUndefined();
    expect([await meCode(c.accessToken), await meCode(d.accessToken)]).toEqual(['OK', 'TOKEN_REVOKED']);
    // A mutation with an ended session changes nothing.
    const rename = await gql(`mutation { updateProfile(input: { displayName: "Mallory" }) { displayName } }`, { token: d.accessToken });
    expect(rename.body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
    expect((await db().user.findUniqueOrThrow({ where: { email }, select: { displayName: true } })).displayName).toBeNull();

    // logout without a token ends every session, this one included.
    expect((await gql('mutation { logout }', { token: c.accessToken })).body.data).toEqual({ logout: true });
    expect(await meCode(c.accessToken)).toBe('TOKEN_REVOKED');
  });
});

describe('signing out a session', () => {
  const refresh = (t: string) => gql(`mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }`, { variables: { t } });
  const meCode = async (token: string) => {
    const r = await gql('{ me { email } }', { token });
    return r.body.errors ? r.body.errors[0].extensions.code : 'OK';
  };

  it('ends the whole session when logout names a token a thief has already rotated', async () => {
    const email = uniqueEmail('stolen');
    const owner = (await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken refreshToken } }`)).body.data!.register;
    // The thief refreshes the stolen token first.
    const thief = (await refresh(owner.refreshToken)).body.data!.refreshToken;
    expect(await meCode(thief.accessToken)).toBe('OK');
    // The owner signs that session out with the token they hold (now rotated).
    expect((await gql(`mutation($t: String) { logout(refreshToken: $t) }`, { token: owner.accessToken, variables: { t: owner.refreshToken } })).body.data).toEqual({ logout: true });
    expect(await meCode(thief.accessToken)).toBe('TOKEN_REVOKED');
    expect((await refresh(thief.refreshToken)).body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
  });

  it('changePassword cuts off a thief who rotated the session first, and that session ends with it', async () => {
    const email = uniqueEmail('stolen-pw');
    const owner = (await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken refreshToken } }`)).body.data!.register;
    const thief = (await refresh(owner.refreshToken)).body.data!.refreshToken;
    const other = (await gql(`mutation { login(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`)).body.data!.login;
    const changed = await gql(`mutation { changePassword(input: { currentPassword: "long enough pw", newPassword: "a new long pw" }) { success } }`, { token: owner.accessToken });
    expect(changed.body.data).toEqual({ changePassword: { success: true } });
    // The owner's token was rotated by someone else: the two cannot be told apart, so the session ends for both.
    expect([await meCode(thief.accessToken), await meCode(owner.accessToken), await meCode(other.accessToken)]).toEqual(['TOKEN_REVOKED', 'TOKEN_REVOKED', 'TOKEN_REVOKED']);
    expect((await refresh(thief.refreshToken)).body.errors![0].extensions.code).toBe('TOKEN_REVOKED');
    // The owner signs in again with the new password.
    expect((await gql(`mutation { login(input: { email: "${email}", password: "a new long pw" }) { accessToken } }`)).body.errors).toBeUndefined();
  });

  it('leaves no live token when a reuse and a rotation of the same session race', async () => {
    const email = uniqueEmail('race');
    const first = (await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { refreshToken } }`)).body.data!.register;
    let stale = first.refreshToken;
    let current = (await refresh(stale)).body.data!.refreshToken.refreshToken;
    const user = await db().user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    for (let round = 0; round < 15; round++) {
      // The holder rotates the live token while the stale one is presented again.
      const [rotated] = await Promise.all([refresh(current), refresh(stale)]);
      expect(await db().refreshToken.count({ where: { userId: user.id, revokedAt: null } }), `round ${round}`).toBe(0);
      if (rotated.body.errors) expect(rotated.body.errors[0].extensions.code).toBe('TOKEN_REVOKED');
      // A new session for the next round.
      const next = (await gql(`mutation { login(input: { email: "${email}", password: "long enough pw" }) { refreshToken } }`)).body.data!.login;
      stale = next.refreshToken;
      current = (await refresh(stale)).body.data!.refreshToken.refreshToken;
    }
  });
});

describe('register and login refusals', () => {
  it('refuses a short password and a malformed email, storing nothing', async () => {
    const email = uniqueEmail('short');
    const short = await gql(`mutation { register(input: { email: "${email}", password: "short" }) { accessToken } }`);
    expect(short.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(short.body.errors![0].message).toMatch(/at least 10 characters/);
    const bad = await gql(`mutation { register(input: { email: "not-an-email", password: "long enough pw" }) { accessToken } }`);
    expect(bad.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it('answers CONFLICT for a taken email, whatever its case', async () => {
    const email = uniqueEmail('taken');
    await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`);
    const again = await gql(`mutation { register(input: { email: "${email.toUpperCase()}", password: "other long pw" }) { accessToken } }`);
    expect(again.body.errors![0].extensions).toEqual({ code: 'CONFLICT', status_code: 409 });
    expect(await db().organization.count({ where: { memberships: { some: { user: { email } } } } })).toBe(1);
  });

  it('says INVALID_CREDENTIALS alike for a wrong password and an unknown email', async () => {
    const email = uniqueEmail('creds');
    await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`);
    const wrong = await gql(`mutation { login(input: { email: "${email}", password: "wrong password" }) { accessToken } }`);
    const unknown = await gql(`mutation { login(input: { email: "${uniqueEmail('nobody')}", password: "wrong password" }) { accessToken } }`);
    expect(wrong.body.errors![0]).toMatchObject({ message: 'Invalid email or password', extensions: { code: 'INVALID_CREDENTIALS', status_code: 401 } });
    expect(unknown.body.errors![0].message).toBe(wrong.body.errors![0].message);
    expect(unknown.body.errors![0].extensions).toEqual(wrong.body.errors![0].extensions);
  });

  it('answers UNAUTHENTICATED without a token and for a garbage token, and an unknown refresh token', async () => {
    const none = await gql('{ me { id } }');
    expect(none.body.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', status_code: 401 });
    const garbage = await gql('{ me { id } }', { token: 'not.a.jwt' });
    expect(garbage.body.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const refresh = await gql('mutation { refreshToken(refreshToken: "never-issued") { accessToken } }');
    expect(refresh.body.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('secrets', () => {
  it('are left out of every read that does not ask for them by name', async () => {
    const email = uniqueEmail('omit');
    await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`);
    const plain = await db().user.findUnique({ where: { email } });
    expect(plain).not.toBeNull();
    expect(plain).not.toHaveProperty('passwordHash');
    const withOrg = await db().user.findUnique({ where: { email }, include: { memberships: true } });
    expect(withOrg).not.toHaveProperty('passwordHash');
    const asked = await db().user.findUnique({ where: { email }, select: { passwordHash: true } });
    expect(asked?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
