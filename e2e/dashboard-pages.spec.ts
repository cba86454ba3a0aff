/**
 * The dashboard's credentials and seals pages in Chromium against the built server, each
 * action checked by what the page then shows: claim a listing from the directory, add a
 * license by hand (the board's or the plan's answer in words), export the stamp, request two
 * certificates and change the default, the page's account of trust in Acrobat with the CA's
 * certificate to download; a PKI seal made through the API listed with its code and the trust
 * note, and its verification link copied. Every page: no console error, no serious or critical axe
 * violation, screenshots at 1440 and 375 px.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_SIGNING_USAGES, issueCertificate, newRsaKey } from '../lib/seals/x509.ts';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';
import { expectAccessible, screenshots, gqlAt } from './page-checks.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();
const gql = (query: string, variables?: Record<string, unknown>, token?: string) => gqlAt(base, query, variables, token);
/** A PKCS#12 of a key and a certificate issued by a CA of the test. */
function p12(holder: string, password: string): Buffer {
  const now = Date.now();
  const caKey = newRsaKey();
  const ca = issueCertificate({
    subject: [{ name: 'commonName', value: 'E2E Firm CA' }],
    publicKey: caKey.publicKey,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000 * 700),
    ca: true,
    selfKey: caKey.privateKey,
  });
  const key = newRsaKey();
  const leaf = issueCertificate({
    subject: [{ name: 'commonName', value: holder }],
    publicKey: key.publicKey,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000 * 365),
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    issuer: { cert: ca, key: caKey.privateKey },
  });
  return Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key.privateKey, [leaf, ca], password, { algorithm: 'aes256' })).getBytes(), 'binary');
}

describe('dashboard: credentials and seals', () => {
  it('claims, adds, exports, issues certificates, lists a seal and copies its link', async () => {
    // A listed Florida land surveyor nobody holds yet (other files use Texas licenses).
    const listing = (
      await gql('{ searchProfessionals(professionSlug: "land-surveyor", stateCode: "FL", perPage: 100) { professionals { id fullName lastName licenseNumber licenseStatus } } }')
    ).searchProfessionals.professionals.find((p: { licenseStatus: string }) => p.licenseStatus === 'active');
    expect(listing, 'an active FL land surveyor in the seeded directory').toBeTruthy();
    const email = `pages-${crypto.randomBytes(5).toString('hex')}@example.test`;
    const password = 'dashboard pages password';
    await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { i: { email, password, displayName: listing.fullName } });

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));

    await page.goto(`${base}/credentials`);
    await page.waitForURL(/\/login\?callbackUrl=%2Fcredentials/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/credentials`);

    // Empty at first, with a way forward.
    await page.getByText('No credentials yet.').waitFor();
    // The plan's limit is said beside the button before the form is filled.
    await page.getByText('The FREE trial holds 1 license; you have none yet.').waitFor();
    await expectAccessible(page, '/credentials (empty)');

    // Claim from the directory.
    const claim = page.getByRole('region', { name: 'Claim your listing' });
    await claim.getByLabel(/^Profession/).selectOption('land-surveyor');
    await claim.getByLabel(/^State/).selectOption('FL');
    await claim.getByLabel('Name', { exact: true }).fill(listing.lastName);
    await claim.getByRole('button', { name: 'Search the directory' }).click();
    await page.getByRole('button', { name: `Claim ${listing.fullName}, license ${listing.licenseNumber}` }).click();
    await page.getByText(`Claimed: ${listing.fullName}'s license is now yours.`).waitFor();
    const card = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem').first();
    await card.getByText('Claimed', { exact: true }).waitFor();
    await card.getByText('Can seal documents.').waitFor();

    // Add by hand: the FREE plan holds one credential, and the page says so in words.
    const addForm = page.locator('form', { has: page.getByRole('heading', { name: 'Add a license' }) });
    await addForm.getByText('The FREE trial holds 1 license, and it is in use: change the plan on Billing to add another.').waitFor();
    await addForm.getByLabel('License number').fill(`X${crypto.randomInt(1e6)}`);
    await addForm.getByLabel(/^State/).selectOption('TX');
    await addForm.getByLabel(/^License type/).selectOption('engineer');
    await addForm.getByRole('button', { name: 'Add license' }).click();
    await addForm
      .getByRole('alert')
      .filter({ hasText: /plan holds at most 1 credential/ })
      .waitFor();

    // Export the stamp as PNG: a download named stamp.png, and the page says so.
    await card.getByLabel('Export format').selectOption('PNG');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Export stamp' }).click()]);
    expect(download.suggestedFilename()).toBe('stamp.png');
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    await card.getByText('Downloaded stamp.png.').waitFor();

    // Certificates: request two from the service's CA, then make the second the default.
    const certs = page.getByRole('region', { name: 'Signing certificates' });
    await certs.getByLabel('Certificate name').fill('Office laptop');
    await certs.getByRole('button', { name: 'Request a certificate' }).click();
    await certs.getByText('Certificate issued by the Sealwright CA.').waitFor();
    await certs.getByRole('listitem').filter({ hasText: 'Office laptop' }).waitFor();
    await certs.getByLabel('Certificate name').fill('Field tablet');
    await certs.getByRole('button', { name: 'Request a certificate' }).click();
    await certs.getByRole('listitem').filter({ hasText: 'Field tablet' }).waitFor();
    const defaultCount = () => certs.getByText('Default', { exact: true }).count();
    expect(await defaultCount(), await certs.innerText()).toBe(1);
    const makeDefault = certs.getByRole('button', { name: /^Make default: / });
    const target = (await makeDefault.getAttribute('aria-label'))!.replace(/^Make default: /, '');
    await makeDefault.click();
    await certs.getByText(`${target} is now your default certificate.`).waitFor();
    await certs.getByRole('listitem').filter({ hasText: target }).getByText('Default', { exact: true }).waitFor();
    expect(await defaultCount()).toBe(1);

    // Upload one's own PKCS#12: a wrong password is said in words, the right one lists it.
    const p12File = { name: 'firm.p12', mimeType: 'application/x-pkcs12', buffer: p12(listing.fullName, 'p12 secret') };
    await certs.getByLabel('Certificate file (.p12 or .pfx)').setInputFiles(p12File);
    await certs.getByLabel('File password').fill('not the secret');
    await certs.getByLabel('Name', { exact: true }).fill('Firm certificate');
    await certs.getByRole('button', { name: 'Upload certificate' }).click();
    await certs
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor();
    await certs.getByLabel('Certificate file (.p12 or .pfx)').setInputFiles(p12File);
    await certs.getByLabel('File password').fill('p12 secret');
    await certs.getByRole('button', { name: 'Upload certificate' }).click();
    await certs.getByText('Certificate “Firm certificate” added.').waitFor();
    await certs
      .getByRole('listitem')
      .filter({ hasText: 'Firm certificate' })
      .getByText(/by E2E Firm CA/)
      .waitFor();

    // Trust (issue 23, item 6): the CA's certificates are marked, the page says Acrobat will not
    // trust them until the CA is imported, and its download is a DER certificate openssl reads.
    await certs.getByRole('listitem').filter({ hasText: 'Office laptop' }).getByText('Acrobat: import the CA to trust').waitFor();
    await certs.getByRole('listitem').filter({ hasText: 'Firm certificate' }).getByText('Your own').waitFor();
    const trust = page.getByRole('region', { name: 'Trust in Acrobat' });
    await trust.getByText(/Certificate issuer isn.t Trusted/).waitFor();
    expect(await trust.getByRole('list', { name: 'Steps for Acrobat' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await trust.getByText('Use this certificate as a trusted root').waitFor();
    const [caDownload] = await Promise.all([page.waitForEvent('download'), trust.getByRole('link', { name: /Download the CA certificate/ }).click()]);
    expect(caDownload.suggestedFilename()).toBe('sealwright-ca.cer');
    const subject = execFileSync('openssl', ['x509', '-inform', 'DER', '-noout', '-subject', '-in', (await caDownload.path())!], { encoding: 'utf8' });
    expect(subject).toMatch(/CN ?= ?Sealwright Seal CA/);

    await expectAccessible(page, '/credentials');
    await screenshots(page, 'credentials');

    // A seal made through the API shows on /seals with its code; its link is copied.
    const token = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } })).login.accessToken;
    const credentialId = (await gql('{ credentialsConnection(first: 1) { edges { node { id } } } }', {}, token)).credentialsConnection.edges[0].node.id;
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText('Boundary survey', { x: 72, y: 700 });
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([(await pdf.save()) as Uint8Array<ArrayBuffer>], 'survey.pdf', { type: 'application/pdf' }));
    const uploaded = await (await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
    const documentId = (await gql('mutation($h: String!) { createDocument(input: { name: "Boundary survey", fileHash: $h }) { id } }', { h: uploaded.data.uploadFile.fileHash }, token)).createDocument
      .id;
    // Signed with a certificate of the service's CA: /seals says what Acrobat will make of it.
    const signingCertificateId = (await gql('{ signingCertificates { id issuedByServiceCa } }', {}, token)).signingCertificates.find((c: { issuedByServiceCa: boolean }) => c.issuedByServiceCa).id;
    const seal = (await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode verificationUrl } }', { i: { documentId, credentialId, signingCertificateId } }, token))
      .sealDocument;

    await page.getByRole('link', { name: 'Seals' }).click();
    await page.waitForURL(`${base}/seals`);
    const row = page.getByRole('row').filter({ hasText: seal.verificationCode });
    await row.getByText('Boundary survey').waitFor();
    await row.getByText('Signed', { exact: true }).waitFor();
    await page.getByRole('note', { name: 'Trust in Acrobat' }).getByRole('link', { name: 'Download the CA certificate (.cer)' }).waitFor();
    await row.getByRole('button', { name: `Copy link for ${seal.verificationCode}` }).click();
    await row.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seal.verificationUrl);
    await expectAccessible(page, '/seals');
    await screenshots(page, 'seals');

    // The plan, read-only, with its usage.
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL(`${base}/billing`);
    await page.getByRole('heading', { name: 'Usage' }).waitFor();
    await page.getByText(/^Plan: FREE/).waitFor();
    await page.getByRole('progressbar', { name: /^Credentials: 1 of 1/ }).waitFor();
    await page.getByRole('progressbar', { name: /^Documents: 1 of 25/ }).waitFor();
    await expectAccessible(page, '/billing');
    await screenshots(page, 'billing');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
