/**
 * Email (issue 23, item 5) over real GraphQL requests, with a real SMTP server in-process
 * (smtp-server) that SMTP_URL points at: the mails that arrive are read, and the token in their
 * link is followed. Password reset, address confirmation, invitations by email, the notice of a
 * credential's new status, a mail server that refuses, and the .eml outbox without SMTP_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedBoardRecord, seedUser, setPlan, uniqueEmail } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import type { GqlResult } from '../../test/graphql.ts';
import { linkToken, startSmtpServer } from '../../test/smtp-server.ts';
import type { TestSmtpServer } from '../../test/smtp-server.ts';
import { linkTokenHash } from '../auth/email-links.ts';
import { LocalBoardSource } from '../boards/local-source.ts';
import { createCredential } from '../credentials/create-credential.ts';
import { recheckCredentials } from '../credentials/recheck-credentials.ts';
import { db } from '../db/index.ts';
import { env } from '../env.ts';
import { mailSettled } from '../mail/index.ts';
import { loadActor } from '../orgs/actor.ts';
import { upsertMember } from '../orgs/members.ts';
import { resetRateLimits } from '../ratelimit/index.ts';

const REQUEST_RESET = 'mutation($email: String!) { requestPasswordReset(email: $email) }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) }';
const CONFIRM = 'mutation($token: String!) { confirmEmail(token: $token) }';
const RESEND = 'mutation { resendConfirmation }';
const INVITE = 'mutation($input: InviteOrganizationMemberInput!) { inviteOrganizationMember(input: $input) }';
const ACCEPT = 'mutation($token: String!) { acceptInvitation(token: $token) { id role isPrimaryOrg organization { id name } } }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { accessToken refreshToken } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { accessToken refreshToken user { id email confirmedAt } } }';
const REFRESH = 'mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }';
const ME = '{ me { id email confirmedAt } }';

const code = (r: GqlResult) => r.body.errors?.[0]?.extensions.code;
const message = (r: GqlResult) => r.body.errors?.[0]?.message ?? '';

/** The field's answer, failing with the errors when there are any. */
function data<T = any>(r: GqlResult, field: string): T {
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data![field] as T;
}

let smtp: TestSmtpServer;
const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, DATA_DIR: process.env.DATA_DIR };

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Sealwright Test <mail@sealwright.test>';
});
afterEach(async () => {
  // Every mail a test caused has been handed over before the next test looks.
  await mailSettled();
  smtp.refuse(false);
  await resetRateLimits();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await smtp?.close();
});

async function register(email = uniqueEmail('mail'), password = 'a good long password') {
  const r = data(await gql(REGISTER, { variables: { input: { email, password, displayName: 'Robin Quill' } } }), 'register');
  return { email: email.toLowerCase(), password, id: r.user.id as string, accessToken: r.accessToken as string, refreshToken: r.refreshToken as string, confirmedAt: r.user.confirmedAt };
}

describe('password reset by emailed link', () => {
  it('mails a link that resets the password once, signs out every session, and then fails', async () => {
    const user = await seedUser({ password: 'the old password' });
    const second = data(await gql(LOGIN, { variables: { input: { email: user.email, password: 'the old password' } } }), 'login');

    // The address as typed, in another case.
    expect(data(await gql(REQUEST_RESET, { variables: { email: `  ${user.email.toUpperCase()} ` } }), 'requestPasswordReset')).toBe(true);
    const mail = await smtp.waitForMail(user.email, /Reset your Sealwright password/);
    expect(mail.from).toBe('"Sealwright Test" <mail@sealwright.test>');
    const link = linkToken(mail, '/reset-password');
    expect(link.url.startsWith(`${env().APP_URL.replace(/\/$/, '')}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(link.url.replace(/&/g, '&amp;'));
    expect(mail.text).toMatch(/works once, for 1 hour/);

    // Only the token's hash is stored.
    const rows = await db().emailToken.findMany({ where: { userId: user.id, purpose: 'PASSWORD_RESET' }, select: { tokenHash: true, expiresAt: true } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(linkTokenHash(link.token));
    expect(rows[0].tokenHash).not.toContain(link.token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    // Too short: refused as sign-up refuses it, and the link still works afterwards.
    const short = await gql(RESET, { variables: { input: { token: link.token, newPassword: 'short' } } });
    expect(code(short)).toBe('BAD_USER_INPUT');
    expect(message(short)).toMatch(/at least 10 characters/);

    expect(data(await gql(RESET, { variables: { input: { token: link.token, newPassword: 'the new password' } } }), 'resetPassword')).toBe(true);

    // The new password signs in, the old one does not.
    expect(data(await gql(LOGIN, { variables: { input: { email: user.email, password: 'the new password' } } }), 'login').accessToken).toBeTruthy();
    expect(code(await gql(LOGIN, { variables: { input: { email: user.email, password: 'the old password' } } }))).toBe('INVALID_CREDENTIALS');
    // Every session that existed before is signed out: its refresh tokens are revoked.
    for (const old of [user.refreshToken, second.refreshToken]) expect(code(await gql(REFRESH, { variables: { t: old } }))).toBe('TOKEN_REVOKED');

    // The link works once.
    const again = await gql(RESET, { variables: { input: { token: link.token, newPassword: 'a third password' } } });
    expect(code(again)).toBe('BAD_USER_INPUT');
    expect(message(again)).toMatch(/used already/);
    expect(code(await gql(LOGIN, { variables: { input: { email: user.email, password: 'a third password' } } }))).toBe('INVALID_CREDENTIALS');
    // The mail reached the account's owner: the address counts as confirmed.
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { confirmedAt: true } })).confirmedAt).not.toBeNull();
  });

  it('answers true for an unknown address and sends nothing, exactly as for a registered one', async () => {
    const known = await seedUser();
    const unknown = uniqueEmail('nobody');
    const a = await gql(REQUEST_RESET, { variables: { email: unknown } });
    const b = await gql(REQUEST_RESET, { variables: { email: known.email } });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ data: { requestPasswordReset: true } });
    await mailSettled();
    await smtp.waitForMail(known.email, /Reset/);
    expect(smtp.mailsTo(unknown)).toEqual([]);
  });

  it('refuses an expired link, an unknown one, and a confirmation link', async () => {
    const user = await seedUser({ password: 'the old password' });
    data(await gql(REQUEST_RESET, { variables: { email: user.email } }), 'requestPasswordReset');
    const { token } = linkToken(await smtp.waitForMail(user.email, /Reset/), '/reset-password');
    await db().emailToken.updateMany({ where: { tokenHash: linkTokenHash(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await gql(RESET, { variables: { input: { token, newPassword: 'the new password' } } });
    expect(code(expired)).toBe('BAD_USER_INPUT');
    expect(message(expired)).toMatch(/expired/);

    expect(code(await gql(RESET, { variables: { input: { token: 'not-a-token', newPassword: 'the new password' } } }))).toBe('BAD_USER_INPUT');
    const confirmation = linkToken(await smtp.waitForMail(user.email, /Confirm/), '/confirm-email');
    expect(code(await gql(RESET, { variables: { input: { token: confirmation.token, newPassword: 'the new password' } } }))).toBe('BAD_USER_INPUT');
    expect(data(await gql(LOGIN, { variables: { input: { email: user.email, password: 'the old password' } } }), 'login').accessToken).toBeTruthy();
  });

  it('limits requests per address, registered or not (3 an hour), with RATE_LIMITED', async () => {
    for (const email of [(await seedUser()).email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect(data(await gql(REQUEST_RESET, { variables: { email } }), 'requestPasswordReset')).toBe(true);
      const fourth = await gql(REQUEST_RESET, { variables: { email } });
      expect(code(fourth)).toBe('RATE_LIMITED');
      expect(message(fourth)).toMatch(/at most 3 per hour/);
    }
  });

  it('limits requests per client address (10 an hour)', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 10; i++) expect(code(await gql(REQUEST_RESET, { variables: { email: uniqueEmail('ip') }, headers }))).toBeUndefined();
    expect(code(await gql(REQUEST_RESET, { variables: { email: uniqueEmail('ip') }, headers }))).toBe('RATE_LIMITED');
  });
});

describe('address confirmation', () => {
  it('mails a link at sign-up that fills confirmedAt; resend sends another until then', async () => {
    const user = await register();
    expect(user.confirmedAt).toBeNull();
    const first = linkToken(await smtp.waitForMail(user.email, /Confirm your email address/), '/confirm-email');
    expect(first.url).toMatch(/\/confirm-email\?token=/);

    // Nothing is blocked meanwhile; resend mails a second link.
    expect(data(await gql(RESEND, { token: user.accessToken }), 'resendConfirmation')).toBe(true);
    await mailSettled();
    expect(smtp.mailsTo(user.email).filter((m) => /Confirm/.test(m.subject))).toHaveLength(2);
    const second = linkToken(smtp.mailsTo(user.email).filter((m) => /Confirm/.test(m.subject))[1], '/confirm-email');
    expect(second.token).not.toBe(first.token);

    // No session needed: the link is the proof.
    expect(data(await gql(CONFIRM, { variables: { token: second.token } }), 'confirmEmail')).toBe(true);
    const me = data(await gql(ME, { token: user.accessToken }), 'me');
    expect(me.confirmedAt).not.toBeNull();
    // Opening a link again changes nothing; resending has nothing left to do.
    expect(data(await gql(CONFIRM, { variables: { token: first.token } }), 'confirmEmail')).toBe(true);
    expect(data(await gql(ME, { token: user.accessToken }), 'me').confirmedAt).toBe(me.confirmedAt);
    expect(data(await gql(RESEND, { token: user.accessToken }), 'resendConfirmation')).toBe(false);
  });

  it('refuses an unknown or expired link, and a reset link; resend needs a session and is limited', async () => {
    const user = await register();
    const { token } = linkToken(await smtp.waitForMail(user.email, /Confirm/), '/confirm-email');
    await db().emailToken.updateMany({ where: { tokenHash: linkTokenHash(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(code(await gql(CONFIRM, { variables: { token } }))).toBe('BAD_USER_INPUT');
    expect(code(await gql(CONFIRM, { variables: { token: 'x'.repeat(43) } }))).toBe('BAD_USER_INPUT');
    data(await gql(REQUEST_RESET, { variables: { email: user.email } }), 'requestPasswordReset');
    const reset = linkToken(await smtp.waitForMail(user.email, /Reset/), '/reset-password');
    expect(code(await gql(CONFIRM, { variables: { token: reset.token } }))).toBe('BAD_USER_INPUT');
    expect(data(await gql(ME, { token: user.accessToken }), 'me').confirmedAt).toBeNull();

    expect(code(await gql(RESEND))).toBe('UNAUTHENTICATED');
    for (let i = 0; i < 3; i++) expect(data(await gql(RESEND, { token: user.accessToken }), 'resendConfirmation')).toBe(true);
    expect(code(await gql(RESEND, { token: user.accessToken }))).toBe('RATE_LIMITED');
  });
});

describe('invitations by email', () => {
  async function teamOwner() {
    return seedUser({ planLevel: 'TEAM', displayName: 'Olivia Owner' });
  }
  const invite = (by: SeededUser | { accessToken: string }, email: string, role: string) => gql(INVITE, { token: by.accessToken, variables: { input: { email, role } } });

  it('invites an address with no account: it registers, accepts, and is a member with the role; the link works once', async () => {
    const owner = await teamOwner();
    const org = await db().organization.findUniqueOrThrow({ where: { id: owner.organizationId }, select: { name: true } });
    const address = uniqueEmail('invitee');
    expect(data(await invite(owner, address, 'admin'), 'inviteOrganizationMember')).toBe(true);
    const mail = await smtp.waitForMail(address, /invited you to/);
    expect(mail.subject).toBe(`Olivia Owner invited you to ${org.name} on Sealwright`);
    expect(mail.text).toMatch(/as an admin/);
    const link = linkToken(mail, '/invitations/accept');
    const stored = await db().organizationInvitation.findFirstOrThrow({ where: { organizationId: owner.organizationId, email: address } });
    expect(stored.tokenHash).toBe(linkTokenHash(link.token));

    // The invitee signs up with the invited address, typed in another case, then accepts.
    const invitee = await register(address.toUpperCase());
    const membership = data(await gql(ACCEPT, { token: invitee.accessToken, variables: { token: link.token } }), 'acceptInvitation');
    expect(membership).toMatchObject({ role: 'ADMIN', isPrimaryOrg: false, organization: { id: owner.organizationId, name: org.name } });
    const members = data(await gql('{ organizationMembersConnection(first: 10) { edges { node { role user { email } } } } }', { token: owner.accessToken }), 'organizationMembersConnection');
    expect(members.edges.map((e: any) => [e.node.user.email, e.node.role])).toEqual([
      [owner.email, 'OWNER'],
      [address, 'ADMIN'],
    ]);
    // Accepting proved the address.
    expect(data(await gql(ME, { token: invitee.accessToken }), 'me').confirmedAt).not.toBeNull();
    // Once only: the same account is a member already, and the link is used.
    expect(code(await gql(ACCEPT, { token: invitee.accessToken, variables: { token: link.token } }))).toBe('CONFLICT');
    await db().organizationMembership.deleteMany({ where: { userId: invitee.id, organizationId: owner.organizationId } });
    const used = await gql(ACCEPT, { token: invitee.accessToken, variables: { token: link.token } });
    expect(code(used)).toBe('BAD_USER_INPUT');
    expect(message(used)).toMatch(/used already/);
  });

  it('lets only the account that uses the invited address accept', async () => {
    const owner = await teamOwner();
    const invited = await seedUser();
    const other = await seedUser();
    expect(data(await invite(owner, invited.email, 'MEMBER'), 'inviteOrganizationMember')).toBe(true);
    const { token } = linkToken(await smtp.waitForMail(invited.email, /invited you/), '/invitations/accept');
    const wrong = await gql(ACCEPT, { token: other.accessToken, variables: { token } });
    expect(code(wrong)).toBe('FORBIDDEN');
    expect(message(wrong)).toContain(invited.email);
    expect(code(await gql(ACCEPT, { variables: { token } }))).toBe('UNAUTHENTICATED');
    expect(await db().organizationMembership.count({ where: { userId: other.id, organizationId: owner.organizationId } })).toBe(0);
    expect(data(await gql(ACCEPT, { token: invited.accessToken, variables: { token } }), 'acceptInvitation').role).toBe('MEMBER');
  });

  it('holds the plan member limit when inviting and when accepting (PLAN_LIMIT_EXCEEDED), and the invitation waits for a seat', async () => {
    // FREE allows one member: the owner.
    const solo = await seedUser();
    const refused = await invite(solo, uniqueEmail('x'), 'MEMBER');
    expect(code(refused)).toBe('PLAN_LIMIT_EXCEEDED');
    expect(message(refused)).toMatch(/FREE plan allows 1 team member/);

    const owner = await teamOwner();
    const invited = await seedUser();
    expect(data(await invite(owner, invited.email, 'MEMBER'), 'inviteOrganizationMember')).toBe(true);
    const { token } = linkToken(await smtp.waitForMail(invited.email, /invited you/), '/invitations/accept');
    await setPlan(owner.organizationId, 'FREE');
    expect(code(await gql(ACCEPT, { token: invited.accessToken, variables: { token } }))).toBe('PLAN_LIMIT_EXCEEDED');
    await setPlan(owner.organizationId, 'TEAM');
    expect(data(await gql(ACCEPT, { token: invited.accessToken, variables: { token } }), 'acceptInvitation').role).toBe('MEMBER');
  });

  it('needs members.manage, owners.manage for an OWNER; a member already → CONFLICT; an expired link fails', async () => {
    const owner = await teamOwner();
    const admin = await seedUser();
    const member = await seedUser();
    const ownerActor = (await loadActor({ userId: owner.id }))!;
    await upsertMember({ actor: ownerActor, input: { email: admin.email, role: 'ADMIN' } });
    await upsertMember({ actor: ownerActor, input: { email: member.email, role: 'MEMBER' } });
    const headers = { 'x-organization-id': owner.organizationId };
    const as = (u: SeededUser, email: string, role: string) => gql(INVITE, { token: u.accessToken, headers, variables: { input: { email, role } } });

    expect(code(await as(member, uniqueEmail('m'), 'MEMBER'))).toBe('FORBIDDEN');
    expect(code(await as(admin, uniqueEmail('o'), 'OWNER'))).toBe('FORBIDDEN');
    expect(code(await as(admin, uniqueEmail('r'), 'CHIEF'))).toBe('BAD_USER_INPUT');
    expect(code(await as(admin, 'not an address', 'MEMBER'))).toBe('BAD_USER_INPUT');
    expect(code(await as(admin, member.email.toUpperCase(), 'MEMBER'))).toBe('CONFLICT');
    expect(data(await as(owner, uniqueEmail('o'), 'OWNER'), 'inviteOrganizationMember')).toBe(true);

    const late = uniqueEmail('late');
    expect(data(await as(admin, late, 'MEMBER'), 'inviteOrganizationMember')).toBe(true);
    const mail = await smtp.waitForMail(late, /invited you/);
    expect(mail.subject).toMatch(/^Alex Rivera invited you to /); // the inviting ADMIN's name (the factory's default)
    const { token } = linkToken(mail, '/invitations/accept');
    await db().organizationInvitation.updateMany({ where: { tokenHash: linkTokenHash(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const invitee = await register(late);
    const expired = await gql(ACCEPT, { token: invitee.accessToken, variables: { token } });
    expect(code(expired)).toBe('BAD_USER_INPUT');
    expect(message(expired)).toMatch(/expired/);

    // Inviting again replaces the pending invitation: only the newest link works.
    const again = uniqueEmail('again');
    await as(owner, again, 'MEMBER');
    await as(owner, again, 'ADMIN');
    await mailSettled();
    const [older, newer] = smtp.mailsTo(again).map((m) => linkToken(m, '/invitations/accept').token);
    const againUser = await register(again);
    expect(code(await gql(ACCEPT, { token: againUser.accessToken, variables: { token: older } }))).toBe('BAD_USER_INPUT');
    expect(data(await gql(ACCEPT, { token: againUser.accessToken, variables: { token: newer } }), 'acceptInvitation').role).toBe('ADMIN');
  });

  it('grants only what its sender may still grant: an ADMIN made a MEMBER, or removed, invited nobody', async () => {
    // The third probe: acceptInvitation did not look at who sent the invitation.
    const owner = await teamOwner();
    const admin = await seedUser();
    const ownerActor = (await loadActor({ userId: owner.id }))!;
    await upsertMember({ actor: ownerActor, input: { email: admin.email, role: 'ADMIN' } });
    const headers = { 'x-organization-id': owner.organizationId };
    const [first, second] = [await seedUser(), await seedUser()];
    for (const u of [first, second])
      expect(data(await gql(INVITE, { token: admin.accessToken, headers, variables: { input: { email: u.email, role: 'ADMIN' } } }), 'inviteOrganizationMember')).toBe(true);
    const tokenOf = async (u: SeededUser) => linkToken(await smtp.waitForMail(u.email, /invited you/), '/invitations/accept').token;
    const [firstToken, secondToken] = [await tokenOf(first), await tokenOf(second)];

    await upsertMember({ actor: ownerActor, input: { email: admin.email, role: 'MEMBER' } });
    const refused = await gql(ACCEPT, { token: first.accessToken, variables: { token: firstToken } });
    expect(code(refused)).toBe('FORBIDDEN');
    expect(message(refused)).toMatch(/no longer valid: whoever sent it can no longer invite an ADMIN/);
    await db().organizationMembership.deleteMany({ where: { userId: admin.id, organizationId: owner.organizationId } });
    expect(code(await gql(ACCEPT, { token: second.accessToken, variables: { token: secondToken } }))).toBe('FORBIDDEN');
    expect(await db().organizationMembership.count({ where: { organizationId: owner.organizationId, userId: { in: [first.id, second.id] } } })).toBe(0);
    // Nothing was used up: once the sender may invite again, the link works.
    await upsertMember({ actor: ownerActor, input: { email: admin.email, role: 'ADMIN' } });
    expect(data(await gql(ACCEPT, { token: first.accessToken, variables: { token: firstToken } }), 'acceptInvitation').role).toBe('ADMIN');
  });
});

describe('a mail server that refuses', () => {
  it('does not fail a sign-up; an invitation answers false and keeps nothing; resend answers false', async () => {
    smtp.refuse(true);
    const user = await register();
    await mailSettled();
    expect(smtp.mailsTo(user.email)).toEqual([]);
    expect(data(await gql(RESEND, { token: user.accessToken }), 'resendConfirmation')).toBe(false);

    const owner = await seedUser({ planLevel: 'TEAM' });
    const address = uniqueEmail('lost');
    expect(data(await gql(INVITE, { token: owner.accessToken, variables: { input: { email: address, role: 'MEMBER' } } }), 'inviteOrganizationMember')).toBe(false);
    expect(await db().organizationInvitation.count({ where: { email: address } })).toBe(0);
    // A reset is still answered true (the answer never depends on the address).
    expect(data(await gql(REQUEST_RESET, { variables: { email: user.email } }), 'requestPasswordReset')).toBe(true);

    smtp.refuse(false);
    expect(data(await gql(RESEND, { token: user.accessToken }), 'resendConfirmation')).toBe(true);
    await smtp.waitForMail(user.email, /Confirm/);
  });
});

describe('the notice of a credential status change on re-check', () => {
  it('mails the holder when reverifyCredential or the periodic sweep changes the status, and not when it stays', async () => {
    const holder = await seedUser({ displayName: 'Jordan Pike', planLevel: 'TEAM' });
    const actor = (await loadActor({ userId: holder.id }))!;
    const local = new LocalBoardSource();
    const number = () => `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const [a, b] = [number(), number()];
    for (const licenseNumber of [a, b]) {
      await seedBoardRecord({ stateCode: 'OR', licenseType: 'architect', licenseNumber, firstName: 'Jordan', lastName: 'Pike', licenseStatus: 'active', expirationDate: '2031-12-31' });
    }
    const first = await createCredential({ actor, input: { licenseNumber: a, regionCode: 'OR', licenseType: 'architect' }, board: local });
    const second = await createCredential({ actor, input: { licenseNumber: b, regionCode: 'OR', licenseType: 'architect' }, board: local });
    expect([first.status, second.status]).toEqual(['VERIFIED', 'VERIFIED']);
    const notices = () => smtp.mailsTo(holder.email).filter((m) => /Your credential/.test(m.subject));

    // Unchanged: no notice.
    const REVERIFY = 'mutation($id: UUID!) { reverifyCredential(id: $id) { status } }';
    expect(data(await gql(REVERIFY, { token: holder.accessToken, variables: { id: first.id } }), 'reverifyCredential').status).toBe('VERIFIED');
    await mailSettled();
    expect(notices()).toEqual([]);

    await db().boardRecord.updateMany({ where: { licenseNumber: a }, data: { licenseStatus: 'revoked' } });
    expect(data(await gql(REVERIFY, { token: holder.accessToken, variables: { id: first.id } }), 'reverifyCredential').status).toBe('REVOKED');
    const revoked = await smtp.waitForMail(holder.email, /Your credential/);
    expect(revoked.subject).toBe(`Your credential Architect ${a} (OR) is now revoked`);
    expect(revoked.text).toMatch(/changed from verified to revoked/);
    expect(revoked.text).toMatch(/The board reports this license revoked/);
    expect(revoked.text).toMatch(/cannot seal/);
    expect(revoked.text).toContain(`${env().APP_URL.replace(/\/$/, '')}/credentials`);

    // The sweep, a week on: the second license was suspended meanwhile.
    await db().boardRecord.updateMany({ where: { licenseNumber: b }, data: { licenseStatus: 'suspended' } });
    const report = await recheckCredentials({ board: local, now: new Date(Date.now() + 8 * 86_400_000) });
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(notices().map((m) => m.subject)).toContain(`Your credential Architect ${b} (OR) is now revoked`);
    expect(notices()).toHaveLength(2);
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail to DATA_DIR/outbox as an .eml file, readable by the server user only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-outbox-test-'));
    const user = await seedUser();
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    try {
      expect(data(await gql(REQUEST_RESET, { variables: { email: user.email } }), 'requestPasswordReset')).toBe(true);
      await mailSettled();
      const outbox = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const file = path.join(outbox, files[0]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // A mail client reads it as the SMTP server would have received it.
      const eml = await simpleParser(fs.readFileSync(file));
      expect(eml.subject).toBe('Reset your Sealwright password');
      expect((eml.to as AddressObject).text).toBe(user.email);
      expect((eml.from as AddressObject).text).toBe('"Sealwright Test" <mail@sealwright.test>');
      expect(eml.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
      expect(smtp.mailsTo(user.email).filter((m) => /Reset/.test(m.subject))).toEqual([]);
    } finally {
      process.env.SMTP_URL = smtp.url;
      process.env.DATA_DIR = saved.DATA_DIR;
      if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
