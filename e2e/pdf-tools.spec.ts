/**
 * Issue 24, item 4, in Chromium against the built server: the document page's Tools panel draws
 * the page strip in the browser, reads info and metadata, and adds a watermark: its answer
 * names the new version and links to it, and the PDF downloaded from that link holds the
 * watermark's letters (pdftotext) and passes qpdf --check. On /documents, two documents are
 * selected, put in another order in the Merge dialog and merged: the new document opens, and
 * its download has the sum of the pages (pdfinfo) in the order chosen (pdftotext). Sealed
 * meanwhile, the document's next edit is refused in words, and its panel then offers no edits. A
 * form's four fields (text, checkbox, radio, dropdown) are listed, filled and flattened; pdftotext
 * reads the values. axe in light
 * and dark theme; screenshots of the panel at 1280 and 375 px in both themes, without overflow.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, makeDocumentAt, SHOTS, signIn, viewAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-pdf-tools-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A PDF of `pages` Letter pages; with a title, each page says "<title> page <n>", else each holds only a frame (no text). */
async function sheets(pages: number, title?: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawRectangle({ x: 36, y: 36, width: 540, height: 720, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    if (title) page.drawText(`${title} page ${n}`, { x: 72, y: 700, size: 18, font });
  }
  // A file of its own (content-addressed storage would share identical files).
  pdf.setSubject(crypto.randomUUID());
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** A title block with one form field of each kind: text, checkbox, radio group and dropdown. */
async function titleBlock(): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const form = pdf.getForm();
  form.createTextField('project').addToPage(page, { x: 150, y: 690, width: 300, height: 24 });
  form.createCheckBox('approved').addToPage(page, { x: 150, y: 640, width: 20, height: 20 });
  const radio = form.createRadioGroup('phase');
  radio.addOptionToPage('design', page, { x: 150, y: 590, width: 20, height: 20 });
  radio.addOptionToPage('construction', page, { x: 250, y: 590, width: 20, height: 20 });
  const dropdown = form.createDropdown('discipline');
  dropdown.addOptions(['Civil', 'Structural', 'Electrical']);
  dropdown.addToPage(page, { x: 150, y: 540, width: 200, height: 24 });
  pdf.setSubject(crypto.randomUUID());
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** Upload bytes and make a document of them, as API clients do; its id. */
const makeDocument = (name: string, bytes: Uint8Array, token: string) => makeDocumentAt(base, name, bytes, token);

/** A PDF on disk, for poppler and qpdf. */
function onDisk(bytes: Buffer): string {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}
const pdftotext = (file: string, page: number) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
const pdfinfoPages = (file: string) => Number(execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1]);

/** The Tools panel in both themes: axe, and a picture of it at 1280 and 375 px (the page never wider than the screen). */
async function panelInBothThemes(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const panel = page.getByRole('region', { name: 'Tools', exact: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${name} (${colorScheme})`);
    for (const width of [1280, 375]) {
      await viewAt(page, width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} overflows at ${width} px (${colorScheme})`).toBeLessThanOrEqual(0);
      await panel.screenshot({ path: path.join(SHOTS, `${name}-${colorScheme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await viewAt(page, 1280);
}

describe('dashboard: PDF tools', () => {
  it('watermarks a document from its Tools panel, and merges two documents from the list', async () => {
    const email = `tools-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'pdf tools password';
    // A professional of a state the other specs leave alone, to seal with.
    const listing = (await gql('{ searchProfessionals(professionSlug: "engineer", perPage: 100) { professionals { id fullName licenseStatus stateCode } } }')).searchProfessionals.professionals.find(
      (p: { licenseStatus: string; stateCode: string }) => p.licenseStatus === 'active' && !['NY', 'TX', 'CO', 'FL', 'OR'].includes(p.stateCode),
    );
    expect(listing, 'an active engineer in the seeded directory').toBeTruthy();
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } })).register.accessToken;
    const credentialId = (await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id } }', { id: listing.id }, token)).claimProfessional.id;
    const draftId = await makeDocument('Grading plan', await sheets(2), token);
    await makeDocument('Sheet A', await sheets(1, 'Sheet A'), token);
    await makeDocument('Sheet B', await sheets(2, 'Sheet B'), token);
    const formId = await makeDocument('Title block', await titleBlock(), token);

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${m.text()} (${m.location().url})`));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    // Which request failed, should one: the console names only its status.
    const failed: string[] = [];
    context.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await signIn(page, base, `/documents/${draftId}`, email, password);
    const panel = page.getByRole('region', { name: 'Tools', exact: true });
    await panel.waitFor();

    // The strip, once asked for (the file is fetched then, not on every visit): both pages drawn by pdf.js, each a toggle; info and metadata read by the server.
    expect(await panel.locator('ul.page-strip').count()).toBe(0);
    await panel.getByRole('button', { name: 'Show pages and form fields' }).click();
    await panel.locator('ul.page-strip[data-drawn="true"]').waitFor();
    expect(await panel.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(2);
    await panel.getByRole('button', { name: 'Page 2' }).click();
    expect(await panel.getByRole('button', { name: 'Page 2' }).getAttribute('aria-pressed')).toBe('true');
    await panel.getByText('Selected: page 2.').waitFor();
    await panel.getByRole('button', { name: 'Show info and metadata' }).click();
    await panel.getByText('1–2: Letter, portrait (612 × 792 pt)').waitFor();
    await panel.getByRole('button', { name: 'Show text' }).click();
    await panel.getByRole('heading', { name: 'Page 2' }).waitFor();

    // The watermark: its answer names version 2 and links to it; the file has the watermark's letters.
    const text = 'PRELIMINARY NOT FOR CONSTRUCTION';
    await panel.getByLabel('Watermark text').fill(text);
    await panel.getByRole('button', { name: 'Add watermark' }).click();
    await panel.getByText(`Watermark “${text}” on 2 pages. Version 2 (2 pages) is now the current version.`).waitFor();
    await panelInBothThemes(page, 'pdf-tools-panel');
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download version 2' }).click()]);
    const watermarked = onDisk(fs.readFileSync((await download.path())!));
    execFileSync('qpdf', ['--check', watermarked]);
    // pdftotext cuts diagonal text into pieces: every letter of it is on each page, and nothing else.
    const letters = (s: string) => [...s.replace(/\s/g, '')].sort().join('');
    for (const n of [1, 2]) expect(letters(pdftotext(watermarked, n)), `page ${n}`).toBe(letters(text));
    // The version history took it.
    const history = page.getByRole('region', { name: 'Version history' }).locator('tbody tr');
    await expect.poll(() => history.count()).toBe(2);

    // Sealed elsewhere meanwhile: the next edit is refused in words; afresh, the panel offers no edits.
    await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { id } }', { i: { documentId: draftId, credentialId } }, token);
    await panel.getByRole('button', { name: 'Add page' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Edits are not possible on a sealed document' }).waitFor();
    await page.reload();
    await panel.getByText('Edits are not possible on a sealed document: a sealed version never changes.').waitFor();
    expect(await panel.getByRole('button', { name: /Add watermark|Add page|Move page|Extract/ }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Show info and metadata' }).waitFor();
    await panel.screenshot({ path: path.join(SHOTS, 'pdf-tools-panel-sealed-1280.png') });

    // A form: its four fields listed by kind, filled and flattened as one new version; pdftotext reads the values on the page.
    await page.goto(`${base}/documents/${formId}`);
    await panel.getByRole('button', { name: 'Show pages and form fields' }).click();
    const form = panel.getByRole('region', { name: 'Form' });
    await form.getByText('4 fields.').waitFor();
    await form.getByLabel(/^project/).fill('Harbor Bridge');
    await form.getByRole('checkbox', { name: /^approved/ }).check();
    expect(
      await form
        .getByRole('group', { name: /^phase/ })
        .getByRole('radio')
        .count(),
    ).toBe(2);
    await form.getByRole('radio', { name: 'construction' }).check();
    await form.getByLabel(/^discipline/).selectOption('Structural');
    await form.getByRole('checkbox', { name: /^Flatten afterwards/ }).check();
    await form.screenshot({ path: path.join(SHOTS, 'pdf-tools-form-1280.png') });
    await form.getByRole('button', { name: 'Fill 4 fields' }).click();
    await form.getByText('4 fields filled, then the form flattened. Version 2 (1 page) is now the current version.').waitFor();
    await form.getByText('This PDF has no form fields to fill.').waitFor();
    const [flattened] = await Promise.all([page.waitForEvent('download'), form.getByRole('link', { name: 'Download version 2' }).click()]);
    const flatFile = onDisk(fs.readFileSync((await flattened.path())!));
    execFileSync('qpdf', ['--check', flatFile]);
    expect(pdftotext(flatFile, 1)).toMatch(/Harbor Bridge[\s\S]*Structural/);

    // Merge from the list: Sheet B first, then Sheet A; the new document opens with 3 pages in that order.
    await page.goto(`${base}/documents`);
    await page.getByRole('checkbox', { name: 'Select Sheet A' }).check();
    await page.getByRole('checkbox', { name: 'Select Sheet B' }).check();
    await page.getByRole('status').filter({ hasText: '2 selected' }).waitFor();
    await page.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 documents' });
    const order = () => dialog.locator('.merge-order .merge-name').allInnerTexts();
    const first = (await order())[0]!;
    const second = first === 'Sheet A' ? 'Sheet B' : 'Sheet A';
    await dialog.getByRole('button', { name: `Move “${second}” up` }).click();
    expect(await order()).toEqual([second, first]);
    await dialog.getByLabel('Name of the new document').fill('Sheet set');
    await expectAccessible(page, 'the Merge dialog');
    await dialog.screenshot({ path: path.join(SHOTS, 'pdf-tools-merge-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Merge 2 documents' }).click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Sheet set' }).waitFor();
    const [merged] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download current version' }).click()]);
    const mergedFile = onDisk(fs.readFileSync((await merged.path())!));
    execFileSync('qpdf', ['--check', mergedFile]);
    expect(pdfinfoPages(mergedFile)).toBe(3);
    const pageTexts = [1, 2, 3].map((n) => pdftotext(mergedFile, n).trim());
    expect(pageTexts).toEqual(second === 'Sheet B' ? ['Sheet B page 1', 'Sheet B page 2', 'Sheet A page 1'] : ['Sheet A page 1', 'Sheet B page 1', 'Sheet B page 2']);
    expect(consoleErrors, `failed requests: ${failed.join(', ')}`).toEqual([]);
    await context.close();
  });
});
