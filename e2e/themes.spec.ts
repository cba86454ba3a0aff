/**
 * Issue 23, item 7: every public and dashboard page in the light and the dark theme, chosen by
 * the system (prefers-color-scheme) and by the profile (uiTheme), with no serious or critical
 * axe violation (contrast included) and screenshots at 1280 and 375 px. The profile's theme is
 * applied before the first paint: with the app's scripts blocked, only the inline script of the
 * root layout can have set it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { SHOTS, expectAccessible, gqlAt, signIn, viewAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const password = 'themes e2e password';

const PUBLIC_PAGES = ['/', '/login', '/register', '/stamps', '/verify', '/reset-password', '/api'];
const DASHBOARD_PAGES = ['/documents', '/credentials', '/seals', '/batches', '/billing', '/organization', '/settings'];

/** Screenshots at 1280 and 375 px with no horizontal overflow. */
async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await viewAt(page, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `theme-${name}-${width}.png`), fullPage: true });
  }
  await viewAt(page, 1280);
}

/** The page's background is dark (or light): the sum of its RGB channels. */
async function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rgb = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number);
    return rgb.reduce((a, b) => a + b, 0) / 3;
  });
}

async function newUser(): Promise<string> {
  const email = `themes-${crypto.randomBytes(5).toString('hex')}@example.test`;
  await gqlAt(base, 'mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: 'Theme Tester' } });
  return email;
}

describe('themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every page with the system in ${scheme}: axe finds nothing serious, screenshots`, async () => {
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const route of PUBLIC_PAGES) {
        await page.goto(`${base}${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await backgroundLightness(page), `${route} background in ${scheme}`)[scheme === 'dark' ? 'toBeLessThan' : 'toBeGreaterThan'](128);
        await expectAccessible(page, `${route} (${scheme})`);
        await shots(page, `${scheme}-${route === '/' ? 'home' : route.slice(1)}`);
      }
      const email = await newUser();
      // A folder, so that /documents shows folder names (once dark on dark) to axe.
      const token = (await gqlAt(base, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } })).login.accessToken;
      await gqlAt(base, 'mutation { createFolder(input: { name: "Site plans" }) { id } }', {}, token);
      await signIn(page, base, DASHBOARD_PAGES[0], email, password);
      await page.getByText('Site plans').first().waitFor();
      for (const route of DASHBOARD_PAGES) {
        await page.goto(`${base}${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await backgroundLightness(page), `${route} background in ${scheme}`)[scheme === 'dark' ? 'toBeLessThan' : 'toBeGreaterThan'](128);
        await expectAccessible(page, `${route} (${scheme})`);
        await shots(page, `${scheme}-${route.slice(1)}`);
      }
      await context.close();
    });
  }

  it("paints the profile's dark theme first, on a light system, before the app's scripts run", async () => {
    const email = await newUser();
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page, base, '/settings', email, password);
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await backgroundLightness(page)).toBeLessThan(128);

    // Now without Next's scripts: the server's HTML and the inline theme script alone.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    for (const route of ['/documents', '/', '/verify']) {
      await page.goto(`${base}${route}`, { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.dataset.theme), route).toBe('dark');
      expect(await backgroundLightness(page), route).toBeLessThan(128);
    }
    await page.unroute('**/_next/static/**/*.js');

    // Back to following the system: nothing stored, the light system's theme from the start.
    await page.goto(`${base}/settings`);
    await page.getByLabel('Theme').selectOption('system');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === undefined);
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto(`${base}/documents`, { waitUntil: 'domcontentloaded' });
    expect(await backgroundLightness(page)).toBeGreaterThan(128);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`at 375 px the navigation is one Menu button that opens the links (${scheme})`, async () => {
      const email = await newUser();
      const context = await browser().newContext({ viewport: { width: 375, height: 800 }, colorScheme: scheme });
      const page = await context.newPage();
      await signIn(page, base, '/documents', email, password);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      const menu = nav.getByRole('button', { name: /^Menu/ });
      const seals = nav.getByRole('link', { name: 'Seals' });
      await menu.waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await seals.waitFor({ state: 'hidden' });
      const headerHeight = await page.locator('.shell-header').evaluate((h) => h.getBoundingClientRect().height);
      expect(headerHeight, 'the closed header is two short rows at most').toBeLessThan(120);
      // A click before React has attached its handlers is lost (under load the server's HTML is
      // up long before hydration): wait for the button's handler, then for the state it sets.
      await menu.evaluate(
        (button) =>
          new Promise<void>((done) => {
            const ready = () => Object.keys(button).some((k) => k.startsWith('__reactProps$'));
            const check = () => (ready() ? done() : requestAnimationFrame(check));
            check();
          }),
      );
      await menu.click();
      await nav.locator('button[aria-expanded="true"]').waitFor();
      await seals.waitFor({ state: 'visible' });
      await expectAccessible(page, `menu open (${scheme})`);
      await page.screenshot({ path: path.join(SHOTS, `theme-${scheme}-menu-open-375.png`), fullPage: true });
      await seals.click();
      await page.waitForURL(`${base}/seals`);
      await nav.getByRole('button', { name: 'Menu: Seals' }).waitFor();
      await nav.locator('button[aria-expanded="false"]').waitFor();
      await seals.waitFor({ state: 'hidden' });
      // Wide again: the links in a row, no Menu button.
      await viewAt(page, 1280);
      await menu.waitFor({ state: 'hidden' });
      await nav.getByRole('link', { name: 'Documents' }).waitFor({ state: 'visible' });
      await context.close();
    });
  }
});
