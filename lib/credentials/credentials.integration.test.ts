import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBoardRecord, seedUser } from '../../prisma/factories.ts';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { HttpBoardSource } from '../boards/http-source.ts';
import { LocalBoardSource } from '../boards/local-source.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { loadActor } from '../orgs/actor.ts';
import { setupOrganization } from '../orgs/members.ts';
import type { Actor } from '../orgs/actor.ts';
import { createCredential } from './create-credential.ts';
import { deleteCredential } from './delete-credential.ts';
import { getCredential } from './get-credential.ts';
import { reverifyCredential } from './reverify-credential.ts';

const local = new LocalBoardSource();
let numbers = 5000;
const nextNumber = () => String(++numbers);

async function actorFor(options: Parameters<typeof seedUser>[0] = {}): Promise<Actor> {
  const user = await seedUser({ planLevel: 'TEAM', ...options });
  return (await loadActor({ userId: user.id }))!;
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return 'accepted';
}

let board: Awaited<ReturnType<typeof startBoardStandIn>>;
beforeAll(async () => {
  board = await startBoardStandIn([
    { license_number: '7001', state_code: 'OR', license_type: 'engineer', first_name: 'Alex', last_name: 'Rivera', expiration_date: '2028-01-31', license_status: 'active' },
  ]);
});
afterAll(async () => {
  await board.close();
});

describe('createCredential against the local board registry', () => {
  it('verifies a license the board holds in the holder\u2019s name, middle names and accents aside', async () => {
    const actor = await actorFor({ displayName: 'Alex Q. Rivera, P.E.' });
    const number = nextNumber();
    await seedBoardRecord({ stateCode: 'OR', licenseType: 'civil-engineer', licenseNumber: number, firstName: 'Álex', lastName: 'Rivera', licenseStatus: 'active', expirationDate: '2028-03-31' });
    const now = new Date('2026-11-23T12:00:00Z');
    const credential = await createCredential({ actor, input: { licenseNumber: number, regionCode: 'OR', licenseType: 'civil-engineer' }, board: local, now });
    expect(credential).toMatchObject({ status: 'VERIFIED', verificationMethod: 'BOARD_LOOKUP', verifiedAt: now, lastVerifiedAt: now, rejectionReason: null, displayName: 'Alex Q. Rivera, P.E.' });
    expect(credential.expirationDate?.toISOString().slice(0, 10)).toBe('2028-03-31');
  });

  it('rejects a license in another name, or one the board does not have, with a reason', async () => {
    const actor = await actorFor({ displayName: 'Sam Other' });
    const number = nextNumber();
    await seedBoardRecord({ stateCode: 'OR', licenseType: 'architect', licenseNumber: number, firstName: 'Jane', lastName: 'Holder', licenseStatus: 'active' });
    const wrongName = await createCredential({ actor, input: { licenseNumber: number, regionCode: 'OR', licenseType: 'architect' }, board: local });
    expect(wrongName).toMatchObject({ status: 'REJECTED', verifiedAt: null });
    expect(wrongName.rejectionReason).toMatch(/another name than Sam Other/);
    const unknown = await createCredential({ actor, input: { licenseNumber: nextNumber(), regionCode: 'OR', licenseType: 'architect' }, board: local });
    expect(unknown.rejectionReason).toMatch(/The OR board has no architect license/);
  });

  it('marks a license the board reports revoked REVOKED, and one past its date EXPIRED', async () => {
    const actor = await actorFor({ displayName: 'Alex Rivera' });
    const revoked = nextNumber();
    const expired = nextNumber();
    await seedBoardRecord({ stateCode: 'OR', licenseType: 'land-surveyor', licenseNumber: revoked, firstName: 'Alex', lastName: 'Rivera', licenseStatus: 'suspended' });
    await seedBoardRecord({ stateCode: 'OR', licenseType: 'land-surveyor', licenseNumber: expired, firstName: 'Alex', lastName: 'Rivera', licenseStatus: 'active', expirationDate: '2026-01-31' });
    expect((await createCredential({ actor, input: { licenseNumber: revoked, regionCode: 'OR', licenseType: 'land-surveyor' }, board: local })).status).toBe('REVOKED');
    expect((await createCredential({ actor, input: { licenseNumber: expired, regionCode: 'OR', licenseType: 'land-surveyor' }, board: local })).status).toBe('EXPIRED');
  });

  it('answers CONFLICT for a license someone already holds, but a rejected credential holds nothing', async () => {
    const number = nextNumber();
    await seedBoardRecord({ stateCode: 'OR', licenseType: 'engineer', licenseNumber: number, firstName: 'Alex', lastName: 'Rivera', licenseStatus: 'active' });
    const first = await actorFor();
    const second = await actorFor();
    expect((await createCredential({ actor: first, input: { licenseNumber: number, regionCode: 'OR', licenseType: 'engineer' }, board: local })).status).toBe('VERIFIED');
    expect(await codeOf(createCredential({ actor: second, input: { licenseNumber: number, regionCode: 'or', licenseType: 'engineer' }, board: local }))).toBe('CONFLICT');
    // The holder adding it again in another of their organizations is told it is theirs, where.
    const theirOther = await setupOrganization({ actor: first, input: { name: 'Rivera Consulting' } });
    const elsewhere = (await loadActor({ userId: first.userId, requestedOrganizationId: theirOther.id }))!;
    await expect(createCredential({ actor: elsewhere, input: { licenseNumber: number, regionCode: 'OR', licenseType: 'engineer' }, board: local })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/is already yours, in your organization "[^"]+": a license is held by one credential at a time/),
    });
    expect(await db().credential.count({ where: { organizationId: theirOther.id } })).toBe(0);
    // A license the board does not know: the first try is REJECTED and keeps no one out.
    const unknown = nextNumber();
    expect((await createCredential({ actor: first, input: { licenseNumber: unknown, regionCode: 'OR', licenseType: 'engineer' }, board: local })).status).toBe('REJECTED');
    expect(await codeOf(createCredential({ actor: second, input: { licenseNumber: unknown, regionCode: 'OR', licenseType: 'engineer' }, board: local }))).toBe('accepted');
  });

  it("holds the plan's maxCredentials, even when two arrive at once", async () => {
    const actor = await actorFor({ planLevel: 'FREE' });
    const results = await Promise.all([1, 2].map(() => codeOf(createCredential({ actor, input: { licenseNumber: nextNumber(), regionCode: 'OR', licenseType: 'engineer' }, board: local }))));
    expect(results.sort()).toEqual(['PLAN_LIMIT_EXCEEDED', 'accepted']);
    expect(await db().credential.count({ where: { organizationId: actor.organizationId } })).toBe(1);
  });

  it('refuses bad input with BAD_USER_INPUT and stores nothing', async () => {
    const actor = await actorFor();
    for (const input of [
      { licenseNumber: '1', regionCode: 'XX', licenseType: 'engineer' },
      { licenseNumber: '1', regionCode: 'PR', licenseType: 'engineer' },
      { licenseNumber: '1', regionCode: 'OR', licenseType: 'doctor' },
      { licenseNumber: ' \u200b ', regionCode: 'OR', licenseType: 'engineer' },
      { licenseNumber: 'x'.repeat(41), regionCode: 'OR', licenseType: 'engineer' },
      { licenseNumber: '1', regionCode: 'OR', licenseType: 'engineer', expirationDate: '12/31/2027' },
    ]) {
      expect(await codeOf(createCredential({ actor, input, board: local })), JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    expect(await db().credential.count({ where: { organizationId: actor.organizationId } })).toBe(0);
  });
});

describe('a board that cannot answer', () => {
  it('leaves the credential PENDING, and reverifyCredential settles it once the board answers', async () => {
    const actor = await actorFor({ displayName: 'Alex Rivera' });
    const impatient = new HttpBoardSource(board.url, 200);
    const http = new HttpBoardSource(board.url, 10_000);
    board.setMode('hang');
    const pending = await createCredential({ actor, input: { licenseNumber: '7001', regionCode: 'OR', licenseType: 'engineer' }, board: impatient });
    expect(pending).toMatchObject({ status: 'PENDING', verificationMethod: 'MANUAL', verifiedAt: null, lastVerifiedAt: null });
    board.setMode('refuse');
    expect((await reverifyCredential({ actor, id: pending.id, board: http })).status).toBe('PENDING');
    board.setMode('answer');
    const settled = await reverifyCredential({ actor, id: pending.id, board: http });
    expect(settled).toMatchObject({ status: 'VERIFIED', verificationMethod: 'BOARD_LOOKUP' });
    expect(settled.lastVerifiedAt).not.toBeNull();
  });
});

describe('tenancy', () => {
  it("reads another organization's credential as null, and refuses its mutations with NOT_FOUND", async () => {
    const owner = await actorFor();
    const stranger = await actorFor();
    const credential = await createCredential({ actor: owner, input: { licenseNumber: nextNumber(), regionCode: 'OR', licenseType: 'engineer' }, board: local });
    expect(await getCredential({ actor: stranger, id: credential.id })).toBeNull();
    expect(await codeOf(reverifyCredential({ actor: stranger, id: credential.id, board: local }))).toBe('NOT_FOUND');
    expect(await codeOf(deleteCredential({ actor: stranger, id: credential.id }))).toBe('NOT_FOUND');
    expect((await getCredential({ actor: owner, id: credential.id }))?.id).toBe(credential.id);
    expect(await deleteCredential({ actor: owner, id: credential.id })).toEqual({ id: credential.id });
    expect(await getCredential({ actor: owner, id: credential.id })).toBeNull();
  });
});
