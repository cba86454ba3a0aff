import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { cleanText } from '../documents/fields.ts';
import { AppError } from '../errors.ts';
import type { IdentityVerificationStatus } from '../generated/prisma/enums.ts';
import type { Actor } from '../orgs/actor.ts';
import { cleanLegalName } from './legal-name.ts';
import { raiseAssurance, recheckCredentialsOf } from './raise-assurance.ts';
import { VERIFICATION_SELECT, verificationAnswer } from './verification-select.ts';
import type { VerificationSelection } from './verification-select.ts';

/** FORBIDDEN unless the actor is platform staff (User.role admin, decisions.md). */
export async function requirePlatformAdmin(actor: Actor): Promise<void> {
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { role: true } });
  if (user?.role !== 'admin') throw new AppError('FORBIDDEN', 'Only platform administrators review identity verifications');
}

type VerificationQuery = Omit<Prisma.IdentityVerificationFindManyArgs, 'where' | 'orderBy' | 'take'>;

/** The admin queue: requests of one status (PENDING by default), oldest first, so none waits behind newer ones. */
export async function listIdentityVerifications<Q extends VerificationQuery>({
  actor,
  status = 'PENDING',
  limit = 50,
  query,
}: {
  actor: Actor;
  status?: IdentityVerificationStatus | null;
  limit?: number | null;
  query?: Q;
}) {
  await requirePlatformAdmin(actor);
  const take = limit ?? 50;
  if (!Number.isInteger(take) || take < 1 || take > 200) throw new AppError('BAD_USER_INPUT', `limit must be from 1 to 200; got ${take}`);
  return db().identityVerification.findMany({
    ...(query ?? {}),
    where: { method: 'ADMIN_REVIEW', status: status ?? 'PENDING' },
    orderBy: status === 'PENDING' || !status ? [{ insertedAt: 'asc' }, { id: 'asc' }] : [{ decidedAt: 'desc' }, { id: 'desc' }],
    take,
  });
}

/**
 * A platform admin approves (the user becomes DOCUMENT_VERIFIED under the legal name checked,
 * which the admin may correct to the ID's spelling) or rejects (with a reason the user sees) a
 * pending request. Nobody reviews their own. Approval checks the user's credentials again.
 */
export async function reviewIdentityVerification<Q extends VerificationSelection = { select: typeof VERIFICATION_SELECT }>({
  actor,
  input,
  query,
  now = new Date(),
}: {
  actor: Actor;
  input: { id: string; approve: boolean; legalName?: string | null; reason?: string | null };
  query?: Q;
  now?: Date;
}) {
  await requirePlatformAdmin(actor);
  const reason = cleanText(input.reason, 'reason', 500);
  if (!input.approve && !reason) throw new AppError('BAD_USER_INPUT', 'reason is required to reject a request: the user reads it');
  const decided = await db().$transaction(async (tx) => {
    const request = await tx.identityVerification.findFirst({ where: { id: input.id, method: 'ADMIN_REVIEW' }, select: { id: true, userId: true, status: true, legalName: true } });
    if (!request) throw new AppError('NOT_FOUND', 'Identity verification request not found');
    if (request.userId === actor.userId) throw new AppError('FORBIDDEN', 'Another administrator reviews your own request');
    const { count } = await tx.identityVerification.updateMany({
      where: { id: request.id, status: 'PENDING' },
      data: input.approve
        ? { status: 'VERIFIED', legalName: cleanLegalName(input.legalName ?? request.legalName), reviewerId: actor.userId, decidedAt: now, rejectionReason: null }
        : { status: 'REJECTED', reviewerId: actor.userId, decidedAt: now, rejectionReason: reason },
    });
    if (count === 0) throw new AppError('CONFLICT', `This request was already decided (${request.status})`);
    const row = await tx.identityVerification.findUniqueOrThrow({ where: { id: request.id }, select: VERIFICATION_SELECT });
    if (input.approve) await raiseAssurance(tx, { userId: request.userId, level: 'DOCUMENT_VERIFIED', legalName: row.legalName!, now });
    return row;
  });
  if (input.approve) await recheckCredentialsOf(decided.userId, { now });
  return verificationAnswer(decided, query);
}
