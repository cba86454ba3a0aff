import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { checkWithBoard } from './create-credential.ts';
import { credentialAnswer } from './get-credential.ts';
import type { CredentialQuery, CredentialRowQuery } from './get-credential.ts';
import { findOwnCredential } from './holder-only.ts';

/** Check one of the actor's own credentials with the board again (a colleague's is FORBIDDEN, another organization's NOT_FOUND). */
export async function reverifyCredential<Q extends CredentialQuery = CredentialRowQuery>({
  actor,
  id,
  query,
  board = boardSource(),
  now = new Date(),
}: {
  actor: Actor;
  id: string;
  query?: Q;
  board?: BoardSource;
  now?: Date;
}) {
  const credential = await findOwnCredential({ actor, id, act: 're-check' });
  return credentialAnswer(actor, await checkWithBoard(credential, board, now), query);
}
