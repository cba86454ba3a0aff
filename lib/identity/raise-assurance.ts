import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { checkWithBoard } from '../credentials/create-credential.ts';
import { credentialSelect } from '../credentials/credential-select.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { logger } from '../log.ts';
import type { IdentityAssurance } from './assurance.ts';

/** How much each level proves: a document check outranks an attestation, which outranks the holder's word. */
const RANK: Record<IdentityAssurance, number> = { SELF_ASSERTED: 0, ORGANIZATION_ATTESTED: 1, DOCUMENT_VERIFIED: 2 };

/**
 * Record a verified legal name at a level, inside the caller's transaction. A level below the
 * user's present one changes nothing (an attestation never undoes a document check) and
 * answers false.
 */
export async function raiseAssurance(
  tx: Prisma.TransactionClient,
  { userId, level, legalName, now = new Date() }: { userId: string; level: Exclude<IdentityAssurance, 'SELF_ASSERTED'>; legalName: string; now?: Date },
): Promise<boolean> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { identityAssurance: true } });
  if (!user || RANK[level] < RANK[user.identityAssurance]) return false;
  await tx.user.update({ where: { id: userId }, data: { identityAssurance: level, legalName, identityVerifiedAt: now }, select: { id: true } });
  return true;
}

/**
 * Check every credential of a user with its board again, now against their verified legal
 * name: one whose board record is in another name is REJECTED and lets go of its license.
 * A board that cannot answer leaves that credential for the periodic sweep.
 */
export async function recheckCredentialsOf(userId: string, { board = boardSource(), now = new Date() }: { board?: BoardSource; now?: Date } = {}): Promise<void> {
  const credentials = await db().credential.findMany({ where: { userId }, select: credentialSelect });
  for (const credential of credentials) {
    try {
      await checkWithBoard(credential, board, now);
    } catch (err) {
      logger.error('identity: a credential could not be checked again', { credentialId: credential.id, error: String(err) });
    }
  }
}
