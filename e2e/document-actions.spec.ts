/**
 * Issue 23, items 1 to 3, in Chromium against the built server. A drawing with a border is
 * sealed from its page with the verification footer in a chosen corner: the dialog previews
 * stamp, footer and QR code on the page drawn by pdf.js; the review step shows what will be
 * sealed and seals only once the professional ticks "I have prepared or directly supervised
 * this document" (on a phone the page comes before the button); the downloaded "<name>
 * (sealed).pdf", rendered by pdftoppm, differs from the original only inside the stamp's and
 * the footer's boxes (computed from the same layout the server draws with), so the border
 * outside them is untouched. The document actions: rename, a new version with its history,
 * visibility, move to a folder, delete after a confirmation naming it; the list's search,
 * sort, status filter and first-page thumbnails; folder actions in a menu per folder, counts
 * with subfolders. axe in light and dark theme, screenshots at 1280 and 375 px.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { helveticaWidth, sealLayout } from '../lib/pdf/worker/seal-layout.mjs';
import { footerText } from '../lib/seals/footer-text.ts';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, makeDocumentAt, SHOTS, signIn, viewAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-actions-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A landscape sheet (792 × 612 pt) with a drawing border 18 pt inside its edge, 2 pt wide, and a title. */
async function borderedSheet(title: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([792, 612]);
  page.drawRectangle({ x: 18, y: 18, width: 756, height: 576, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  page.drawText(`${title} ${crypto.randomUUID()}`, { x: 60, y: 300, size: 16, font });
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** Upload bytes and make a document of them, as API clients do; its id. */
const makeDocument = (name: string, bytes: Uint8Array, token: string) => makeDocumentAt(base, name, bytes, token);

/** Page 1 as grey pixels at 72 dpi (one pixel per point), by poppler. */
function render(bytes: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-singlefile', '-f', '1', '-l', '1', file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('not a PGM');
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

/** Full-page screenshots at 1280 and 375 px (no horizontal overflow at either), in the theme the page is in. */
async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await viewAt(page, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await viewAt(page, 1280);
}

/** axe in the light and the dark theme (the user's theme is "system": the browser's scheme decides). */
async function accessibleInBothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${name} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('dashboard: document actions, footer placement and the confirmation step', () => {
  it('seals with the footer in a chosen corner after the confirmation, and the border outside the seal is untouched', async () => {
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "engineer", stateCode: "OR", perPage: 100) { professionals { id fullName licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active OR engineer in the seeded directory').toBeTruthy();
    const email = `actions-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'document actions password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } })).register.accessToken;
    const credential = (await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id displayName licenseType licenseNumber regionCode } }', { id: listing.id }, token))
      .claimProfessional;
    const original = await borderedSheet('Foundation plan');
    const docId = await makeDocument('Foundation plan', original, token);

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await signIn(page, base, `/documents/${docId}`, email, password);
    await page.getByRole('heading', { name: 'Foundation plan' }).waitFor();

    await page.getByRole('button', { name: 'Seal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seal “Foundation plan”' });
    await dialog.waitFor();
    await page.waitForSelector('canvas.page-canvas[data-loaded="true"]');
    // The stamp can be read: the close-up beside the form is 176 px across, not the page's scale.
    const readable = (await dialog.getByRole('img', { name: /^The stamp of / }).boundingBox())!;
    expect(readable.width).toBeGreaterThanOrEqual(150);
    // The footer previewed under the stamp by default, then in the top left corner once chosen.
    const pageBox = (await page.getByTestId('page-box').boundingBox())!;
    const qrAt = async () => (await page.getByTestId('footer-preview').locator('g').boundingBox())!;
    const stampBox = (await page.getByTestId('stamp-marker').boundingBox())!;
    let qr = await qrAt();
    // Centred on the stamp, at most 45% of its width (above it here: the stamp sits too low for the block to fit below).
    expect(Math.abs(qr.x + qr.width / 2 - (stampBox.x + stampBox.width / 2))).toBeLessThan(3);
    expect(qr.width).toBeLessThanOrEqual(stampBox.width * 0.5);
    await dialog.getByRole('radio', { name: 'Top left corner' }).check();
    qr = await qrAt();
    const scale = pageBox.width / 792;
    expect(Math.abs(qr.x - pageBox.x - 14 * scale)).toBeLessThan(3);
    expect(Math.abs(qr.y - pageBox.y - 14 * scale)).toBeLessThan(3);
    expect(Math.abs(qr.width - 40 * scale)).toBeLessThan(2);
    await accessibleInBothThemes(page, 'the Seal dialog');
    await shots(page, 'seal-dialog-footer');

    // The review: the choices in words, the seal enlarged; the button seals only once the statement is ticked.
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    await dialog.getByRole('heading', { name: 'Review before sealing' }).waitFor();
    await page.waitForSelector('[data-testid="review-page"] canvas.page-canvas[data-loaded="true"]');
    const facts = await dialog.locator('.review-facts').innerText();
    expect(facts).toContain('“Foundation plan”');
    expect(facts).toContain('The first page');
    expect(facts).toContain(`${credential.licenseNumber} (OR)`);
    expect(facts).toContain('Top left corner');
    expect(facts).toContain('None: the stamp and verification code only');
    await dialog.getByRole('img', { name: 'The verification footer in its corner, enlarged' }).waitFor();
    const seal = dialog.getByRole('button', { name: 'Seal document' });
    expect(await seal.isDisabled()).toBe(true);
    const statement = dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised this document' });
    await statement.check();
    expect(await seal.isDisabled()).toBe(false);
    await accessibleInBothThemes(page, 'the seal review');
    await shots(page, 'seal-review');
    // On a phone, the page comes before the button.
    await viewAt(page, 375);
    const pageTop = (await page.getByTestId('review-page').boundingBox())!.y;
    const buttonTop = (await seal.boundingBox())!.y;
    expect(pageTop).toBeLessThan(buttonTop);
    await viewAt(page, 1280);
    // Back keeps every choice; unticked again, the button waits.
    await dialog.getByRole('button', { name: 'Back' }).click();
    expect(await dialog.getByRole('radio', { name: 'Top left corner' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised this document' }).isChecked()).toBe(false);
    await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised this document' }).check();
    await seal.click();
    await dialog.getByText('Sealed.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Sealed', { exact: true }).waitFor();

    // The file as downloaded: "<name> (sealed).pdf", its page changed only inside the seal's boxes.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download current version' }).click()]);
    expect(download.suggestedFilename()).toBe('Foundation plan (sealed).pdf');
    const sealed = fs.readFileSync((await download.path())!);
    const versions = (await gql('query($id: UUID!) { document(id: $id) { versions { seal { verificationUrl sealedAt } } } }', { id: docId }, token)).document.versions;
    const record = versions.find((v: { seal: unknown }) => v.seal).seal;
    // The stamp stayed where the dialog put it (its defaults: 0.85, 0.85, 1.5 in).
    const layout = sealLayout(
      { width: 792, height: 612 },
      {
        positionX: 0.85,
        positionY: 0.85,
        size: 108,
        footerPosition: 'TOP_LEFT',
        verificationUrl: record.verificationUrl,
        footer: footerText({
          holderName: credential.displayName,
          licenseType: credential.licenseType,
          licenseNumber: credential.licenseNumber,
          regionCode: credential.regionCode,
          sealedAt: new Date(record.sealedAt),
          url: record.verificationUrl,
        }),
      },
      helveticaWidth,
      { width: 1, height: 1 },
    );
    const before = render(original);
    const after = render(sealed);
    expect([after.width, after.height]).toEqual([792, 612]);
    // A box of the layout (points from the bottom-left) in pixels from the top-left, 2 px of anti-aliasing around it.
    const inBox = ([x, y, w, h]: number[], px: number, py: number) => px >= x! - 2 && px <= x! + w! + 2 && py >= 612 - y! - h! - 2 && py <= 612 - y! + 2;
    const changed: Array<[number, number]> = [];
    for (let y = 0; y < 612; y++) for (let x = 0; x < 792; x++) if (Math.abs(before.pixels[y * 792 + x]! - after.pixels[y * 792 + x]!) > 48) changed.push([x, y]);
    const inFooter = changed.filter(([x, y]) => inBox(layout.footerBox, x, y));
    const inStamp = changed.filter(([x, y]) => inBox(layout.stamp, x, y));
    expect(inFooter.length, 'the footer and QR code show in the top left corner').toBeGreaterThan(200);
    expect(inStamp.length, 'the stamp shows').toBeGreaterThan(200);
    expect(layout.footerBox[0]).toBe(14);
    expect(612 - layout.footerBox[1] - layout.footerBox[3]).toBe(14);
    const astray = changed.filter(([x, y]) => !inBox(layout.footerBox, x, y) && !inBox(layout.stamp, x, y));
    expect(astray, 'pixels changed outside the stamp and the footer').toEqual([]);
    // The border: every one of its pixels outside the seal's boxes is as it was.
    const onBorder = (x: number, y: number) => (Math.abs(x - 18) <= 1 || Math.abs(x - 774) <= 1 || Math.abs(y - 18) <= 1 || Math.abs(y - 594) <= 1) && x >= 17 && x <= 775 && y >= 17 && y <= 595;
    let borderPixels = 0;
    for (let y = 0; y < 612; y++)
      for (let x = 0; x < 792; x++)
        if (onBorder(x, y) && !inBox(layout.footerBox, x, y) && !inBox(layout.stamp, x, y)) {
          borderPixels += 1;
          expect(after.pixels[y * 792 + x], `border pixel ${x},${y}`).toBe(before.pixels[y * 792 + x]);
        }
    expect(borderPixels).toBeGreaterThan(4000);
    expect(execFileSync('pdftotext', ['-', '-'], { input: sealed, encoding: 'utf8' }).replace(/\s+/g, '')).toContain(record.verificationUrl);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renames, adds a version with its history, changes who sees it, moves it, finds it in the list, and deletes it after naming it', async () => {
    const email = `manage-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'document manage password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: 'Morgan Hale' } })).register.accessToken;
    const docId = await makeDocument('Site survey draft', await borderedSheet('Site survey'), token);
    for (const name of ['Grading plan', 'apron detail', 'Zoning exhibit']) await makeDocument(name, await borderedSheet(name), token);
    const projects = (await gql('mutation($i: CreateFolderInput!) { createFolder(input: $i) { id } }', { i: { name: 'Projects' } }, token)).createFolder.id;
    const bridge = (await gql('mutation($i: CreateFolderInput!) { createFolder(input: $i) { id } }', { i: { name: 'Bridge', parentId: projects } }, token)).createFolder.id;
    await gql(
      'mutation($id: UUID!, $f: UUID) { moveDocument(id: $id, folderId: $f) { id } }',
      { id: (await gql('{ documentsConnection(search: "Zoning") { edges { node { id } } } }', {}, token)).documentsConnection.edges[0].node.id, f: bridge },
      token,
    );

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));

    // The document: rename.
    await signIn(page, base, `/documents/${docId}`, email, password);
    await page.getByRole('heading', { name: 'Site survey draft' }).waitFor();
    await page.getByRole('button', { name: 'Rename…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Rename “Site survey draft”' });
    await dialog.getByLabel('New name').fill('Site survey');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed to “Site survey”.').waitFor();
    await page.getByRole('heading', { name: 'Site survey', exact: true }).waitFor();

    // A new version with a note: the history lists both, the new one current.
    await page
      .getByLabel('File (PDF, PNG, JPEG or TIFF; up to 16 MB)')
      .setInputFiles({ name: 'survey-rev2.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await borderedSheet('Site survey rev 2')) });
    await page.getByLabel('What changed (optional)').fill('Revised per county comments');
    await page.getByRole('button', { name: 'Upload version' }).click();
    await page.getByText('Version 2 added: it is now the current version.').waitFor();
    const history = page.getByRole('region', { name: 'Version history' }).locator('tbody tr');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().innerText()).toMatch(/2\s*\(current\)[\s\S]*Revised per county comments/);
    // The audit trail under it: the upload and the new version, by whom and from which address, oldest first.
    const trail = page.getByRole('region', { name: 'Audit trail' }).locator('tbody tr');
    await expect
      .poll(async () => (await trail.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ')))
      .toEqual([expect.stringMatching(/Uploaded .+ (127\.0\.0\.1|::1) version 1/), expect.stringMatching(/New version added .+ (127\.0\.0\.1|::1) version 2/)]);
    await expect
      .poll(
        () =>
          history
            .first()
            .locator('img.thumb')
            .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);

    // Who sees it: Public, then Organization.
    await page.getByRole('radio', { name: /^Public/ }).check();
    await page.getByText('“Site survey” is now visible to: public.').waitFor();
    expect((await gql('query($id: UUID!) { document(id: $id) { name visibility } }', { id: docId })).document).toEqual({ name: 'Site survey', visibility: 'PUBLIC' });
    await page.getByRole('radio', { name: /^Organization/ }).check();
    await page.getByText('“Site survey” is now visible to: organization.').waitFor();
    expect((await gql('query($id: UUID!) { document(id: $id) { visibility } }', { id: docId }, token)).document.visibility).toBe('ORGANIZATION');
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { id: docId })).document).toBeNull();

    // Move it into Projects.
    await page.getByRole('button', { name: 'Move to folder…' }).click();
    dialog = page.getByRole('dialog', { name: 'Move “Site survey”' });
    await dialog.getByRole('option', { name: 'Projects' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Folder').selectOption({ label: 'Projects' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Moved to “Projects”.').waitFor();
    await accessibleInBothThemes(page, '/documents/[id]');
    await shots(page, 'document-actions');

    // The list: counts with subfolders, thumbnails, search, sort and the status filter.
    await page.goto(`${base}/documents`);
    const tree = page.getByRole('navigation', { name: 'Folders' });
    await tree.getByRole('button', { name: 'Projects (2)' }).waitFor();
    await tree.getByRole('button', { name: 'Bridge (1)' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4);
    await page.locator('tbody tr').last().scrollIntoViewIfNeeded(); // the pictures load lazily
    await expect.poll(() => page.locator('tbody img.thumb').evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((i) => i.complete && i.naturalWidth > 0).length), { timeout: 20_000 }).toBe(4);
    await page.getByLabel('Sort').selectOption({ label: 'Name, A to Z' });
    await expect
      .poll(async () => (await page.locator('tbody tr td[data-label="Name"]').allInnerTexts()).map((t) => t.trim()))
      .toEqual(['apron detail', 'Grading plan', 'Site survey', 'Zoning exhibit']);
    await page.getByLabel('Search by name').fill('PLAN');
    await expect.poll(async () => (await page.locator('tbody tr td[data-label="Name"]').allInnerTexts()).map((t) => t.trim())).toEqual(['Grading plan']);
    await page.getByLabel('Status').selectOption({ label: 'Sealed' });
    await page.getByText('No documents named like “PLAN” and sealed.').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Drafts' });
    await page.getByLabel('Search by name').fill('');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4);
    await accessibleInBothThemes(page, '/documents with search and filters');

    // Folder actions live in a menu per folder.
    await tree.getByRole('button', { name: 'Actions for folder “Bridge”' }).click();
    await tree.getByRole('button', { name: 'Rename…' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename folder “Bridge”' });
    await dialog.getByLabel('New name').fill('Bridge 7');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed to “Bridge 7”.').waitFor();
    await tree.getByRole('button', { name: 'Bridge 7 (1)' }).waitFor();
    await tree.getByRole('button', { name: 'Actions for folder “Projects”' }).click();
    await accessibleInBothThemes(page, '/documents with a folder menu open');
    await shots(page, 'documents-list');
    await page.keyboard.press('Escape');

    // Delete, after a confirmation that names the document.
    await page.getByRole('link', { name: 'Site survey', exact: true }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete “Site survey”?' });
    await accessibleInBothThemes(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Delete “Site survey”' }).click();
    await page.waitForURL(`${base}/documents`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { id: docId }, token)).document).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('dashboard: the board’s signature and date lines (issue 28 item 5)', () => {
  it('previews, explains and seals the signature and date lines a Texas architect’s board asks for', async () => {
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "architect", stateCode: "TX", perPage: 100) { professionals { id fullName licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active TX architect in the seeded directory').toBeTruthy();
    const email = `marks-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'signature lines password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } })).register.accessToken;
    await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id } }', { id: listing.id }, token);
    const docId = await makeDocument('Elevations', await borderedSheet('Elevations'), token);

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, base, `/documents/${docId}`, email, password);
    await page.getByRole('heading', { name: 'Elevations' }).waitFor();
    await page.getByRole('button', { name: 'Seal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seal “Elevations”' });
    await dialog.waitFor();
    // The placement step draws the lines beside the stamp, as the sealing will.
    const marks = page.getByTestId('footer-preview').getByTestId('seal-marks');
    await marks.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    expect(await marks.textContent()).toBe(`Signature${today}Date`);
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    await dialog.getByRole('heading', { name: 'Review before sealing' }).waitFor();
    const rule = await dialog.getByTestId('marks-rule').innerText();
    expect(rule).toContain('The TX board asks for a signature and the date beside the seal.');
    expect(rule).toContain('sign it on the printed sheet');
    await expectAccessible(page, 'the seal review with the board’s lines');
    await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised this document' }).check();
    await dialog.getByRole('button', { name: 'Seal document' }).click();
    await dialog.getByText('Sealed.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download current version' }).click()]);
    const text = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Signature/);
    expect(text).toContain(today);
    await context.close();
  });
});
