/**
 * Batch sealing in the dashboard, in Chromium against the built server (whose workers seal in
 * the background): 13 documents made through the API; on /documents, all selected and "Seal
 * selected…" refused in words when one of them was sealed meanwhile; then the 12 drafts sealed
 * as one job. On the job's page the progress bar is recorded at every change of aria-valuenow:
 * it never goes down, starts below 100 while the job is queued or sealing, and ends at 100 with
 * the job Completed and 12 sealed; a document opened from it is Sealed. /batches lists the job.
 * No console error, no serious or critical axe violation, screenshots at 1440 and 375 px.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, gqlAt, makeDocumentAt, screenshots, signIn } from './page-checks.ts';
import { freePort, startApp, stopServer } from './process.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);

/** A one-page PDF of its own (content-addressed storage would share identical files). */
async function sheet(title: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`${title} ${crypto.randomUUID()}`, { x: 72, y: 700, size: 18, font });
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** Upload a PDF and make it a document on the server at `at`, as the API's clients do; its id. */
const makeDocument = async (name: string, token: string, at = base) => makeDocumentAt(at, name, await sheet(name), token);

/** A new professional on the server at `at`, holding the license of an active New York engineer of its directory (other files use other states). */
async function professional(at: string) {
  const listing = (
    await gqlAt(at, '{ searchProfessionals(professionSlug: "engineer", stateCode: "NY", perPage: 100) { professionals { id fullName licenseStatus } } }')
  ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
  expect(listing, 'an active NY engineer in the seeded directory').toBeTruthy();
  const email = `batch-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const password = 'dashboard batch password';
  const token: string = (await gqlAt(at, 'mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } })).register.accessToken;
  const credentialId: string = (await gqlAt(at, 'mutation($id: UUID!) { claimProfessional(professionalId: $id) { id } }', { id: listing.id }, token)).claimProfessional.id;
  return { email, password, token, credentialId };
}

/** Every value the page's progress bars take, with the job's status word at that moment, recorded in the page as it renders. */
function recordProgress() {
  const w = window as unknown as { progressSeen: Array<{ value: number; status: string }> };
  w.progressSeen = [];
  const record = () => {
    const bar = document.querySelector('[role="progressbar"][aria-valuenow]');
    if (!bar) return;
    const value = Number(bar.getAttribute('aria-valuenow'));
    const status = document.querySelector('[data-testid="job-status"]')?.textContent ?? '';
    const last = w.progressSeen[w.progressSeen.length - 1];
    if (!last || last.value !== value || last.status !== status) w.progressSeen.push({ value, status });
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-valuenow'] });
}

describe('dashboard: batch sealing', () => {
  it('selects documents, seals them as one job, and follows its progress to the end', async () => {
    const { email, password, token, credentialId } = await professional(base);
    const ids: string[] = [];
    for (let i = 1; i <= 13; i += 1) ids.push(await makeDocument(`Sheet ${String(i).padStart(2, '0')}`, token));

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(recordProgress);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await signIn(page, base, '/documents', email, password);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(13);

    // Select all, open the dialog; meanwhile one document is sealed elsewhere: the refusal names it.
    const selectAll = page.getByRole('checkbox', { name: 'Select all 13 that can be sealed' });
    await selectAll.check();
    await page.getByRole('status').filter({ hasText: '13 selected' }).waitFor();
    await page.getByRole('button', { name: 'Seal selected…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Seal 13 documents' });
    await dialog.getByRole('button', { name: 'Review and confirm…' }).waitFor();
    await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { id } }', { i: { documentId: ids[12], credentialId } }, token);
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised these documents' }).check();
    await dialog.getByRole('button', { name: 'Seal 13 documents' }).click();
    await dialog.getByRole('alert').filter({ hasText: '“Sheet 13”: The document is already sealed' }).waitFor();
    await expectAccessible(page, 'the batch Seal dialog with a refusal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Afresh: the sealed one cannot be selected; the 12 drafts are, and go as one job.
    await page.reload();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(13);
    expect(await page.getByRole('checkbox', { name: 'Select Sheet 13' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Seal selected…' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select Sheet 01' }).check();
    await page.getByRole('status').filter({ hasText: '1 selected' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all 12 that can be sealed' }).check();
    await page.getByRole('status').filter({ hasText: '12 selected' }).waitFor();
    await expectAccessible(page, '/documents with a selection');
    await screenshots(page, 'documents-selected');
    await page.getByRole('button', { name: 'Seal selected…' }).click();
    dialog = page.getByRole('dialog', { name: 'Seal 12 documents' });
    await page.waitForSelector('canvas.page-canvas[data-loaded="true"]');
    await dialog.getByRole('radio', { name: 'Last page' }).check();
    await expectAccessible(page, 'the batch Seal dialog');
    await screenshots(page, 'batch-seal-dialog');
    await dialog.getByRole('button', { name: 'Review and confirm…' }).click();
    await dialog.getByRole('checkbox', { name: 'I have prepared or directly supervised these documents' }).check();
    await dialog.getByRole('button', { name: 'Seal 12 documents' }).click();

    // The job's page: its bar moves up to 100 as the workers seal, and the job ends Completed.
    await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Batch of 12 documents' }).waitFor();
    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: Array<{ value: number; status: string }> }).progressSeen);
    const values = seen.map((s) => s.value);
    expect(values.length, JSON.stringify(seen)).toBeGreaterThan(1);
    for (let i = 1; i < values.length; i += 1) expect(values[i], JSON.stringify(seen)).toBeGreaterThanOrEqual(values[i - 1]!);
    expect(values[values.length - 1]).toBe(100);
    expect(new Set(values).size, JSON.stringify(seen)).toBeGreaterThan(1);
    // First drawn from the job as created, before any answer of a poll: queued (or sealing), below 100.
    expect(seen[0]!.value, JSON.stringify(seen)).toBeLessThan(100);
    expect(['Queued', 'Sealing']).toContain(seen[0]!.status);
    expect(await page.getByRole('progressbar', { name: 'Progress of the batch of 12 documents' }).getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('12 sealed').waitFor();
    const items = page.getByRole('region', { name: 'Documents' }).locator('tbody tr');
    expect(await items.count()).toBe(12);
    expect(await items.filter({ hasText: 'Sealed' }).count()).toBe(12);
    expect(await items.first().locator('code').textContent()).toMatch(/^[a-z0-9]{12}$/);
    // Settled: no poll is left running (the page asks nothing more).
    let requests = 0;
    page.on('request', (r) => r.url().endsWith('/v1/graphql') && (requests += 1));
    await expectAccessible(page, '/batches/[id]');
    await screenshots(page, 'batch-job');
    expect(requests).toBe(0);
    const job = (await gql('query($id: UUID!) { batchSealJob(id: $id) { status completedDocuments failedDocuments pageMode } }', { id: jobId }, token)).batchSealJob;
    expect(job).toEqual({ status: 'COMPLETED', completedDocuments: 12, failedDocuments: 0, pageMode: 'LAST' });

    // A result opened: the document is Sealed.
    await items.getByRole('link', { name: 'Sheet 01', exact: true }).click();
    await page.getByRole('heading', { name: 'Sheet 01' }).waitFor();
    await page.getByText('Sealed', { exact: true }).waitFor();

    // The Batches page, from the navigation: the job with its figures.
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.waitForURL(`${base}/batches`);
    const row = page.locator(`tr[data-job-id="${jobId}"]`);
    await row.getByText('Completed').waitFor();
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await row.getByText('12 sealed').waitFor();
    await row.getByText('0 failed').waitFor();
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await expectAccessible(page, '/batches');
    await screenshots(page, 'batches');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/**
 * Cancel and retry need a job caught before the workers take it: a server of its own whose
 * workers are off (BATCH_CONCURRENCY=0), its queue drained when the test says, through the
 * cron route (GET /v1/cron/batch) that Vercel deployments drain it with.
 */
describe('dashboard: cancelling a batch job, and retrying its failed items', () => {
  it('cancels a queued job from the list; retries the one document that failed, with the same placement', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-batch-'));
    const port = await freePort();
    const at = `http://127.0.0.1:${port}`;
    const secret = crypto.randomBytes(24).toString('hex');
    const server = await startApp({ port, dataDir, env: { BATCH_CONCURRENCY: '0', CRON_SECRET: secret, GRAPHQL_RATE_LIMIT: '5000' } });
    const drain = async () => {
      const res = await fetch(`${at}/v1/cron/batch`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(200);
      return res.json();
    };
    try {
      const { email, password, token, credentialId } = await professional(at);
      const api = (query: string, variables?: Record<string, unknown>) => gqlAt(at, query, variables, token);
      const ids: string[] = [];
      for (const name of ['Plan A', 'Plan B', 'Plan C', 'Plan D', 'Plan E']) ids.push(await makeDocument(name, token, at));
      const create = `mutation($i: CreateBatchSealInput!) { createBatchSealJob(input: $i) { id } }`;
      const first = (await api(create, { i: { credentialId, documentIds: ids.slice(0, 2) } })).createBatchSealJob.id;
      const placement = { pageMode: 'LAST', positionX: 0.3, positionY: 0.4, size: 90 };
      const second = (await api(create, { i: { credentialId, documentIds: ids.slice(2), ...placement } })).createBatchSealJob.id;
      // Plan D is archived after it was queued: its item fails when the job is worked.
      await api('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { id } }', { id: ids[3] });

      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      page.on('pageerror', (err) => consoleErrors.push(err.message));
      await signIn(page, at, '/batches', email, password);
      const firstRow = page.locator(`tr[data-job-id="${first}"]`);
      const secondRow = page.locator(`tr[data-job-id="${second}"]`);
      await firstRow.getByText('Queued').waitFor();
      await secondRow.getByText('Queued').waitFor();
      expect(await secondRow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
      await expectAccessible(page, '/batches with queued jobs');

      // Cancel the first: nothing of it had started, so it ends at once.
      await firstRow.getByRole('button', { name: 'Cancel' }).click();
      await firstRow.getByText('Cancelled: documents not started will not be sealed.').waitFor();
      await firstRow.getByText('2 cancelled').waitFor();
      expect(await firstRow.locator('.badge').textContent()).toBe('Cancelled');
      expect(await firstRow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      expect(await firstRow.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

      // The queue is worked: the list, polling while the second job is queued, shows how it ended.
      await drain();
      await secondRow.getByText('Partly sealed').waitFor({ timeout: 30_000 });
      await secondRow.getByText('2 sealed').waitFor();
      await secondRow.getByText('1 failed').waitFor();
      await expectAccessible(page, '/batches with a cancelled and a partly sealed job');
      await screenshots(page, 'batches-ended');

      // Its page: the failed item says why; retried once Plan D is unarchived.
      await secondRow.getByRole('link').first().click();
      await page.waitForURL(`${at}/batches/${second}`);
      const failed = page.getByRole('row').filter({ hasText: 'Plan D' });
      await failed.getByText(/archived/).waitFor();
      expect(await failed.locator('.badge').textContent()).toBe('Failed');
      expect(await page.getByRole('row').filter({ hasText: 'Plan C' }).locator('code').textContent()).toMatch(/^[a-z0-9]{12}$/);
      await expectAccessible(page, '/batches/[id] with a failed item');
      await screenshots(page, 'batch-job-failed');
      await api('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: false }) { id } }', { id: ids[3] });
      await page.getByRole('button', { name: 'Retry failed items' }).click();
      await page.waitForURL((url) => /\/batches\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(second));
      const retryId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: 'Batch of 1 document' }).waitFor();
      await page.getByTestId('job-status').filter({ hasText: 'Queued' }).waitFor();
      await drain();
      await page.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 30_000 });
      await page.getByRole('row').filter({ hasText: 'Plan D' }).getByText('Sealed').waitFor();
      const retry = (
        await api('query($id: UUID!) { batchSealJob(id: $id) { status pageMode positionX positionY size credential { id } items(first: 20) { document { id status } } } }', { id: retryId })
      ).batchSealJob;
      expect(retry).toEqual({ status: 'COMPLETED', ...placement, credential: { id: credentialId }, items: [{ document: { id: ids[3], status: 'SEALED' } }] });

      expect(consoleErrors).toEqual([]);
      await context.close();
    } finally {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
