/**
 * The billing and organization pages in Chromium.
 *
 * Without Stripe keys (the shared e2e server): /billing shows the plan, usage and "not
 * configured", and asks nothing of any other host. /organization adds, re-roles and removes
 * members, the plan's member limit shown in words.
 *
 * With Stripe (a second server of the same build, pointed at the local Stripe stand-in): the
 * plan cards carry Stripe's prices; choosing TEAM opens the card form (Stripe.js and its API
 * calls are routed to the stand-ins), a declined card is told as such, a good one pays; the
 * stand-in's signed webhook reaches the app and the page shows the TEAM limits without a
 * reload. Then cancel at period end, and the paid invoice listed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStripeStandin } from '../test/stripe-standin.ts';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, screenshots, signIn } from './page-checks.ts';
import { freePort, stopServer, waitUntilServing } from './process.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

async function register(at: string, displayName: string) {
  const email = `billing-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const password = 'billing e2e password';
  const auth = (await gqlAt(at, 'mutation($i: RegisterInput!) { register(input: $i) { accessToken user { id } } }', { i: { email, password, displayName } })).register;
  return { email, password, displayName, token: auth.accessToken as string };
}

/** Console errors, and every request to a host other than the app's. */
function watch(page: Page, appBase: string) {
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(appBase) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
  });
  return { errors, foreign };
}

const usageLine = (page: Page, label: string) =>
  page
    .locator('.usage')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.usage-line');

describe('billing without Stripe keys', () => {
  it('shows the plan, usage and "not configured", with no third-party request; the organization page manages members', async () => {
    const owner = await register(base, 'Avery Owner');
    const colleague = await register(base, 'Blake Colleague');
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const seen = watch(page, base);

    await signIn(page, base, '/billing', owner.email, owner.password);
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('FREE');
    await expect.poll(() => usageLine(page, 'Documents').textContent()).toMatch(/0 of 25/);
    await expect.poll(() => usageLine(page, 'Members').textContent()).toMatch(/1 of 1/);
    expect(await usageLine(page, 'Seals this period').textContent()).toMatch(/0 of unlimited/);
    expect(await page.getByRole('note').textContent()).toMatch(/Billing is not configured/);
    expect(await page.getByRole('button', { name: /^Choose / }).count()).toBe(0);
    expect(await page.getByText('No invoices yet.').isVisible()).toBe(true);
    await expectAccessible(page, '/billing (not configured)');
    await screenshots(page, 'billing-not-configured');

    // The organization page: FREE allows one member, said in words; on TEAM the colleague joins.
    await page.getByRole('link', { name: 'Organization' }).click();
    await page.waitForURL(`${base}/organization`);
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => page.locator('p[role=alert]').textContent()).toMatch(/FREE plan allows 1 team member/);
    expect(seen.foreign, 'requests to other hosts').toEqual([]);
    expect(seen.errors.filter((e) => !/402|Payment Required/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('billing with Stripe (local stand-ins)', () => {
  let standin: Awaited<ReturnType<typeof startStripeStandin>>;
  let server: ChildProcess | undefined;
  let dataDir = '';
  let stripeBase = '';

  beforeAll(async () => {
    standin = await startStripeStandin();
    const port = await freePort();
    stripeBase = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-billing-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: stripeBase,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      GRAPHQL_RATE_LIMIT: '5000',
      STRIPE_SECRET_KEY: standin.secretKey,
      STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
      STRIPE_API_BASE: standin.url,
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: standin.publishableKey,
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port), '--hostname', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await waitUntilServing(server, `${stripeBase}/`, 180_000);
    standin.setWebhookUrl(`${stripeBase}/v1/webhooks/stripe`);
  }, 200_000);
  afterAll(async () => {
    await stopServer(server);
    await standin?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays for TEAM with the card form, and the page shows TEAM\u2019s limits once Stripe\u2019s webhook lands', async () => {
    const owner = await register(stripeBase, 'Casey Owner');
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    // Stripe.js and Stripe's browser API are unreachable here: their stand-ins answer instead.
    const stripeJs = fs.readFileSync(path.resolve('e2e/stripe-js-standin.js'), 'utf8');
    await context.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs }));
    await context.route('https://api.stripe.com/**', async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${standin.url}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    const seen = watch(page, stripeBase);

    await signIn(page, stripeBase, '/billing', owner.email, owner.password);
    // Only /billing lets Stripe's hosts in; every other page keeps to its own origin.
    const billingCsp = (await page.reload())?.headers()['content-security-policy'] ?? '';
    expect(billingCsp).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/js\.stripe\.com/);
    expect(billingCsp).toMatch(/frame-src https:\/\/js\.stripe\.com/);
    expect((await fetch(`${stripeBase}/login`)).headers.get('content-security-policy')).not.toMatch(/stripe/);
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('FREE');
    await expect.poll(() => page.getByRole('listitem', { name: 'TEAM plan' }).locator('.price').textContent()).toBe('$99.00 / month');
    expect(seen.foreign, 'nothing from Stripe until a card form opens').toEqual([]);
    await page.getByRole('button', { name: 'Yearly' }).click();
    expect(await page.getByRole('listitem', { name: 'TEAM plan' }).locator('.price').textContent()).toBe('$990.00 / year');
    await page.getByRole('button', { name: 'Monthly' }).click();

    await page.getByRole('button', { name: 'Choose TEAM' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay and switch to TEAM' }).click();
    await expect.poll(() => page.locator('p[role=alert]').textContent()).toMatch(/declined/i);
    expect(await page.getByTestId('current-plan').textContent()).toBe('FREE');
    await expectAccessible(page, '/billing card form');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay and switch to TEAM' }).click();
    await expect.poll(() => page.getByText(/You are on TEAM now/).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('current-plan').textContent()).toBe('TEAM');
    expect(await usageLine(page, 'Documents').textContent()).toMatch(/0 of 10,000/);
    expect(await usageLine(page, 'Credentials').textContent()).toMatch(/0 of 50/);
    expect(await usageLine(page, 'Members').textContent()).toMatch(/1 of 25/);
    expect(await page.getByRole('listitem', { name: 'TEAM plan (current)' }).isVisible()).toBe(true);
    expect(
      standin.deliveries.every((d: { status: number }) => d.status === 200),
      JSON.stringify(standin.deliveries),
    ).toBe(true);

    // The paid invoice, listed after a reload.
    await page.reload();
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toMatch(/\$99\.00.*paid/);

    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect.poll(() => page.getByText(/Your plan ends with this period/).isVisible()).toBe(true);
    await expect.poll(() => page.locator('#plan-title + p').textContent()).toMatch(/Ends .*, then FREE/);
    await page.getByRole('button', { name: 'Keep my plan' }).click();
    await expect.poll(() => page.locator('#plan-title + p').textContent()).toMatch(/Active, renews/);
    await expectAccessible(page, '/billing (TEAM)');
    await screenshots(page, 'billing-team');

    // On TEAM, the organization page adds a colleague, makes them ADMIN, and removes them.
    const colleague = await register(stripeBase, 'Drew Colleague');
    await page.goto(`${stripeBase}/organization`);
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: colleague.displayName }).count()).toBe(1);
    await page.getByLabel(`Role of ${colleague.displayName}`).selectOption('ADMIN');
    await expect.poll(() => page.getByText(`${colleague.displayName} is now ADMIN.`).isVisible()).toBe(true);
    await expectAccessible(page, '/organization');
    await screenshots(page, 'organization');
    const row = page.getByRole('row').filter({ hasText: colleague.displayName });
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: `Yes, remove ${colleague.displayName}` }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: colleague.displayName }).count()).toBe(0);
    const members = await gqlAt(stripeBase, '{ organizationMembersConnection(first: 10) { totalCount } }', undefined, owner.token);
    expect(members.organizationMembersConnection.totalCount).toBe(1);

    expect(
      seen.foreign.every((u) => u.startsWith('https://js.stripe.com/') || u.startsWith('https://api.stripe.com/')),
      seen.foreign.join('\n'),
    ).toBe(true);
    expect(seen.errors.filter((e) => !/402|Payment Required/.test(e))).toEqual([]);
    await context.close();
  });
});
