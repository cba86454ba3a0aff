import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

describe('in Chromium', () => {
  it('opens the home page', async () => {
    const page = await browser().newPage();
    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sealwright');
    expect(await page.getByRole('heading', { name: 'Verification' }).isVisible()).toBe(true);
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
    await page.locator('#query').fill('mutation { login(input: { email: "demo@sealwright.test", password: "sealwright-demo" }) { expiresIn user { email } } }');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.locator('#result', { hasText: 'demo@sealwright.test' }).waitFor();
    expect(JSON.parse((await page.locator('#result').textContent())!)).toEqual({ data: { login: { expiresIn: 900, user: { email: 'demo@sealwright.test' } } } });
    await page.locator('#status', { hasText: 'HTTP 200' }).waitFor();
    await context.close();
  });
});
