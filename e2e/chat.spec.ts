/**
 * Asking documents in the dashboard, in Chromium against the built server (no AI service: the
 * offline answers): the document page's "Ask about this document" panel answers with its page
 * cited as a link that opens the viewer at that page; the Ask page does the same across the
 * documents chosen. No console error, no serious or critical axe violation.
 */
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { generatePackage } from '../lib/search/corpus.ts';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, makeDocumentAt, signIn } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

/** Upload bytes and make a document of them, as API clients do; its id. */
const makeDocument = (name: string, bytes: Uint8Array, token: string) => makeDocumentAt(base, name, bytes, token);

describe('dashboard: asking documents', () => {
  it('Ask panel and Ask page answer with cited pages that open the viewer there', async () => {
    const email = `chat-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'dashboard chat password';
    const token = (await gqlAt(base, 'mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: 'Dana Ask' } })).register.accessToken;
    const id = await makeDocument('Deck package', await generatePackage({ doc: 0, pages: 10 }), token);

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    try {
      await signIn(page, base, `/documents/${id}`, email, password);
      const panel = page.getByRole('region', { name: 'Ask about this document' });
      await panel.getByLabel('Question').fill('What live load does the deck use?');
      await panel.getByRole('button', { name: 'Ask' }).click();
      const citation = panel.getByRole('link', { name: '[Deck package, p. 1]' });
      await citation.waitFor({ timeout: 20_000 });
      await panel.getByText(/uniform live load of 4\.8 kPa/).waitFor();
      await expectAccessible(page, 'document page with an answer');
      await citation.click();
      await page.waitForURL(`${base}/documents/${id}/view?page=1`);
      await page.getByRole('heading', { name: 'Deck package, page 1 of 10' }).waitFor();

      await page.goto(`${base}/chat`);
      await page.getByRole('checkbox', { name: 'Deck package' }).check();
      await page.getByLabel('Question').fill('Which grade are the reinforcing bars?');
      await page.getByRole('button', { name: 'Ask' }).click();
      await page.getByRole('link', { name: '[Deck package, p. 9]' }).first().click({ timeout: 20_000 });
      await page.waitForURL(`${base}/documents/${id}/view?page=9`);
      await page.getByRole('heading', { name: 'Deck package, page 9 of 10' }).waitFor();
      await expectAccessible(page, 'viewer');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
