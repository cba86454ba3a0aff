import { db } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';

/** One of the organization's credentials, or null (unknown, or another organization's: no oracle). */
export async function getCredential({ actor, id }: { actor: Actor; id: string }): Promise<CredentialRow | null> {
  return db().credential.findFirst({ where: { id, organizationId: actor.organizationId }, select: credentialSelect });
}
