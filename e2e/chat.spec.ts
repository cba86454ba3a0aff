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
import { expectAccessible, gqlAt, signIn } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

async function makeDocument(name: string, bytes: Uint8Array, token: string): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], `${name}.pdf`, { type: 'application/pdf' }));
  const uploaded = await (await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
  expect(uploaded.errors).toBeUndefined();
  return (await gqlAt(base, 'mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name, fileHash: uploaded.data.uploadFile.fileHash } }, token)).createDocument.id;
}

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
