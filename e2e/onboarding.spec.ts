/**
 * Issue 23, item 4: a new user lands on the getting-started checklist on /documents (not on
 * Settings) and it ticks itself off from what they do: a license, an upload through the page,
 * a seal, and the seal's verify link opened. The uploader says what the plan holds before a
 * file is chosen. Another new user dismisses it, and it stays dismissed. (That nobody reads
 * another's checklist is lib/orgs/onboarding.integration.test.ts's.)
 */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);
const password = 'onboarding e2e password';
const PROGRESS = '{ me { onboarding { licenseAdded drawingUploaded documentSealed verifyLinkShared complete dismissedAt } } }';

/** Register through /register, as a visitor would, and arrive where the form leads. */
async function registerThroughPage(page: Page, name: string): Promise<string> {
  const email = `onboard-${crypto.randomBytes(5).toString('hex')}@example.test`;
  await page.goto(`${base}/register`);
  await page.getByLabel('Full name, as licensed').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/documents`);
  return email;
}

/** The step's row says Done (or To do): waits for it, so a refetch in flight is waited out. */
async function stepIs(page: Page, label: string, state: 'Done' | 'To do'): Promise<void> {
  await page.getByRole('list', { name: 'Getting started' }).getByRole('listitem').filter({ hasText: label }).getByText(state, { exact: true }).waitFor();
}

describe('onboarding checklist', () => {
  it('a new user lands on it, and it ticks itself off through the journey until it goes away', async () => {
    // An active Oregon architect from the seeded directory (other files claim other states).
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "architect", stateCode: "OR", perPage: 100) { professionals { id fullName licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active OR architect in the seeded directory').toBeTruthy();
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = await registerThroughPage(page, listing.fullName);

    const checklist = page.getByRole('region', { name: 'Get started' });
    await checklist.getByText('0 of 4 done.').waitFor();
    for (const label of ['Add your license', 'Upload a drawing', 'Seal it', 'Share the verify link']) await stepIs(page, label, 'To do');
    expect(await checklist.getByRole('link', { name: 'Add your license' }).getAttribute('href')).toBe('/credentials');
    // The plan's room, said before a file is chosen.
    await page
      .getByTestId('document-limit')
      .filter({ hasText: /^The FREE trial holds \d+ documents; you have none yet\.$/ })
      .waitFor();
    await expectAccessible(page, '/documents (checklist)');

    // 1. The license, claimed through the API: the page shows it when it is next read.
    const token = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } })).login.accessToken;
    const credentialId = (await gql('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id } }', { id: listing.id }, token)).claimProfessional.id;
    await page.reload();
    await stepIs(page, 'Add your license', 'Done');
    await checklist.getByText('1 of 4 done.').waitFor();

    // 2. A drawing uploaded through the page's own uploader: ticked without a reload.
    const pdf = await PDFDocument.create();
    pdf.addPage([792, 612]).drawText('A-101 Floor plan', { x: 72, y: 540 });
    await page.locator('input[type="file"]').setInputFiles({ name: 'A-101.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await stepIs(page, 'Upload a drawing', 'Done');
    await page
      .getByTestId('document-limit')
      .filter({ hasText: /you have 1\.$/ })
      .waitFor();
    // "Seal it" now leads to that drawing.
    const sealHref = await checklist.getByRole('link', { name: 'Seal it' }).getAttribute('href');
    expect(sealHref).toMatch(/^\/documents\/[0-9a-f-]{36}$/);
    const documentId = sealHref!.split('/').pop();

    // 3. Sealed (through the API: the dialog has its own tests); back on the home page it is ticked.
    const seal = (await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode verificationUrl } }', { i: { documentId, credentialId } }, token)).sealDocument;
    await page.goto(`${base}/documents`);
    await stepIs(page, 'Seal it', 'Done');
    await checklist.getByText('3 of 4 done.').waitFor();
    const share = checklist.getByRole('link', { name: 'Share the verify link' });
    expect(await share.getAttribute('href')).toBe(seal.verificationUrl);

    // 4. The verify link opened (a verification, counted): everything done, the checklist goes.
    await share.click();
    await page.waitForURL(seal.verificationUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${base}/documents`);
    await page.getByRole('heading', { name: 'All documents' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await checklist.count()).toBe(0);
    expect((await gql(PROGRESS, {}, token)).me.onboarding).toEqual({ licenseAdded: true, drawingUploaded: true, documentSealed: true, verifyLinkShared: true, complete: true, dismissedAt: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('can be dismissed, and stays dismissed', async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const email = await registerThroughPage(page, 'Dana Okafor');
    const checklist = page.getByRole('region', { name: 'Get started' });
    await checklist.getByText('0 of 4 done.').waitFor();
    await checklist.getByRole('button', { name: 'Dismiss' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'All documents' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await checklist.count()).toBe(0);
    const token = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } })).login.accessToken;
    const mine = (await gql(PROGRESS, {}, token)).me.onboarding;
    expect(mine.complete).toBe(false);
    expect(Date.parse(mine.dismissedAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
    await context.close();
  });
});
