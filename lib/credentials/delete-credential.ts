import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';

/** Remove one of the organization's credentials (its license may then be claimed again); someone else's is NOT_FOUND. */
export async function deleteCredential({ actor, id }: { actor: Actor; id: string }): Promise<{ id: string }> {
  const { count } = await db().credential.deleteMany({ where: { id, organizationId: actor.organizationId } });
  if (count === 0) throw new AppError('NOT_FOUND', 'Credential not found');
  return { id };
}
