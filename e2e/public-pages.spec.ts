/**
 * The public pages in Chromium: no console error, no request to another host, no serious or
 * critical axe violation, no horizontal overflow at 1440 or 375 px; screenshots of each.
 */
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, screenshots } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

describe('public pages', () => {
  for (const [route, name, heading] of [
    ['/', 'home', 'Sealwright'],
    ['/stamps', 'stamps', /stamp/i],
    ['/verify', 'verify', /verify/i],
    ['/login', 'login-page', 'Sign in'],
    ['/register', 'register-page', 'Create your account'],
  ] as const) {
    it(`${route}: accessible, self-contained, fits 375 px`, async () => {
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== base) problems.push(`third-party request: ${r.url()}`);
      });
      await page.goto(`${base}${route}`);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, route);
      await screenshots(page, name);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
