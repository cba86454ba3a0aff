/**
 * Identity assurance (issue 20) in Chromium against the built server: a seal by a holder whose
 * name is only their word says so on /verify/<code>; the holder files a verification request on
 * /settings (pending); a platform administrator, made one by `npm run users:admin`'s script,
 * approves it on /admin/identity (a non-admin reads the API's refusal there); the holder's next
 * seal says "Identity verified from a government ID", while the first still says what was true
 * when it was made. Then the organization's sealing rule and a credential's suspension, delete
 * dialog included. axe on every page it opens.
 *
 * Its own server and data directory: the embedded database (PGlite) is one process's at a time,
 * so the script runs while the server is stopped, as an operator would run it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, screenshots, signIn, uploadFileAt } from './page-checks.ts';
import { freePort, stopServer, waitUntilServing } from './process.ts';

const browser = sharedBrowser();
const TSX = 'node_modules/tsx/dist/cli.mjs';

interface Account {
  email: string;
  password: string;
  token: string;
  displayName: string;
  credentialId?: string;
  licenseNumber?: string;
}

/** Run one of our scripts to its end: exit code and what it printed. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A new browser context signed in as `account`, on `path`. */
async function signedIn(b: Browser, base: string, account: Account, at: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await b.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, base, at, account.email, account.password);
  return { context, page, errors };
}

describe('identity assurance: settings, the admin queue, and what a seal says', () => {
  let server: ChildProcess | undefined;
  let dataDir = '';
  let base = '';
  let env: NodeJS.ProcessEnv = { ...process.env };
  let holder: Account;
  let admin: Account;
  let firstCode = '';
  const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);

  async function startServer(): Promise<void> {
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(env.PORT), '--hostname', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await waitUntilServing(server, `${base}/`, 180_000);
  }

  async function register(displayName: string): Promise<Account> {
    const email = `identity-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'identity e2e password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName } })).register.accessToken;
    return { email, password, token, displayName };
  }

  /** Upload a fresh one-page PDF and seal it with the holder's credential: the verification code. */
  async function seal(account: Account, name: string): Promise<string> {
    const token = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: account.email, password: account.password } })).login.accessToken;
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText(`${name} ${crypto.randomUUID()}`, { x: 72, y: 700 });
    const fileHash = await uploadFileAt(base, await pdf.save(), 'identity-e2e.pdf', token);
    const document = (await gql('mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name, fileHash } }, token)).createDocument;
    const sealed = (await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', { i: { documentId: document.id, credentialId: account.credentialId } }, token))
      .sealDocument;
    return sealed.verificationCode;
  }

  /** The public page's Identity row for a seal, as a visitor reads it. */
  async function identityRow(code: string): Promise<string> {
    const page = await browser().newPage();
    await page.goto(`${base}/verify/${code}`);
    await page.getByRole('heading', { level: 1, name: 'Seal on record' }).waitFor();
    const text = (await page.getByTestId('identity-assurance').textContent()) ?? '';
    await page.close();
    return text;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-identity-'));
    // No Stripe: a verification request goes to a platform admin. No deployment-wide identity rule.
    env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn', GRAPHQL_RATE_LIMIT: '5000' };
    for (const name of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SEAL_MIN_IDENTITY']) delete env[name];
    await startServer();

    // A holder of a license of the seeded directory, signed up under the listed name.
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "engineer", stateCode: "TX", perPage: 50) { professionals { id fullName licenseNumber licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active TX engineer in the seeded directory').toBeTruthy();
    holder = await register(listing.fullName);
    const credential = (await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id canSeal licenseNumber } }', { id: listing.id }, holder.token)).claimProfessional;
    expect(credential.canSeal).toBe(true);
    holder.credentialId = credential.id;
    holder.licenseNumber = credential.licenseNumber;
    admin = await register('Riley Reviewer');

    // Make the second account a platform administrator as an operator does: the script, with the server stopped.
    await stopServer(server);
    const unknown = await runScript('scripts/grant-admin.ts', ['nobody-here@example.test'], env);
    expect(unknown.code, unknown.output).toBe(1);
    expect(unknown.output).toContain('No account with the email nobody-here@example.test');
    const granted = await runScript('scripts/grant-admin.ts', [admin.email.toUpperCase()], env);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toContain(`${admin.email} is now a platform administrator`);
    await startServer();
  }, 400_000);

  afterAll(async () => {
    await stopServer(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a seal by a holder whose name is only their word says "Name given by the holder, not verified"', async () => {
    const me = (await gql('{ me { identityAssurance role } }', undefined, holder.token)).me;
    expect(me).toEqual({ identityAssurance: 'SELF_ASSERTED', role: 'user' });
    firstCode = await seal(holder, 'Self-asserted sheet');
    expect(await identityRow(firstCode)).toContain('Name given by the holder, not verified');
  });

  it('/settings: the identity form files a request for review and shows it pending', async () => {
    const { context, page, errors } = await signedIn(browser(), base, holder, '/settings');
    const identity = page.getByRole('region', { name: 'Identity', exact: true });
    await identity.getByText('Not verified', { exact: true }).waitFor();
    // The legal name starts as the display name.
    expect(await identity.getByLabel('Legal name, as on your ID').inputValue()).toBe(holder.displayName);
    await identity.getByLabel('Note for the reviewer (optional)').fill('Call me at 555-0100 to see my license.');
    await identity.getByRole('button', { name: 'Verify my identity' }).click();
    await identity.getByRole('status').filter({ hasText: 'Request filed: a Sealwright administrator will review it.' }).waitFor();
    const pending = identity.getByTestId('identity-request');
    await pending.getByText('Pending review', { exact: true }).waitFor();
    expect(await pending.textContent()).toContain(holder.displayName);
    await identity.getByRole('button', { name: 'Update my request' }).waitFor();
    await expectAccessible(page, '/settings (identity pending)');
    await screenshots(page, 'settings-identity-pending');

    // The server has it: pending after a reload too, still SELF_ASSERTED.
    await page.reload();
    await page.getByRole('region', { name: 'Identity', exact: true }).getByText('Pending review', { exact: true }).waitFor();
    const me = (await gql('{ me { identityAssurance identityVerification { status method legalName note } } }', undefined, holder.token)).me;
    expect(me).toEqual({
      identityAssurance: 'SELF_ASSERTED',
      identityVerification: { status: 'PENDING', method: 'ADMIN_REVIEW', legalName: holder.displayName, note: 'Call me at 555-0100 to see my license.' },
    });

    // Not a platform admin: /admin/identity says so in the API's words.
    await page.goto(`${base}/admin/identity`);
    await page.getByRole('alert').filter({ hasText: 'Only platform administrators review identity verifications' }).waitFor();
    await expectAccessible(page, '/admin/identity (not an admin)');
    expect(errors.filter((e) => !/403|Forbidden/i.test(e))).toEqual([]);
    await context.close();
  });

  it('/admin/identity: the admin approves the request, and the next seal says "Identity verified from a government ID"', async () => {
    // Behind the sign-in: a visitor goes to /login first.
    const visitor = await browser().newPage();
    await visitor.goto(`${base}/admin/identity`);
    await visitor.waitForURL(/\/login\?callbackUrl=%2Fadmin%2Fidentity/);
    await visitor.close();

    const { context, page, errors } = await signedIn(browser(), base, admin, '/admin/identity');
    await page.getByRole('heading', { level: 1, name: 'Identity reviews' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: holder.email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Call me at 555-0100 to see my license.');
    expect(await row.getByLabel('Legal name as on the ID').inputValue()).toBe(holder.displayName);
    await expectAccessible(page, '/admin/identity');
    await screenshots(page, 'admin-identity');

    // Rejecting needs a reason: the browser keeps the form until one is given.
    await row.getByRole('button', { name: 'Reject' }).click();
    expect(await row.getByLabel('Reason to reject (the person reads it)').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await row.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Approved: ${holder.displayName} is verified as ${holder.displayName}.` })
      .waitFor();
    await page.getByText('No request is waiting.').waitFor();
    await page.getByLabel('Show').selectOption('VERIFIED');
    await page.getByRole('row').filter({ hasText: holder.email }).getByText('Approved', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The holder's settings say it, with the legal name.
    const own = await signedIn(browser(), base, holder, '/settings');
    const identity = own.page.getByRole('region', { name: 'Identity', exact: true });
    await identity.getByText('Verified from a government ID', { exact: true }).waitFor();
    expect(await identity.getByTestId('legal-name').textContent()).toBe(holder.displayName);
    expect(await identity.getByRole('button', { name: 'Verify my identity' }).count()).toBe(0);
    await own.context.close();

    const secondCode = await seal(holder, 'Verified sheet');
    expect(await identityRow(secondCode)).toContain('Identity verified from a government ID');
    // A seal keeps the assurance of the moment it was made.
    expect(await identityRow(firstCode)).toContain('Name given by the holder, not verified');
  });

  it('/organization and /credentials: the owner requires a verified identity to seal, suspends and reinstates a credential, and sees the 30-day hold', async () => {
    const { context, page, errors } = await signedIn(browser(), base, holder, '/organization');
    const ownRow = page.getByRole('row').filter({ hasText: holder.email });
    await ownRow.getByText('Verified from a government ID').waitFor();
    const rule = page.getByLabel('Require a verified identity to seal');
    expect(await rule.isChecked()).toBe(false);
    await rule.check();
    await page.getByRole('status').filter({ hasText: 'now requires a verified identity' }).waitFor();
    expect((await gql('{ organization { requireVerifiedIdentity } }', undefined, holder.token)).organization.requireVerifiedIdentity).toBe(true);
    await expectAccessible(page, '/organization (identity)');
    await screenshots(page, 'organization-identity');

    await page.getByRole('link', { name: 'Credentials' }).click();
    await page.waitForURL(`${base}/credentials`);
    const label = `${holder.displayName}, TX ${holder.licenseNumber}`;
    const card = page
      .getByRole('list', { name: 'Your credentials' })
      .getByRole('listitem')
      .filter({ hasText: `TX ${holder.licenseNumber}` });
    await card.getByRole('button', { name: `Suspend ${label}` }).click();
    await card.getByLabel('Reason (the holder reads it)').fill('License renewal paperwork missing');
    await card.getByRole('button', { name: 'Suspend it' }).click();
    await card.getByTestId('credential-suspended').filter({ hasText: 'License renewal paperwork missing' }).waitFor();
    await card.getByText('Suspended', { exact: true }).waitFor();
    await expectAccessible(page, '/credentials (suspended)');

    await card.getByRole('button', { name: `Reinstate ${label}` }).click();
    await card.getByText('Can seal documents.').waitFor();

    // Delete offers to let the license go now, and says what happens otherwise; kept here.
    await card.getByRole('button', { name: `Delete ${label}` }).click();
    await card.getByLabel('Release the license now, so another account may add it').waitFor();
    expect(await card.getByText(/stays bound to you for 30 days/).textContent()).toContain(holder.licenseNumber);
    await expectAccessible(page, '/credentials (delete)');
    await screenshots(page, 'credentials-identity');
    await card.getByRole('button', { name: 'Keep it' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
