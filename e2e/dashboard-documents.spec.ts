/**
 * The professional's loop in the dashboard, in Chromium against the built server: register,
 * claim a license, folders (create, rename, move, delete), upload a PDF with its progress, seal
 * it with the stamp dragged on the rendered page, download the sealed PDF, open its public
 * verification page and drop the file: Valid. Each step checked by what the page then shows;
 * no console error, no serious or critical axe violation, screenshots at 1440 and 375 px.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, screenshots, gqlAt, signIn } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);
describe('dashboard: documents, sealing and verification', () => {
  it('register → claim → folders → upload → seal with the stamp dragged → download → verify page → Valid', async () => {
    // A listed Colorado landscape architect nobody holds yet (other files use other states).
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "landscape-architect", stateCode: "CO", perPage: 100) { professionals { id fullName licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active CO landscape architect in the seeded directory').toBeTruthy();
    const email = `docs-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'dashboard documents password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } })).register.accessToken;
    await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id canSeal } }', { id: listing.id }, token);

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));

    await page.goto(`${base}/documents`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fdocuments/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/documents`);
    await page.getByText('No documents yet.').waitFor();
    await expectAccessible(page, '/documents (empty)');

    // Folders: create two, rename, nest and move back, delete, each from the folder's menu.
    const folders = page.getByRole('navigation', { name: 'Folders' });
    const folderAction = async (folder: string, action: string) => {
      await folders.getByRole('button', { name: `Actions for folder “${folder}”` }).click();
      await folders.getByRole('button', { name: action }).click();
    };
    await page.getByRole('button', { name: 'New folder…' }).click();
    let folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('Projects');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await page
      .getByText('Folder “Projects” created.')
      .waitFor({ timeout: 10_000 })
      .catch(async (err) => {
        throw new Error(`${err}\n${await page.locator('main').innerText()}`);
      });
    await folderAction('Projects', 'Rename…');
    folderDialog = page.getByRole('dialog', { name: 'Rename folder “Projects”' });
    await folderDialog.getByLabel('New name').fill('Active projects');
    await folderDialog.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByText('Renamed to “Active projects”.').waitFor();
    await folders.getByRole('button', { name: /^Active projects/ }).waitFor();
    await folderAction('Active projects', 'New folder inside…');
    folderDialog = page.getByRole('dialog', { name: 'New folder in “Active projects”' });
    await folderDialog.getByLabel('Folder name').fill('Bridge');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await page.getByText('Folder “Bridge” created in Active projects.').waitFor();
    await folderAction('Bridge', 'Move…');
    folderDialog = page.getByRole('dialog', { name: 'Move folder “Bridge”' });
    await folderDialog.getByLabel('Move to').selectOption({ label: 'Top level' });
    await folderDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Moved “Bridge” to the top level.').waitFor();
    await folderAction('Bridge', 'Delete…');
    folderDialog = page.getByRole('dialog', { name: 'Delete folder “Bridge”?' });
    await folderDialog.getByRole('button', { name: 'Delete folder “Bridge”' }).click();
    await page.getByText('Folder “Bridge” deleted; what it held moved up a level.').waitFor();
    expect(await folders.getByRole('button', { name: /^Bridge/ }).count()).toBe(0);

    // Upload into "Active projects": the progress bar reaches the end, the document is listed.
    await folders.getByRole('button', { name: /^Active projects/ }).click();
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const title of ['Site plan', 'Grading plan']) pdf.addPage([792, 612]).drawText(`${title} ${crypto.randomUUID()}`, { x: 72, y: 540, size: 18, font });
    await page.locator('input[type="file"]').setInputFiles({ name: 'Site plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Upload of Site plan.pdf' }).getAttribute('value')).toBe('1');
    await page.getByRole('link', { name: 'Site plan', exact: true }).waitFor();
    await expectAccessible(page, '/documents');
    await screenshots(page, 'documents');

    // The document, then the Seal dialog: the page drawn by pdf.js, the stamp dragged to 30% / 25%.
    await page.getByRole('link', { name: 'Site plan', exact: true }).click();
    await page.getByRole('heading', { name: 'Site plan' }).waitFor();
    await expectAccessible(page, '/documents/[id]');
    await screenshots(page, 'document');
    await page.getByRole('button', { name: 'Seal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seal “Site plan”' });
    await dialog.waitFor();
    await page.waitForSelector('canvas.page-canvas[data-loaded="true"]');
    const pageBox = page.getByTestId('page-box');
    const boxRect = (await pageBox.boundingBox())!;
    // Landscape letter: the preview keeps the page's proportions.
    expect(boxRect.width / boxRect.height).toBeCloseTo(792 / 612, 1);
    const marker = (await page.getByTestId('stamp-marker').boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    await page.mouse.down();
    await page.mouse.move(boxRect.x + boxRect.width * 0.3, boxRect.y + boxRect.height * 0.25, { steps: 8 });
    await page.mouse.up();
    await expect(await page.getByRole('slider', { name: 'Stamp position' }).getAttribute('aria-valuetext')).toBe('30% from the left, 25% from the top');
    await dialog.getByRole('radio', { name: 'Every page' }).check();
    await expectAccessible(page, 'the Seal dialog');
    await screenshots(page, 'seal-dialog');
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised this document' }).check();
    await dialog.getByRole('button', { name: 'Seal document' }).click();
    await dialog.getByText('Sealed.').waitFor();
    const code = (await dialog.getByTestId('seal-code').textContent())!.trim();
    expect(code).toMatch(/^[a-z0-9]{12}$/);
    await dialog.getByRole('img', { name: /^QR code of / }).waitFor();
    await screenshots(page, 'seal-result');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Sealed', { exact: true }).waitFor();

    // Download the sealed PDF from the page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download current version' }).click()]);
    const sealed = fs.readFileSync((await download.path())!);
    expect(sealed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const sealedDoc = await PDFDocument.load(sealed);
    expect(sealedDoc.getPageCount()).toBe(2);

    // Its public verification page; the dropped file is Valid.
    await page.goto(`${base}/verify/${code}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'Site plan.pdf', mimeType: 'application/pdf', buffer: sealed });
    await page.waitForFunction(() => {
      const word = document.querySelector('[data-testid="verdict"] .verify-verdict-word')?.textContent ?? '';
      return word !== '' && word !== 'Checking…';
    });
    expect(await page.getByTestId('verdict').locator('.verify-verdict-word').textContent()).toBe('Valid');
    await expectAccessible(page, '/verify/[code]');
    await screenshots(page, 'verify-code');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lists 20 documents a page, and "Show more" appends the rest', async () => {
    const email = `pages-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'documents paging password';
    const token = (await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: 'Paige Pager' } })).register.accessToken;
    for (let i = 1; i <= 23; i += 1) {
      await gql('mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }', { input: { name: `Sheet ${String(i).padStart(2, '0')}` } }, token);
    }
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signIn(page, base, '/documents', email, password);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(20);
    expect(await page.getByText('Showing 20 of 23').isVisible()).toBe(true);
    // Newest first: the last one made leads.
    expect(await page.locator('tbody tr').first().textContent()).toMatch(/Sheet 23/);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(23);
    expect(await page.getByText('Showing 23 of 23').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await page.locator('tbody tr').last().textContent()).toMatch(/Sheet 01/);

    // Folders nested six deep: the tree loads three levels, and selecting the third loads what lies below.
    let parentId: string | null = null;
    for (const name of ['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5', 'Level 6']) {
      parentId = (await gql('mutation($input: CreateFolderInput!) { createFolder(input: $input) { id } }', { input: { name, parentId } }, token)).createFolder.id;
    }
    await page.reload();
    const tree = page.getByRole('navigation', { name: 'Folders' });
    await tree.getByRole('button', { name: /^Level 3/ }).waitFor();
    expect(await tree.getByRole('button', { name: /^Level 4/ }).count()).toBe(0);
    await tree.getByRole('button', { name: /^Level 3/ }).click();
    await tree.getByRole('button', { name: /^Level 6/ }).waitFor();
    await tree.getByRole('button', { name: /^Level 6/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Level 6' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This folder is empty.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
