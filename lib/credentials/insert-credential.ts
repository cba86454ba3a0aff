import { db, Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { lockOrganization } from '../orgs/lock.ts';
import { planOf } from '../orgs/plans.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';

/** The key a credential holds its license by (unique while it is not REJECTED). */
export function licenseKeyOf(c: { regionCode: string; licenseType: string; licenseNumber: string }): string {
  return `${c.regionCode}|${c.licenseType}|${c.licenseNumber}`;
}

/**
 * Store a new credential of the actor's organization. The plan's maxCredentials holds under
 * concurrency (the organization's row is locked while counting: PLAN_LIMIT_EXCEEDED), and a
 * license already held by any account is CONFLICT (a credential that is not REJECTED holds its state, type and number: licenseKey).
 */
export async function insertCredential(actor: Actor, data: Omit<Prisma.CredentialUncheckedCreateInput, 'organizationId' | 'userId' | 'licenseKey'>): Promise<CredentialRow> {
  const limit = planOf(actor.plan).maxCredentials;
  try {
    return await db().$transaction(async (tx) => {
      await lockOrganization(tx, actor.organizationId);
      if (limit !== null && (await tx.credential.count({ where: { organizationId: actor.organizationId } })) >= limit) {
        throw new AppError('PLAN_LIMIT_EXCEEDED', `The ${actor.plan} plan holds at most ${limit} credential${limit === 1 ? '' : 's'}`);
      }
      return tx.credential.create({
        data: { ...data, organizationId: actor.organizationId, userId: actor.userId, licenseKey: data.status === 'REJECTED' ? null : licenseKeyOf(data) },
        select: credentialSelect,
      });
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('CONFLICT', `The ${data.regionCode} ${data.licenseType} license ${data.licenseNumber} is already held by an account`);
    }
    throw err;
  }
}
