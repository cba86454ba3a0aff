import { afterEach, describe, expect, it, vi } from 'vitest';
import { generate } from 'otplib';
import { gql } from '../../test/graphql.ts';
import { seedCredential, seedOrganization, seedUser, uniqueEmail } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { GET as verifyRest } from '../../app/v1/verify/[code]/route.ts';
import { db } from '../db/index.ts';
import { resetRateLimits, setRateLimitBackend } from '../ratelimit/index.ts';

afterEach(async () => {
  vi.useRealTimers();
  await resetRateLimits();
});

const AUTH = 'accessToken refreshToken expiresIn mfaRequired mfaPendingToken user { id email mfaEnabled }';
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { ${AUTH} } }`;
const VERIFY_MFA = `mutation($input: VerifyMfaLoginInput!) { verifyMfaLogin(input: $input) { ${AUTH} } }`;
const SETUP = 'mutation { setupMfa { secret otpauthUrl qrCodeSvg } }';
const ENABLE = 'mutation($input: EnableMfaInput!) { enableMfa(input: $input) { backupCodes enabledAt } }';
const DISABLE = 'mutation($code: String!) { disableMfa(code: $code) }';
const REFRESH = 'mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }';

const login = (email: string, password: string, headers?: Record<string, string>) => gql(LOGIN, { variables: { input: { email, password } }, headers });
const code = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });
const errorCode = (r: { body: { errors?: Array<{ extensions: { code: string } }> } }) => r.body.errors?.[0]?.extensions.code;

/** Only Date is faked: every TOTP step of the journey is chosen, none waits for the clock. */
function frozenClock() {
  // Start a few seconds into a 30 s step, well clear of its edges.
  let now = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
  };
}

async function enableMfaFor(user: SeededUser, clock: { now(): number }) {
  const setup = await gql(SETUP, { token: user.accessToken });
  expect(setup.body.errors).toBeUndefined();
  const { secret } = setup.body.data!.setupMfa;
  const enabled = await gql(ENABLE, { token: user.accessToken, variables: { input: { code: await code(secret, clock.now()) } } });
  expect(enabled.body.errors).toBeUndefined();
  return { secret, backupCodes: enabled.body.data!.enableMfa.backupCodes as string[] };
}

describe('MFA', () => {
  it('setup → enable → login pending → verify with TOTP → disable, with the secret encrypted at rest', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const setup = await gql(SETUP, { token: user.accessToken });
    expect(setup.body.errors).toBeUndefined();
    const { secret, otpauthUrl, qrCodeSvg } = setup.body.data!.setupMfa;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sealwright:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCodeSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);

    // Stored encrypted: neither the secret nor its bytes are in the column.
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaSecret: true, mfaEnabled: true } });
    expect(stored.mfaEnabled).toBe(false);
    expect(stored.mfaSecret).toBeTruthy();
    expect(Buffer.from(stored.mfaSecret!).toString('latin1')).not.toContain(secret);
    // …and a default read of the user never carries it.
    expect(Object.keys(await db().user.findUniqueOrThrow({ where: { id: user.id } }))).not.toContain('mfaSecret');

    // A wrong code does not enable it.
    const wrong = await gql(ENABLE, { token: user.accessToken, variables: { input: { code: (Number(await code(secret, clock.now())) + 1).toString().padStart(6, '0').slice(-6) } } });
    expect(errorCode(wrong)).toBe('INVALID_MFA_CODE');

    const enabled = await gql(ENABLE, { token: user.accessToken, variables: { input: { code: await code(secret, clock.now()) } } });
    expect(enabled.body.errors).toBeUndefined();
    const { backupCodes } = enabled.body.data!.enableMfa;
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const hashes = await db().mfaBackupCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    expect(hashes).toHaveLength(10);
    for (const c of backupCodes) expect(hashes.map((h) => h.codeHash)).not.toContain(c);

    // Password right: MFA pending, no tokens, no user.
    const pending = await login(user.email, user.password);
    expect(pending.body.errors).toBeUndefined();
    expect(pending.body.data!.login).toMatchObject({ mfaRequired: true, accessToken: null, refreshToken: null, user: null });
    const mfaPendingToken = pending.body.data!.login.mfaPendingToken;
    expect(mfaPendingToken).toBeTruthy();
    // The pending token is not an access token.
    expect(errorCode(await gql('{ me { id } }', { token: mfaPendingToken }))).toBe('UNAUTHENTICATED');

    // A wrong code is refused; the right one (next step) completes the sign-in.
    expect(errorCode(await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken, code: '000000' } } }))).toBe('INVALID_MFA_CODE');
    clock.advance(30_000);
    const done = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken, code: await code(secret, clock.now()) } } });
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data!.verifyMfaLogin).toMatchObject({ mfaRequired: false, user: { email: user.email, mfaEnabled: true } });
    const me = await gql('{ me { email mfaEnabled } }', { token: done.body.data!.verifyMfaLogin.accessToken });
    expect(me.body.data!.me).toEqual({ email: user.email, mfaEnabled: true });

    // The pending token worked once.
    clock.advance(30_000);
    expect(errorCode(await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken, code: await code(secret, clock.now()) } } }))).toBe('UNAUTHENTICATED');

    // disableMfa wants a current TOTP code: a backup code or a wrong code is not enough.
    expect(errorCode(await gql(DISABLE, { token: user.accessToken, variables: { code: backupCodes[0] } }))).toBe('INVALID_MFA_CODE');
    clock.advance(30_000);
    const off = await gql(DISABLE, { token: user.accessToken, variables: { code: await code(secret, clock.now()) } });
    expect(off.body).toEqual({ data: { disableMfa: true } });
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaEnabled: true, mfaSecret: true } });
    expect(after).toEqual({ mfaEnabled: false, mfaSecret: null });
    expect(await db().mfaBackupCode.count({ where: { userId: user.id } })).toBe(0);
    const plain = await login(user.email, user.password);
    expect(plain.body.data!.login).toMatchObject({ mfaRequired: false, mfaPendingToken: null });
    expect(plain.body.data!.login.accessToken).toBeTruthy();
  });

  it('enabling and disabling MFA sign out every other session (their refresh tokens revoked); this one stays', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const before = (await login(user.email, user.password)).body.data!.login;
    const { secret } = await enableMfaFor(user, clock);
    // The session from before MFA can no longer refresh; the one that enabled it can.
    expect(errorCode(await gql(REFRESH, { variables: { t: before.refreshToken } }))).toBe('TOKEN_REVOKED');
    const mine = await gql(REFRESH, { variables: { t: user.refreshToken } });
    expect(mine.body.errors).toBeUndefined();
    const current = mine.body.data!.refreshToken;

    // A second session, signed in with MFA, then MFA turned off from the first one.
    clock.advance(30_000);
    const pending = (await login(user.email, user.password)).body.data!.login.mfaPendingToken;
    const second = (await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: await code(secret, clock.now()) } } })).body.data!.verifyMfaLogin;
    expect(second.refreshToken).toBeTruthy();
    clock.advance(30_000);
    expect((await gql(DISABLE, { token: current.accessToken, variables: { code: await code(secret, clock.now()) } })).body).toEqual({ data: { disableMfa: true } });
    expect(errorCode(await gql(REFRESH, { variables: { t: second.refreshToken } }))).toBe('TOKEN_REVOKED');
    expect((await gql(REFRESH, { variables: { t: current.refreshToken } })).body.errors).toBeUndefined();
  });

  it('a backup code signs in once; the same code again is refused', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const { backupCodes } = await enableMfaFor(user, clock);
    const first = await login(user.email, user.password);
    const ok = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: first.body.data!.login.mfaPendingToken, code: backupCodes[3].toUpperCase() } } });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.verifyMfaLogin.accessToken).toBeTruthy();

    const second = await login(user.email, user.password);
    const again = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: second.body.data!.login.mfaPendingToken, code: backupCodes[3] } } });
    expect(errorCode(again)).toBe('INVALID_MFA_CODE');
    const another = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: second.body.data!.login.mfaPendingToken, code: backupCodes[4] } } });
    expect(another.body.errors).toBeUndefined();
    expect(await db().mfaBackupCode.count({ where: { userId: user.id, usedAt: { not: null } } })).toBe(2);
  });

  it('a TOTP code replayed within its window is refused, and so is an older one', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const { secret } = await enableMfaFor(user, clock);
    clock.advance(30_000);
    const used = await code(secret, clock.now());
    const a = await login(user.email, user.password);
    expect((await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: a.body.data!.login.mfaPendingToken, code: used } } })).body.errors).toBeUndefined();

    // 10 s later the same code is still inside its ±1-step window: refused as a replay.
    clock.advance(10_000);
    const b = await login(user.email, user.password);
    const pending = b.body.data!.login.mfaPendingToken;
    expect(errorCode(await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: used } } }))).toBe('INVALID_MFA_CODE');
    // The previous step's code is valid by the clock but older than the one used: refused too.
    expect(errorCode(await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: await code(secret, clock.now() - 30_000) } } }))).toBe('INVALID_MFA_CODE');
    // The next step's code works.
    expect((await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: await code(secret, clock.now() + 30_000) } } })).body.errors).toBeUndefined();
  });

  it('wrong MFA codes lock the sign-in step (TOO_MANY_ATTEMPTS) until the lock expires', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const { secret } = await enableMfaFor(user, clock);
    let now = clock.now();
    setRateLimitBackend({ now: () => now });
    const pending = (await login(user.email, user.password)).body.data!.login.mfaPendingToken;
    // Five wrong codes are each answered; the fifth locks: the sixth attempt, with the right code, is refused.
    for (let i = 0; i < 5; i++) expect(errorCode(await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: '123456' } } })), `wrong code ${i + 1}`).toBe('INVALID_MFA_CODE');
    clock.advance(30_000);
    const locked = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: await code(secret, clock.now()) } } });
    expect(errorCode(locked)).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.errors![0].extensions).toMatchObject({ status_code: 429, retryAfterSeconds: 30 });
    now += 31_000;
    const open = await gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: await code(secret, clock.now()) } } });
    expect(open.body.errors).toBeUndefined();
  });
});

describe('sign-in lockout', () => {
  it('locks an account after repeated failures, says the same for an unknown email, and lifts with time', async () => {
    let now = 1_900_000_000_000;
    setRateLimitBackend({ now: () => now });
    const user = await seedUser();
    // Five misses are each answered; the fifth locks the email.
    for (let i = 0; i < 5; i++) expect(errorCode(await login(user.email, 'not the password')), `miss ${i + 1}`).toBe('INVALID_CREDENTIALS');
    // Locked: the sixth attempt, even with the right password, is refused without checking it.
    const locked = await login(user.email, user.password);
    expect(errorCode(locked)).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.errors![0].extensions.retryAfterSeconds).toBe(30);

    // An address nobody registered answers the same way.
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect(errorCode(await login(ghost, 'whatever password'))).toBe('INVALID_CREDENTIALS');
    const ghostLocked = await login(ghost, 'whatever password');
    expect(errorCode(ghostLocked)).toBe('TOO_MANY_ATTEMPTS');
    expect(ghostLocked.body.errors![0].message).toBe(locked.body.errors![0].message);

    // The lock expires; one more failure then locks for twice as long (exponential backoff).
    now += 31_000;
    expect(errorCode(await login(user.email, 'still wrong'))).toBe('INVALID_CREDENTIALS');
    const longer = await login(user.email, user.password);
    expect(longer.body.errors![0].extensions.retryAfterSeconds).toBe(60);
    now += 61_000;
    const ok = await login(user.email, user.password);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.login.accessToken).toBeTruthy();
    // A success clears the count: four more misses leave it open, a fifth locks it again for 30 s.
    for (let i = 0; i < 4; i++) expect(errorCode(await login(user.email, 'wrong again'))).toBe('INVALID_CREDENTIALS');
    expect((await login(user.email, user.password)).body.errors).toBeUndefined();
    for (let i = 0; i < 5; i++) expect(errorCode(await login(user.email, 'wrong again'))).toBe('INVALID_CREDENTIALS');
    expect((await login(user.email, user.password)).body.errors![0].extensions).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 30 });
  });

  it('locks a client address that tries many accounts', async () => {
    const address = { 'x-forwarded-for': '198.51.100.77' };
    // Twenty misses are each answered; the twentieth locks the address: the 21st attempt is refused.
    for (let i = 0; i < 20; i++) expect(errorCode(await login(uniqueEmail('spray'), 'password guess', address)), `miss ${i + 1}`).toBe('INVALID_CREDENTIALS');
    const user = await seedUser();
    const locked = await login(user.email, user.password, address);
    expect(locked.body.errors![0].extensions).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status_code: 429, retryAfterSeconds: 30 });
    // The account itself is not locked: from another address it signs in.
    expect((await login(user.email, user.password)).body.errors).toBeUndefined();
  });

  it('counts an IPv6 client by its /64: a new address of the same block is locked too, the next block is not', async () => {
    // One subscriber's /64 holds 2^64 addresses: each miss comes from a fresh one.
    for (let i = 0; i < 20; i++) {
      const from = { 'x-forwarded-for': `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}` };
      expect(errorCode(await login(uniqueEmail('spray6'), 'password guess', from)), `miss ${i + 1}`).toBe('INVALID_CREDENTIALS');
    }
    const user = await seedUser();
    const locked = await login(user.email, user.password, { 'x-forwarded-for': '2001:db8:77:1:ffff:ffff:ffff:fffe' });
    expect(locked.body.errors![0].extensions).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status_code: 429 });
    expect((await login(user.email, user.password, { 'x-forwarded-for': '2001:db8:77:2::1' })).body.errors).toBeUndefined();
  });
});

describe('concurrent guesses (checked no faster than the lock allows)', () => {
  const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { success } }';

  it('a burst of 30 sign-ins from one address gets 5 password checks; the right password at the end is refused unchecked', async () => {
    const user = await seedUser();
    const address = { 'x-forwarded-for': '198.51.100.91' };
    const guesses = [...Array.from({ length: 29 }, (_, i) => `wrong guess ${i}`), user.password];
    const results = await Promise.all(guesses.map((password) => login(user.email, password, address)));
    const codes = results.map(errorCode);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(25);
    // Checked in the order they were counted: the 30th, the right password, was refused without a check.
    expect(codes[29]).toBe('TOO_MANY_ATTEMPTS');
    expect(results.filter((r) => r.body.data?.login?.accessToken)).toHaveLength(0);
    // And the account stays locked afterwards.
    expect(errorCode(await login(user.email, user.password))).toBe('TOO_MANY_ATTEMPTS');
  });

  it('10 concurrent sign-ins with the right password all sign in (they wait for the checks under way, none is refused)', async () => {
    const user = await seedUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => login(user.email, user.password)));
    expect(results.map(errorCode)).toEqual(Array(10).fill(undefined));
    expect(results.every((r) => r.body.data?.login?.accessToken)).toBe(true);
  });

  it("a right password's check is taken back from the address: 19 misses and 5 good sign-ins leave the address open", async () => {
    const address = { 'x-forwarded-for': '198.51.100.92' };
    for (let i = 0; i < 19; i++) expect(errorCode(await login(uniqueEmail('spray'), 'password guess', address))).toBe('INVALID_CREDENTIALS');
    const user = await seedUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, user.password, address)).body.errors, `good sign-in ${i + 1}`).toBeUndefined();
    // The 20th miss locks, as before.
    expect(errorCode(await login(uniqueEmail('spray'), 'password guess', address))).toBe('INVALID_CREDENTIALS');
    expect(errorCode(await login(user.email, user.password, address))).toBe('TOO_MANY_ATTEMPTS');
  });

  it('30 concurrent changePassword guesses with a stolen access token get 5 checks, and the password stays', async () => {
    const user = await seedUser();
    const guesses = [...Array.from({ length: 29 }, (_, i) => `wrong current ${i}`), user.password];
    const results = await Promise.all(guesses.map((currentPassword) => gql(CHANGE, { token: user.accessToken, variables: { input: { currentPassword, newPassword: 'the attacker chose this' } } })));
    const codes = results.map(errorCode);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(5);
    expect(codes[29]).toBe('TOO_MANY_ATTEMPTS');
    expect(results.filter((r) => r.body.data?.changePassword?.success)).toHaveLength(0);
    await resetRateLimits();
    expect((await login(user.email, user.password)).body.errors).toBeUndefined();
  });

  it('30 concurrent MFA codes get 5 checks', async () => {
    const clock = frozenClock();
    const user = await seedUser();
    const { secret } = await enableMfaFor(user, clock);
    const pending = (await login(user.email, user.password)).body.data!.login.mfaPendingToken;
    const right = await code(secret, clock.now());
    const codes = [...Array.from({ length: 29 }, (_, i) => String(100000 + i)).filter((c) => c !== right), right];
    const results = await Promise.all(codes.map((c) => gql(VERIFY_MFA, { variables: { input: { mfaPendingToken: pending, code: c } } })));
    const answers = results.map(errorCode);
    expect(answers.filter((c) => c === 'INVALID_MFA_CODE').length).toBeLessThanOrEqual(5);
    expect(answers[answers.length - 1]).toBe('TOO_MANY_ATTEMPTS');
    expect(results.filter((r) => r.body.data?.verifyMfaLogin?.accessToken)).toHaveLength(0);
  });
});

describe('changePassword', () => {
  const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { success } }';

  it('checks the current password and signs out every other session, not this one', async () => {
    const user = await seedUser();
    const other = (await login(user.email, user.password)).body.data!.login;

    const wrong = await gql(CHANGE, { token: user.accessToken, variables: { input: { currentPassword: 'nope nope nope', newPassword: 'a new long password' } } });
    expect(errorCode(wrong)).toBe('INVALID_CREDENTIALS');
    const short = await gql(CHANGE, { token: user.accessToken, variables: { input: { currentPassword: user.password, newPassword: 'short' } } });
    expect(errorCode(short)).toBe('BAD_USER_INPUT');
    expect((await login(user.email, user.password)).body.errors).toBeUndefined();

    const changed = await gql(CHANGE, { token: user.accessToken, variables: { input: { currentPassword: user.password, newPassword: 'a new long password' } } });
    expect(changed.body).toEqual({ data: { changePassword: { success: true } } });

    // The other session's refresh token is revoked; this session's still rotates.
    expect(errorCode(await gql(REFRESH, { variables: { t: other.refreshToken } }))).toBe('TOKEN_REVOKED');
    const mine = await gql(REFRESH, { variables: { t: user.refreshToken } });
    expect(mine.body.errors).toBeUndefined();
    expect(errorCode(await login(user.email, user.password))).toBe('INVALID_CREDENTIALS');
    expect((await login(user.email, 'a new long password')).body.errors).toBeUndefined();
  });
});

describe('updateProfile', () => {
  const UPDATE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { displayName uiTheme stampExportSize betaFeaturesEnabled verificationStatus credentialCount } }';

  it('changes the profile fields and refuses values outside their sets', async () => {
    const user = await seedUser({ displayName: 'Jordan Ellis' });
    const start = await gql('{ me { verificationStatus credentialCount } }', { token: user.accessToken });
    expect(start.body.data!.me).toEqual({ verificationStatus: 'unverified', credentialCount: 0 });
    await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });

    const updated = await gql(UPDATE, { token: user.accessToken, variables: { input: { displayName: '  Jordan A. Ellis ', uiTheme: 'dark', stampExportSize: 'large', betaFeaturesEnabled: true } } });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data!.updateProfile).toEqual({
      displayName: 'Jordan A. Ellis',
      uiTheme: 'dark',
      stampExportSize: 'large',
      betaFeaturesEnabled: true,
      verificationStatus: 'verified',
      credentialCount: 1,
    });

    const partial = await gql(UPDATE, { token: user.accessToken, variables: { input: { uiTheme: 'light' } } });
    expect(partial.body.data!.updateProfile).toMatchObject({ displayName: 'Jordan A. Ellis', uiTheme: 'light', stampExportSize: 'large' });

    for (const input of [{ uiTheme: 'neon' }, { stampExportSize: 'huge' }, { displayName: 'x'.repeat(201) }]) {
      const bad = await gql(UPDATE, { token: user.accessToken, variables: { input } });
      expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    }
    const me = await gql('{ me { displayName uiTheme stampExportSize } }', { token: user.accessToken });
    expect(me.body.data!.me).toEqual({ displayName: 'Jordan A. Ellis', uiTheme: 'light', stampExportSize: 'large' });
    expect(errorCode(await gql(UPDATE, { variables: { input: { uiTheme: 'dark' } } }))).toBe('UNAUTHENTICATED');
  });
});

describe('deleteAccount', () => {
  const DELETE = 'mutation($p: String!) { deleteAccount(password: $p) { success } }';
  const SEAL = 'mutation($input: SealDocumentInput!) { sealDocument(input: $input) { verificationCode documentHash } }';

  it('removes the personal data and keeps an issued seal verifiable', async () => {
    const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
    const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });
    const pdf = await samplePdf(1, 'Site plan');
    const doc = await createDocumentVia(user.accessToken, { name: 'Site plan', fileHash: await uploaded(pdf, 'site.pdf', user.accessToken) });
    const sealed = await gql(SEAL, { token: user.accessToken, variables: { input: { documentId: doc.id, credentialId: credential.id } } });
    expect(sealed.body.errors).toBeUndefined();
    const { verificationCode, documentHash } = sealed.body.data!.sealDocument;

    // A wrong password changes nothing.
    expect(errorCode(await gql(DELETE, { token: user.accessToken, variables: { p: 'not my password' } }))).toBe('INVALID_CREDENTIALS');
    expect(await db().user.count({ where: { id: user.id } })).toBe(1);

    const deleted = await gql(DELETE, { token: user.accessToken, variables: { p: user.password } });
    expect(deleted.body).toEqual({ data: { deleteAccount: { success: true } } });

    expect(await db().user.count({ where: { id: user.id } })).toBe(0);
    expect(await db().user.count({ where: { email: user.email } })).toBe(0);
    expect(await db().organization.count({ where: { id: user.organizationId } })).toBe(0);
    expect(await db().document.count({ where: { id: doc.id } })).toBe(0);
    expect(await db().credential.count({ where: { id: credential.id } })).toBe(0);
    expect(await db().refreshToken.count({ where: { userId: user.id } })).toBe(0);
    expect(errorCode(await login(user.email, user.password))).toBe('INVALID_CREDENTIALS');
    expect(errorCode(await gql('{ me { id } }', { token: user.accessToken }))).toBe('UNAUTHENTICATED');

    // The seal is still verifiable, with the holder's name as sealed.
    const verified = await gql('query($c: String!) { verifySeal(code: $c) { isValid signerName documentName documentHash } }', { variables: { c: verificationCode } });
    expect(verified.body.errors).toBeUndefined();
    expect(verified.body.data!.verifySeal).toMatchObject({ isValid: true, signerName: 'Jordan Ellis', documentName: 'Site plan', documentHash });
    const rest = await verifyRest(new Request(`http://localhost/v1/verify/${verificationCode}`, { headers: { 'x-forwarded-for': '192.0.2.44' } }), {
      params: Promise.resolve({ code: verificationCode }),
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ valid: true, credential: { holder_name: 'Jordan Ellis' } });
  });

  it('refuses a sole owner of an organization with other members (CONFLICT), and nothing changes', async () => {
    const owner = await seedUser();
    const member = await seedUser();
    const firm = await seedOrganization({ memberUserId: owner.id, role: 'OWNER', planLevel: 'TEAM' });
    await db().organizationMembership.create({ data: { userId: member.id, organizationId: firm.id, role: 'MEMBER' } });

    const refused = await gql(DELETE, { token: owner.accessToken, variables: { p: owner.password } });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.body.errors![0].extensions.status_code).toBe(409);
    expect(refused.body.errors![0].message).toContain(firm.name);
    expect(await db().user.count({ where: { id: owner.id } })).toBe(1);
    expect(await db().organization.count({ where: { id: { in: [firm.id, owner.organizationId] } } })).toBe(2);

    // With a second owner, the account goes; the firm and its other member stay.
    await db().organizationMembership.update({ where: { userId_organizationId: { userId: member.id, organizationId: firm.id } }, data: { role: 'OWNER' } });
    expect((await gql(DELETE, { token: owner.accessToken, variables: { p: owner.password } })).body.errors).toBeUndefined();
    expect(await db().organization.count({ where: { id: firm.id } })).toBe(1);
    expect(await db().organizationMembership.count({ where: { organizationId: firm.id } })).toBe(1);
    expect(await db().organization.count({ where: { id: owner.organizationId } })).toBe(0);
  });
});
