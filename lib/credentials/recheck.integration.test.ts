/** The periodic re-check of credentials with their licensing board (decisions.md "Credential lifecycle"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBoardRecord, seedProfessional, seedUser } from '../../prisma/factories.ts';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { HttpBoardSource } from '../boards/http-source.ts';
import { LocalBoardSource } from '../boards/local-source.ts';
import { db } from '../db/index.ts';
import { loadActor } from '../orgs/actor.ts';
import { claimProfessional } from './claim-professional.ts';
import { createCredential } from './create-credential.ts';
import { recheckCredentials, RECHECK_AFTER_DAYS } from './recheck-credentials.ts';

const local = new LocalBoardSource();
const DAY = 86_400_000;
const start = new Date('2026-11-23T12:00:00Z');
const later = (days: number) => new Date(start.getTime() + days * DAY);

async function actor(displayName: string) {
  const user = await seedUser({ displayName, planLevel: 'TEAM' });
  return (await loadActor({ userId: user.id }))!;
}

const statusOf = async (id: string) =>
  db().credential.findUniqueOrThrow({ where: { id }, select: { status: true, lastVerifiedAt: true, verificationMethod: true, verifiedAt: true, rejectionReason: true } });

describe('recheckCredentials', () => {
  let board: Awaited<ReturnType<typeof startBoardStandIn>>;
  beforeAll(async () => {
    board = await startBoardStandIn([]);
  });
  afterAll(() => board.close());

  it('re-checks only credentials not checked for 7 days: a revoked one REVOKED, a lapsed one EXPIRED, a good one keeps its status', async () => {
    const holder = await actor('Taylor Brooks');
    const number = (n: number) => `RC-${n}-${Math.random().toString(36).slice(2, 8)}`;
    const [good, toRevoke, toExpire, fresh] = [number(1), number(2), number(3), number(4)];
    for (const licenseNumber of [good, toRevoke, toExpire, fresh]) {
      await seedBoardRecord({ stateCode: 'VT', licenseType: 'architect', licenseNumber, firstName: 'Taylor', lastName: 'Brooks', licenseStatus: 'active', expirationDate: '2026-12-31' });
    }
    const made = new Map<string, string>();
    for (const licenseNumber of [good, toRevoke, toExpire]) {
      const c = await createCredential({ actor: holder, input: { licenseNumber, regionCode: 'VT', licenseType: 'architect' }, board: local, now: start });
      expect(c.status).toBe('VERIFIED');
      made.set(licenseNumber, c.id);
    }
    const recent = await createCredential({ actor: holder, input: { licenseNumber: fresh, regionCode: 'VT', licenseType: 'architect' }, board: local, now: later(RECHECK_AFTER_DAYS + 5) });

    // The board's records change meanwhile.
    await db().boardRecord.updateMany({ where: { licenseNumber: toRevoke }, data: { licenseStatus: 'suspended' } });
    await db().boardRecord.updateMany({ where: { licenseNumber: toExpire }, data: { expirationDate: new Date('2026-11-30T00:00:00Z') } });
    await db().boardRecord.updateMany({ where: { licenseNumber: fresh }, data: { licenseStatus: 'revoked' } });

    // Six days on, nothing is due.
    const early = await recheckCredentials({ board: local, now: later(6) });
    expect(early.checked).toBe(0);

    const now = later(RECHECK_AFTER_DAYS + 6); // 2026-12-06: past toExpire's new date
    const report = await recheckCredentials({ board: local, now });
    expect(report.boardUnavailable).toBe(false);
    expect(report.checked).toBeGreaterThanOrEqual(3);
    expect(await statusOf(made.get(good)!)).toMatchObject({ status: 'VERIFIED', lastVerifiedAt: now, verifiedAt: start });
    expect(await statusOf(made.get(toRevoke)!)).toMatchObject({ status: 'REVOKED', lastVerifiedAt: now, rejectionReason: 'The board reports this license suspended' });
    expect(await statusOf(made.get(toExpire)!)).toMatchObject({ status: 'EXPIRED', lastVerifiedAt: now });
    // Checked one day before: not due yet, so the board's revocation waits for its turn.
    expect(await statusOf(recent.id)).toMatchObject({ status: 'VERIFIED', lastVerifiedAt: later(RECHECK_AFTER_DAYS + 5) });
    // A second sweep right after has nothing of these left to do.
    const again = await recheckCredentials({ board: local, now: new Date(now.getTime() + 1000) });
    const ids = [...made.values()];
    expect(await db().credential.count({ where: { id: { in: ids }, lastVerifiedAt: { gt: now } } })).toBe(0);
    expect(again.boardUnavailable).toBe(false);
  });

  it('keeps a claimed license CLAIMED when the board confirms it', async () => {
    const record = await seedProfessional({ firstName: 'Emery', lastName: 'Lang', licenseStatus: 'active', expirationDate: '2029-01-31' });
    const claimed = await claimProfessional({ actor: await actor('Emery Lang'), professionalId: record.id, now: start });
    await recheckCredentials({ board: local, now: later(30) });
    expect(await statusOf(claimed.id)).toMatchObject({ status: 'CLAIMED', verificationMethod: 'VENDOR_API', verifiedAt: start, lastVerifiedAt: later(30) });
  });

  it('retries PENDING credentials, and stops without changing anything while the board does not answer', async () => {
    await db().credential.deleteMany({});
    const holder = await actor('Parker Reed');
    const impatient = new HttpBoardSource(board.url, 200);
    board.setMode('hang');
    const pending = await createCredential({ actor: holder, input: { licenseNumber: 'PR-1', regionCode: 'VT', licenseType: 'engineer' }, board: impatient });
    const second = await createCredential({ actor: holder, input: { licenseNumber: 'PR-2', regionCode: 'VT', licenseType: 'engineer' }, board: impatient });
    expect([pending.status, second.status]).toEqual(['PENDING', 'PENDING']);
    const asked = board.state.requests.length;
    const down = await recheckCredentials({ board: impatient });
    expect(down).toEqual({ checked: 0, changed: 0, boardUnavailable: true });
    expect(board.state.requests.length - asked).toBe(1); // it stopped at the first silence
    expect(await statusOf(pending.id)).toMatchObject({ status: 'PENDING', lastVerifiedAt: null });

    await seedBoardRecord({ stateCode: 'VT', licenseType: 'engineer', licenseNumber: 'PR-1', firstName: 'Parker', lastName: 'Reed', licenseStatus: 'active', expirationDate: '2028-01-31' });
    const up = await recheckCredentials({ board: local });
    expect(up).toMatchObject({ checked: 2, changed: 2, boardUnavailable: false });
    expect((await statusOf(pending.id)).status).toBe('VERIFIED');
    expect((await statusOf(second.id)).status).toBe('REJECTED');
  });
});
