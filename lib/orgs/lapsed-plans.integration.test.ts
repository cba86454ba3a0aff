/**
 * A paid plan cancelled at period end is FREE `canceled` once the period is over: reads compute
 * it without writing (loadActor, the subscription), and the writes happen where they belong:
 * the request pipeline's plan step (authenticate), and the periodic sweep.
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import { authenticate } from '../auth/accounts.ts';
import { db } from '../db/index.ts';
import { loadActor } from './actor.ts';
import { dropLapsedPlans } from './lapsed-plans.ts';
import { getSubscription } from './organizations.ts';

const row = (id: string) => db().organization.findUniqueOrThrow({ where: { id }, select: { planLevel: true, subscriptionStatus: true, cancelAtPeriodEnd: true } });

async function lapsedTeam() {
  const user = await seedUser({ planLevel: 'TEAM' });
  await db().organization.update({ where: { id: user.organizationId }, data: { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - 1000) } });
  return user;
}

describe('a lapsed plan', () => {
  it('reads FREE canceled in loadActor and the subscription, which write nothing', async () => {
    const user = await lapsedTeam();
    const actor = (await loadActor({ userId: user.id }))!;
    expect(actor.plan).toBe('FREE');
    expect(await getSubscription({ actor })).toMatchObject({ planLevel: 'FREE', status: 'canceled', cancelAtPeriodEnd: false });
    expect(await row(user.organizationId)).toEqual({ planLevel: 'TEAM', subscriptionStatus: 'active', cancelAtPeriodEnd: true });
  });

  it('is written FREE canceled by the plan step of a request (authenticate), before the operation reads it', async () => {
    const user = await lapsedTeam();
    const actor = await authenticate({ authorization: `Bearer ${user.accessToken}` });
    expect(actor?.plan).toBe('FREE');
    expect(await row(user.organizationId)).toEqual({ planLevel: 'FREE', subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
  });

  it('is written by the sweep, and a plan still in its period, or renewing, is left alone', async () => {
    const lapsed = await lapsedTeam();
    const running = await seedUser({ planLevel: 'TEAM' });
    await db().organization.update({ where: { id: running.organizationId }, data: { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() + 86_400_000) } });
    const renewing = await seedUser({ planLevel: 'TEAM' });
    await db().organization.update({ where: { id: renewing.organizationId }, data: { currentPeriodEnd: new Date(Date.now() - 1000) } });
    expect(await dropLapsedPlans()).toBeGreaterThanOrEqual(1);
    expect(await row(lapsed.organizationId)).toEqual({ planLevel: 'FREE', subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
    expect((await row(running.organizationId)).planLevel).toBe('TEAM');
    expect((await row(renewing.organizationId)).planLevel).toBe('TEAM');
  });
});
