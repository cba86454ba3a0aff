/**
 * A holder whose name is not ASCII, end to end: the local board registry verifies the
 * credential, the service's CA issues its certificate, the seal is a PAdES signature, and
 * pdfsig and verifySeal show the name as the board lists it.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedBoardRecord, seedUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { blobStore } from '../storage/index.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-names-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function pdfsig(bytes: Uint8Array): string {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdfsig', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const CREATE = 'mutation($input: CreateCredentialInput!) { createCredential(input: $input) { id displayName status canSeal } }';
const REQUEST = 'mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id name description commonName issuerCn status isValid } }';
const SEAL = 'mutation($input: SealDocumentInput!) { sealDocument(input: $input) { verificationCode documentHash pkiSigned } }';
const VERIFY = 'query($code: String!) { verifySeal(code: $code) { signerName isValid } }';

describe('a holder named "Andrés R. Adams"', () => {
  it('gets a certificate from requestSigningCertificate and seals with it; pdfsig shows the name with its accent', async () => {
    const holder = 'Andrés R. Adams';
    const user = await seedUser({ displayName: holder, planLevel: 'TEAM' });
    const licenseNumber = `${crypto.randomInt(100_000, 999_999)}`;
    await seedBoardRecord({ stateCode: 'TX', licenseType: 'engineer', licenseNumber, firstName: 'Andrés R.', lastName: 'Adams', licenseStatus: 'active', expirationDate: '2029-06-30' });
    const created = await gql(CREATE, { token: user.accessToken, variables: { input: { licenseNumber, regionCode: 'TX', licenseType: 'engineer' } } });
    expect(created.body.errors).toBeUndefined();
    const credential = created.body.data!.createCredential;
    expect(credential).toMatchObject({ displayName: holder, status: 'VERIFIED', canSeal: true });

    const description = 'Sello de Andrés — ñ, ø, O\u2019Brien-Smith, 李小龍';
    const requested = await gql(REQUEST, { token: user.accessToken, variables: { i: { name: 'Certificado de Andrés', description, credentialId: credential.id } } });
    expect(requested.body.errors).toBeUndefined();
    const cert = requested.body.data!.requestSigningCertificate;
    expect(cert).toMatchObject({ name: 'Certificado de Andrés', description, commonName: holder, issuerCn: 'Sealwright Seal CA', status: 'ACTIVE', isValid: true });
    // Read back from the database, not only from the answer of the mutation.
    const again = await gql('query($id: UUID!) { signingCertificate(id: $id) { commonName description } }', { token: user.accessToken, variables: { id: cert.id } });
    expect(again.body.data!.signingCertificate).toEqual({ commonName: holder, description });

    const bytes = await samplePdf(1, 'Plano de cimentación');
    const doc = await createDocumentVia(user.accessToken, { name: 'Plano de cimentación', fileHash: await uploaded(bytes, 'plano.pdf', user.accessToken) });
    const sealed = await gql(SEAL, { token: user.accessToken, variables: { input: { documentId: doc.id, credentialId: credential.id, signingCertificateId: cert.id } } });
    expect(sealed.body.errors).toBeUndefined();
    const { verificationCode, documentHash, pkiSigned } = sealed.body.data!.sealDocument;
    expect(pkiSigned).toBe(true);

    const report = pdfsig(new Uint8Array((await blobStore().read(documentHash))!));
    expect(report).toContain(`Signer Certificate Common Name: ${holder}`);
    expect(report).toContain(`CN=${holder}`);
    expect(report).toContain('Signature is Valid.');

    const verified = await gql(VERIFY, { variables: { code: verificationCode } });
    expect(verified.body.data!.verifySeal).toEqual({ signerName: holder, isValid: true });
  });
});
