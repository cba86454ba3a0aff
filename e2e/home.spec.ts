import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { gqlAt, signIn } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

describe('in Chromium', () => {
  it('opens the home page, which links to what exists, with the page security headers', async () => {
    const page = await browser().newPage();
    const res = await page.goto(`${base}/`);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sealwright');
    expect(await page.getByRole('heading', { name: 'Verification' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Stamps' }).click();
    await page.waitForURL(`${base}/stamps`);
    await page.getByRole('heading', { level: 1, name: 'Stamp gallery' }).waitFor();
    await page.close();
  });

  it("links the API card to the public /api page, which links to the schema's SDL", async () => {
    const page = await browser().newPage();
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'API', exact: true }).click();
    await page.waitForURL(`${base}/api`);
    await page.getByRole('heading', { level: 1, name: 'The Sealwright API' }).waitFor();
    const href = await page.getByRole('link', { name: '/v1/graphql/schema' }).getAttribute('href');
    const res = await fetch(`${base}${href}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/type Query \{/);
    await page.close();
  });

  it('knows a signed-in visitor: the dashboard instead of signing in', async () => {
    const email = `home-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'home page password';
    await gqlAt(base, 'mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: 'Home Visitor' } });
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await signIn(page, base, '/documents', email, password);
    await page.goto(`${base}/`);
    await page.getByText('Signed in as Home Visitor.').waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Open your dashboard' }).click();
    await page.waitForURL(`${base}/documents`);
    await context.close();
  });

  it('shows the branded 404 page for an unknown address', async () => {
    const page = await browser().newPage();
    const res = await page.goto(`${base}/no/such/page`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('heading', { level: 1, name: 'This page does not exist' }).waitFor();
    await page.getByRole('link', { name: 'Sealwright home' }).click();
    await page.waitForURL(`${base}/`);
    await page.close();
  });

  it('asks for credentials at the playground, then runs an operation in it', async () => {
    // Headless Chromium cannot show the credentials prompt: ask as a browser would, without them.
    const refused = await fetch(`${base}/v1/graphql`, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);

    const { username, password } = inject('playground');
    const context = await browser().newContext({ httpCredentials: { username, password } });
    const page = await context.newPage();
    const res = await page.goto(`${base}/v1/graphql`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    // No empty "Bearer " header is prefilled, and the schema is there with introspection off.
    expect(JSON.parse(await page.locator('#headers').inputValue())).toEqual({});
    await page.locator('#docs a[data-type="Query"]').first().click();
    await page.locator('#docs .field', { hasText: 'me' }).first().waitFor();
    await page.getByRole('button', { name: 'Schema (SDL)' }).click();
    await page.locator('#docs pre', { hasText: 'type Query' }).waitFor();

    // A sign-in fills the Authorization header; the next operation runs as that user.
    await page.locator('#query').fill('mutation { login(input: { email: "demo@sealwright.test", password: "sealwright-demo" }) { accessToken expiresIn user { email } } }');
    await page.getByRole('button', { name: 'Run' }).click();
    await page
      .locator('#result', { hasText: 'demo@sealwright.test' })
      .waitFor({ timeout: 15_000 })
      .catch(async (err) => {
        throw new Error(`${err}\nstatus: ${await page.locator('#status').textContent()}\nresult: ${await page.locator('#result').textContent()}`);
      });
    expect(JSON.parse((await page.locator('#result').textContent())!).data.login).toMatchObject({ expiresIn: 900, user: { email: 'demo@sealwright.test' } });
    await page.locator('#status', { hasText: 'HTTP 200' }).waitFor();
    expect(JSON.parse(await page.locator('#headers').inputValue()).Authorization).toMatch(/^Bearer ey/);
    await page.locator('#query').fill('{ me { email } }');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.locator('#result', { hasText: '"me"' }).waitFor();
    expect(JSON.parse((await page.locator('#result').textContent())!)).toEqual({ data: { me: { email: 'demo@sealwright.test' } } });
    await context.close();
  });
});
