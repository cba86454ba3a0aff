import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';

/**
 * One of the organization's credentials that the actor holds: another organization's (or an
 * unknown id) is NOT_FOUND, a colleague's FORBIDDEN. A credential is its holder's alone: no
 * role deletes, re-checks or exports it for them, or has a certificate issued for it.
 */
export async function findOwnCredential({ actor, id, act }: { actor: Actor; id: string; act: string }): Promise<CredentialRow> {
  const credential = await db().credential.findFirst({ where: { id, organizationId: actor.organizationId }, select: credentialSelect });
  if (!credential) throw new AppError('NOT_FOUND', 'Credential not found');
  if (credential.userId !== actor.userId) throw new AppError('FORBIDDEN', `Only the holder of a credential may ${act} it`);
  return credential;
}
