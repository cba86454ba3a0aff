import { db } from '../db/index.ts';
import { cleanText } from '../documents/fields.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { throwIfNoAccess } from '../orgs/permissions.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialQuery, CredentialRowQuery } from './get-credential.ts';
import { licenseKeyOf } from './license-holder.ts';

/**
 * An OWNER or ADMIN stops a member's credential from sealing in the organization (or lets it
 * seal again). It stays its holder's: suspension never moves a license to anyone else. The
 * suspension is kept for the license in the organization (CredentialSuspension), so deleting
 * the credential and adding the license again there does not lift it.
 */
export async function setCredentialSuspension<Q extends CredentialQuery = CredentialRowQuery>({
  actor,
  id,
  suspended,
  reason,
  query,
  now = new Date(),
}: {
  actor: Actor;
  id: string;
  suspended: boolean;
  reason?: string | null;
  query?: Q;
  now?: Date;
}) {
  const found = await db().credential.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, regionCode: true, licenseType: true, licenseNumber: true } });
  if (!found) throw new AppError('NOT_FOUND', 'Credential not found');
  throwIfNoAccess(actor, 'credentials.suspend', `Only an organization's OWNER or ADMIN ${suspended ? 'suspends' : 'reinstates'} a credential (your role: ${actor.role})`);
  const why = suspended ? cleanText(reason, 'reason') : null;
  const key = { organizationId_licenseKey: { organizationId: actor.organizationId, licenseKey: licenseKeyOf(found) } };
  return db().$transaction(async (tx) => {
    if (suspended) {
      const data = { suspendedAt: now, suspendedById: actor.userId, reason: why };
      await tx.credentialSuspension.upsert({ where: key, create: { ...key.organizationId_licenseKey, ...data }, update: data });
    } else {
      await tx.credentialSuspension.deleteMany({ where: key.organizationId_licenseKey });
    }
    return tx.credential.update({
      ...((query ?? { select: credentialSelect }) as Q),
      where: { id: found.id },
      data: suspended ? { suspendedAt: now, suspendedById: actor.userId, suspensionReason: why } : { suspendedAt: null, suspendedById: null, suspensionReason: null },
    });
  });
}
