/**
 * The service CA's CRL, read with openssl as a relying party would: issued certificates name it,
 * it is signed by the CA, and a certificate deleted, or whose credential is revoked, is in the
 * next one with its reason, while a certificate the CA did not issue never is. A seal signed
 * before the revocation verifies as "signed while valid, since revoked" (REST and GraphQL).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as caCertRoute from '../../app/v1/ca/cert/route.ts';
import * as crlRoute from '../../app/v1/ca/crl/route.ts';
import { GET as verifyCode } from '../../app/v1/verify/[code]/route.ts';
import { seedCredential } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import type { Professional } from '../../test/sealing.ts';
import { db } from '../db/index.ts';
import { deleteCertificate, requestSigningCertificate } from './certificates.ts';
import { issueCertificate, newRsaKey, toPem } from './x509.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-crl-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function openssl(args: string[], input?: Buffer): string {
  return execFileSync('openssl', args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

async function crlText(): Promise<string> {
  const res = await crlRoute.GET();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pkix-crl');
  const der = Buffer.from(await res.arrayBuffer());
  fs.writeFileSync(path.join(tmp, 'ca.crl'), der);
  // Signed by the CA: openssl checks the signature against the CA certificate served beside it.
  const verified = spawnSync('openssl', ['crl', '-inform', 'DER', '-in', path.join(tmp, 'ca.crl'), '-CAfile', path.join(tmp, 'ca.pem'), '-noout'], { encoding: 'utf8' });
  expect(verified.status).toBe(0);
  expect(verified.stderr.trim()).toBe('verify OK');
  return openssl(['crl', '-inform', 'DER', '-text', '-noout'], der);
}

/** The serial as openssl prints it in a CRL: upper-case hex. */
const serialLine = (hex: string) => `Serial Number: ${hex.toUpperCase()}`;

async function certificateFor(pro: Professional, credentialId = pro.credentialId) {
  return requestSigningCertificate({ actor: pro.actor, input: { name: `CRL test ${Math.random()}`, credentialId }, query: { select: { id: true, serialNumber: true, certificateChain: true } } });
}

async function verifyRecord(code: string) {
  const res = await verifyCode(new Request(`http://localhost/v1/verify/${code}`, { headers: { 'x-forwarded-for': '192.0.2.31' } }), { params: Promise.resolve({ code }) });
  return res.json();
}

describe('the service CA’s CRL', () => {
  let pro: Professional;

  beforeAll(async () => {
    pro = await professional('Jordan Ellis');
    const res = await caCertRoute.GET(new Request('http://localhost/v1/ca/cert'));
    expect(res.headers.get('content-type')).toBe('application/pkix-cert');
    const pem = openssl(['x509', '-inform', 'DER', '-outform', 'PEM'], Buffer.from(await res.arrayBuffer()));
    fs.writeFileSync(path.join(tmp, 'ca.pem'), pem);
    expect(await (await caCertRoute.GET(new Request('http://localhost/v1/ca/cert?format=pem'))).text()).toBe(pem);
  });

  it('is named by every certificate the CA issues, and is signed by the CA', async () => {
    const cert = await certificateFor(pro);
    const text = openssl(['x509', '-text', '-noout'], Buffer.from(cert.certificateChain));
    expect(text).toMatch(/X509v3 CRL Distribution Points:\s+Full Name:\s+URI:http:\/\/localhost:3000\/v1\/ca\/crl/);
    const crl = await crlText();
    expect(crl).toContain('Issuer: CN = Sealwright Seal CA');
    expect(crl).toMatch(/X509v3 CRL Number:/);
    expect(crl).toMatch(/X509v3 Authority Key Identifier:/);
    expect(crl).not.toContain(serialLine(cert.serialNumber));
  });

  it('lists a deleted certificate in the next CRL, and a seal it signed before verifies as signed while valid, since revoked', async () => {
    const cert = await certificateFor(pro);
    const kept = await certificateFor(pro);
    const [doc, other] = await draftDocuments(pro, 2);
    const seal = await sealAs(pro, doc, { signingCertificateId: cert.id });
    const stillValid = await sealAs(pro, other, { signingCertificateId: kept.id });
    await deleteCertificate({ actor: pro.actor, id: cert.id });

    const crl = await crlText();
    expect(crl).toContain(serialLine(cert.serialNumber));
    expect(crl.slice(crl.indexOf(serialLine(cert.serialNumber)))).toMatch(/^Serial Number: [0-9A-F]+\s+Revocation Date: .*\s+CRL entry extensions:\s+X509v3 CRL Reason Code:\s+Cessation Of Operation/);
    expect(crl).not.toContain(serialLine(kept.serialNumber));

    const record = await verifyRecord(seal.verificationCode);
    expect(record.valid).toBe(true);
    expect(record.signature).toMatchObject({
      status: 'signed_while_valid_since_revoked',
      summary: expect.stringMatching(/^Signed while valid, since revoked \(\d{4}-\d{2}-\d{2}\)$/),
      revoked_at: expect.any(String),
    });
    expect(new Date(record.signature.revoked_at).getTime()).toBeGreaterThan(new Date(record.seal.sealed_at).getTime());
    expect((await verifyRecord(stillValid.verificationCode)).signature).toMatchObject({ status: 'valid', revoked_at: null });

    const answer = await gql('query($c: String!) { verifySeal(code: $c) { signatureStatus signatureSummary certificateRevokedAt } }', { variables: { c: seal.verificationCode } });
    expect(answer.body.data!.verifySeal).toEqual({
      signatureStatus: 'signed_while_valid_since_revoked',
      signatureSummary: record.signature.summary,
      certificateRevokedAt: record.signature.revoked_at,
    });
  });

  it('lists the certificates of a credential its board revoked, with privilegeWithdrawn', async () => {
    const credential = await seedCredential({ userId: pro.id, organizationId: pro.organizationId, displayName: 'Jordan Ellis' });
    const cert = await certificateFor(pro, credential.id);
    const [doc] = await draftDocuments(pro, 1);
    const seal = await sealAs(pro, doc, { credentialId: credential.id, signingCertificateId: cert.id });
    // As a re-check does when the board reports the license revoked.
    await db().credential.update({ where: { id: credential.id }, data: { status: 'REVOKED' } });
    const crl = await crlText();
    expect(crl.slice(crl.indexOf(serialLine(cert.serialNumber)))).toMatch(/^Serial Number: [0-9A-F]+\s+Revocation Date: .*\s+CRL entry extensions:\s+X509v3 CRL Reason Code:\s+Privilege Withdrawn/);
    const record = await verifyRecord(seal.verificationCode);
    expect(record.signature.status).toBe('signed_while_valid_since_revoked');
    expect(record.credential.status).toBe('revoked');
  });

  it('never lists a certificate the CA did not issue', async () => {
    const key = newRsaKey();
    const now = new Date();
    const selfSigned = issueCertificate({
      subject: [{ name: 'commonName', value: 'Someone Else' }],
      publicKey: key.publicKey,
      notBefore: now,
      notAfter: new Date(now.getTime() + 86_400_000),
      selfKey: key.privateKey,
    });
    const row = await db().signingCertificate.create({
      data: {
        organizationId: pro.organizationId,
        userId: pro.id,
        name: 'Uploaded',
        commonName: 'Someone Else',
        issuerCn: 'Sealwright Seal CA',
        serialNumber: selfSigned.serialNumber.toLowerCase(),
        notBefore: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
        fingerprintSha256: 'cd'.repeat(32),
        certificateChain: toPem([selfSigned]),
      },
    });
    await deleteCertificate({ actor: pro.actor, id: row.id });
    expect(await db().certificateRevocation.count({ where: { certificateId: row.id } })).toBe(1);
    expect(await crlText()).not.toContain(serialLine(row.serialNumber));
  });
});
