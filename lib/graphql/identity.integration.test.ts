/**
 * Issue 20, "a seal must prove who sealed", over real GraphQL and REST requests through the
 * route handlers: the takeover and impersonation paths the attack probe found, refused at each
 * step; identity assurance (admin review, Stripe Identity through the local stand-in, an
 * organization's attestation) recorded on every seal; SEAL_MIN_IDENTITY and an organization's
 * own rule; disputes; and the certificate policy the service's CA writes.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as verifyCode } from '../../app/v1/verify/[code]/route.ts';
import * as webhookRoute from '../../app/v1/webhooks/stripe/route.ts';
import { seedBoardRecord, seedProfessional, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql, nextClientIp } from '../../test/graphql.ts';
import { serveRoutes } from '../../test/route-server.ts';
import type { RouteServer } from '../../test/route-server.ts';
import { startStripeStandin } from '../../test/stripe-standin.ts';
import { db } from '../db/index.ts';
import { ASSURANCE_POLICY_OIDS, assuranceOfPolicy, oidBytes } from '../identity/certificate-policy.ts';
import { LICENSE_HOLD_DAYS } from '../credentials/license-holder.ts';

const CRED = 'id displayName status canSeal rejectionReason suspendedAt disputedAt';
const CREATE = `mutation($input: CreateCredentialInput!) { createCredential(input: $input) { ${CRED} } }`;
const CLAIM = `mutation($id: UUID!) { claimProfessional(professionalId: $id) { ${CRED} } }`;
const DELETE = 'mutation($id: UUID!, $release: Boolean) { deleteCredential(id: $id, releaseLicense: $release) { id } }';
const SEAL = 'mutation($input: SealDocumentInput!) { sealDocument(input: $input) { id verificationCode } }';
const ME = '{ me { id identityAssurance legalName identityVerifiedAt identityVerification { id method status legalName rejectionReason decidedAt reviewer { id } } } }';
const START = 'mutation($input: StartIdentityVerificationInput) { startIdentityVerification(input: $input) { clientSecret url verification { id method status legalName } } }';
const QUEUE = 'query($status: IdentityVerificationStatus) { identityVerifications(status: $status) { id status legalName note user { id email } } }';
const REVIEW =
  'mutation($input: ReviewIdentityVerificationInput!) { reviewIdentityVerification(input: $input) { id status legalName rejectionReason decidedAt reviewer { id } user { id identityAssurance legalName } } }';
const ATTEST = 'mutation($input: VerifyMemberIdentityInput!) { verifyMemberIdentity(input: $input) { id method status legalName decidedAt reviewer { id } user { id identityAssurance legalName } } }';
const CERT = 'mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id commonName } }';
const VERIFY = 'query($code: String!) { verifySeal(code: $code) { signerName credentialStatus identityAssurance isValid } }';

type Res = { body: { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code: string; status_code: number } }> } };
const code = (r: Res) => r.body.errors?.[0]?.extensions.code;
const ok = <T = any>(r: Res, field: string): T => {
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data![field] as T;
};
const as = (user: SeededUser, query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => gql(query, { token: user.accessToken, variables, headers });
const uniqueNumber = () => `${crypto.randomInt(100_000, 999_999)}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;

/** A license on the local board registry, in a person's name. */
async function boardLicense(firstName: string, lastName: string, licenseNumber = uniqueNumber()) {
  await seedBoardRecord({ stateCode: 'TX', licenseType: 'engineer', licenseNumber, firstName, lastName, licenseStatus: 'active' });
  return { licenseNumber, regionCode: 'TX', licenseType: 'engineer' };
}

async function sealWith(user: SeededUser, credentialId: string, headers?: Record<string, string>, extra: Record<string, unknown> = {}) {
  const doc = await createDocumentVia(user.accessToken, { name: 'Deck plan', fileHash: await uploaded(await samplePdf(1, 'Deck'), 'deck.pdf', user.accessToken) });
  return as(user, SEAL, { input: { documentId: doc.id, credentialId, ...extra } }, headers);
}

async function restRecord(verificationCode: string) {
  const res = await verifyCode(new Request(`http://localhost/v1/verify/${verificationCode}`, { headers: { 'x-forwarded-for': nextClientIp() } }), {
    params: Promise.resolve({ code: verificationCode }),
  });
  return (await res.json()) as { credential: { holder_name: string; status: string; identity_assurance: string } };
}

async function platformAdmin(): Promise<SeededUser> {
  const admin = await seedUser({ displayName: 'Pat Staff' });
  await db().user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  return admin;
}

/** A user DOCUMENT_VERIFIED through the admin review, as the API does it. */
async function documentVerified(user: SeededUser, legalName: string, admin: SeededUser) {
  const request = ok(await as(user, START, { input: { legalName } }), 'startIdentityVerification');
  ok(await as(admin, REVIEW, { input: { id: request.verification.id, approve: true } }), 'reviewIdentityVerification');
}

async function addMember(owner: SeededUser, member: SeededUser, role = 'MEMBER') {
  ok(await as(owner, 'mutation($input: UpsertOrganizationMemberInput!) { upsertOrganizationMember(input: $input) { id } }', { input: { email: member.email, role } }), 'upsertOrganizationMember');
}

describe('the license takeover path (attack probe, high)', () => {
  it('is refused at each step: a colleague cannot delete, re-check, export, certify or seal with the holder’s credential; a deleted license stays the holder’s for 30 days', async () => {
    const license = await boardLicense('Jane', 'Doe');
    const owner = await seedUser({ displayName: 'Jane Doe', planLevel: 'TEAM' });
    const held = ok(await as(owner, CREATE, { input: license }), 'createCredential');
    expect(held).toMatchObject({ status: 'VERIFIED', canSeal: true, displayName: 'Jane Doe' });

    const member = await seedUser({ displayName: 'Ivan Impostor', planLevel: 'PROFESSIONAL' });
    const admin = await seedUser({ displayName: 'Ada Admin' });
    await addMember(owner, member);
    await addMember(owner, admin, 'ADMIN');
    const inOrg = { 'x-organization-id': owner.organizationId };

    // Step 1: a colleague, and even an ADMIN, cannot free the license.
    for (const colleague of [member, admin]) {
      const res = await as(colleague, DELETE, { id: held.id }, inOrg);
      expect(code(res)).toBe('FORBIDDEN');
      expect(res.body.errors![0].extensions.status_code).toBe(403);
      expect(res.body.errors![0].message).toMatch(/Only the holder/);
    }
    expect(await db().credential.count({ where: { id: held.id } })).toBe(1);
    // Colleagues see it, and see that it is not theirs.
    expect(ok(await as(member, 'query($id: UUID!) { credential(id: $id) { isMine } }', { id: held.id }, inOrg), 'credential')).toEqual({ isMine: false });
    expect(ok(await as(owner, 'query($id: UUID!) { credential(id: $id) { isMine } }', { id: held.id }), 'credential')).toEqual({ isMine: true });
    expect(code(await as(member, 'mutation($id: UUID!) { reverifyCredential(id: $id) { id } }', { id: held.id }, inOrg))).toBe('FORBIDDEN');
    expect(code(await as(member, 'mutation($id: UUID!) { exportCredentialStamp(id: $id, format: PNG) { filename } }', { id: held.id }, inOrg))).toBe('FORBIDDEN');
    expect(code(await as(member, CERT, { i: { name: 'Not mine', credentialId: held.id } }, inOrg))).toBe('FORBIDDEN');
    // A document every member sees: the colleague still cannot seal it with the holder's credential.
    const shared = await createDocumentVia(owner.accessToken, {
      name: 'Shared sheet',
      visibility: 'ORGANIZATION',
      fileHash: await uploaded(await samplePdf(1, 'Shared'), 'shared.pdf', owner.accessToken),
    });
    expect(code(await as(member, SEAL, { input: { documentId: shared.id, credentialId: held.id } }, inOrg))).toBe('FORBIDDEN');
    expect(await db().seal.count({ where: { credentialId: held.id } })).toBe(0);

    // An ADMIN may suspend it in the organization (not a MEMBER), and reinstate it; it never moves.
    expect(code(await as(member, 'mutation($id: UUID!) { suspendCredential(id: $id) { id } }', { id: held.id }, inOrg))).toBe('FORBIDDEN');
    const suspended = ok(
      await as(admin, 'mutation($id: UUID!, $r: String) { suspendCredential(id: $id, reason: $r) { id suspendedAt suspensionReason canSeal } }', { id: held.id, r: 'Audit' }, inOrg),
      'suspendCredential',
    );
    expect(suspended).toMatchObject({ suspensionReason: 'Audit', canSeal: false });
    const refused = await sealWith(owner, held.id);
    expect(code(refused)).toBe('CREDENTIAL_CANNOT_SEAL');
    expect(refused.body.errors![0].message).toMatch(/suspended/);
    ok(await as(admin, 'mutation($id: UUID!) { reinstateCredential(id: $id) { id } }', { id: held.id }, inOrg), 'reinstateCredential');
    expect((await db().credential.findUniqueOrThrow({ where: { id: held.id } })).userId).toBe(owner.id);

    // Step 2: the holder deletes it; the license stays bound to them.
    ok(await as(owner, DELETE, { id: held.id }), 'deleteCredential');
    const hold = await db().licenseHold.findUniqueOrThrow({ where: { licenseKey: `TX|engineer|${license.licenseNumber}` } });
    expect(hold.userId).toBe(owner.id);
    expect(Math.round((hold.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(LICENSE_HOLD_DAYS);

    // Step 3: the colleague tries it in their own organization: in the holder's name (not theirs), then under that name.
    const impersonated = await as(member, CREATE, { input: { ...license, displayName: 'Jane Doe' } });
    expect(code(impersonated)).toBe('BAD_USER_INPUT');
    ok(await as(member, 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }', { input: { displayName: 'Jane Doe' } }), 'updateProfile');
    const taken = await as(member, CREATE, { input: license });
    expect(code(taken)).toBe('CONFLICT');
    expect(taken.body.errors![0].message).toMatch(/30 days/);
    expect(await db().credential.count({ where: { userId: member.id } })).toBe(0);

    // The holder takes it back at once; and a released license is free at once.
    const again = ok(await as(owner, CREATE, { input: license }), 'createCredential');
    expect(again.status).toBe('VERIFIED');
    expect(await db().licenseHold.count({ where: { userId: owner.id } })).toBe(0);
    ok(await as(owner, DELETE, { id: again.id, release: true }), 'deleteCredential');
    expect(await db().licenseHold.count({ where: { licenseKey: `TX|engineer|${license.licenseNumber}` } })).toBe(0);
  });

  it('lets the 30-day hold end, and keeps a hold against a credential that was rejected before', async () => {
    const license = await boardLicense('Rosa', 'Marin');
    const holder = await seedUser({ displayName: 'Rosa Marin', planLevel: 'PROFESSIONAL' });
    const held = ok(await as(holder, CREATE, { input: license }), 'createCredential');
    // Another account with the same written name had a REJECTED credential for it (board down, then another name): it cannot take it during the hold by re-checking.
    const other = await seedUser({ displayName: 'Rosa Marin', planLevel: 'PROFESSIONAL' });
    const rejected = await db().credential.create({
      data: { userId: other.id, organizationId: other.organizationId, ...license, displayName: 'Rosa Marin', status: 'REJECTED', rejectionReason: 'held' },
    });
    ok(await as(holder, DELETE, { id: held.id }), 'deleteCredential');
    const rechecked = ok(await as(other, 'mutation($id: UUID!) { reverifyCredential(id: $id) { status rejectionReason canSeal } }', { id: rejected.id }), 'reverifyCredential');
    expect(rechecked).toMatchObject({ status: 'REJECTED', canSeal: false, rejectionReason: 'This license is held by another account' });
    // Past the 30 days, the license is free again.
    await db().licenseHold.updateMany({ where: { userId: holder.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(ok(await as(other, 'mutation($id: UUID!) { reverifyCredential(id: $id) { status } }', { id: rejected.id }), 'reverifyCredential').status).toBe('VERIFIED');
  });
});

describe('impersonation (attack probe, high)', () => {
  it('refuses a credential in a stranger’s name, and a claim of their directory record', async () => {
    const stranger = await seedProfessional({ firstName: 'Helena', lastName: 'Voss', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    const license = { licenseNumber: stranger.licenseNumber, regionCode: 'TX', licenseType: 'engineer' };
    const ivan = await seedUser({ displayName: 'Ivan Impostor', planLevel: 'PROFESSIONAL' });

    const named = await as(ivan, CREATE, { input: { ...license, displayName: 'Helena Voss' } });
    expect(code(named)).toBe('BAD_USER_INPUT');
    expect(named.body.errors![0].message).toMatch(/Ivan Impostor/);
    // Under his own name the board says no: REJECTED, it cannot seal, and it holds nothing.
    const own = ok(await as(ivan, CREATE, { input: license }), 'createCredential');
    expect(own).toMatchObject({ status: 'REJECTED', canSeal: false, displayName: 'Ivan Impostor' });
    expect((await db().credential.findUniqueOrThrow({ where: { id: own.id } })).licenseKey).toBeNull();
    const claim = await as(ivan, CLAIM, { id: stranger.id });
    expect(code(claim)).toBe('BAD_USER_INPUT');
    // The real holder is not kept out by any of it.
    const helena = await seedUser({ displayName: 'Helena Voss', planLevel: 'PROFESSIONAL' });
    expect(ok(await as(helena, CLAIM, { id: stranger.id }), 'claimProfessional')).toMatchObject({ status: 'CLAIMED', canSeal: true });
  });

  it('keeps one account to one person: a holder who renames themselves cannot add a stranger’s license under the new name', async () => {
    const own = await boardLicense('Carl', 'Nash');
    const stranger = await seedProfessional({ firstName: 'Greta', lastName: 'Lund', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    const carl = await seedUser({ displayName: 'Carl Nash', planLevel: 'TEAM' });
    ok(await as(carl, CREATE, { input: own }), 'createCredential');
    ok(await as(carl, 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }', { input: { displayName: 'Greta Lund' } }), 'updateProfile');
    const claim = await as(carl, CLAIM, { id: stranger.id });
    expect(code(claim)).toBe('BAD_USER_INPUT');
    expect(claim.body.errors![0].message).toMatch(/one person's licenses/);
    expect(code(await as(carl, CREATE, { input: { licenseNumber: stranger.licenseNumber, regionCode: 'TX', licenseType: 'engineer' } }))).toBe('BAD_USER_INPUT');
    expect(await db().credential.count({ where: { userId: carl.id } })).toBe(1);
  });
});

describe('identity assurance', () => {
  let admin: SeededUser;
  beforeAll(async () => {
    admin = await platformAdmin();
  });

  it('starts SELF_ASSERTED, and each seal keeps the level its sealer had when sealing (REST, GraphQL)', async () => {
    const license = await boardLicense('Theo', 'Brandt');
    const theo = await seedUser({ displayName: 'Theo Brandt', planLevel: 'PROFESSIONAL' });
    expect(ok(await as(theo, ME), 'me')).toMatchObject({ identityAssurance: 'SELF_ASSERTED', legalName: null, identityVerification: null });
    const credential = ok(await as(theo, CREATE, { input: license }), 'createCredential');
    const before = ok<{ verificationCode: string }>(await sealWith(theo, credential.id), 'sealDocument');

    await documentVerified(theo, 'Theo M. Brandt', admin);
    expect(ok(await as(theo, ME), 'me')).toMatchObject({ identityAssurance: 'DOCUMENT_VERIFIED', legalName: 'Theo M. Brandt' });
    const after = ok<{ verificationCode: string }>(await sealWith(theo, credential.id), 'sealDocument');

    expect((await restRecord(before.verificationCode)).credential).toMatchObject({ holder_name: 'Theo Brandt', status: 'active', identity_assurance: 'self_asserted' });
    expect((await restRecord(after.verificationCode)).credential).toMatchObject({ status: 'active', identity_assurance: 'document_verified' });
    expect(ok(await gql(VERIFY, { variables: { code: before.verificationCode } }), 'verifySeal')).toMatchObject({ identityAssurance: 'SELF_ASSERTED', credentialStatus: 'active' });
    expect(ok(await gql(VERIFY, { variables: { code: after.verificationCode } }), 'verifySeal')).toMatchObject({ identityAssurance: 'DOCUMENT_VERIFIED' });
  });

  it('re-checks credentials when a user reaches a higher level: one in another name than the verified one is rejected and lets go of its license', async () => {
    const license = await boardLicense('Sam', 'Okafor');
    const user = await seedUser({ displayName: 'Sam Okafor', planLevel: 'PROFESSIONAL' });
    const credential = ok(await as(user, CREATE, { input: license }), 'createCredential');
    expect(credential.canSeal).toBe(true);
    // The ID says otherwise: the account's sign-up name was not theirs.
    await documentVerified(user, 'Samantha Reyes', admin);
    const rechecked = await db().credential.findUniqueOrThrow({ where: { id: credential.id } });
    expect(rechecked.status).toBe('REJECTED');
    expect(rechecked.licenseKey).toBeNull();
    // And a new credential must carry the verified name.
    expect(code(await as(user, CREATE, { input: { ...license, displayName: 'Sam Okafor' } }))).toBe('BAD_USER_INPUT');
  });

  it('admin queue: only platform admins list and decide, oldest first; a rejection needs a reason; a decision is final; nobody reviews their own', async () => {
    const first = await seedUser({ displayName: 'Quinn First' });
    const second = await seedUser({ displayName: 'Quinn Second' });
    const a = ok(await as(first, START, { input: { legalName: 'Quinn A. First', note: 'call me' } }), 'startIdentityVerification');
    expect(a).toMatchObject({ clientSecret: null, url: null, verification: { method: 'ADMIN_REVIEW', status: 'PENDING', legalName: 'Quinn A. First' } });
    // Asking again updates the pending request rather than queueing another.
    const again = ok(await as(first, START, { input: { legalName: 'Quinn Alex First' } }), 'startIdentityVerification');
    expect(again.verification.id).toBe(a.verification.id);
    const b = ok(await as(second, START, { input: {} }), 'startIdentityVerification');
    expect(b.verification.legalName).toBe('Quinn Second');
    expect(code(await as(first, START, { input: { legalName: '1' } }))).toBe('BAD_USER_INPUT');

    expect(code(await as(first, QUEUE))).toBe('FORBIDDEN');
    expect(code(await as(first, REVIEW, { input: { id: b.verification.id, approve: true } }))).toBe('FORBIDDEN');
    const queue = ok<Array<{ id: string }>>(await as(admin, QUEUE), 'identityVerifications').map((r) => r.id);
    expect(queue.indexOf(a.verification.id)).toBeGreaterThanOrEqual(0);
    expect(queue.indexOf(a.verification.id)).toBeLessThan(queue.indexOf(b.verification.id));

    expect(code(await as(admin, REVIEW, { input: { id: b.verification.id, approve: false } }))).toBe('BAD_USER_INPUT');
    const rejected = ok(await as(admin, REVIEW, { input: { id: b.verification.id, approve: false, reason: 'The ID was not legible' } }), 'reviewIdentityVerification');
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'The ID was not legible', reviewer: { id: admin.id }, user: { identityAssurance: 'SELF_ASSERTED' } });
    expect(code(await as(admin, REVIEW, { input: { id: b.verification.id, approve: true } }))).toBe('CONFLICT');
    expect(ok(await as(second, ME), 'me').identityVerification).toMatchObject({ status: 'REJECTED', rejectionReason: 'The ID was not legible' });

    const approved = ok(await as(admin, REVIEW, { input: { id: a.verification.id, approve: true, legalName: 'Quinn Alexander First' } }), 'reviewIdentityVerification');
    expect(approved).toMatchObject({ status: 'VERIFIED', legalName: 'Quinn Alexander First', user: { identityAssurance: 'DOCUMENT_VERIFIED', legalName: 'Quinn Alexander First' } });
    expect(ok<Array<{ id: string }>>(await as(admin, QUEUE), 'identityVerifications').map((r) => r.id)).not.toContain(a.verification.id);

    const own = ok(await as(admin, START, { input: { legalName: 'Pat Staff' } }), 'startIdentityVerification');
    expect(code(await as(admin, REVIEW, { input: { id: own.verification.id, approve: true } }))).toBe('FORBIDDEN');
  });

  it('organization attestation: an OWNER or ADMIN whose own ID was checked attests a member, recorded with who and when', async () => {
    const owner = await seedUser({ displayName: 'Olga Owner', planLevel: 'TEAM' });
    const member = await seedUser({ displayName: 'Michael Member' });
    const outsider = await seedUser({ displayName: 'Otto Outsider' });
    await addMember(owner, member);
    const attest = (by: SeededUser, userId: string, headers?: Record<string, string>) =>
      as(by, ATTEST, { input: { userId, legalName: 'Michael J. Member', note: 'Passport seen in person' } }, headers);

    // The attester's own identity must be document-verified.
    const unverified = await attest(owner, member.id);
    expect(code(unverified)).toBe('IDENTITY_NOT_VERIFIED');
    expect(unverified.body.errors![0].extensions.status_code).toBe(403);
    await documentVerified(owner, 'Olga Owner', admin);
    // A MEMBER cannot attest; someone outside the organization is not found; nobody attests themselves.
    expect(code(await attest(member, owner.id, { 'x-organization-id': owner.organizationId }))).toBe('FORBIDDEN');
    expect(code(await attest(owner, outsider.id))).toBe('NOT_FOUND');
    expect(code(await attest(owner, owner.id))).toBe('FORBIDDEN');

    const at = Date.now();
    const attested = ok(await attest(owner, member.id), 'verifyMemberIdentity');
    expect(attested).toMatchObject({
      method: 'ORGANIZATION_ATTESTATION',
      status: 'VERIFIED',
      legalName: 'Michael J. Member',
      reviewer: { id: owner.id },
      user: { identityAssurance: 'ORGANIZATION_ATTESTED', legalName: 'Michael J. Member' },
    });
    expect(Date.parse(attested.decidedAt)).toBeGreaterThanOrEqual(at - 1000);
    expect((await db().identityVerification.findUniqueOrThrow({ where: { id: attested.id } })).organizationId).toBe(owner.organizationId);

    // A member's seal says it; and an attestation never lowers a document check.
    const license = await boardLicense('Michael', 'Member');
    const credential = ok(await as(member, CREATE, { input: license }), 'createCredential');
    const sealed = ok<{ verificationCode: string }>(await sealWith(member, credential.id), 'sealDocument');
    expect((await restRecord(sealed.verificationCode)).credential.identity_assurance).toBe('organization_attested');
    const verifiedMember = await seedUser({ displayName: 'Vera Verified' });
    await addMember(owner, verifiedMember);
    await documentVerified(verifiedMember, 'Vera Verified', admin);
    expect(code(await attest(owner, verifiedMember.id))).toBe('CONFLICT');
    expect(ok(await as(verifiedMember, ME), 'me').identityAssurance).toBe('DOCUMENT_VERIFIED');
  });

  describe('a required level', () => {
    const saved = process.env.SEAL_MIN_IDENTITY;
    afterEach(() => {
      if (saved === undefined) delete process.env.SEAL_MIN_IDENTITY;
      else process.env.SEAL_MIN_IDENTITY = saved;
    });

    it('SEAL_MIN_IDENTITY=verified: sealing and CA certificates below it are IDENTITY_NOT_VERIFIED (403) and store nothing; verified identities seal', async () => {
      const license = await boardLicense('Nora', 'Lind');
      const nora = await seedUser({ displayName: 'Nora Lind', planLevel: 'PROFESSIONAL' });
      const credential = ok(await as(nora, CREATE, { input: license }), 'createCredential');
      process.env.SEAL_MIN_IDENTITY = 'verified';
      const refused = await sealWith(nora, credential.id);
      expect(code(refused)).toBe('IDENTITY_NOT_VERIFIED');
      expect(refused.body.errors![0].extensions.status_code).toBe(403);
      expect(await db().seal.count({ where: { credentialId: credential.id } })).toBe(0);
      expect(code(await as(nora, CERT, { i: { name: 'PKI', credentialId: credential.id } }))).toBe('IDENTITY_NOT_VERIFIED');
      expect(await db().signingCertificate.count({ where: { userId: nora.id } })).toBe(0);

      await documentVerified(nora, 'Nora Lind', admin);
      ok(await sealWith(nora, credential.id), 'sealDocument');
      ok(await as(nora, CERT, { i: { name: 'PKI', credentialId: credential.id } }), 'requestSigningCertificate');
    });

    it('an organization’s OWNER can require it there (and only an OWNER); other organizations stay permissive', async () => {
      const license = await boardLicense('Omar', 'Haddad');
      const omar = await seedUser({ displayName: 'Omar Haddad', planLevel: 'TEAM' });
      const admin2 = await seedUser({ displayName: 'Abe Admin' });
      await addMember(omar, admin2, 'ADMIN');
      const credential = ok(await as(omar, CREATE, { input: license }), 'createCredential');
      const SETTINGS = 'mutation($input: UpdateOrganizationSettingsInput!) { updateOrganizationSettings(input: $input) { id requireVerifiedIdentity } }';
      expect(code(await as(admin2, SETTINGS, { input: { requireVerifiedIdentity: true } }, { 'x-organization-id': omar.organizationId }))).toBe('FORBIDDEN');
      expect(ok(await as(omar, SETTINGS, { input: { requireVerifiedIdentity: true } }), 'updateOrganizationSettings').requireVerifiedIdentity).toBe(true);
      const refused = await sealWith(omar, credential.id);
      expect(code(refused)).toBe('IDENTITY_NOT_VERIFIED');
      expect(refused.body.errors![0].message).toMatch(/Your organization/);
      ok(await as(omar, SETTINGS, { input: { requireVerifiedIdentity: false } }), 'updateOrganizationSettings');
      ok(await sealWith(omar, credential.id), 'sealDocument');
    });
  });

  it('a dispute: a verified holder takes a license back from a SELF_ASSERTED one, whose seals then verify as disputed', async () => {
    const record = await seedProfessional({ firstName: 'Lena', lastName: 'Park', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    // Someone who typed Lena's name at sign-up claims her license and seals with it.
    const impostor = await seedUser({ displayName: 'Lena Park', planLevel: 'PROFESSIONAL' });
    const stolen = ok(await as(impostor, CLAIM, { id: record.id }), 'claimProfessional');
    const forged = ok<{ verificationCode: string }>(await sealWith(impostor, stolen.id), 'sealDocument');

    // The real Lena, SELF_ASSERTED too, is refused: one word against another.
    const lena = await seedUser({ displayName: 'Lena Park', planLevel: 'PROFESSIONAL' });
    expect(code(await as(lena, CLAIM, { id: record.id }))).toBe('CONFLICT');
    // Verified from her ID, she takes it back.
    await documentVerified(lena, 'Lena M. Park', admin);
    const hers = ok(await as(lena, CLAIM, { id: record.id }), 'claimProfessional');
    expect(hers).toMatchObject({ status: 'CLAIMED', canSeal: true });

    const old = ok(await as(impostor, `query($id: UUID!) { credential(id: $id) { ${CRED} } }`, { id: stolen.id }), 'credential');
    expect(old.canSeal).toBe(false);
    expect(old.disputedAt).not.toBeNull();
    expect(code(await sealWith(impostor, stolen.id))).toBe('CREDENTIAL_CANNOT_SEAL');
    expect((await restRecord(forged.verificationCode)).credential).toMatchObject({ holder_name: 'Lena Park', status: 'disputed', identity_assurance: 'self_asserted' });
    expect(ok(await gql(VERIFY, { variables: { code: forged.verificationCode } }), 'verifySeal').credentialStatus).toBe('disputed');
    // Even if the impostor deletes the credential, the seal stays disputed.
    ok(await as(impostor, DELETE, { id: stolen.id }), 'deleteCredential');
    expect((await restRecord(forged.verificationCode)).credential.status).toBe('disputed');
    const real = ok<{ verificationCode: string }>(await sealWith(lena, hers.id), 'sealDocument');
    expect((await restRecord(real.verificationCode)).credential).toMatchObject({ status: 'active', identity_assurance: 'document_verified' });

    // A verified holder cannot be disputed in turn, even by a verified namesake.
    const namesake = await seedUser({ displayName: 'Lena Park', planLevel: 'PROFESSIONAL' });
    await documentVerified(namesake, 'Lena Park', admin);
    expect(code(await as(namesake, CLAIM, { id: record.id }))).toBe('CONFLICT');
    // Nor can a verified user whose name is not the license's take it.
    const other = await seedUser({ displayName: 'Kim Other', planLevel: 'PROFESSIONAL' });
    await documentVerified(other, 'Kim Other', admin);
    const license2 = await boardLicense('Jon', 'Snowe');
    const selfHolder = await seedUser({ displayName: 'Jon Snowe', planLevel: 'PROFESSIONAL' });
    ok(await as(selfHolder, CREATE, { input: license2 }), 'createCredential');
    expect(code(await as(other, CREATE, { input: license2 }))).toBe('CONFLICT');
  });

  it('the CA writes the holder’s level as a certificate policy, and the verified legal name as the subject', async () => {
    expect(assuranceOfPolicy(ASSURANCE_POLICY_OIDS.DOCUMENT_VERIFIED)).toBe('DOCUMENT_VERIFIED');
    const license = await boardLicense('Andrés', 'Adams');
    const user = await seedUser({ displayName: 'Andrés Adams', planLevel: 'PROFESSIONAL' });
    const credential = ok(await as(user, CREATE, { input: license }), 'createCredential');
    const policyOf = async (certificateId: string) => {
      const row = await db().signingCertificate.findUniqueOrThrow({ where: { id: certificateId } });
      const der = forge.pem.decode(row.certificateChain)[0].body;
      return { der, subject: row.commonName };
    };
    const first = ok(await as(user, CERT, { i: { name: 'Self', credentialId: credential.id } }), 'requestSigningCertificate');
    const self = await policyOf(first.id);
    expect(self.der.includes(oidBytes(ASSURANCE_POLICY_OIDS.SELF_ASSERTED))).toBe(true);
    expect(self.subject).toBe('Andrés Adams');

    await documentVerified(user, 'Andrés Ramón Adams', admin);
    const second = ok(await as(user, CERT, { i: { name: 'Verified', credentialId: credential.id } }), 'requestSigningCertificate');
    const verified = await policyOf(second.id);
    expect(second.commonName).toBe('Andrés Ramón Adams');
    expect(verified.der.includes(oidBytes(ASSURANCE_POLICY_OIDS.DOCUMENT_VERIFIED))).toBe(true);
    expect(verified.der.includes(oidBytes(ASSURANCE_POLICY_OIDS.SELF_ASSERTED))).toBe(false);
  });
});

describe('Stripe Identity (local Stripe stand-in, real SDK, signed webhooks over HTTP)', () => {
  type StandIn = Awaited<ReturnType<typeof startStripeStandin>>;
  let standin: StandIn;
  let app: RouteServer;
  const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    for (const k of KEYS) saved[k] = process.env[k];
    app = await serveRoutes({ '/v1/webhooks/stripe': webhookRoute });
    standin = await startStripeStandin({ webhookUrl: `${app.url}/v1/webhooks/stripe` });
    process.env.STRIPE_SECRET_KEY = standin.secretKey;
    process.env.STRIPE_API_BASE = standin.url;
    process.env.STRIPE_WEBHOOK_SECRET = standin.webhookSecret;
  });
  afterAll(async () => {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await standin?.close();
    await app?.close();
  });

  it('creates a document + selfie session, and the verified event (read back with its outputs) makes the user DOCUMENT_VERIFIED, once', async () => {
    const license = await boardLicense('Ines', 'Moreau');
    const ines = await seedUser({ displayName: 'Ines Moreau', planLevel: 'PROFESSIONAL' });
    const credential = ok(await as(ines, CREATE, { input: license }), 'createCredential');
    const started = ok(await as(ines, START), 'startIdentityVerification');
    expect(started.clientSecret).toMatch(/^vs_.+_secret_/);
    expect(started.url).toContain('/identity/verify/');
    expect(started.verification).toMatchObject({ method: 'STRIPE_IDENTITY', status: 'PENDING' });
    const row = await db().identityVerification.findUniqueOrThrow({ where: { id: started.verification.id } });
    const session = await (await fetch(`${standin.url}/v1/identity/verification_sessions/${row.stripeSessionId}`, { headers: { authorization: `Bearer ${standin.secretKey}` } })).json();
    expect(session).toMatchObject({ type: 'document', options: { document: { require_matching_selfie: true } }, metadata: { userId: ines.id }, client_reference_id: ines.id });
    // Asking again while the session waits reuses it (each verification is billed).
    expect(ok(await as(ines, START), 'startIdentityVerification').clientSecret).toBe(started.clientSecret);

    // A failed attempt keeps it pending with Stripe's reason.
    await standin.failIdentityVerification(row.stripeSessionId!, 'selfie_face_mismatch');
    await standin.settled();
    expect(ok(await as(ines, ME), 'me')).toMatchObject({ identityAssurance: 'SELF_ASSERTED', identityVerification: { status: 'PENDING', rejectionReason: expect.any(String) } });

    await standin.completeIdentityVerification(row.stripeSessionId!, { firstName: 'Inès', lastName: 'Moreau' });
    await standin.settled();
    const verifiedDeliveries = standin.deliveries.filter((d) => d.type === 'identity.verification_session.verified');
    expect(verifiedDeliveries.map((d) => d.status)).toEqual([200]);
    expect(ok(await as(ines, ME), 'me')).toMatchObject({
      identityAssurance: 'DOCUMENT_VERIFIED',
      legalName: 'Inès Moreau',
      identityVerification: { method: 'STRIPE_IDENTITY', status: 'VERIFIED', legalName: 'Inès Moreau' },
    });
    // Her credential was checked again against the verified name, and still seals.
    expect(ok(await as(ines, `query($id: UUID!) { credential(id: $id) { status canSeal } }`, { id: credential.id }), 'credential')).toMatchObject({ status: 'VERIFIED', canSeal: true });

    // The same event delivered again changes nothing.
    const event = standin.events.find((e) => e.type === 'identity.verification_session.verified')!;
    const payload = JSON.stringify(event);
    const { default: Stripe } = await import('stripe');
    const header = new Stripe(standin.secretKey).webhooks.generateTestHeaderString({ payload, secret: standin.webhookSecret });
    await db().user.update({ where: { id: ines.id }, data: { legalName: 'Changed Meanwhile' } });
    const again = await fetch(`${app.url}/v1/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await db().user.findUniqueOrThrow({ where: { id: ines.id } })).legalName).toBe('Changed Meanwhile');
    // A forged one is refused.
    const forged = await fetch(`${app.url}/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header.replace(/v1=[0-9a-f]{8}/, 'v1=00000000') },
      body: payload,
    });
    expect(forged.status).toBe(400);
  });

  it('ignores a verified event for a session it never made, and a verified event whose session Stripe does not report verified', async () => {
    const user = await seedUser({ displayName: 'Uma Unknown' });
    const started = ok(await as(user, START), 'startIdentityVerification');
    const row = await db().identityVerification.findUniqueOrThrow({ where: { id: started.verification.id } });
    const { default: Stripe } = await import('stripe');
    const sdk = new Stripe(standin.secretKey);
    const send = async (object: Record<string, unknown>) => {
      const payload = JSON.stringify({
        id: `evt_${crypto.randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'identity.verification_session.verified',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const res = await fetch(`${app.url}/v1/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: standin.webhookSecret }) },
        body: payload,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await send({ id: 'vs_nobody', object: 'identity.verification_session', status: 'verified' })).toMatchObject({ status: 200, body: { outcome: 'unknown_session' } });
    // The event claims "verified", Stripe says the session still requires input: nothing changes.
    expect(await send({ id: row.stripeSessionId, object: 'identity.verification_session', status: 'verified' })).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(ok(await as(user, ME), 'me').identityAssurance).toBe('SELF_ASSERTED');
  });
});

describe('the second probe: attestation, disputes, suspension and privacy (each failed before its fix)', () => {
  let admin: SeededUser;
  beforeAll(async () => {
    admin = await platformAdmin();
  });

  async function verifiedFirm(ownerName: string) {
    const owner = await seedUser({ displayName: ownerName, planLevel: 'TEAM' });
    await documentVerified(owner, ownerName, admin);
    return owner;
  }

  it('an attestation never renames anyone, nor overwrites another organization’s, so it cannot take a member’s license', async () => {
    const record = await seedProfessional({ firstName: 'Chloé', lastName: 'Miller', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    const victim = await seedUser({ displayName: 'Chloé Miller', planLevel: 'PROFESSIONAL' });
    const held = ok(await as(victim, CLAIM, { id: record.id }), 'claimProfessional');
    // An attacker whose own ID was checked adds the victim to his firm (no consent needed) and attests another name.
    const ivan = await verifiedFirm('Ivan Impostor');
    await addMember(ivan, victim);
    const renamed = await as(ivan, ATTEST, { input: { userId: victim.id, legalName: 'Zed Nobody' } });
    expect(code(renamed)).toBe('BAD_USER_INPUT');
    expect(ok(await as(victim, ME), 'me').identityAssurance).toBe('SELF_ASSERTED');
    expect(ok(await as(victim, `query($id: UUID!) { credential(id: $id) { ${CRED} } }`, { id: held.id }), 'credential')).toMatchObject({ status: 'CLAIMED', canSeal: true });
    // A firm that attests its member truly; a second firm cannot attest them again under another name.
    const bea = await verifiedFirm('Bea Boss');
    const member = await seedUser({ displayName: 'Zoe Wilson' });
    await addMember(bea, member);
    ok(await as(bea, ATTEST, { input: { userId: member.id, legalName: 'Zoe B. Wilson' } }), 'verifyMemberIdentity');
    await addMember(ivan, member);
    expect(code(await as(ivan, ATTEST, { input: { userId: member.id, legalName: 'Zoe Wilson' } }))).toBe('CONFLICT');
    expect(ok(await as(member, ME), 'me')).toMatchObject({ identityAssurance: 'ORGANIZATION_ATTESTED', legalName: 'Zoe B. Wilson' });
  });

  it('an attested identity cannot take a license from anyone: only a government ID proves it', async () => {
    const license = await boardLicense('Omar', 'Reyes');
    const holder = await seedUser({ displayName: 'Omar Reyes', planLevel: 'PROFESSIONAL' });
    ok(await as(holder, CREATE, { input: license }), 'createCredential');
    const firm = await verifiedFirm('Firm Owner');
    const puppet = await seedUser({ displayName: 'Omar Reyes', planLevel: 'PROFESSIONAL' });
    await addMember(firm, puppet);
    ok(await as(firm, ATTEST, { input: { userId: puppet.id, legalName: 'Omar Reyes' } }), 'verifyMemberIdentity');
    expect(code(await as(puppet, CREATE, { input: license }))).toBe('CONFLICT');
  });

  it('a license proven by a government ID disputes the earlier holder’s seals even when they let it go first', async () => {
    const record = await seedProfessional({ firstName: 'Ruth', lastName: 'Okoro', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    const impostor = await seedUser({ displayName: 'Ruth Okoro', planLevel: 'PROFESSIONAL' });
    const stolen = ok(await as(impostor, CLAIM, { id: record.id }), 'claimProfessional');
    const forged = ok<{ verificationCode: string }>(await sealWith(impostor, stolen.id), 'sealDocument');
    ok(await as(impostor, DELETE, { id: stolen.id, release: true }), 'deleteCredential');
    expect((await db().seal.findUniqueOrThrow({ where: { verificationCode: forged.verificationCode } })).disputedAt).toBeNull();
    const ruth = await seedUser({ displayName: 'Ruth Okoro', planLevel: 'PROFESSIONAL' });
    await documentVerified(ruth, 'Ruth A. Okoro', admin);
    ok(await as(ruth, CLAIM, { id: record.id }), 'claimProfessional');
    expect((await restRecord(forged.verificationCode)).credential.status).toBe('disputed');
  });

  it('a namesake is not the license’s holder: a middle name the license carries must be in the verified legal name', async () => {
    const record = await seedProfessional({ firstName: 'Fatima', middleName: 'K.', lastName: 'Anderson', stateCode: 'TX', licenseType: 'engineer', licenseStatus: 'active' });
    const holder = await seedUser({ displayName: 'Fatima Anderson', planLevel: 'PROFESSIONAL' });
    const held = ok(await as(holder, CLAIM, { id: record.id }), 'claimProfessional');
    const sealed = ok<{ verificationCode: string }>(await sealWith(holder, held.id), 'sealDocument');
    for (const legalName of ['Fatima Anderson', 'Fatima L. Anderson']) {
      const namesake = await seedUser({ displayName: 'Fatima Anderson', planLevel: 'PROFESSIONAL' });
      await documentVerified(namesake, legalName, admin);
      expect(code(await as(namesake, CLAIM, { id: record.id }))).toBe('CONFLICT');
    }
    expect((await db().seal.findUniqueOrThrow({ where: { verificationCode: sealed.verificationCode } })).disputedAt).toBeNull();
    // The one whose ID carries the middle name does take it back.
    const real = await seedUser({ displayName: 'Fatima Anderson', planLevel: 'PROFESSIONAL' });
    await documentVerified(real, 'Fatima Karima Anderson', admin);
    ok(await as(real, CLAIM, { id: record.id }), 'claimProfessional');
    expect((await restRecord(sealed.verificationCode)).credential.status).toBe('disputed');
  });

  it('a suspension outlives the credential: deleting and adding the license again there does not lift it', async () => {
    const boss = await seedUser({ displayName: 'Bo Boss', planLevel: 'TEAM' });
    const member = await seedUser({ displayName: 'Mo Member', planLevel: 'PROFESSIONAL' });
    await addMember(boss, member);
    const inOrg = { 'x-organization-id': boss.organizationId };
    const license = await boardLicense('Mo', 'Member');
    const credential = ok(await as(member, CREATE, { input: license }, inOrg), 'createCredential');
    ok(await as(boss, 'mutation($id: UUID!, $r: String) { suspendCredential(id: $id, reason: $r) { id } }', { id: credential.id, r: 'Under review' }), 'suspendCredential');
    ok(await as(member, DELETE, { id: credential.id }, inOrg), 'deleteCredential');
    const again = ok(await as(member, `mutation($input: CreateCredentialInput!) { createCredential(input: $input) { ${CRED} suspensionReason } }`, { input: license }, inOrg), 'createCredential');
    expect(again).toMatchObject({ canSeal: false, suspensionReason: 'Under review' });
    expect(again.suspendedAt).not.toBeNull();
    // Reinstated, it seals again; and the same license in the holder's own organization was never suspended.
    ok(await as(boss, 'mutation($id: UUID!) { reinstateCredential(id: $id) { id } }', { id: again.id }), 'reinstateCredential');
    expect(ok(await as(member, `query($id: UUID!) { credential(id: $id) { canSeal } }`, { id: again.id }, inOrg), 'credential').canSeal).toBe(true);
  });

  it('identity requests are the user’s own: colleagues and other organizations read neither the request, its note, nor who decided', async () => {
    const boss = await verifiedFirm('Gail Boss');
    const member = await seedUser({ displayName: 'Hal Member' });
    await addMember(boss, member);
    ok(await as(member, START, { input: { legalName: 'Hal Member', note: 'passport 123' } }), 'startIdentityVerification');
    const MEMBERS_Q = '{ organizationMembersConnection(first: 50) { edges { node { user { id identityVerification { note legalName reviewer { email } } } } } } }';
    const seen = ok<{ edges: Array<{ node: { user: { id: string; identityVerification: unknown } } }> }>(await as(boss, MEMBERS_Q), 'organizationMembersConnection');
    const others = seen.edges.filter((e) => e.node.user.id !== boss.id);
    expect(others.length).toBeGreaterThan(0);
    for (const edge of others) expect(edge.node.user.identityVerification).toBeNull();
    // The boss's own request is hers; its reviewer (the platform admin) is not named to her.
    const mine = ok(await as(boss, ME), 'me');
    expect(mine.identityVerification).toMatchObject({ status: 'VERIFIED' });
    expect(mine.identityVerification.reviewer).toBeNull();
    expect(ok(await as(member, ME), 'me').identityVerification).toMatchObject({ status: 'PENDING', legalName: 'Hal Member' });
    // The admin sees who decided.
    const queue = ok<Array<{ user: { id: string } }>>(await as(admin, 'query { identityVerifications(status: VERIFIED, limit: 200) { user { id } reviewer { id } } }'), 'identityVerifications');
    expect(queue.some((r) => r.user.id === boss.id)).toBe(true);
  });

  it('a name on a credential is a person’s name: no markup or words riding between first and last name', async () => {
    const license = await boardLicense('Nancy', 'Thompson');
    const nancy = await seedUser({ displayName: 'Nancy Thompson', planLevel: 'PROFESSIONAL' });
    // Nor words no source carries (the third probe: they reached the stamp, /verify and the certificate).
    for (const displayName of [
      'Nancy <script>alert(1)</script> Thompson',
      'Nancy (Verified by Sealwright) Thompson',
      'Nancy Identity Verified By Government ID Thompson',
      'Nancy Thompson, Identity Verified By Sealwright',
    ]) {
      const res = await as(nancy, CREATE, { input: { ...license, displayName } });
      expect(code(res)).toBe('BAD_USER_INPUT');
    }
    expect(code(await as(nancy, START, { input: { legalName: 'Nancy <b>T</b> Thompson' } }))).toBe('BAD_USER_INPUT');
    expect(await db().credential.count({ where: { userId: nancy.id } })).toBe(0);
    // Apostrophes, hyphens, periods and a comma are a person's name.
    const oneil = await seedUser({ displayName: "Nancy O'Neil-Thompson", planLevel: 'PROFESSIONAL' });
    const hers = await boardLicense('Nancy', "O'Neil-Thompson");
    expect(ok(await as(oneil, CREATE, { input: { ...hers, displayName: "Nancy O'Neil-Thompson, P.E." } }), 'createCredential').status).toBe('VERIFIED');
    expect(ok(await as(nancy, CREATE, { input: { ...license, displayName: 'Nancy J. Thompson, P.E.' } }), 'createCredential').status).toBe('VERIFIED');
  });

  it('an account named with words the board does not list cannot seal with the license: the credential is REJECTED with the reason', async () => {
    // The third probe: the account's own name carried the words, and the board's first and last names matched.
    const license = await boardLicense('Anthony', 'White');
    const anthony = await seedUser({ displayName: 'Anthony Identity Verified By Government ID White', planLevel: 'PROFESSIONAL' });
    const credential = ok(await as(anthony, CREATE, { input: license }), 'createCredential') as { id: string; status: string; canSeal: boolean; rejectionReason: string };
    expect(credential).toMatchObject({ status: 'REJECTED', canSeal: false });
    expect(credential.rejectionReason).toMatch(/The board lists this license as Anthony White/);
    expect(code(await sealWith(anthony, credential.id))).toBeDefined();
    expect(await db().seal.count({ where: { credentialId: credential.id } })).toBe(0);
  });
});
