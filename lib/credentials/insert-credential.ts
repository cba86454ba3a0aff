import { db, Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import { loadIdentity } from '../identity/assurance.ts';
import type { Actor } from '../orgs/actor.ts';
import { lockOrganization } from '../orgs/lock.ts';
import { planOf } from '../orgs/plans.ts';
import { credentialSelect } from './credential-select.ts';
import { sealTextRefusal } from './credential-stamp.ts';
import type { CredentialRow } from './credential-select.ts';
import { disputeEarlierSeals, disputeLicense, heldError, licenseKeyOf, mayTakeBack, otherHolderOf, provesLicense } from './license-holder.ts';

export { licenseKeyOf };

export interface InsertOptions {
  /** The license's own name (board or directory): lets a verified claimant take it from a SELF_ASSERTED holder. */
  licenseName?: string | null;
  now?: Date;
}

/**
 * Store a new credential of the actor's organization. The plan's maxCredentials holds under
 * concurrency (the organization's row is locked while counting: PLAN_LIMIT_EXCEEDED). A license
 * already held by another account, or bound to the holder who deleted it less than 30 days ago,
 * is CONFLICT, unless the actor may take it back (license-holder.ts): then the earlier holder's
 * credential is disputed in the same transaction. A name or license number the seal cannot
 * print (sealTextRefusal) is BAD_USER_INPUT, and nothing is stored.
 */
export async function insertCredential(
  actor: Actor,
  data: Omit<Prisma.CredentialUncheckedCreateInput, 'organizationId' | 'userId' | 'licenseKey'>,
  { licenseName = null, now = new Date() }: InsertOptions = {},
): Promise<CredentialRow> {
  const unprintable = sealTextRefusal({ displayName: data.displayName, licenseNumber: data.licenseNumber, regionCode: data.regionCode, licenseType: data.licenseType });
  if (unprintable) throw new AppError('BAD_USER_INPUT', unprintable);
  const limit = planOf(actor.plan).maxCredentials;
  const holding = data.status !== 'REJECTED';
  const key = licenseKeyOf(data);
  try {
    return await db().$transaction(async (tx) => {
      await lockOrganization(tx, actor.organizationId);
      if (limit !== null && (await tx.credential.count({ where: { organizationId: actor.organizationId } })) >= limit) {
        throw new AppError('PLAN_LIMIT_EXCEEDED', `The ${actor.plan} plan holds at most ${limit} credential${limit === 1 ? '' : 's'}`);
      }
      if (holding) {
        const claimant = licenseName ? await loadIdentity(actor.userId, tx) : null;
        const holder = await otherHolderOf(tx, key, actor.userId, now);
        if (holder) {
          if (!claimant || !mayTakeBack(claimant, holder, licenseName)) throw heldError(holder, data);
          await disputeLicense(tx, key, holder, data, now);
        }
        if (claimant && provesLicense(claimant, licenseName)) await disputeEarlierSeals(tx, data, actor.userId, now);
        // The actor's own hold ends: the license is theirs again.
        await tx.licenseHold.deleteMany({ where: { licenseKey: key, userId: actor.userId } });
      }
      // A suspension put on this license here outlives a deleted credential.
      const suspension = await tx.credentialSuspension.findUnique({ where: { organizationId_licenseKey: { organizationId: actor.organizationId, licenseKey: key } } });
      const created = await tx.credential.create({
        data: {
          ...data,
          organizationId: actor.organizationId,
          userId: actor.userId,
          licenseKey: holding ? key : null,
          ...(suspension ? { suspendedAt: suspension.suspendedAt, suspendedById: suspension.suspendedById, suspensionReason: suspension.reason } : {}),
        },
        select: credentialSelect,
      });
      // A holder who deleted the credential while this one waited on its key left a hold: look again.
      if (holding) {
        const late = await otherHolderOf(tx, key, actor.userId, now);
        if (late) throw heldError(late, data);
      }
      return created;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const what = `The ${data.regionCode} ${data.licenseType} license ${data.licenseNumber}`;
      // The holder may be the actor, in another of their organizations: say so, not "an account".
      const own = await db().credential.findFirst({ where: { licenseKey: key, userId: actor.userId }, select: { organization: { select: { name: true } } } });
      if (own) {
        throw new AppError(
          'CONFLICT',
          `${what} is already yours, in your organization ${quote(own.organization.name)}: a license is held by one credential at a time, so seal from there, or delete it there first`,
        );
      }
      throw new AppError('CONFLICT', `${what} is already held by an account`);
    }
    throw err;
  }
}
