/**
 * The PAdES signature of a sealed PDF checked by real tools: pdfsig (poppler) for the PDF
 * signature, qpdf for the file's structure and DocMDP, pdftotext for the footer, `openssl cms`
 * for the CMS and its chain, `openssl ts` for the B-T timestamp token (from the stand-in TSA
 * of test/tsa-standin.ts).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTsaStandIn } from '../../test/tsa-standin.ts';
import { AppError } from '../errors.ts';
import { certificateDer, DOCUMENT_SIGNING_USAGES, issueCertificate, newRsaKey } from '../seals/x509.ts';
import { exportStamp } from '../stamps/export.ts';
import { parseStampRequest } from '../stamps/render.ts';
import { sealPdf } from './seal-pdf.ts';
import type { CmsSigner, SealPdfOptions } from './seal-pdf.ts';
import { saveIncremental, snapshotObjects } from './worker/append-incremental.mjs';
import { addSignatureField, fillSignature } from './worker/sign-pdf.mjs';
import { validatePdf } from './worker/tools/validate.mjs';

const OID = {
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingTime: '1.2.840.113549.1.9.5',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
};

const CODE = 'abcdefghijkl';
const FOOTER = `Sealed by Ann Lee, Professional Engineer 123456 (TX) on 2026-11-23 - verify at http://localhost:3000/verify/${CODE}`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a system tool; never throws on a non-zero exit (the exit code is part of the answer). */
function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') reject(err);
      else resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
    });
  });
}

/** The signature of a one-signature PDF: its ByteRange, the CMS (the DER in /Contents, without the zero padding) and the signed bytes. */
function extractSignature(pdf: Uint8Array) {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  expect(matches).toHaveLength(1);
  const [a, b, c, d] = matches[0].slice(1).map(Number);
  expect(a).toBe(0);
  expect(c + d).toBe(bytes.length);
  expect(text[b]).toBe('<');
  expect(text[c - 1]).toBe('>');
  const contents = Buffer.from(text.slice(b + 1, c - 1), 'hex');
  // DER: a SEQUENCE, then its length (short form, or long form with n length octets).
  expect(contents[0]).toBe(0x30);
  let header = 2;
  let length = contents[1];
  if (length & 0x80) {
    const n = length & 0x7f;
    length = contents.subarray(2, 2 + n).reduce((acc, byte) => acc * 256 + byte, 0);
    header = 2 + n;
  }
  const cms = contents.subarray(0, header + length);
  expect(contents.subarray(header + length).every((byte) => byte === 0)).toBe(true);
  const data = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  return { byteRange: [a, b, c, d], cms, data };
}

function parseCms(cms: Uint8Array) {
  const contentInfo = pkijs.ContentInfo.fromBER(new Uint8Array(cms));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  return { signedData, signerInfo: signedData.signerInfos[0] };
}

/** qpdf's JSON v2 of a file: its objects by "obj:N G R", the trailer, and a resolver for references ("N G R" strings). */
async function qpdfJson(file: string) {
  const { code, stdout, stderr } = await run('qpdf', ['--json=2', file]);
  expect(code, stderr).toBe(0);
  const objects = JSON.parse(stdout).qpdf[1] as Record<string, { value: any }>;
  const resolve = (value: any) => (typeof value === 'string' && /^\d+ \d+ R$/.test(value) ? objects[`obj:${value}`].value : value);
  return { objects, trailer: objects.trailer.value, resolve };
}

let dir: string;
let original: Uint8Array;
let stampPdf: Uint8Array;
let signer: CmsSigner;
let caPem: string;
let colleague: CmsSigner;
let caCrl: Uint8Array;
let caDer: Uint8Array;

function options(signature: Partial<NonNullable<SealPdfOptions['signature']>> = {}, code = CODE, footer = FOOTER): SealPdfOptions {
  return {
    stampPdf,
    pages: [0, 1],
    positionX: 0.85,
    positionY: 0.85,
    size: 100,
    footer,
    // The footer line in a corner, so its whole text can be read back (BELOW_STAMP shows the URL alone).
    footerPosition: 'BOTTOM_LEFT',
    verificationCode: code,
    verificationUrl: `http://localhost:3000/verify/${code}`,
    sealedAt: new Date(),
    signature: { signer, signerName: 'Ann Lee', reason: 'Professional seal', ...signature },
  };
}

function makeSigner(cn: string, ca: forge.pki.Certificate, caKey: forge.pki.rsa.PrivateKey): CmsSigner {
  const key = newRsaKey();
  const cert = issueCertificate({
    subject: [
      { name: 'commonName', value: cn },
      { name: 'countryName', value: 'US' },
    ],
    publicKey: key.publicKey,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    issuer: { cert: ca, key: caKey },
  });
  return { pkcs8: key.pkcs8, chainDer: [certificateDer(cert), certificateDer(ca)] };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pades-'));
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 2; i++) doc.addPage([612, 792]).drawText(`Drawing sheet ${i + 1}`, { x: 50, y: 700, size: 20, font });
  original = await doc.save();
  stampPdf = (await exportStamp(parseStampRequest({ name: 'Ann Lee', license: '123456', state: 'TX', profession: 'engineer', format: 'svg' }), 'PDF')).data;
  const caKey = newRsaKey();
  const ca = issueCertificate({
    subject: [{ name: 'commonName', value: 'PAdES Test CA' }],
    publicKey: caKey.publicKey,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 2 * 365 * 86_400_000),
    ca: true,
    selfKey: caKey.privateKey,
  });
  caPem = forge.pki.certificateToPem(ca);
  await fs.writeFile(path.join(dir, 'ca.pem'), caPem);
  signer = makeSigner('Ann Lee', ca, caKey.privateKey);
  caDer = certificateDer(ca);
  // The test CA's CRL (empty, valid a day), signed with its key: what the DSS carries for the chain.
  const caCert = pkijs.Certificate.fromBER(new Uint8Array(caDer));
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: caCert.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: new Date() }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(Date.now() + 86_400_000) }),
  });
  const crlKey = await crypto.webcrypto.subtle.importKey('pkcs8', new Uint8Array(caKey.pkcs8), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  await crl.sign(crlKey as unknown as CryptoKey, 'SHA-256', new pkijs.CryptoEngine({ name: 'node', crypto: crypto.webcrypto as unknown as Crypto }));
  caCrl = new Uint8Array(crl.toSchema(true).toBER(false));
  colleague = makeSigner('Bo Colleague', ca, caKey.privateKey);
});

afterAll(async () => {
  if (dir && !process.env.KEEP_PADES) await fs.rm(dir, { recursive: true, force: true });
});

describe('PAdES seal', () => {
  it('B-B: a certification signature that pdfsig, qpdf and openssl accept, over the whole file', async () => {
    const sealed = await sealPdf(original, options());
    const file = path.join(dir, 'bb.pdf');
    await fs.writeFile(file, sealed);

    const pdfsig = await run('pdfsig', [file]);
    expect(pdfsig.code, pdfsig.stderr).toBe(0);
    expect(pdfsig.stdout).toContain('Signature Type: ETSI.CAdES.detached');
    expect(pdfsig.stdout).toContain('Signature is Valid.');
    expect(pdfsig.stdout).toContain('Total document signed');
    expect(pdfsig.stdout).toContain('Signer Certificate Common Name: Ann Lee');
    expect(pdfsig.stdout.match(/Signature #\d+/g)).toHaveLength(1);

    const check = await run('qpdf', ['--check', file]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');

    // The footer on both pages (pdftotext may break the line; compare without whitespace).
    const text = await run('pdftotext', [file, '-']);
    expect(text.code).toBe(0);
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const pages = text.stdout.split('\f').map(squeeze);
    expect(pages[0]).toContain(squeeze(FOOTER));
    expect(pages[1]).toContain(squeeze(FOOTER));

    const { byteRange, cms, data } = extractSignature(sealed);

    // DocMDP: the catalog's /Perms names the signature dictionary, which certifies with P 2.
    const { trailer, resolve } = await qpdfJson(file);
    const catalog = resolve(trailer['/Root']);
    const perms = resolve(catalog['/Perms']);
    expect(perms['/DocMDP']).toMatch(/^\d+ \d+ R$/);
    const signature = resolve(perms['/DocMDP']);
    expect(signature['/Type']).toBe('/Sig');
    expect(signature['/SubFilter']).toBe('/ETSI.CAdES.detached');
    expect(signature['/ByteRange']).toEqual(byteRange);
    const reference = resolve(signature['/Reference'])[0];
    expect(resolve(reference)['/TransformMethod']).toBe('/DocMDP');
    const params = resolve(resolve(reference)['/TransformParams']);
    expect(params['/P']).toBe(2);
    // And it locks every form field (FieldMDP, All): P 2 alone lets a field over the drawing be filled after sealing.
    const lock = resolve(resolve(signature['/Reference'])[1]);
    expect(lock['/TransformMethod']).toBe('/FieldMDP');
    expect(resolve(lock['/TransformParams'])).toMatchObject({ '/Type': '/TransformParams', '/Action': '/All', '/V': '/1.2' });
    // The signature field's value is that same dictionary, and the field carries the same lock.
    const fields = resolve(resolve(catalog['/AcroForm'])['/Fields']) as string[];
    expect(fields.map((ref) => resolve(ref)['/V'])).toContain(perms['/DocMDP']);
    const sealField = resolve(fields.find((ref) => resolve(ref)['/V'] === perms['/DocMDP'])!);
    expect(resolve(sealField['/Lock'])).toEqual({ '/Type': '/SigFieldLock', '/Action': '/All' });
    expect(resolve(trailer['/Info'])['/SealVerificationCode']).toBe(`u:${CODE}`);

    // The CMS and its chain, by openssl (default purpose: smime signing, met by emailProtection).
    const sigFile = path.join(dir, 'bb-sig.der');
    const dataFile = path.join(dir, 'bb-data.bin');
    await fs.writeFile(sigFile, cms);
    await fs.writeFile(dataFile, data);
    const verifyArgs = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', sigFile, '-content', dataFile, '-CAfile', path.join(dir, 'ca.pem'), '-out', path.join(dir, 'bb-out.bin')];
    const verified = await run('openssl', verifyArgs);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stderr).toContain('Verification successful');
    expect(await fs.readFile(path.join(dir, 'bb-out.bin'))).toEqual(data);

    // One byte changed in the signed bytes: the signature no longer holds.
    const tampered = Buffer.from(data);
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    await fs.writeFile(dataFile, tampered);
    const failed = await run('openssl', verifyArgs);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).not.toContain('Verification successful');
    expect(failed.stderr).toMatch(/Verification failure/);

    // Signed attributes: content-type, message-digest and signing-certificate-v2; no signing-time. No timestamp at B-B.
    const { signedData, signerInfo } = parseCms(cms);
    const signedTypes = signerInfo.signedAttrs!.attributes.map((a) => a.type);
    expect(signedTypes).toEqual(expect.arrayContaining([OID.contentType, OID.messageDigest, OID.signingCertificateV2]));
    expect(signedTypes).not.toContain(OID.signingTime);
    expect(signerInfo.unsignedAttrs).toBeUndefined();
    expect(signedData.encapContentInfo.eContent).toBeUndefined(); // detached
    expect(signedData.certificates).toHaveLength(2);
    // The message digest is the SHA-256 of the two byte ranges.
    const digest = signerInfo.signedAttrs!.attributes.find((a) => a.type === OID.messageDigest)!.values[0] as asn1js.OctetString;
    expect(Buffer.from(digest.valueBlock.valueHexView).toString('hex')).toBe(crypto.createHash('sha256').update(data).digest('hex'));
  });

  it.each([
    { tokenEncoding: 'DER', constructedEContent: false },
    // As a TSA built on pkijs writes it: the TSTInfo in a constructed OCTET STRING.
    { tokenEncoding: 'BER', constructedEContent: true },
  ])('B-T ($tokenEncoding token): the signature value is timestamped by the TSA, and openssl ts verifies the token', async ({ constructedEContent }) => {
    const tsa = await startTsaStandIn({ constructedEContent });
    const tag = constructedEContent ? 'ber' : 'der';
    try {
      const before = tsa.requests;
      const sealedAt = Date.now();
      const sealed = await sealPdf(original, options({ tsaUrl: tsa.url, tsaTimeoutMs: 10_000 }));
      expect(tsa.requests).toBe(before + 1);
      const file = path.join(dir, `bt-${tag}.pdf`);
      await fs.writeFile(file, sealed);

      const pdfsig = await run('pdfsig', [file]);
      expect(pdfsig.code, pdfsig.stderr).toBe(0);
      expect(pdfsig.stdout).toContain('Signature Type: ETSI.CAdES.detached');
      expect(pdfsig.stdout).toContain('Signature is Valid.');
      expect(pdfsig.stdout).toContain('Total document signed');

      const { cms, data } = extractSignature(sealed);
      const { signerInfo } = parseCms(cms);
      const unsigned = signerInfo.unsignedAttrs?.attributes ?? [];
      expect(unsigned.map((a) => a.type)).toEqual([OID.signatureTimeStampToken]);
      const tokenDer = new Uint8Array(unsigned[0].values[0].toBER(false));
      const signatureValue = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
      const signatureDigest = crypto.createHash('sha256').update(signatureValue).digest('hex');

      // The token itself: a SignedData over a TSTInfo for the signature value's digest.
      const token = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(tokenDer).content });
      expect(token.encapContentInfo.eContentType).toBe(OID.tstInfo);
      expect(token.encapContentInfo.eContent!.idBlock.isConstructed).toBe(constructedEContent);
      const tstInfo = pkijs.TSTInfo.fromBER(new Uint8Array(token.encapContentInfo.eContent!.getValue()));
      expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex')).toBe(signatureDigest);
      expect(tstInfo.nonce).toBeDefined();
      expect(Math.abs(tstInfo.genTime.getTime() - sealedAt)).toBeLessThan(60_000);

      const tokenFile = path.join(dir, `bt-${tag}-token.der`);
      const tsaCaFile = path.join(dir, `tsa-ca-${tag}.pem`);
      await fs.writeFile(tokenFile, tokenDer);
      await fs.writeFile(tsaCaFile, tsa.caPem);
      const byDigest = await run('openssl', ['ts', '-verify', '-in', tokenFile, '-token_in', '-digest', signatureDigest, '-CAfile', tsaCaFile]);
      expect(byDigest.code, byDigest.stderr).toBe(0);
      expect(byDigest.stdout).toContain('Verification: OK');
      const valueFile = path.join(dir, `bt-${tag}-sigvalue.bin`);
      await fs.writeFile(valueFile, signatureValue);
      const byData = await run('openssl', ['ts', '-verify', '-in', tokenFile, '-token_in', '-data', valueFile, '-CAfile', tsaCaFile]);
      expect(byData.code, byData.stderr).toBe(0);
      expect(byData.stdout).toContain('Verification: OK');
      // Not a token for anything else.
      const other = await run('openssl', ['ts', '-verify', '-in', tokenFile, '-token_in', '-digest', crypto.createHash('sha256').update(data).digest('hex'), '-CAfile', tsaCaFile]);
      expect(other.code).not.toBe(0);
      expect(other.stdout).not.toContain('Verification: OK');

      // The timestamped CMS still verifies with its chain.
      const sigFile = path.join(dir, `bt-${tag}-sig.der`);
      const dataFile = path.join(dir, `bt-${tag}-data.bin`);
      await fs.writeFile(sigFile, cms);
      await fs.writeFile(dataFile, data);
      const verified = await run('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sigFile,
        '-content',
        dataFile,
        '-CAfile',
        path.join(dir, 'ca.pem'),
        '-out',
        path.join(dir, `bt-${tag}-out.bin`),
      ]);
      expect(verified.code, verified.stderr).toBe(0);
      expect(verified.stderr).toContain('Verification successful');
    } finally {
      await tsa.close();
    }
  });

  it('the TSA stand-in rejects a request that is not a TimeStampReq, and issues no token', async () => {
    const tsa = await startTsaStandIn();
    try {
      const response = await fetch(tsa.url, { method: 'POST', headers: { 'Content-Type': 'application/timestamp-query' }, body: 'not DER' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
      const reply = pkijs.TimeStampResp.fromBER(new Uint8Array(await response.arrayBuffer()));
      expect(reply.status.status).toBe(pkijs.PKIStatus.rejection);
      expect(reply.timeStampToken).toBeUndefined();
      expect((await fetch(tsa.url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' })).status).toBe(400);
      expect(tsa.requests).toBe(0);
    } finally {
      await tsa.close();
    }
  });

  it('a TSA that does not answer: sealPdf fails with TIMEOUT', async () => {
    const hanging = new Set<http.ServerResponse>();
    const server = http.createServer((_req, res) => {
      hanging.add(res); // never answered
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const sealing = sealPdf(original, options({ tsaUrl: `http://127.0.0.1:${port}/tsa`, tsaTimeoutMs: 300 }));
      await expect(sealing).rejects.toBeInstanceOf(AppError);
      await expect(sealing).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(hanging.size).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** qpdf's JSON v2 with each stream's decoded data inline (base64). */
async function qpdfJsonWithData(file: string) {
  const { code, stdout, stderr } = await run('qpdf', ['--json=2', '--json-stream-data=inline', '--decode-level=generalized', file]);
  expect(code, stderr).toBe(0);
  const objects = JSON.parse(stdout).qpdf[1] as Record<string, { value?: any; stream?: { dict: any; data: string } }>;
  const resolve = (value: any) => (typeof value === 'string' && /^\d+ \d+ R$/.test(value) ? (objects[`obj:${value}`].value ?? objects[`obj:${value}`]) : value);
  const data = (ref: string) => Buffer.from(objects[`obj:${ref}`].stream!.data, 'base64');
  return { trailer: objects.trailer.value, resolve, data };
}

describe('PAdES B-LT: validation data in a DSS after the signature', () => {
  it('adds the chain, the CRL and the TSA chain in an incremental update with a /VRI for the signature; pdfsig valid, qpdf clean, DocMDP kept', async () => {
    const tsa = await startTsaStandIn();
    try {
      const sealed = await sealPdf(original, options({ tsaUrl: tsa.url, tsaTimeoutMs: 10_000, validation: { crls: [caCrl] } }));
      const file = path.join(dir, 'blt.pdf');
      await fs.writeFile(file, sealed);

      const pdfsig = await run('pdfsig', [file]);
      expect(pdfsig.code, pdfsig.stderr).toBe(0);
      expect(pdfsig.stdout).toContain('Signature is Valid.');
      expect(pdfsig.stdout.match(/Signature #\d+/g)).toHaveLength(1);
      // The signature covers its revision; the DSS comes after it.
      expect(pdfsig.stdout).toMatch(/Not total document signed/);
      const check = await run('qpdf', ['--check', file]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain('No syntax or stream encoding errors found');

      // The signed revision ends where the signature's ByteRange does; what follows is one update with a /Prev.
      const text = Buffer.from(sealed).toString('latin1');
      const [, b, c, d] = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)][0].slice(1).map(Number);
      expect(c + d).toBeLessThan(sealed.length);
      expect(text.slice(c + d - 7, c + d)).toMatch(/%%EOF\s*$/);
      expect(text.slice(c + d).match(/%%EOF/g)).toHaveLength(1);
      const contents = Buffer.from(text.slice(b + 1, c - 1), 'hex');

      const { trailer, resolve, data } = await qpdfJsonWithData(file);
      expect(trailer['/Prev']).toBeGreaterThan(0);
      const catalog = resolve(trailer['/Root']);
      expect(resolve(catalog['/Perms'])['/DocMDP']).toMatch(/^\d+ \d+ R$/); // still certified
      const dss = resolve(catalog['/DSS']);
      const certs = (resolve(dss['/Certs']) as string[]).map(data);
      const crls = (resolve(dss['/CRLs']) as string[]).map(data);
      // The signer's chain, then the TSA's (its certificate and CA, from the token).
      expect(certs.slice(0, 2)).toEqual(signer.chainDer.map((der) => Buffer.from(der)));
      const tsaCa = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(tsa.caPem))).getBytes(), 'binary');
      expect(certs.slice(2).some((der) => der.equals(tsaCa))).toBe(true);
      expect(certs).toHaveLength(4);
      expect(crls).toEqual([Buffer.from(caCrl)]);
      const crlFile = path.join(dir, 'blt-crl.der');
      await fs.writeFile(crlFile, crls[0]);
      const crlText = await run('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-noout', '-issuer']);
      expect(crlText.stdout).toContain('PAdES Test CA');

      // The /VRI entry is keyed by the uppercase SHA-1 of the signature's /Contents and names the same streams.
      const vri = resolve(dss['/VRI']);
      const key = crypto.createHash('sha1').update(contents).digest('hex').toUpperCase();
      expect(Object.keys(vri)).toEqual([`/${key}`]);
      const entry = resolve(vri[`/${key}`]);
      expect(resolve(entry['/Cert'])).toEqual(resolve(dss['/Certs']));
      expect(resolve(entry['/CRL'])).toEqual(resolve(dss['/CRLs']));

      // pdfValidate: a DSS is the one change allowed after signing; a page edit after it is not.
      expect(await validatePdf(await PDFDocument.load(sealed, { updateMetadata: false }), sealed)).toEqual({ isValid: true, issues: [] });
      const edited = await PDFDocument.load(sealed, { updateMetadata: false });
      const snapshot = snapshotObjects(edited, sealed);
      edited.getPage(0).drawText('Changed after signing', { x: 50, y: 600, size: 12 });
      const tampered = await saveIncremental(sealed, edited, snapshot);
      const verdict = await validatePdf(await PDFDocument.load(tampered, { updateMetadata: false }), tampered);
      expect(verdict.issues.join('\n')).toMatch(/No signature's \/ByteRange covers the whole file/);
    } finally {
      await tsa.close();
    }
  });
});

/** A PDF a colleague signed (an approval signature, no certification), saved as `bytes` were: whole, or as an incremental update. */
async function signedByColleague(bytes: Uint8Array, incremental: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const snapshot = incremental ? snapshotObjects(doc, bytes) : null;
  addSignatureField(doc, { page: doc.getPage(0), rect: null, certify: false, fieldName: 'Structural review', signerName: 'Bo Colleague', reason: 'Reviewed', signingTime: new Date() });
  const saved = snapshot ? await saveIncremental(bytes, doc, snapshot) : await doc.save({ useObjectStreams: false });
  return fillSignature(saved, colleague);
}

describe('a seal on a PDF someone already signed', () => {
  for (const [kind, make] of [
    ['an xref table', async () => signedByColleague(original, false)],
    [
      'an xref stream',
      async () => {
        const doc = await PDFDocument.load(original);
        return signedByColleague(await doc.save({ useObjectStreams: true }), true);
      },
    ],
  ] as const) {
    it(`is an incremental update after ${kind}: both signatures valid (pdfsig), the first for its revision; qpdf --check clean`, async () => {
      const before = await make();
      const file0 = path.join(dir, `colleague-${kind.replace(/\W/g, '')}.pdf`);
      await fs.writeFile(file0, before);
      const first = await run('pdfsig', [file0]);
      expect(first.stdout, first.stderr).toContain('Signature is Valid.');

      const sealed = await sealPdf(before, options());
      // The colleague's bytes are untouched: the seal comes after them.
      expect(Buffer.from(sealed.subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
      const file = path.join(dir, `second-seal-${kind.replace(/\W/g, '')}.pdf`);
      await fs.writeFile(file, sealed);
      const pdfsig = await run('pdfsig', [file]);
      expect(pdfsig.code, pdfsig.stderr).toBe(0);
      expect(pdfsig.stdout.match(/Signature #\d+/g)).toHaveLength(2);
      expect(pdfsig.stdout.match(/Signature is Valid\./g)).toHaveLength(2);
      const [sig1, sig2] = pdfsig.stdout.split(/Signature #2/);
      expect(sig1).toContain('Signer Certificate Common Name: Bo Colleague');
      expect(sig1).toMatch(/Not total document signed/);
      expect(sig2).toContain('Signer Certificate Common Name: Ann Lee');
      expect(sig2).toMatch(/\n\s*- Total document signed/);
      const check = await run('qpdf', ['--check', file]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain('No syntax or stream encoding errors');
      // An approval signature: the seal does not certify a file someone else signed first.
      expect(Buffer.from(sealed.subarray(before.length)).toString('latin1')).not.toContain('/DocMDP');
      const text = await run('pdftotext', ['-f', '1', '-l', '1', file, '-']);
      expect(text.stdout.replace(/\s+/g, ' ')).toContain('Drawing sheet 1');
      expect(text.stdout.replace(/\s+/g, ' ')).toContain(`verify at http://localhost:3000/verify/${CODE}`);
      const { trailer } = await qpdfJson(file);
      expect(trailer['/Prev']).toBeGreaterThan(0);
    });
  }

  it('B-LT after a colleague\u2019s signature in an xref-stream file: both signatures valid, the DSS names the seal\u2019s signature, qpdf clean', async () => {
    const doc = await PDFDocument.load(original);
    const before = await signedByColleague(await doc.save({ useObjectStreams: true }), true);
    const sealed = await sealPdf(before, options({ validation: { crls: [caCrl] } }));
    expect(Buffer.from(sealed.subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
    const file = path.join(dir, 'blt-after-colleague.pdf');
    await fs.writeFile(file, sealed);
    const pdfsig = await run('pdfsig', [file]);
    expect(pdfsig.stdout.match(/Signature is Valid\./g)).toHaveLength(2);
    const check = await run('qpdf', ['--check', file]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const { trailer, resolve } = await qpdfJsonWithData(file);
    const dss = resolve(resolve(trailer['/Root'])['/DSS']);
    expect(resolve(dss['/Certs'])).toHaveLength(2);
    expect(resolve(dss['/CRLs'])).toHaveLength(1);
    expect(Object.keys(dss['/VRI'])).toHaveLength(1);
    expect(await validatePdf(await PDFDocument.load(sealed, { updateMetadata: false }), sealed)).toEqual({ isValid: true, issues: [] });
  });

  it('a stamp-only seal (no certificate) keeps the earlier signature valid too', async () => {
    const before = await signedByColleague(original, false);
    const sealed = await sealPdf(before, { ...options(), signature: undefined });
    const file = path.join(dir, 'stamp-only-after-colleague.pdf');
    await fs.writeFile(file, sealed);
    const pdfsig = await run('pdfsig', [file]);
    expect(pdfsig.stdout.match(/Signature #\d+/g)).toHaveLength(1);
    expect(pdfsig.stdout).toContain('Signature is Valid.');
    expect(pdfsig.stdout).toMatch(/Not total document signed/);
    expect((await run('qpdf', ['--check', file])).code).toBe(0);
  });

  it('refuses a PDF certified against changes (our own seal, or anyone\u2019s DocMDP)', async () => {
    const certified = await sealPdf(original, options());
    await expect(sealPdf(certified, options({}, 'mnopqrstuvwx'))).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/certified/) });
  });
});
