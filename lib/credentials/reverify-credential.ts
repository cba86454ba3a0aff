import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { checkWithBoard } from './create-credential.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';

/** Check one of the organization's credentials with the board again; someone else's is NOT_FOUND. */
export async function reverifyCredential({ actor, id, board = boardSource(), now = new Date() }: { actor: Actor; id: string; board?: BoardSource; now?: Date }): Promise<CredentialRow> {
  const credential = await db().credential.findFirst({ where: { id, organizationId: actor.organizationId }, select: credentialSelect });
  if (!credential) throw new AppError('NOT_FOUND', 'Credential not found');
  return checkWithBoard(credential, board, now);
}
