/**
 * The dashboard's sign-in and settings in Chromium against the built server: a signed-in page
 * opened without a session goes to /login and comes back; register; profile and theme; password
 * change; MFA set-up with the QR code and backup codes; sign out; sign in again with MFA; a
 * session signed out through the API ends in the dashboard too. Every
 * page: no console error, no serious or critical axe violation, screenshots at 1440 and 375 px.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, screenshots } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
async function openPage(): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    // A refused sign-in step is an HTTP 401 of next-auth's callback, which Chromium logs: expected here.
    if (m.type() === 'error' && !(m.location().url.includes('/api/auth/callback/credentials') && m.text().includes('401'))) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  // Nothing but this origin is ever asked for (fonts and icons are bundled).
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== base) consoleErrors.push(`third-party request: ${r.url()}`);
  });
  return { page, consoleErrors };
}

const totp = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });

describe('dashboard: sign-in, settings and MFA', () => {
  it('register → settings → profile, theme, password → MFA on → sign out → sign in with MFA', async () => {
    const { page, consoleErrors } = await openPage();
    const email = `dash-${crypto.randomBytes(5).toString('hex')}@example.test`;

    // A signed-in page without a session: to /login, which will return there.
    await page.goto(`${base}/settings`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fsettings/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, '/login');
    await screenshots(page, 'login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, '/register');
    await screenshots(page, 'register');
    await page.getByLabel('Full name, as licensed').fill('Dana Whitfield');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first dashboard password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${base}/settings`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    // The new account's own email and name, as registered, in the profile card.
    await page.getByRole('form', { name: 'Profile' }).getByText(email, { exact: true }).waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Dana Whitfield');
    await expectAccessible(page, '/settings');
    await screenshots(page, 'settings');

    // Profile and theme: saved, and the theme applies to the page.
    await page.getByLabel('Display name').fill('Dana R. Whitfield');
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByLabel('Stamp export size').selectOption('large');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expectAccessible(page, '/settings (dark)');
    await screenshots(page, 'settings-dark');

    // Password change.
    await page.getByLabel('Current password').fill('first dashboard password');
    await page.getByLabel('New password', { exact: true }).fill('second dashboard password');
    await page.getByLabel('Confirm new password').fill('second dashboard password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions were signed out.').waitFor();

    // MFA: the QR code and key, a code from the authenticator, the backup codes once.
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Code from the app').fill(await totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-step verification is on.').waitFor();
    expect(await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBe(10);
    // Copied as one code a line, and downloaded as a text file holding each of them.
    const codes = (await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await page.getByText('Copied the 10 backup codes.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download codes' }).click()]);
    expect(download.suggestedFilename()).toBe('sealwright-backup-codes.txt');
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(`\n${code}\n`);
    await page.getByText('Downloaded sealwright-backup-codes.txt.').waitFor();
    await expectAccessible(page, '/settings (backup codes)');
    await page.getByRole('button', { name: 'Turn off two-step verification' }).waitFor();
    await screenshots(page, 'settings-mfa');

    // Sign out, then in again: password, then the second step.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${base}/settings`);
    await page.waitForURL(/\/login\?callbackUrl=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first dashboard password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Password').fill('second dashboard password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    // The code field starts empty: nothing of the password is carried into it.
    expect(await page.getByLabel('Code').inputValue()).toBe('');
    await expectAccessible(page, '/login (MFA step)');
    await screenshots(page, 'login-mfa');
    // The next time step: the code used to turn MFA on cannot be used again.
    await page.getByLabel('Code').fill(await totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${base}/settings`);
    await page.getByRole('button', { name: 'Turn off two-step verification' }).waitFor();
    // The profile came back with the session: the theme too.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('a session signed out through the API ends in the dashboard at its next request', async () => {
    const email = `ended-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const call = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
      fetch(`${base}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      }).then((r) => r.json());
    await call('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password: 'the right password', displayName: 'Ended Session' } });
    const { page, consoleErrors } = await openPage();
    await page.goto(`${base}/login?callbackUrl=%2Fsettings`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/settings`);
    expect(await page.getByLabel('Display name').inputValue()).toBe('Ended Session');

    // Elsewhere (a stolen laptop is being cut off): sign every session out.
    const other = await call('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password: 'the right password' } });
    expect((await call('mutation { logout }', {}, other.data.login.accessToken)).data).toEqual({ logout: true });

    // The dashboard's access token is minutes from expiry, yet its next request ends the session.
    await page.reload();
    await page.waitForURL(/\/login\?callbackUrl=%2Fsettings/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // Signed out for good: the signed-in page sends to /login again.
    await page.goto(`${base}/settings`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fsettings/);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('a lockout earned through the API holds at the dashboard sign-in, in words', async () => {
    const email = `locked-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const call = (query: string, variables: Record<string, unknown>) =>
      fetch(`${base}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) }).then((r) => r.json());
    await call('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password: 'the right password' } });
    for (let i = 0; i < 6; i++) await call('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password: 'a wrong password' } });
    const { page, consoleErrors } = await openPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Too many failed attempts\. Try again in \d+ s\./ })
      .waitFor();
    expect(page.url()).toContain('/login');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
