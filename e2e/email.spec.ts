/**
 * Email in Chromium, through a real SMTP server: a server of the same build whose SMTP_URL
 * points at an smtp-server started here, which keeps every mail it receives. Password reset
 * from "Forgot your password?" on /login to signing in with the new password; an invitation sent
 * from /organization to an address with no account, which registers from the mailed link and
 * joins; the confirm-your-address banner, its "resend", and the confirmation link. Every page:
 * no console error, no serious or critical axe violation.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startSmtpServer } from '../test/smtp-server.ts';
import type { TestSmtpServer } from '../test/smtp-server.ts';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, screenshots, signIn } from './page-checks.ts';
import { freePort, startApp, stopServer } from './process.ts';

const browser = sharedBrowser();
const owner = { email: `owner-${crypto.randomBytes(4).toString('hex')}@example.test`, password: 'owner e2e password', displayName: 'Olive Owner' };
let smtp: TestSmtpServer;
let server: ChildProcess | undefined;
let dataDir = '';
let base = '';

/**
 * The owner's organization on TEAM (25 seats), as a paid plan leaves it: written into the data
 * directory before the server opens it (PGlite is never opened by two processes).
 */
async function seedTeamOwner() {
  process.env.DATA_DIR = dataDir;
  process.env.SMTP_URL = smtp.url;
  delete process.env.DATABASE_URL;
  const { applyMigrations } = await import('../lib/db/migrate.ts');
  const { closeDatabase, getDatabase } = await import('../lib/db/index.ts');
  const { seedUser } = await import('../prisma/factories.ts');
  await applyMigrations(getDatabase().adapterFactory);
  await seedUser({ ...owner, planLevel: 'TEAM' });
  // Closing waits for the sign-up's confirmation mail too.
  await closeDatabase();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-email-'));
  await seedTeamOwner();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startApp({ port, dataDir, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sealwright <mail@sealwright.test>', GRAPHQL_RATE_LIMIT: '5000' } });
}, 300_000);

afterAll(async () => {
  await stopServer(server);
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function register(displayName: string) {
  const email = `mail-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const password = 'first e2e password';
  await gqlAt(base, 'mutation($i: RegisterInput!) { register(input: $i) { user { id } } }', { i: { email, password, displayName } });
  return { email, password };
}

describe('email through a real SMTP server', () => {
  it('password reset: "Forgot your password?" on /login, the mailed link sets a new password once, and it signs in', async () => {
    const user = await register('Riley Reset');
    const { page, errors } = await openPage();
    await page.goto(`${base}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectAccessible(page, '/reset-password (ask for a link)');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await smtp.waitForMail(user.email, /Reset your Sealwright password/);
    const link = linkToken(mail, '/reset-password');
    expect(link.url.startsWith(`${base}/reset-password?token=`)).toBe(true);
    await page.goto(link.url);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, '/reset-password (new password)');
    await screenshots(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill('the new e2e password');
    await page.getByLabel('New password, again').fill('the new e2e password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The link works once.
    await page.goto(link.url);
    await page.getByLabel('New password', { exact: true }).fill('a third e2e password');
    await page.getByLabel('New password, again').fill('a third e2e password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect.poll(() => page.locator('p[role=alert]').textContent()).toMatch(/used already/);

    // The old password no longer signs in; the new one does.
    await expect(gqlAt(base, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: user.email, password: user.password } })).rejects.toThrow(/INVALID_CREDENTIALS/);
    await signIn(page, base, '/settings', user.email, 'the new e2e password');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('invitation: the owner invites an address with no account from /organization; it registers from the mailed link and joins as ADMIN', async () => {
    const invitee = `invitee-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const owners = await openPage();
    await signIn(owners.page, base, '/organization', owner.email, owner.password);
    await owners.page.getByLabel('Address to invite').fill(invitee);
    await owners.page.getByLabel('Role to give').selectOption('ADMIN');
    await owners.page.getByRole('button', { name: 'Send invitation' }).click();
    await owners.page
      .getByRole('status')
      .filter({ hasText: `We mailed an invitation to ${invitee}` })
      .waitFor();

    const mail = await smtp.waitForMail(invitee, /invited you to/);
    expect(mail.subject).toBe('Olive Owner invited you to Olive Owner on Sealwright');
    const link = linkToken(mail, '/invitations/accept');
    expect(link.url.startsWith(`${base}/invitations/accept?token=`)).toBe(true);

    // The invitee has no account and no session: the page says what to do.
    const { page, errors } = await openPage();
    await page.goto(link.url);
    await page.getByRole('heading', { name: 'Join Olive Owner' }).waitFor();
    expect(await page.getByText(`The invitation is for ${invitee}.`).isVisible()).toBe(true);
    await expectAccessible(page, '/invitations/accept (signed out)');
    await screenshots(page, 'invitation-accept');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(invitee);
    await page.getByLabel('Full name, as licensed').fill('Ian Invitee');
    await page.getByLabel('Password').fill('invitee e2e password');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back on the invitation, signed in with the invited address.
    await page.waitForURL(link.url);
    await page.getByRole('button', { name: 'Accept and join Olive Owner' }).click();
    await page.getByRole('status').filter({ hasText: 'You are now an admin of Olive Owner.' }).waitFor();
    await expectAccessible(page, '/invitations/accept (joined)');
    await page.getByRole('link', { name: 'See your organizations' }).click();
    await page.waitForURL(`${base}/organization`);
    await page.getByRole('button', { name: 'Switch to Olive Owner' }).waitFor();
    // Accepting proved the address: no confirmation banner for the invitee (once every query has answered).
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Confirm your address' }).count()).toBe(0);

    // The owner's member list has the new ADMIN.
    await owners.page.reload();
    await owners.page.getByRole('combobox', { name: 'Role of Ian Invitee' }).waitFor();
    expect(await owners.page.getByRole('combobox', { name: 'Role of Ian Invitee' }).inputValue()).toBe('ADMIN');
    expect(errors).toEqual([]);
    expect(owners.errors).toEqual([]);
    await page.context().close();
    await owners.page.context().close();
  });

  it('the banner asks a new account to confirm its address; "Resend the link" mails one, and the link confirms it', async () => {
    const user = await register('Casey Confirm');
    const { page, errors } = await openPage();
    await signIn(page, base, '/settings', user.email, user.password);
    const banner = page.getByRole('region', { name: 'Confirm your address' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`open the link we sent to ${user.email}`);
    await expectAccessible(page, '/settings (with the confirmation banner)');
    await screenshots(page, 'confirm-banner');
    await banner.getByRole('button', { name: 'Resend the link' }).click();
    await banner
      .getByRole('status')
      .filter({ hasText: `We sent a new link to ${user.email}.` })
      .waitFor();

    await expect.poll(() => smtp.mailsTo(user.email).filter((m) => /Confirm your email address/.test(m.subject)).length).toBe(2);
    const link = linkToken(smtp.mailsTo(user.email).filter((m) => /Confirm/.test(m.subject))[1], '/confirm-email');
    await page.goto(link.url);
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
    await expectAccessible(page, '/confirm-email');
    // The dashboard's start, where signing in leads too (the getting-started checklist).
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(`${base}/documents`);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Confirm your address' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
