import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { findOwnCredential } from './holder-only.ts';
import { holdLicense } from './license-holder.ts';

/**
 * Before credentials are deleted: their seals keep each one's status then (Seal.credentialEndStatus),
 * so a license the board revoked or rejected is not read as active again once its credential is
 * gone (an attacker's probe: delete it, and every past seal went back to "active").
 */
export async function keepStandingOnSeals(tx: Prisma.TransactionClient, where: { id: string } | { userId: string; organizationIds: string[] }): Promise<void> {
  if ('id' in where) {
    await tx.$executeRaw`UPDATE "Seal" s SET "credentialEndStatus" = c."status" FROM "Credential" c WHERE s."credentialId" = c."id" AND c."id" = ${where.id}::uuid`;
  } else {
    await tx.$executeRaw`UPDATE "Seal" s SET "credentialEndStatus" = c."status" FROM "Credential" c
      WHERE s."credentialId" = c."id" AND (c."userId" = ${where.userId}::uuid OR c."organizationId" = ANY(${where.organizationIds}::uuid[]))`;
  }
}

/**
 * Remove one of the actor's own credentials (a colleague's is FORBIDDEN, another
 * organization's NOT_FOUND). Its license stays bound to the holder for 30 days, so no other
 * account takes it over meanwhile, unless `releaseLicense` lets it go at once. Seals made with
 * it stay verifiable (their credential data is kept on the seal).
 */
export async function deleteCredential({ actor, id, releaseLicense = false, now = new Date() }: { actor: Actor; id: string; releaseLicense?: boolean | null; now?: Date }): Promise<{ id: string }> {
  await findOwnCredential({ actor, id, act: 'delete' });
  return db().$transaction(async (tx) => {
    const gone = await tx.credential.findFirst({ where: { id, organizationId: actor.organizationId, userId: actor.userId }, select: { licenseKey: true } });
    if (!gone) throw new AppError('NOT_FOUND', 'Credential not found');
    await keepStandingOnSeals(tx, { id });
    await tx.credential.delete({ where: { id }, select: { id: true } });
    if (gone.licenseKey) {
      if (releaseLicense) await tx.licenseHold.deleteMany({ where: { licenseKey: gone.licenseKey, userId: actor.userId } });
      else await holdLicense(tx, gone.licenseKey, actor.userId, now);
    }
    return { id };
  });
}
