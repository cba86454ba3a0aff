import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { checkWithBoard } from './create-credential.ts';
import { credentialAnswer } from './get-credential.ts';
import type { CredentialQuery, CredentialRowQuery } from './get-credential.ts';
import { findOwnCredential } from './holder-only.ts';
import { noticeStatusChange } from './status-notice.ts';

/** Check one of the actor's own credentials with the board again (a colleague's is FORBIDDEN, another organization's NOT_FOUND); a change of status is also told by mail. */
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
  const after = await checkWithBoard(credential, board, now);
  await noticeStatusChange({ before: credential, after, background: true });
  return credentialAnswer(actor, after, query);
}
