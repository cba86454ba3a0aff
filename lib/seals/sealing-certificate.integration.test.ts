/**
 * The sealing certificate (GET /v1/verify/:code/certificate.pdf) read as a recipient would:
 * qpdf finds a sound file, pdfsig a valid signature by the service with a B-LT DSS after it, and
 * pdftotext the values a verifier is told, the log entry and root, and the PKI signer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as certificatePdf } from '../../app/v1/verify/[code]/certificate.pdf/route.ts';
import { GET as verifyCode } from '../../app/v1/verify/[code]/route.ts';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import type { Professional } from '../../test/sealing.ts';
import { db } from '../db/index.ts';
import { requestSigningCertificate } from './certificates.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-certificate-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const request = (code: string, pathName = `/v1/verify/${code}`) => new Request(`http://localhost${pathName}`, { headers: { 'x-forwarded-for': '192.0.2.77' } });

async function download(code: string): Promise<{ file: string; text: string }> {
  const res = await certificatePdf(request(code, `/v1/verify/${code}/certificate.pdf`), { params: Promise.resolve({ code }) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(`inline; filename="sealing-certificate-${code}.pdf"`);
  const file = path.join(tmp, `${code}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { file, text };
}

describe('the sealing certificate', () => {
  let pro: Professional;
  let plain: { verificationCode: string; documentHash: string };
  let signed: { verificationCode: string; documentHash: string };

  beforeAll(async () => {
    pro = await professional('Renée Ellis');
    const cert = await requestSigningCertificate({ actor: pro.actor, input: { name: 'Certificate test', credentialId: pro.credentialId }, query: { select: { id: true } } });
    const [a, b] = await draftDocuments(pro, 2, 'Foundation plan');
    plain = await sealAs(pro, a);
    signed = await sealAs(pro, b, { signingCertificateId: cert.id });
  });

  it('is a sound PDF, signed by the service, with the chain and the CA\u2019s CRL in a DSS after the signature (B-LT)', async () => {
    const { file } = await download(plain.verificationCode);
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
    const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    expect(sig.stdout).toContain('Signature #1');
    expect(sig.stdout).toContain('Signer Certificate Common Name: Sealwright Sealing Certificates');
    expect(sig.stdout).toContain('Signature Validation: Signature is Valid.');
    // The signature covers its revision; the DSS update comes after it.
    expect(sig.stdout).toContain('Not total document signed');
    const json = spawnSync('qpdf', ['--json=2', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(json.status, json.stderr).toBe(0);
    const objects = Object.values(JSON.parse(json.stdout).qpdf[1] as Record<string, unknown>).map((o) => JSON.stringify(o));
    const dss = objects.find((o) => o.includes('"/Certs"') && o.includes('"/CRLs"') && o.includes('"/VRI"'));
    expect(dss, 'a /DSS with /Certs, /CRLs and /VRI').toBeDefined();
    // The chain (leaf and CA) and one CRL: the service CA's.
    expect(dss).toMatch(/"\/Certs":\["\d+ 0 R","\d+ 0 R"/);
    expect(dss).toMatch(/"\/CRLs":\["\d+ 0 R"\]/);
    expect(objects.some((o) => o.includes('"/DSS"'))).toBe(true);
  });

  it('states what a verifier is told, with the seal log entry and root', async () => {
    const { text } = await download(plain.verificationCode);
    const record = await (await verifyCode(request(plain.verificationCode), { params: Promise.resolve({ code: plain.verificationCode }) })).json();
    const log = record.transparency_log;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Sealing certificate');
    expect(flat).toContain('Sealed by Renée Ellis');
    expect(flat).toMatch(/License Professional Engineer, No\. \S+, Texas \(TX\)/);
    expect(flat).toContain('License status today Active: in good standing today');
    expect(flat).toContain('Document Foundation plan 1');
    expect(text.replace(/\s+/g, '')).toContain(plain.documentHash);
    expect(flat).toContain(`Verification code ${plain.verificationCode}`);
    expect(flat).toContain(`Seal log entry Entry ${log.leaf_index + 1} of`);
    expect(text.replace(/\s+/g, '')).toContain(log.root_hash);
    expect(flat).toContain('PKI signature None');
    // Downloading it is not a verification (the verify request above is, once written).
    const { flushVerificationCounts } = await import('./verify-seal.ts');
    await flushVerificationCounts();
    const before = (await db().seal.findUniqueOrThrow({ where: { verificationCode: plain.verificationCode }, select: { verificationCount: true } })).verificationCount;
    await download(plain.verificationCode);
    await flushVerificationCounts();
    expect((await db().seal.findUniqueOrThrow({ where: { verificationCode: plain.verificationCode }, select: { verificationCount: true } })).verificationCount).toBe(before);
  });

  it('names the PKI signer and issuer of a signed seal', async () => {
    const flat = (await download(signed.verificationCode)).text.replace(/\s+/g, ' ');
    expect(flat).toContain('PKI signer Renée Ellis');
    expect(flat).toContain('Certificate issuer Sealwright Seal CA');
    expect(flat).toContain('Signing certificate Signed with a certificate that is valid today');
  });

  it('answers the not-found record for an unknown code', async () => {
    const res = await certificatePdf(request('zzzzzzzzzzzz', '/v1/verify/zzzzzzzzzzzz/certificate.pdf'), { params: Promise.resolve({ code: 'zzzzzzzzzzzz' }) });
    expect(res.status).toBe(404);
    expect((await res.json()).valid).toBe(false);
  });
});
