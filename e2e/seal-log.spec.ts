/**
 * The public seal log on the verify page, in Chromium against the built server: a seal's entry,
 * inclusion proof and signed tree head are checked in the browser (WebCrypto SHA-256 and
 * Ed25519), and the page says so; a proof or a signature altered on the way to the browser
 * makes the same page say the check failed, and why. The page links the seal's sealing certificate.
 */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, uploadFileAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

async function gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** An account holding a free, active license of the seeded directory (its board verifies it). */
async function licensedAccount(): Promise<{ token: string; credentialId: string }> {
  for (const [profession, state] of [
    ['land-surveyor', 'TX'],
    ['landscape-architect', 'TX'],
    ['civil-engineer', 'CA'],
    ['architect', 'FL'],
  ]) {
    const { searchProfessionals } = await gql(
      `{ searchProfessionals(professionSlug: "${profession}", stateCode: "${state}", perPage: 50) { professionals { fullName licenseNumber licenseStatus } } }`,
    );
    for (const person of searchProfessionals.professionals.filter((p: { licenseStatus: string }) => p.licenseStatus === 'active')) {
      const email = `seal-log-${crypto.randomBytes(5).toString('hex')}@example.test`;
      const { register } = await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password: 'seal log e2e password', displayName: person.fullName } });
      try {
        const { createCredential } = await gql(
          'mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id canSeal } }',
          { i: { licenseNumber: person.licenseNumber, regionCode: state, licenseType: profession } },
          register.accessToken,
        );
        if (createCredential.canSeal) return { token: register.accessToken, credentialId: createCredential.id };
      } catch (err) {
        if (!String(err).includes('CONFLICT')) throw err;
      }
    }
  }
  throw new Error('no active license of the seeded directory is free to hold');
}

/** Upload, create and seal a one-page PDF over HTTP; its code. */
async function sealOne(token: string, credentialId: string, name: string): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(`${name} ${crypto.randomUUID()}`, { x: 72, y: 700 });
  const fileHash = await uploadFileAt(base, await pdf.save(), `${name}.pdf`, token);
  const { createDocument } = await gql('mutation($h: String!, $n: String!) { createDocument(input: { name: $n, fileHash: $h }) { id } }', { h: fileHash, n: name }, token);
  const { sealDocument } = await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', { i: { documentId: createDocument.id, credentialId } }, token);
  return sealDocument.verificationCode;
}

/** Open the verify page (its HTML passed through `alter` on the way) and wait for the browser's verdict on the log. */
async function openAndCheck(code: string, alter?: (html: string) => string): Promise<{ page: Page; state: string; text: string }> {
  const page = await browser().newPage();
  if (alter) {
    await page.route(`${base}/verify/${code}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const altered = alter(html);
      expect(altered).not.toBe(html);
      await route.fulfill({ response, body: altered });
    });
  }
  const res = await page.goto(`${base}/verify/${code}`);
  expect(res?.status()).toBe(200);
  const panel = page.getByTestId('seal-log');
  await page.waitForFunction(() => document.querySelector('[data-testid="seal-log"]')?.getAttribute('data-state') !== 'checking');
  return { page, state: (await panel.getAttribute('data-state'))!, text: (await panel.locator('p').first().textContent())! };
}

describe('the public seal log on /verify/<code>', () => {
  let code: string;
  let log: { leaf_index: number; tree_size: number; inclusion_proof: string[] };

  beforeAll(async () => {
    const { token, credentialId } = await licensedAccount();
    // Two seals at least, so every proof has a hash to alter.
    await sealOne(token, credentialId, 'Seal log sheet A');
    code = await sealOne(token, credentialId, 'Seal log sheet B');
    log = (await (await fetch(`${base}/v1/verify/${code}`)).json()).transparency_log;
    expect(log.inclusion_proof.length).toBeGreaterThan(0);
  });

  it('checks the entry, its inclusion proof and the signed head in the browser, and says so', async () => {
    const { page, state, text } = await openAndCheck(code);
    expect(state).toBe('verified');
    // The head may have grown since (other seals), never shrunk.
    const shown = text.match(/^Recorded in the public seal log \(entry ([\d,]+) of ([\d,]+)\); checked in your browser\.$/);
    expect(shown, text).not.toBeNull();
    expect(Number(shown![1].replace(/,/g, ''))).toBe(log.leaf_index + 1);
    expect(Number(shown![2].replace(/,/g, ''))).toBeGreaterThanOrEqual(log.tree_size);
    await expectAccessible(page, 'verify page with the seal log');
    // The sealing certificate the page links to, served by the built server from its PDF pool.
    const href = await page.getByTestId('certificate-link').getAttribute('href');
    expect(href).toBe(`/v1/verify/${code}/certificate.pdf`);
    const certificate = await fetch(`${base}${href}`);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await certificate.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.close();
  });

  it('shows a failure when the proof is altered', async () => {
    const { page, state, text } = await openAndCheck(code, (html) => {
      // The first hash of the proof the page hands the browser (in its flight data), one hex digit changed.
      const hash = html.match(/inclusionProof\\?":\[\\?"([0-9a-f]{64})/)![1];
      return html.split(hash).join(`${hash.slice(0, 10)}${hash[10] === '0' ? '1' : '0'}${hash.slice(11)}`);
    });
    expect(state).toBe('failed');
    expect(text).toBe('The public seal log check failed: the inclusion proof does not lead from this entry to the signed root. The record above may not be the one the log vouches for.');
    await page.close();
  });

  it('shows a failure when the head’s signature is altered', async () => {
    const { page, state, text } = await openAndCheck(code, (html) => {
      const signature = html.match(/signature\\?":\\?"([A-Za-z0-9+/]{86}==)/)![1];
      return html.split(signature).join(`${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    });
    expect(state).toBe('failed');
    expect(text).toContain('the signature of the tree head does not verify with the log’s key');
    await page.close();
  });
});
