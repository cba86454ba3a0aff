import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { checkWithBoard } from './create-credential.ts';
import type { CredentialRow } from './credential-select.ts';
import { findOwnCredential } from './holder-only.ts';

/** Check one of the actor's own credentials with the board again (a colleague's is FORBIDDEN, another organization's NOT_FOUND). */
export async function reverifyCredential({ actor, id, board = boardSource(), now = new Date() }: { actor: Actor; id: string; board?: BoardSource; now?: Date }): Promise<CredentialRow> {
  const credential = await findOwnCredential({ actor, id, act: 're-check' });
  return checkWithBoard(credential, board, now);
}
