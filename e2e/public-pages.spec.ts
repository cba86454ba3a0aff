/**
 * The public pages in Chromium: no console error, no request to another host, no serious or
 * critical axe violation, no horizontal overflow at 1440 or 375 px; screenshots of each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const SHOTS = path.resolve('test-results/screenshots');

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
      await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe.run(document);
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(violations, `axe on ${route}`).toEqual([]);
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${route} overflows at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
