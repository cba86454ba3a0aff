/** Sealing and verification over real GraphQL and REST requests through the route handlers, checked with qpdf, pdftotext, pdfsig and openssl. */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as verifyCode, OPTIONS as verifyPreflight } from '../../app/v1/verify/[code]/route.ts';
import { POST as verifyMatch } from '../../app/v1/verify/[code]/match/route.ts';
import { GET as verifyStats } from '../../app/v1/verify/[code]/stats/route.ts';
import { POST as verifyPdfRoute } from '../../app/v1/verify/pdf/route.ts';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, sha256, uploaded } from '../../test/documents.ts';
import { gql, GRAPHQL_URL, nextClientIp, POST } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { loadActor } from '../orgs/actor.ts';
import { serviceCa } from '../seals/ca.ts';
import { serviceCaCrl } from '../seals/crl.ts';
import { sealDocument } from '../seals/seal-document.ts';
import { certificateDer, DOCUMENT_SIGNING_USAGES, issueCertificate, newRsaKey } from '../seals/x509.ts';
import { addSignatureField, fillSignature } from '../pdf/worker/sign-pdf.mjs';
import { blobStore } from '../storage/index.ts';

const SEAL_FIELDS =
  'id verificationCode documentHash sealedAt pkiSigned verificationUrl document { id status versionCount currentVersion { versionNumber fileHash seal { verificationCode } } } credential { id } signingCertificate { id }';
const SEAL = `mutation($input: SealDocumentInput!) { sealDocument(input: $input) { ${SEAL_FIELDS} } }`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-seals-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Run a system tool on bytes written to a temporary file; its output (stdout), or throws. */
function tool(command: string, args: (file: string) => string[], bytes: Uint8Array): string {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(command, args(file), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
const pageText = (bytes: Uint8Array, page: number) => tool('pdftotext', (f) => ['-f', String(page), '-l', String(page), f, '-'], bytes);

interface Professional extends SeededUser {
  credentialId: string;
}

async function professional(options: Parameters<typeof seedCredential>[0] extends infer O ? Partial<O> : never = {}): Promise<Professional> {
  const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis', ...options });
  return { ...user, credentialId: credential.id };
}

async function documentOf(owner: SeededUser, pages = 1, name = 'Foundation plan'): Promise<{ id: string; bytes: Uint8Array }> {
  const bytes = await samplePdf(pages, name);
  const doc = await createDocumentVia(owner.accessToken, { name, fileHash: await uploaded(bytes, 'plan.pdf', owner.accessToken) });
  return { id: doc.id, bytes };
}

async function seal(owner: SeededUser, input: Record<string, unknown>) {
  return gql(SEAL, { token: owner.accessToken, variables: { input } });
}

const sealedBytes = async (hash: string) => new Uint8Array((await blobStore().read(hash))!);
const rest = (handler: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>, url: string, code: string, body?: unknown) =>
  handler(
    new Request(`http://localhost${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ code }) },
  );

describe('sealDocument, then verification through every door', () => {
  let pro: Professional;
  let doc: { id: string; bytes: Uint8Array };
  let sealed: { verificationCode: string; documentHash: string; verificationUrl: string; [k: string]: any };
  let bytes: Uint8Array;

  beforeAll(async () => {
    pro = await professional({ licenseNumber: `PE${crypto.randomInt(1e6)}`, regionCode: 'TX' });
    doc = await documentOf(pro, 2);
    const res = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId });
    expect(res.body.errors).toBeUndefined();
    sealed = res.body.data!.sealDocument;
    bytes = await sealedBytes(sealed.documentHash);
  });

  it('stamps the first page, writes the footer and the code, and stores the sealed PDF as a new version', async () => {
    expect(sealed.verificationCode).toMatch(/^[a-z0-9]{12}$/);
    expect(sealed.verificationUrl).toBe(`http://localhost:3000/verify/${sealed.verificationCode}`);
    expect(sealed.pkiSigned).toBe(false);
    expect(sealed.document).toMatchObject({
      id: doc.id,
      status: 'SEALED',
      versionCount: 2,
      currentVersion: { versionNumber: 2, fileHash: sealed.documentHash, seal: { verificationCode: sealed.verificationCode } },
    });
    expect(sha256(bytes)).toBe(sealed.documentHash);
    expect(tool('qpdf', (f) => ['--check', f], bytes)).toMatch(/No syntax or stream encoding errors/);
    // BELOW_STAMP by default: the verification URL under the stamp (perhaps cut at a "/" onto two lines).
    const first = pageText(bytes, 1).replace(/\s+/g, '');
    expect(first).toContain(sealed.verificationUrl);
    expect(first).not.toContain('Sealedby');
    expect(pageText(bytes, 2)).not.toContain(sealed.verificationCode);
    const pdf = await PDFDocument.load(bytes);
    const info = pdf.context.lookup(pdf.context.trailerInfo.Info) as import('pdf-lib').PDFDict;
    expect((info.get(PDFName.of('SealVerificationCode')) as PDFString).decodeText()).toBe(sealed.verificationCode);
    expect(pdf.getPageCount()).toBe(2);
  });

  it('never changes a sealed document: sealing again or a new version is DOCUMENT_SEALED', async () => {
    const again = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId });
    expect(again.body.errors?.[0].extensions).toMatchObject({ code: 'DOCUMENT_SEALED', status_code: 409 });
    const upload = await gql('mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { id } }', {
      token: pro.accessToken,
      variables: { i: { documentId: doc.id, fileHash: await uploaded(await samplePdf(), 'x.pdf', pro.accessToken) } },
    });
    expect(upload.body.errors?.[0].extensions.code).toBe('DOCUMENT_SEALED');
    expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(1);
  });

  it('verifies by code (REST and GraphQL, no token), matches the right hash and not one byte off, and answers /verify/pdf valid, tampered and not_found, counting each', async () => {
    const code = sealed.verificationCode;
    const record = await rest(verifyCode, `/v1/verify/${code}`, code);
    expect(record.status).toBe(200);
    expect(record.headers.get('access-control-allow-origin')).toBe('*');
    expect(record.headers.get('ratelimit-limit')).toBe('60');
    expect(await record.json()).toEqual({
      valid: true,
      document: { name: 'Foundation plan', sealed_at: sealed.sealedAt, document_hash: sealed.documentHash },
      credential: { holder_name: 'Jordan Ellis', license_type: 'engineer', license_number: expect.stringMatching(/^PE\d+$/), region_code: 'TX', status: 'active', identity_assurance: 'self_asserted' },
      seal: { verification_code: code, sealed_at: sealed.sealedAt },
      signature: null,
      blockchain: null,
      // The seal's entry in the public seal log, proved under a signed head (lib/rest/log.integration.test.ts checks the proof).
      transparency_log: expect.objectContaining({ leaf_index: expect.any(Number), entry: expect.stringContaining(`"code":"${code}"`), signed_tree_head: expect.any(Object) }),
      verification_url: sealed.verificationUrl,
    });
    const viaGraphql = await gql('query($c: String!) { verifySeal(code: $c) { verificationCode documentName sealedAt signerName regionCode credentialStatus isValid documentHash } }', {
      variables: { c: code },
    });
    expect(viaGraphql.body.data!.verifySeal).toEqual({
      verificationCode: code,
      documentName: 'Foundation plan',
      sealedAt: sealed.sealedAt,
      signerName: 'Jordan Ellis',
      regionCode: 'TX',
      credentialStatus: 'active',
      isValid: true,
      documentHash: sealed.documentHash,
    });

    const match = await rest(verifyMatch, `/v1/verify/${code}/match`, code, { document_hash: `sha256:${sealed.documentHash.toUpperCase()}` });
    expect(await match.json()).toEqual({ match: true, message: expect.stringContaining('not been modified'), sealed_at: sealed.sealedAt, verification_url: sealed.verificationUrl });
    const flipped = Uint8Array.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0x01;
    const mismatch = await rest(verifyMatch, `/v1/verify/${code}/match`, code, { document_hash: `sha-256:${sha256(flipped)}` });
    expect(mismatch.status).toBe(200);
    expect((await mismatch.json()).match).toBe(false);

    expect(await (await rest(verifyPdfRoute, '/v1/verify/pdf', '', { hash: sha256(bytes), code })).json()).toEqual({
      status: 'valid',
      seal: { verification_code: code, sealed_at: sealed.sealedAt, professional_name: 'Jordan Ellis', license_number: expect.any(String) },
    });
    expect(await (await rest(verifyPdfRoute, '/v1/verify/pdf', '', { hash: sha256(flipped), code })).json()).toEqual({ status: 'tampered' });
    expect(await (await rest(verifyPdfRoute, '/v1/verify/pdf', '', { hash: sha256(bytes), code: 'zzzzzzzzzzzz' })).json()).toEqual({ status: 'not_found' });

    // GET, verifySeal, two matches, valid and tampered: six verifications; stats itself is not one.
    for (let i = 0; i < 2; i++) {
      const stats = await rest(verifyStats, `/v1/verify/${code}/stats`, code);
      expect(await stats.json()).toEqual({ verification_code: code, verification_count: 6, sealed_at: sealed.sealedAt });
    }
    // What a verifier is shown counts this visit, as stats does right after it (the page said
    // "0 times, this visit included" while stats said 1: issue 23).
    const seventh = await gql('query($code: String!) { verifySeal(code: $code) { verificationCode } }', { variables: { code } });
    expect(seventh.body.errors).toBeUndefined();
    const { verifySeal: verifyDirect } = await import('../seals/verify-seal.ts');
    expect((await verifyDirect({ code }))!.verificationCount).toBe(8);
    expect(await (await rest(verifyStats, `/v1/verify/${code}/stats`, code)).json()).toMatchObject({ verification_count: 8 });
  });

  it('answers the not-found record for an unknown or malformed code, and 422 validation_error for bad input', async () => {
    for (const code of ['aaaaaaaaaaaa', 'ABCDEFGHIJKL', 'short', `${sealed.verificationCode}x`]) {
      const res = await rest(verifyCode, `/v1/verify/${code}`, code);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ valid: false, error: 'not_found', message: expect.stringContaining('No sealed document') });
      expect((await rest(verifyStats, `/v1/verify/${code}/stats`, code)).status).toBe(404);
      expect((await rest(verifyMatch, `/v1/verify/${code}/match`, code, { document_hash: sealed.documentHash })).status).toBe(404);
    }
    expect((await gql('{ verifySeal(code: "aaaaaaaaaaaa") { isValid } }')).body.data).toEqual({ verifySeal: null });
    const code = sealed.verificationCode;
    for (const body of [{}, { document_hash: 'abc' }, { document_hash: 'g'.repeat(64) }, { document_hash: 42 }, 'not json', '[1]']) {
      const res = await rest(verifyMatch, `/v1/verify/${code}/match`, code, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'validation_error', message: expect.any(String) });
    }
    for (const body of [{ code }, { hash: sealed.documentHash }, { hash: sealed.documentHash, code: 'ABC' }, { hash: 'x', code }]) {
      const res = await rest(verifyPdfRoute, '/v1/verify/pdf', '', body);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toBe('validation_error');
    }
    const preflight = verifyPreflight();
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('shares one budget of 60 requests a minute per IP across the four endpoints', async () => {
    const ip = nextClientIp();
    const code = sealed.verificationCode;
    const call = (i: number) => {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
      const params = { params: Promise.resolve({ code }) };
      if (i % 3 === 0) return verifyStats(new Request(`http://localhost/v1/verify/${code}/stats`, { headers }), params);
      if (i % 3 === 1) return verifyCode(new Request(`http://localhost/v1/verify/${code}`, { headers }), params);
      return verifyPdfRoute(new Request('http://localhost/v1/verify/pdf', { method: 'POST', headers, body: JSON.stringify({ hash: sealed.documentHash, code }) }), params);
    };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(i)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await call(61);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe('rate_limited');
  });

  it('lists seals newest first, in seals and sealsConnection', async () => {
    const second = await documentOf(pro, 1, 'Site plan');
    const res = await seal(pro, { documentId: second.id, credentialId: pro.credentialId });
    const newest = res.body.data!.sealDocument.id;
    const list = await gql('{ seals(limit: 5) { id } sealsConnection(first: 1) { totalCount edges { node { id verificationCode } } pageInfo { hasNextPage } } }', { token: pro.accessToken });
    expect(list.body.data!.seals.map((s: { id: string }) => s.id)).toEqual([newest, sealed.id]);
    expect(list.body.data!.sealsConnection).toMatchObject({ totalCount: 2, edges: [{ node: { id: newest } }], pageInfo: { hasNextPage: true } });
    expect((await gql('{ seals(limit: 101) { id } }', { token: pro.accessToken })).body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('placement', () => {
  it('stamps the FIRST, the LAST, ALL pages, or the page asked, at the position and size asked', async () => {
    const pro = await professional();
    const withFooter = async (input: Record<string, unknown>) => {
      const doc = await documentOf(pro, 3);
      const res = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, ...input });
      expect(res.body.errors).toBeUndefined();
      const bytes = await sealedBytes(res.body.data!.sealDocument.documentHash);
      const stamped: number[] = [];
      const code = res.body.data!.sealDocument.verificationCode as string;
      for (let page = 1; page <= 3; page++) if (pageText(bytes, page).replace(/\s+/g, '').includes(code)) stamped.push(page);
      return { stamped, row: await db().seal.findUniqueOrThrow({ where: { id: res.body.data!.sealDocument.id } }) };
    };
    expect((await withFooter({})).stamped).toEqual([1]);
    expect((await withFooter({ pageMode: 'LAST' })).stamped).toEqual([3]);
    expect((await withFooter({ pageMode: 'ALL' })).stamped).toEqual([1, 2, 3]);
    const asked = await withFooter({ pageMode: 'ALL', page: 2, positionX: 0.2, positionY: 0.1, size: 144 });
    expect(asked.stamped).toEqual([2]);
    expect(asked.row).toMatchObject({ pages: [2], positionX: 0.2, positionY: 0.1, size: 144 });
  });

  it('refuses a page, position or size out of range with BAD_USER_INPUT, and seals nothing', async () => {
    const pro = await professional();
    const doc = await documentOf(pro, 2);
    for (const input of [{ page: 3 }, { page: 0 }, { positionX: 1.5 }, { positionY: -0.1 }, { size: 10 }, { size: 1000 }]) {
      const res = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, ...input });
      expect(res.body.errors?.[0].extensions.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(0);
  });
});

describe('who may seal what', () => {
  it('answers CREDENTIAL_CANNOT_SEAL for an expired, revoked or unverified credential, and for a plan without sealing', async () => {
    const pro = await professional();
    const doc = await documentOf(pro);
    const expired = await seedCredential({ userId: pro.id, organizationId: pro.organizationId, expirationDate: '2025-06-30' });
    const revoked = await seedCredential({ userId: pro.id, organizationId: pro.organizationId, status: 'REVOKED' });
    const pending = await seedCredential({ userId: pro.id, organizationId: pro.organizationId, status: 'PENDING' });
    for (const [credentialId, reason] of [
      [expired.id, /expired/],
      [revoked.id, /revoked/],
      [pending.id, /not verified/],
    ] as const) {
      const res = await seal(pro, { documentId: doc.id, credentialId });
      expect(res.body.errors?.[0].extensions).toMatchObject({ code: 'CREDENTIAL_CANNOT_SEAL', status_code: 422 });
      expect(res.body.errors?.[0].message).toMatch(reason);
    }
    await db().organization.update({ where: { id: pro.organizationId }, data: { planLevel: 'FREE', trialEndsAt: new Date(Date.now() - 1000) } });
    expect((await seal(pro, { documentId: doc.id, credentialId: pro.credentialId })).body.errors?.[0].extensions.code).toBe('CREDENTIAL_CANNOT_SEAL');
    expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(0);
  });

  it("refuses another organization's document, credential or certificate as NOT_FOUND, and a colleague's credential as FORBIDDEN", async () => {
    const alice = await professional();
    const bob = await professional();
    const aliceDoc = await documentOf(alice);
    const bobDoc = await documentOf(bob);
    const aliceCert = await gql('mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id } }', {
      token: alice.accessToken,
      variables: { i: { name: 'Alice PKI', credentialId: alice.credentialId } },
    });
    const certId = aliceCert.body.data!.requestSigningCertificate.id;
    for (const input of [
      { documentId: aliceDoc.id, credentialId: bob.credentialId },
      { documentId: bobDoc.id, credentialId: alice.credentialId },
      { documentId: bobDoc.id, credentialId: bob.credentialId, signingCertificateId: certId },
    ]) {
      const res = await seal(bob, input);
      expect(res.body.errors?.[0].extensions.code, JSON.stringify(input)).toBe('NOT_FOUND');
    }
    // A colleague in the same organization: the seal is under its holder's sole control.
    const colleague = await seedUser({ displayName: 'Casey Colleague' });
    await db().organizationMembership.create({ data: { userId: colleague.id, organizationId: alice.organizationId, role: 'ADMIN', isPrimaryOrg: false } });
    // Working in their own organization (their primary), the colleague cannot even see the document.
    const res = await seal(colleague, { documentId: aliceDoc.id, credentialId: alice.credentialId });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Document not found', extensions: { code: 'NOT_FOUND', status_code: 404 }, path: ['sealDocument'] });
    expect(res.body.data?.sealDocument ?? null).toBeNull();
    const asMember = await gql(SEAL, {
      token: colleague.accessToken,
      headers: { 'x-organization-id': alice.organizationId },
      variables: { input: { documentId: aliceDoc.id, credentialId: alice.credentialId } },
    });
    expect(asMember.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await db().seal.count({ where: { documentId: { in: [aliceDoc.id, bobDoc.id] } } })).toBe(0);
  });

  it('refuses an archived document and an encrypted PDF with BAD_USER_INPUT', async () => {
    const pro = await professional();
    const doc = await documentOf(pro);
    await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { id } }', { token: pro.accessToken, variables: { id: doc.id } });
    expect((await seal(pro, { documentId: doc.id, credentialId: pro.credentialId })).body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/archived/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const encrypted = await documentOf(pro);
    await db().documentVersion.updateMany({ where: { document: { id: encrypted.id } }, data: { encrypted: true } });
    expect((await seal(pro, { documentId: encrypted.id, credentialId: pro.credentialId })).body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/encrypted/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('atomicity', () => {
  it('leaves no seal, no new version and no blob when sealing fails after the sealed PDF was stored, or before the commit', async () => {
    const pro = await professional();
    const actor = (await loadActor({ userId: pro.id }))!;
    for (const fault of ['afterBlobStored', 'beforeCommit'] as const) {
      const doc = await documentOf(pro);
      let storedHash = '';
      const store = blobStore();
      const watching: typeof store = Object.assign(Object.create(store), {
        put: async (...args: Parameters<typeof store.put>) => {
          const r = await store.put(...args);
          storedHash = r.hash;
          return r;
        },
      });
      const err = await sealDocument({
        actor,
        input: { documentId: doc.id, credentialId: pro.credentialId },
        store: watching,
        faults: {
          [fault]: () => {
            throw new Error(`forced ${fault}`);
          },
        },
      }).catch((e: unknown) => e);
      expect(String(err)).toContain(`forced ${fault}`);
      expect(storedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.has(storedHash)).toBe(false);
      expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(0);
      expect(await db().documentVersion.count({ where: { documentId: doc.id } })).toBe(1);
      const after = await gql('query($id: UUID!) { document(id: $id) { status versionCount } }', { token: pro.accessToken, variables: { id: doc.id } });
      expect(after.body.data!.document).toEqual({ status: 'DRAFT', versionCount: 1 });
    }
  });

  it('lets only one of two seals at once win; the other is DOCUMENT_SEALED', async () => {
    const pro = await professional();
    const actor = (await loadActor({ userId: pro.id }))!;
    const doc = await documentOf(pro);
    const results = await Promise.all(
      [0, 1].map(() =>
        sealDocument({ actor, input: { documentId: doc.id, credentialId: pro.credentialId } }).then(
          () => 'sealed',
          (e: unknown) => (e instanceof AppError ? e.code : String(e)),
        ),
      ),
    );
    expect(results.sort()).toEqual(['DOCUMENT_SEALED', 'sealed']);
    expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(1);
    expect(await db().documentVersion.count({ where: { documentId: doc.id } })).toBe(2);
  });

  it('seals a PDF a colleague already signed as an incremental update: both signatures valid, the seal verifies', async () => {
    const pro = await professional();
    // The colleague's approval signature, made with a certificate of another firm's CA.
    const caKey = newRsaKey();
    const ca = issueCertificate({
      subject: [{ name: 'commonName', value: 'Other Firm CA' }],
      publicKey: caKey.publicKey,
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 86_400_000 * 365),
      ca: true,
      selfKey: caKey.privateKey,
    });
    const key = newRsaKey();
    const leaf = issueCertificate({
      subject: [{ name: 'commonName', value: 'Casey Structural' }],
      publicKey: key.publicKey,
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 86_400_000 * 300),
      extKeyUsage: DOCUMENT_SIGNING_USAGES,
      issuer: { cert: ca, key: caKey.privateKey },
    });
    const draft = await PDFDocument.load(await samplePdf(1, 'Shared set'));
    addSignatureField(draft, { page: draft.getPage(0), rect: null, certify: false, fieldName: 'Structural', signerName: 'Casey Structural', reason: 'Structural seal', signingTime: new Date() });
    const colleagueSigned = await fillSignature(await draft.save({ useObjectStreams: false }), { pkcs8: key.pkcs8, chainDer: [certificateDer(leaf), certificateDer(ca)] });
    expect(tool('pdfsig', (f) => [f], colleagueSigned)).toContain('Signature is Valid.');

    const doc = await createDocumentVia(pro.accessToken, { name: 'Shared set', fileHash: await uploaded(colleagueSigned, 'shared.pdf', pro.accessToken) });
    const cert = (
      await gql('mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id } }', {
        token: pro.accessToken,
        variables: { i: { name: 'Mine', credentialId: pro.credentialId } },
      })
    ).body.data!.requestSigningCertificate;
    const sealedRes = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, signingCertificateId: cert.id });
    expect(sealedRes.body.errors).toBeUndefined();
    const s = sealedRes.body.data!.sealDocument;
    const bytes = await sealedBytes(s.documentHash);
    expect(Buffer.from(bytes.subarray(0, colleagueSigned.length)).equals(Buffer.from(colleagueSigned))).toBe(true);
    const pdfsig = tool('pdfsig', (f) => [f], bytes);
    expect(pdfsig.match(/Signature is Valid\./g)).toHaveLength(2);
    expect(pdfsig).toContain('Signer Certificate Common Name: Casey Structural');
    expect(pdfsig).toContain('Signer Certificate Common Name: Jordan Ellis');
    expect(tool('qpdf', (f) => ['--check', f], bytes)).toMatch(/No syntax or stream encoding errors/);
    const verified = await gql('query($c: String!) { verifySeal(code: $c) { isValid documentHash } }', { variables: { c: s.verificationCode } });
    expect(verified.body.data!.verifySeal).toMatchObject({ isValid: true, documentHash: sha256(bytes) });
  });
});

/** A PKCS#12 file of a key and certificate (issued by a CA of the test), with a password. */
function p12Of(password: string, options: { notAfter?: Date; commonName?: string; caSubject?: Array<{ name: string; value: string }> } = {}): { bytes: Uint8Array; caPem: string } {
  const caKey = newRsaKey();
  const now = Date.now();
  const ca = issueCertificate({
    subject: options.caSubject ?? [{ name: 'commonName', value: 'Test Firm CA' }],
    publicKey: caKey.publicKey,
    notBefore: new Date(now - 86_400_000 * 800),
    notAfter: new Date(now + 86_400_000 * 800),
    ca: true,
    selfKey: caKey.privateKey,
  });
  const key = newRsaKey();
  const leaf = issueCertificate({
    subject: [{ name: 'commonName', value: options.commonName ?? 'Jordan Ellis' }],
    publicKey: key.publicKey,
    notBefore: new Date(now - 86_400_000 * 400),
    notAfter: options.notAfter ?? new Date(now + 86_400_000 * 300),
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    issuer: { cert: ca, key: caKey.privateKey },
  });
  const asn1 = forge.pkcs12.toPkcs12Asn1(key.privateKey, [leaf, ca], password, { algorithm: 'aes256' });
  return { bytes: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), caPem: forge.pki.certificateToPem(ca) };
}

async function uploadCertificate(owner: SeededUser, file: Uint8Array, password: string, name = 'Firm certificate') {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query:
        'mutation($i: UploadSigningCertificateInput!) { uploadSigningCertificate(input: $i) { id name commonName issuerCn status isValid isDefault hasPrivateKey daysUntilExpiry fingerprintSha256 } }',
      variables: { i: { name, file: null, password } },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.i.file'] }));
  form.set('0', new File([file as Uint8Array<ArrayBuffer>], 'firm.p12', { type: 'application/x-pkcs12' }));
  const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}`, 'x-forwarded-for': nextClientIp() }, body: form }));
  return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> };
}

/** The CMS and the signed bytes of a PDF's (last) signature. */
function signatureParts(bytes: Uint8Array): { cms: Buffer; signed: Buffer } {
  const text = Buffer.from(bytes).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].pop()!.slice(1).map(Number);
  const hex = text.slice(ranges[1] + 1, ranges[2] - 1);
  const der = Buffer.from(hex, 'hex');
  const length = der[1] === 0x82 ? 4 + der.readUInt16BE(2) : der[1] === 0x83 ? 5 + der.readUIntBE(2, 3) : 2 + der[1];
  return { cms: der.subarray(0, length), signed: Buffer.concat([Buffer.from(bytes).subarray(ranges[0], ranges[0] + ranges[1]), Buffer.from(bytes).subarray(ranges[2], ranges[2] + ranges[3])]) };
}

describe('signing certificates and PKI seals', () => {
  it("issues a certificate for a credential from the service's CA, and seals with a PAdES signature pdfsig and openssl accept", async () => {
    const pro = await professional();
    const res = await gql(
      'mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id commonName issuerCn status isValid isDefault hasPrivateKey daysUntilExpiry fingerprintSha256 } }',
      { token: pro.accessToken, variables: { i: { name: 'My seal certificate', credentialId: pro.credentialId } } },
    );
    const cert = res.body.data!.requestSigningCertificate;
    expect(cert).toMatchObject({ commonName: 'Jordan Ellis', issuerCn: 'Sealwright Seal CA', status: 'ACTIVE', isValid: true, isDefault: true, hasPrivateKey: true });
    expect(cert.daysUntilExpiry).toBeGreaterThan(360);
    const credential = await gql('query($id: UUID!) { credential(id: $id) { certificateFingerprint certificateIssuedAt certificateExpiresAt } }', {
      token: pro.accessToken,
      variables: { id: pro.credentialId },
    });
    expect(credential.body.data!.credential.certificateFingerprint).toBe(cert.fingerprintSha256);
    // The key never leaves: the row's key is encrypted, and no answer names it.
    const row = await db().signingCertificate.findUniqueOrThrow({ where: { id: cert.id }, select: { encryptedPrivateKey: true } });
    // Not PEM, and no DER private key parses from it. (Searching the bytes for a DER header,
    // 0x30 0x82, failed about once in 50 runs: random ciphertext holds those two bytes.)
    const stored = Buffer.from(row.encryptedPrivateKey!);
    expect(stored.toString('latin1')).not.toMatch(/PRIVATE KEY/);
    for (const type of ['pkcs8', 'pkcs1', 'sec1'] as const) expect(() => crypto.createPrivateKey({ key: stored, format: 'der', type }), type).toThrow();
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|BEGIN|encryptedPrivateKey/);

    const doc = await documentOf(pro, 2);
    const sealedRes = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, signingCertificateId: cert.id });
    expect(sealedRes.body.errors).toBeUndefined();
    const s = sealedRes.body.data!.sealDocument;
    expect(s).toMatchObject({ pkiSigned: true, signingCertificate: { id: cert.id } });
    const bytes = await sealedBytes(s.documentHash);
    const pdfsig = tool('pdfsig', (f) => [f], bytes);
    expect(pdfsig).toContain('Signature Type: ETSI.CAdES.detached');
    expect(pdfsig).toContain('Signature is Valid.');
    // B-LT: the signature covers its revision, and the DSS after it holds the chain and the service CA's CRL.
    expect(pdfsig).toMatch(/Not total document signed/);
    expect(tool('qpdf', (f) => ['--check', f], bytes)).toMatch(/No syntax or stream encoding errors/);
    expect(sha256(bytes)).toBe(s.documentHash); // the seal's hash is the file's, DSS included
    const json = JSON.parse(tool('qpdf', (f) => ['--json=2', '--json-stream-data=inline', '--decode-level=generalized', f], bytes)).qpdf[1];
    const at = (ref: string) => json[`obj:${ref}`];
    const dss = at(at(json.trailer.value['/Root']).value['/DSS']).value;
    const streamData = (ref: string) => Buffer.from(at(ref).stream.data, 'base64');
    expect(dss['/Certs'].map(streamData)).toEqual(expect.arrayContaining([certificateDer(serviceCa().cert)]));
    expect(dss['/Certs']).toHaveLength(2);
    expect(dss['/CRLs'].map(streamData)).toEqual([await serviceCaCrl()]);
    expect(Object.keys(dss['/VRI'])).toEqual([expect.stringMatching(/^\/[0-9A-F]{40}$/)]);
    const { cms, signed } = signatureParts(bytes);
    const files = { cms: path.join(tmp, 'sig.der'), data: path.join(tmp, 'data.bin'), ca: path.join(tmp, 'service-ca.pem') };
    fs.writeFileSync(files.cms, cms);
    fs.writeFileSync(files.data, signed);
    fs.writeFileSync(files.ca, serviceCa().pem);
    const verified = execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', files.cms, '-content', files.data, '-CAfile', files.ca, '-out', '/dev/null'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(verified).toBeDefined();
    const list = await gql('{ signingCertificates { id lastUsedAt } }', { token: pro.accessToken });
    expect(list.body.data!.signingCertificates).toEqual([{ id: cert.id, lastUsedAt: expect.any(String) }]);
  });

  it('takes an uploaded PKCS#12 with its password; a wrong password is BAD_USER_INPUT and stores nothing', async () => {
    const pro = await professional();
    const { bytes } = p12Of('correct horse');
    const wrong = await uploadCertificate(pro, bytes, 'wrong password');
    expect(wrong.errors?.[0]).toMatchObject({ message: expect.stringMatching(/password/i), extensions: { code: 'BAD_USER_INPUT' } });
    const notP12 = await uploadCertificate(pro, await samplePdf(), 'x');
    expect(notP12.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await db().signingCertificate.count({ where: { userId: pro.id } })).toBe(0);
    const ok = await uploadCertificate(pro, bytes, 'correct horse');
    expect(ok.data.uploadSigningCertificate).toMatchObject({ commonName: 'Jordan Ellis', issuerCn: 'Test Firm CA', status: 'ACTIVE', isValid: true, isDefault: true, hasPrivateKey: true });
    // Nothing uploaded speaks in Sealwright's name: /verify showed a self-made "Sealwright Seal CA" as the real one (the third probe).
    for (const lookalike of [
      {
        caSubject: [
          { name: 'commonName', value: 'Sealwright Seal CA' },
          { name: 'organizationName', value: 'Sealwright' },
        ],
      },
      {
        caSubject: [
          { name: 'commonName', value: 'Firm CA' },
          { name: 'organizationName', value: 'Seal-Wright Trust Services' },
        ],
      },
      { commonName: 'Jordan Ellis (identity verified by SEALWRIGHT)' },
    ]) {
      const refused = await uploadCertificate(pro, p12Of('pw', lookalike).bytes, 'pw', 'Lookalike');
      expect(refused.errors?.[0], JSON.stringify(lookalike)).toMatchObject({ message: expect.stringMatching(/not issued by Sealwright's CA/), extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await db().signingCertificate.count({ where: { userId: pro.id } })).toBe(1);
    // The subject names its holder: /verify, the sealing certificate and PDF readers show it as who signed (the fourth probe).
    for (const commonName of ['Jane Q. Victim, P.E. - identity verified from a government ID', 'Jordan Identity Verified Ellis', 'Texas Board of Professional Engineers']) {
      const refused = await uploadCertificate(pro, p12Of('pw', { commonName }).bytes, 'pw', 'Another signer');
      expect(refused.errors?.[0], commonName).toMatchObject({ message: expect.stringContaining('must be issued to your name, "Jordan Ellis"'), extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await db().signingCertificate.count({ where: { userId: pro.id } })).toBe(1);
    for (const commonName of ['Jordan Q. Ellis', 'JORDAN ELLIS, P.E.']) {
      expect((await uploadCertificate(pro, p12Of('pw', { commonName }).bytes, 'pw', commonName)).errors, commonName).toBeUndefined();
    }
    await db().signingCertificate.deleteMany({ where: { userId: pro.id, name: { in: ['Jordan Q. Ellis', 'JORDAN ELLIS, P.E.'] } } });
    const tooBig = await uploadCertificate(pro, crypto.randomBytes(70 * 1024), 'x');
    expect(tooBig.errors?.[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');

    const doc = await documentOf(pro);
    const sealed = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, signingCertificateId: ok.data.uploadSigningCertificate.id });
    expect(sealed.body.errors).toBeUndefined();
    const sealedFile = await sealedBytes(sealed.body.data!.sealDocument.documentHash);
    expect(tool('pdfsig', (f) => [f], sealedFile)).toContain('Signature is Valid.');
    // B-LT with a certificate from elsewhere: its chain is in the DSS; its CRL is not (its URL is the uploader's to name, and not fetched).
    const json = JSON.parse(tool('qpdf', (f) => ['--json=2', f], sealedFile)).qpdf[1];
    const dss = json[`obj:${json[`obj:${json.trailer.value['/Root']}`].value['/DSS']}`].value;
    expect(dss['/Certs']).toHaveLength(2);
    expect(dss['/CRLs']).toEqual([]);
  });

  it('refuses an expired certificate; default, delete (REVOKED, key wiped, hidden) and seals that still verify', async () => {
    const pro = await professional();
    const expired = (await uploadCertificate(pro, p12Of('pw', { notAfter: new Date(Date.now() - 86_400_000) }).bytes, 'pw', 'Old')).data.uploadSigningCertificate;
    expect(expired).toMatchObject({ status: 'EXPIRED', isValid: false });
    expect(expired.daysUntilExpiry).toBeLessThan(0);
    const doc = await documentOf(pro);
    const refused = await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, signingCertificateId: expired.id });
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/expired/), extensions: { code: 'BAD_USER_INPUT' } });
    expect(await db().seal.count({ where: { documentId: doc.id } })).toBe(0);

    const current = (await uploadCertificate(pro, p12Of('pw').bytes, 'pw', 'Current')).data.uploadSigningCertificate;
    expect(current.isDefault).toBe(false); // the first one uploaded stays the default until another is chosen
    const chosen = await gql('mutation($id: UUID!) { setDefaultCertificate(id: $id) { id isDefault } }', { token: pro.accessToken, variables: { id: current.id } });
    expect(chosen.body.data!.setDefaultCertificate).toEqual({ id: current.id, isDefault: true });
    const sealed = (await seal(pro, { documentId: doc.id, credentialId: pro.credentialId, signingCertificateId: current.id })).body.data!.sealDocument;

    const deleted = await gql('mutation($id: UUID!) { deleteCertificate(id: $id) { id } }', { token: pro.accessToken, variables: { id: current.id } });
    expect(deleted.body.data!.deleteCertificate).toEqual({ id: current.id });
    const after = await gql('query($id: UUID!) { signingCertificates { id isDefault } signingCertificate(id: $id) { status hasPrivateKey isValid } }', {
      token: pro.accessToken,
      variables: { id: current.id },
    });
    expect(after.body.data!.signingCertificates).toEqual([{ id: expired.id, isDefault: false }]);
    expect(after.body.data!.signingCertificate).toEqual({ status: 'REVOKED', hasPrivateKey: false, isValid: false });
    expect((await db().signingCertificate.findUniqueOrThrow({ where: { id: current.id }, select: { encryptedPrivateKey: true } })).encryptedPrivateKey).toBeNull();
    const verified = await gql('query($c: String!) { verifySeal(code: $c) { isValid } }', { variables: { c: sealed.verificationCode } });
    expect(verified.body.data!.verifySeal).toEqual({ isValid: true });
    const doc2 = await documentOf(pro);
    expect((await seal(pro, { documentId: doc2.id, credentialId: pro.credentialId, signingCertificateId: current.id })).body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('a seal outlives its credential', () => {
  it('still verifies after the credential is revoked or deleted, and says so', async () => {
    const pro = await professional();
    const doc = await documentOf(pro);
    const s = (await seal(pro, { documentId: doc.id, credentialId: pro.credentialId })).body.data!.sealDocument;
    await db().credential.update({ where: { id: pro.credentialId }, data: { status: 'REVOKED' } });
    const q = 'query($c: String!) { verifySeal(code: $c) { isValid credentialStatus signerName } }';
    expect((await gql(q, { variables: { c: s.verificationCode } })).body.data!.verifySeal).toEqual({ isValid: true, credentialStatus: 'revoked', signerName: 'Jordan Ellis' });
    await gql('mutation($id: UUID!) { deleteCredential(id: $id) { id } }', { token: pro.accessToken, variables: { id: pro.credentialId } });
    await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: pro.accessToken, variables: { id: doc.id } });
    // Deleting the credential does not clear the board's verdict (the third probe: it read active again).
    expect((await gql(q, { variables: { c: s.verificationCode } })).body.data!.verifySeal).toEqual({ isValid: true, credentialStatus: 'revoked', signerName: 'Jordan Ellis' });
    const record = await rest(verifyCode, `/v1/verify/${s.verificationCode}`, s.verificationCode);
    expect((await record.json()).credential).toMatchObject({ holder_name: 'Jordan Ellis', status: 'revoked' });
  });

  it('deleted in good standing it reads active; deleted with the account, a rejected license stays rejected', async () => {
    const q = 'query($c: String!) { verifySeal(code: $c) { isValid credentialStatus } }';
    const good = await professional();
    const kept = (await seal(good, { documentId: (await documentOf(good)).id, credentialId: good.credentialId })).body.data!.sealDocument;
    await gql('mutation($id: UUID!) { deleteCredential(id: $id) { id } }', { token: good.accessToken, variables: { id: good.credentialId } });
    expect((await gql(q, { variables: { c: kept.verificationCode } })).body.data!.verifySeal).toEqual({ isValid: true, credentialStatus: 'active' });

    const leaving = await professional();
    const theirs = (await seal(leaving, { documentId: (await documentOf(leaving)).id, credentialId: leaving.credentialId })).body.data!.sealDocument;
    await db().credential.update({ where: { id: leaving.credentialId }, data: { status: 'REJECTED' } });
    const gone = await gql('mutation($p: String!) { deleteAccount(password: $p) { success } }', { token: leaving.accessToken, variables: { p: leaving.password } });
    expect(gone.body.errors).toBeUndefined();
    expect(await db().credential.count({ where: { id: leaving.credentialId } })).toBe(0);
    expect((await gql(q, { variables: { c: theirs.verificationCode } })).body.data!.verifySeal).toEqual({ isValid: true, credentialStatus: 'rejected' });
  });
});
