import { z } from 'zod';
import { boardSource, BoardUnavailableError } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { db, Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from '../stamps/professions.ts';
import { printableText } from '../text.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';
import { insertCredential, licenseKeyOf } from './insert-credential.ts';
import { judgeLicense } from './lifecycle.ts';

const printable = (max: number, name: string) =>
  z
    .string()
    .transform(printableText)
    .pipe(z.string().min(1, `${name} must not be empty`).max(max, `${name} is at most ${max} characters`));

const input = z.object({
  licenseNumber: printable(40, 'licenseNumber'),
  regionCode: z.string(),
  licenseType: z.string(),
  displayName: printable(200, 'displayName').nullish(),
  expirationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expirationDate must be YYYY-MM-DD').nullish(),
});

export interface CreateCredentialInput {
  licenseNumber: string;
  regionCode: string;
  licenseType: string;
  displayName?: string | null;
  expirationDate?: string | null;
}

/** Checked input: a state code, a profession slug, text that prints. */
export function parseCredentialInput(raw: CreateCredentialInput) {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', parsed.error.issues.map((i) => i.message).join('; '));
  const regionCode = requireStateCode(parsed.data.regionCode, 'regionCode');
  const profession = getProfession(parsed.data.licenseType);
  if (!profession || profession.slug !== parsed.data.licenseType.trim()) {
    throw new AppError('BAD_USER_INPUT', `licenseType must be one of ${PROFESSION_SLUGS.join(', ')}; got ${quote(parsed.data.licenseType)}`);
  }
  return { ...parsed.data, regionCode, licenseType: profession.slug };
}

/**
 * Record a license the actor holds (PENDING, MANUAL), then check it with the licensing board:
 * VERIFIED, REJECTED, EXPIRED or REVOKED by its answer, or still PENDING when the board cannot
 * answer (reverifyCredential and the periodic sweep try again). The plan's maxCredentials holds
 * under concurrency: the organization's row is locked while counting. A license already held
 * by anyone is CONFLICT.
 */
export async function createCredential({ actor, input: raw, board = boardSource(), now = new Date() }: { actor: Actor; input: CreateCredentialInput; board?: BoardSource; now?: Date }): Promise<CredentialRow> {
  const data = parseCredentialInput(raw);
  const holder = await db().user.findUnique({ where: { id: actor.userId }, select: { displayName: true, email: true } });
  if (!holder) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  const displayName = data.displayName ?? holder.displayName ?? holder.email;
  const created = await insertCredential(actor, {
    licenseNumber: data.licenseNumber,
    regionCode: data.regionCode,
    licenseType: data.licenseType,
    displayName,
    status: 'PENDING',
    verificationMethod: 'MANUAL',
    expirationDate: data.expirationDate ? new Date(`${data.expirationDate}T00:00:00Z`) : null,
  });
  return checkWithBoard(created, board, now);
}

/**
 * Ask the board about a credential and record its verdict (lastVerifiedAt, and the status it
 * leads to); a board that cannot answer changes nothing.
 */
export async function checkWithBoard(credential: CredentialRow, board: BoardSource, now = new Date()): Promise<CredentialRow> {
  try {
    return await recordBoardVerdict(credential, board, now);
  } catch (err) {
    if (err instanceof BoardUnavailableError) return credential;
    throw err;
  }
}

/** As checkWithBoard, but a board that cannot answer throws BoardUnavailableError (the sweep stops on it). */
export async function recordBoardVerdict(credential: CredentialRow, board: BoardSource, now = new Date()): Promise<CredentialRow> {
  const key = { stateCode: credential.regionCode, licenseType: credential.licenseType, licenseNumber: credential.licenseNumber };
  const license = await board.lookup(key);
  const verdict = judgeLicense(license, credential.displayName, key, now);
  // A claimed license the board confirms stays claimed (decisions.md: CLAIMED, VENDOR_API).
  const claimed = credential.verificationMethod === 'VENDOR_API' && verdict.status === 'VERIFIED';
  try {
    return await db().credential.update({
      where: { id: credential.id },
      data: {
        status: claimed ? 'CLAIMED' : verdict.status,
        // A rejected credential lets go of the license; any other verdict holds it.
        licenseKey: verdict.status === 'REJECTED' ? null : licenseKeyOf(credential),
        ...(verdict.verificationMethod && !claimed ? { verificationMethod: verdict.verificationMethod } : {}),
        ...(verdict.verified ? { verifiedAt: credential.verifiedAt ?? now } : {}),
        lastVerifiedAt: now,
        rejectionReason: verdict.rejectionReason,
        ...(verdict.expirationDate ? { expirationDate: new Date(`${verdict.expirationDate}T00:00:00Z`) } : {}),
      },
      select: credentialSelect,
    });
  } catch (err) {
    // Rejected before, and the license is someone else's credential now: it stays rejected.
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
    return db().credential.update({
      where: { id: credential.id },
      data: { status: 'REJECTED', licenseKey: null, lastVerifiedAt: now, rejectionReason: 'This license is held by another account' },
      select: credentialSelect,
    });
  }
}
