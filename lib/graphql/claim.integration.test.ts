/**
 * Claiming a directory license, and createCredential against a licensing board's HTTP API,
 * over GraphQL: real requests through the route handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { seedProfessional, seedUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';
import { parseEnv } from '../env.ts';
import { createGraphQLHandler, optionsFromEnv } from './http.ts';

const FIELDS = 'id licenseNumber regionCode licenseType displayName status verificationMethod verifiedAt lastVerifiedAt expirationDate rejectionReason isVerified isExpired canSeal';
const CLAIM = `mutation($id: UUID!) { claimProfessional(professionalId: $id) { ${FIELDS} } }`;

describe('claimProfessional', () => {
  it('claims an active license: CLAIMED by VENDOR_API, verified, in the record\u2019s name, and it can seal', async () => {
    const record = await seedProfessional({
      firstName: 'Dana',
      middleName: 'Q.',
      lastName: 'Whitfield',
      licenseType: 'civil-engineer',
      stateCode: 'NV',
      licenseStatus: 'active',
      expirationDate: '2028-09-30',
    });
    // Case, accents and the middle name aside, the names agree.
    const user = await seedUser({ displayName: 'dána WHITFIELD', planLevel: 'PROFESSIONAL' });
    const res = await gql(CLAIM, { token: user.accessToken, variables: { id: record.id } });
    expect(res.body.errors).toBeUndefined();
    const credential = res.body.data!.claimProfessional;
    expect(credential).toMatchObject({
      licenseNumber: record.licenseNumber,
      regionCode: 'NV',
      licenseType: 'civil-engineer',
      displayName: 'Dana Q. Whitfield',
      status: 'CLAIMED',
      verificationMethod: 'VENDOR_API',
      expirationDate: '2028-09-30',
      rejectionReason: null,
      isVerified: true,
      isExpired: false,
      canSeal: true,
    });
    expect(Date.parse(credential.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(credential.lastVerifiedAt).toBe(credential.verifiedAt);
    expect((await db().credential.findUniqueOrThrow({ where: { id: credential.id } })).professionalId).toBe(record.id);
    const me = await gql('{ me { credentialCount verificationStatus } }', { token: user.accessToken });
    expect(me.body.data!.me).toEqual({ credentialCount: 1, verificationStatus: 'verified' });
  });

  it('refuses a claimant whose name is not the record\u2019s with BAD_USER_INPUT, and stores nothing', async () => {
    const record = await seedProfessional({ firstName: 'Morgan', lastName: 'Ellery', licenseStatus: 'active' });
    for (const displayName of ['Morgan Ellison', 'Megan Ellery', 'Ellery']) {
      const user = await seedUser({ displayName, planLevel: 'PROFESSIONAL' });
      const res = await gql(CLAIM, { token: user.accessToken, variables: { id: record.id } });
      expect(res.body.errors![0].extensions, displayName).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
      expect(res.body.errors![0].message).toContain('in the name of Morgan Ellery');
      expect(await db().credential.count({ where: { organizationId: user.organizationId } })).toBe(0);
    }
  });

  it('answers CONFLICT when the license is claimed a second time, by anyone, and the first claim stands', async () => {
    const record = await seedProfessional({ firstName: 'Jordan', lastName: 'Blake', licenseStatus: 'active' });
    const first = await seedUser({ displayName: 'Jordan Blake', planLevel: 'PROFESSIONAL' });
    const second = await seedUser({ displayName: 'Jordan Blake', planLevel: 'PROFESSIONAL' });
    expect((await gql(CLAIM, { token: first.accessToken, variables: { id: record.id } })).body.errors).toBeUndefined();
    for (const user of [second, first]) {
      const again = await gql(CLAIM, { token: user.accessToken, variables: { id: record.id } });
      expect(again.body.errors![0].extensions).toEqual({ code: 'CONFLICT', status_code: 409 });
    }
    const held = await db().credential.findMany({ where: { professionalId: record.id }, select: { userId: true } });
    expect(held).toEqual([{ userId: first.id }]);
  });

  it('does not let a credential the board rejected (someone else’s license) keep the holder from claiming it', async () => {
    const record = await seedProfessional({ firstName: 'Ana', lastName: 'Kowalski', licenseType: 'engineer', stateCode: 'CO', licenseStatus: 'active' });
    const squatter = await seedUser({ displayName: 'Mallory Attacker', planLevel: 'PROFESSIONAL' });
    const squat = await gql(`mutation($input: CreateCredentialInput!) { createCredential(input: $input) { id status } }`, {
      token: squatter.accessToken,
      variables: { input: { licenseNumber: record.licenseNumber, regionCode: 'CO', licenseType: 'engineer' } },
    });
    expect(squat.body.data!.createCredential.status).toBe('REJECTED');
    const holder = await seedUser({ displayName: 'Ana Kowalski', planLevel: 'PROFESSIONAL' });
    const claim = await gql(CLAIM, { token: holder.accessToken, variables: { id: record.id } });
    expect(claim.body.errors).toBeUndefined();
    expect(claim.body.data!.claimProfessional.status).toBe('CLAIMED');
    // Checked again, the rejected one stays rejected (and stored, for its owner to see), and the claim stands.
    const again = await gql('mutation($id: UUID!) { reverifyCredential(id: $id) { status rejectionReason } }', {
      token: squatter.accessToken,
      variables: { id: squat.body.data!.createCredential.id },
    });
    expect(again.body.data!.reverifyCredential.status).toBe('REJECTED');
    // A second holder in the right name is still refused while the first holds it.
    const twin = await seedUser({ displayName: 'Ana Kowalski', planLevel: 'PROFESSIONAL' });
    const second = await gql(`mutation($input: CreateCredentialInput!) { createCredential(input: $input) { id } }`, {
      token: twin.accessToken,
      variables: { input: { licenseNumber: record.licenseNumber, regionCode: 'CO', licenseType: 'engineer' } },
    });
    expect(second.body.errors![0].extensions.code).toBe('CONFLICT');
  });

  it('holds an expired license as CLAIMED but unverified and expired: canSeal false', async () => {
    const record = await seedProfessional({ firstName: 'Avery', lastName: 'Stone', licenseStatus: 'expired', expirationDate: '2025-03-31' });
    const user = await seedUser({ displayName: 'Avery Stone', planLevel: 'PROFESSIONAL' });
    const res = await gql(CLAIM, { token: user.accessToken, variables: { id: record.id } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.claimProfessional).toMatchObject({
      status: 'CLAIMED',
      verificationMethod: 'VENDOR_API',
      verifiedAt: null,
      expirationDate: '2025-03-31',
      isVerified: false,
      isExpired: true,
      canSeal: false,
    });
    // A lapsed (inactive) license that has not reached its date cannot seal either.
    const lapsed = await seedProfessional({ firstName: 'Avery', lastName: 'Stone', licenseStatus: 'inactive', expirationDate: '2027-12-31' });
    const second = await gql(CLAIM, { token: user.accessToken, variables: { id: lapsed.id } });
    expect(second.body.data!.claimProfessional).toMatchObject({ status: 'CLAIMED', verifiedAt: null, isExpired: false, canSeal: false });
  });

  it('answers NOT_FOUND for an unknown record, UNAUTHENTICATED without a token, PLAN_LIMIT_EXCEEDED past the plan', async () => {
    const unknown = await seedUser({ displayName: 'Riley Park' });
    const missing = await gql(CLAIM, { token: unknown.accessToken, variables: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.body.errors![0].extensions).toEqual({ code: 'NOT_FOUND', status_code: 404 });
    const record = await seedProfessional({ firstName: 'Riley', lastName: 'Park', licenseStatus: 'active' });
    expect((await gql(CLAIM, { variables: { id: record.id } })).body.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const free = await seedUser({ displayName: 'Riley Park' }); // FREE: one credential
    expect((await gql(CLAIM, { token: free.accessToken, variables: { id: record.id } })).body.errors).toBeUndefined();
    const another = await seedProfessional({ firstName: 'Riley', lastName: 'Park', licenseStatus: 'active' });
    const over = await gql(CLAIM, { token: free.accessToken, variables: { id: another.id } });
    expect(over.body.errors![0].extensions).toEqual({ code: 'PLAN_LIMIT_EXCEEDED', status_code: 402 });
  });
});

describe('createCredential and reverifyCredential against a board\u2019s HTTP API', () => {
  const CREATE = `mutation($input: CreateCredentialInput!) { createCredential(input: $input) { ${FIELDS} } }`;
  const REVERIFY = `mutation($id: UUID!) { reverifyCredential(id: $id) { ${FIELDS} } }`;
  let board: Awaited<ReturnType<typeof startBoardStandIn>>;
  let handler: (req: Request) => Promise<Response>;
  beforeAll(async () => {
    board = await startBoardStandIn([
      { license_number: 'PE-9001', state_code: 'UT', license_type: 'engineer', first_name: 'Quinn', last_name: 'Harper', expiration_date: '2028-04-30', license_status: 'active' },
      { license_number: 'PE-9002', state_code: 'UT', license_type: 'engineer', first_name: 'Quinn', last_name: 'Harper', expiration_date: '2028-04-30', license_status: 'revoked' },
      { license_number: 'PE-9003', state_code: 'UT', license_type: 'engineer', first_name: 'Someone', last_name: 'Else', expiration_date: '2028-04-30', license_status: 'active' },
    ]);
    // The route handler as the app builds it, with BOARD_API_URL pointing at the stand-in.
    handler = createGraphQLHandler(optionsFromEnv(parseEnv({ ...process.env, BOARD_API_URL: `${board.url}`, BOARD_API_TIMEOUT_MS: '500' }))).POST;
  });
  afterAll(() => board.close());

  it('verifies a match, rejects another name, and marks a revoked license REVOKED', async () => {
    board.setMode('answer');
    const user = await seedUser({ displayName: 'Quinn Harper', planLevel: 'TEAM' });
    const create = (licenseNumber: string) => gql(CREATE, { token: user.accessToken, handler, variables: { input: { licenseNumber, regionCode: 'UT', licenseType: 'engineer' } } });
    expect((await create('PE-9001')).body.data!.createCredential).toMatchObject({
      status: 'VERIFIED',
      verificationMethod: 'BOARD_LOOKUP',
      isVerified: true,
      canSeal: true,
      expirationDate: '2028-04-30',
    });
    expect((await create('PE-9002')).body.data!.createCredential).toMatchObject({ status: 'REVOKED', isVerified: false, canSeal: false, rejectionReason: 'The board reports this license revoked' });
    const rejected = (await create('PE-9003')).body.data!.createCredential;
    expect(rejected).toMatchObject({ status: 'REJECTED', verifiedAt: null, canSeal: false });
    expect(rejected.rejectionReason).toContain('another name than Quinn Harper');
  });

  it('leaves the credential PENDING while the board hangs past the timeout, then reverifyCredential settles it', async () => {
    const user = await seedUser({ displayName: 'Quinn Harper', planLevel: 'TEAM' });
    await db().credential.deleteMany({ where: { licenseNumber: 'PE-9001' } });
    board.setMode('hang');
    const started = Date.now();
    const pending = await gql(CREATE, { token: user.accessToken, handler, variables: { input: { licenseNumber: 'PE-9001', regionCode: 'UT', licenseType: 'engineer' } } });
    expect(pending.body.errors).toBeUndefined();
    expect(pending.body.data!.createCredential).toMatchObject({ status: 'PENDING', verificationMethod: 'MANUAL', verifiedAt: null, lastVerifiedAt: null, canSeal: false });
    expect(Date.now() - started).toBeLessThan(20_000);
    const id = pending.body.data!.createCredential.id;
    expect((await gql(REVERIFY, { token: user.accessToken, handler, variables: { id } })).body.data!.reverifyCredential.status).toBe('PENDING');
    board.setMode('answer');
    const settled = (await gql(REVERIFY, { token: user.accessToken, handler, variables: { id } })).body.data!.reverifyCredential;
    expect(settled).toMatchObject({ status: 'VERIFIED', verificationMethod: 'BOARD_LOOKUP', isVerified: true, canSeal: true });
    expect(settled.lastVerifiedAt).not.toBeNull();
  });
});
