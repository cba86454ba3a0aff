/**
 * The public verification page in Chromium against the built server: a PDF sealed through
 * the API over HTTP, then checked on /verify/<code> by dropping it (Valid), a modified copy
 * (Tampered) and the unsealed original (no code, no match), with the file never sent.
 */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

async function gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

function data(answer: any, what: string): any {
  if (answer.errors) throw new Error(`${what} refused: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

interface Sealed {
  code: string;
  hash: string;
  holderName: string;
  professionName: string;
  licenseNumber: string;
  original: Uint8Array;
  bytes: Buffer;
}

/**
 * A new account holding a license of the seeded directory (its board verifies it), so the test
 * needs no other's state: the demo license is left to api-smoke.spec.ts, which expects to be
 * the one that creates it, whichever file runs first.
 */
async function licensedAccount(): Promise<{ token: string; credentialId: string; holderName: string; professionName: string; licenseNumber: string }> {
  const directory = data(
    await gql('{ searchProfessionals(professionSlug: "architect", stateCode: "TX", perPage: 50) { professionals { fullName licenseNumber licenseStatus professionName } } }'),
    'searchProfessionals',
  );
  const candidates = directory.searchProfessionals.professionals.filter((p: { licenseStatus: string }) => p.licenseStatus === 'active');
  for (const person of candidates) {
    const email = `verify-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const registered = data(
      await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password: 'verify page e2e password', displayName: person.fullName } }),
      'register',
    );
    const token = registered.register.accessToken;
    const created = await gql(
      'mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id canSeal displayName } }',
      { i: { licenseNumber: person.licenseNumber, regionCode: 'TX', licenseType: 'architect' } },
      token,
    );
    if (created.errors?.[0]?.extensions?.code === 'CONFLICT') continue; // held by someone else already
    const credential = data(created, 'createCredential').createCredential;
    expect(credential.canSeal).toBe(true);
    return { token, credentialId: credential.id, holderName: credential.displayName, professionName: person.professionName, licenseNumber: person.licenseNumber };
  }
  throw new Error('no active Texas architect of the seeded directory is free to hold');
}

/** Seal a fresh PDF through the API over HTTP, and download the sealed bytes. */
async function sealAPdf(): Promise<Sealed> {
  const { token, credentialId, holderName, professionName, licenseNumber } = await licensedAccount();

  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(`Verify page e2e ${crypto.randomUUID()}`, { x: 72, y: 700 });
  const original = await pdf.save();
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([original as Uint8Array<ArrayBuffer>], 'verify-e2e.pdf', { type: 'application/pdf' }));
  const uploaded = await (await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
  const fileHash = data(uploaded, 'uploadFile').uploadFile.fileHash;

  const document = data(await gql('mutation($h: String!) { createDocument(input: { name: "Verify page sheet", fileHash: $h }) { id } }', { h: fileHash }, token), 'createDocument').createDocument;
  const seal = data(
    await gql(
      'mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode documentHash verificationUrl document { downloadUrl } } }',
      { i: { documentId: document.id, credentialId } },
      token,
    ),
    'sealDocument',
  ).sealDocument;
  expect(seal.verificationCode).toMatch(/^[a-z0-9]{12}$/);
  expect(seal.verificationUrl).toBe(`${new URL(seal.document.downloadUrl).origin}/verify/${seal.verificationCode}`);

  // The link is built from APP_URL: fetch it from the server under test whatever its origin.
  const link = new URL(seal.document.downloadUrl);
  const download = await fetch(`${base}${link.pathname}${link.search}`);
  expect(download.status).toBe(200);
  const bytes = Buffer.from(await download.arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(seal.documentHash);
  return { code: seal.verificationCode, hash: seal.documentHash, holderName, professionName, licenseNumber, original, bytes };
}

async function verificationCount(code: string): Promise<number> {
  const res = await fetch(`${base}/v1/verify/${code}/stats`);
  expect(res.status).toBe(200);
  return (await res.json()).verification_count;
}

/** Every request the page makes, with its body. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

function expectNoFileSent(requests: Request[], file: Buffer) {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    const body = r.postDataBuffer();
    if (!body) continue;
    expect(body.length, `${r.method()} ${r.url()} sent ${body.length} bytes`).toBeLessThanOrEqual(1024);
    expect(body.includes('%PDF'), `${r.url()} sent PDF bytes`).toBe(false);
    expect(body.includes(file.subarray(0, 64))).toBe(false);
  }
}

/** Drop a file on the page's drop zone (through its file input) and wait for the verdict that follows "Checking…"; its headline word. */
async function check(page: Page, name: string, buffer: Buffer, expected: string): Promise<void> {
  const verdict = page.getByTestId('verdict');
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer });
  await page.waitForFunction(() => {
    const word = document.querySelector('[data-testid="verdict"] .verify-verdict-word')?.textContent ?? '';
    return word !== '' && word !== 'Checking…';
  });
  expect(await verdict.getAttribute('role')).toBe('status');
  expect(await verdict.getAttribute('aria-live')).toBe('polite');
  const word = await verdict.locator('.verify-verdict-word').textContent();
  expect(word, `verdict for ${name}: ${await verdict.textContent()}`).toBe(expected);
}

describe('the public verification page', () => {
  let sealed: Sealed;
  beforeAll(async () => {
    sealed = await sealAPdf();
  });

  it('shows the seal on /verify/<code>, counts the visit once, and checks dropped copies in the browser only', async () => {
    const before = await verificationCount(sealed.code);
    const page = await browser().newPage();
    const requests = recordRequests(page);
    const res = await page.goto(`${base}/verify/${sealed.code}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/connect-src 'self'/);
    await page.getByRole('heading', { level: 1, name: 'Seal on record' }).waitFor();
    expect(await verificationCount(sealed.code)).toBe(before + 1);
    expect(await page.title()).toBe(`Seal by ${sealed.holderName} · Sealwright`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.getByTestId('holder').textContent()).toBe(sealed.holderName);
    expect(await page.getByTestId('document-hash').textContent()).toBe(sealed.hash);
    const facts = (await page.locator('.verify-facts').textContent()) ?? '';
    expect(facts).toContain(`${sealed.professionName}, No. ${sealed.licenseNumber}`);
    expect(facts).toContain('Texas (TX)');
    expect(facts).toContain('Verify page sheet');
    expect(facts).toContain('Not PKI-signed');
    expect(facts).toMatch(/Active/);
    expect(facts).toContain('A seal made while the license was active still verifies its document');

    // The sealed file itself: Valid.
    await check(page, 'sealed.pdf', sealed.bytes, 'Valid');
    const valid = (await page.getByTestId('verdict').textContent()) ?? '';
    expect(valid).toContain(`sealed by ${sealed.holderName}`);
    expect(valid).toContain(sealed.hash);
    expect(valid).not.toContain('Tampered');

    // A copy with bytes appended after sealing: same embedded code, another hash.
    const tampered = Buffer.concat([sealed.bytes, Buffer.from('\n% tampered\n', 'latin1')]);
    await check(page, 'tampered.pdf', tampered, 'Tampered');
    expect(await page.getByTestId('verdict').textContent()).toContain('modified after sealing');

    // One byte flipped in the middle of the file: Tampered too.
    const flipped = Buffer.from(sealed.bytes);
    const middle = flipped.indexOf('stream', Math.floor(flipped.length / 3), 'latin1') + 20;
    flipped[middle] ^= 0x01;
    await check(page, 'flipped.pdf', flipped, 'Tampered');

    // The unsealed original: no code inside, so compared with this page's seal, and not it.
    const original = Buffer.from(sealed.original);
    await check(page, 'original.pdf', original, 'No match');
    expect(await page.getByTestId('verdict').textContent()).toContain('This file carries no Sealwright seal code');

    expectNoFileSent(requests, sealed.bytes);
    const posts = requests.filter((r) => r.method() === 'POST').map((r) => new URL(r.url()).pathname);
    expect(posts).toEqual(['/v1/verify/pdf', '/v1/verify/pdf', '/v1/verify/pdf', `/v1/verify/${sealed.code}/match`]);
    const first = requests.find((r) => r.method() === 'POST')!;
    expect(JSON.parse(first.postData()!)).toEqual({ hash: sealed.hash, code: sealed.code });
    await page.close();
  });

  it('on another seal\'s page, a file that carries this seal is "Different seal", never Valid', async () => {
    const other = await sealAPdf();
    const page = await browser().newPage();
    await page.goto(`${base}/verify/${other.code}`);
    await page.getByRole('heading', { level: 1, name: 'Seal on record' }).waitFor();
    await check(page, 'sealed.pdf', sealed.bytes, 'Different seal');
    const verdict = (await page.getByTestId('verdict').textContent()) ?? '';
    expect(verdict).toContain(`not the document of this page’s seal (${other.code}, by ${other.holderName})`);
    expect(verdict).toContain(`under seal ${sealed.code}, and only that seal vouches for it`);
    expect(await page.getByTestId('verdict').getAttribute('class')).toContain('tone-bad');
    await page.getByRole('link', { name: `See the record of seal ${sealed.code}` }).waitFor();
    await page.close();
  });

  it('answers 404 "No seal found for this code" for an unknown code, with the code box', async () => {
    const page = await browser().newPage();
    const res = await page.goto(`${base}/verify/zzzzzzzzzzzz`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'No seal found for this code' }).waitFor();
    expect(await page.getByLabel('Verification code').inputValue()).toBe('zzzzzzzzzzzz');
    const malformed = await page.goto(`${base}/verify/not-a-code`);
    expect(malformed?.status()).toBe(404);
    await page.close();
  });

  it('on /verify, the code box goes to /verify/<code> and a dropped file is checked by its own code', async () => {
    const page = await browser().newPage();
    const requests = recordRequests(page);
    await page.goto(`${base}/verify`);
    await page.getByRole('heading', { level: 1, name: 'Verify a seal' }).waitFor();
    expect(await page.title()).toBe('Verify a seal · Sealwright');

    await check(page, 'sealed.pdf', sealed.bytes, 'Valid');
    await page.getByRole('link', { name: `See the record of seal ${sealed.code}` }).waitFor();
    expectNoFileSent(requests, sealed.bytes);

    const box = page.getByLabel('Verification code');
    await box.fill('not a code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: '12 letters and digits' }).waitFor();

    // Typed in capitals, with spaces around: lowercased and trimmed.
    await box.fill(`  ${sealed.code.toUpperCase()} `);
    expect(await box.inputValue()).toBe(`  ${sealed.code} `);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${base}/verify/${sealed.code}`);
    await page.getByRole('heading', { level: 1, name: 'Seal on record' }).waitFor();
    expect(await page.getByTestId('document-hash').textContent()).toBe(sealed.hash);
    await page.close();
  });

  it('without scripts, the code box is a GET form that lands on the seal page', async () => {
    const res = await fetch(`${base}/verify?code=${encodeURIComponent(` ${sealed.code.toUpperCase()} `)}`, { redirect: 'manual' });
    expect([303, 307, 308]).toContain(res.status);
    expect(new URL(res.headers.get('location')!, base).pathname).toBe(`/verify/${sealed.code}`);
    const upper = await fetch(`${base}/verify/${sealed.code.toUpperCase()}`, { redirect: 'manual' });
    expect(new URL(upper.headers.get('location')!, base).pathname).toBe(`/verify/${sealed.code}`);
  });
});
