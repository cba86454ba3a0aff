import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { findOwnCredential } from './holder-only.ts';
import { holdLicense } from './license-holder.ts';

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
    await tx.credential.delete({ where: { id }, select: { id: true } });
    if (gone.licenseKey) {
      if (releaseLicense) await tx.licenseHold.deleteMany({ where: { licenseKey: gone.licenseKey, userId: actor.userId } });
      else await holdLicense(tx, gone.licenseKey, actor.userId, now);
    }
    return { id };
  });
}
