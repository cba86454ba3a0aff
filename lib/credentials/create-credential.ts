import { z } from 'zod';
import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { db, Prisma } from '../db/index.ts';
import { AppError, isAppError, quote } from '../errors.ts';
import { identityNameOf, isVerifiedIdentity, loadIdentity } from '../identity/assurance.ts';
import { PERSON_NAME } from '../identity/legal-name.ts';
import type { Actor } from '../orgs/actor.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from '../stamps/professions.ts';
import { printableText } from '../text.ts';
import { credentialSelect } from './credential-select.ts';
import { credentialAnswer } from './get-credential.ts';
import type { CredentialQuery, CredentialRowQuery } from './get-credential.ts';
import type { CredentialRow } from './credential-select.ts';
import { insertCredential } from './insert-credential.ts';
import { licenseKeyOf, otherHolderOf, requireOnePerson } from './license-holder.ts';
import { judgeLicense, spellsName } from './lifecycle.ts';

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
  expirationDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expirationDate must be YYYY-MM-DD')
    .nullish(),
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
 * answer (reverifyCredential and the periodic sweep try again). The name is the account's
 * (decisions.md "Credential lifecycle"): the verified legal name once there is one, else the
 * name given at sign-up; an input displayName may only spell that same name (spellsName: the board's form
 * of it), else BAD_USER_INPUT. The plan's maxCredentials holds under concurrency. A license
 * held by another account is CONFLICT, unless the actor may take it back (a dispute).
 */
export async function createCredential<Q extends CredentialQuery = CredentialRowQuery>({
  actor,
  input: raw,
  query,
  board = boardSource(),
  now = new Date(),
}: {
  actor: Actor;
  input: CreateCredentialInput;
  query?: Q;
  board?: BoardSource;
  now?: Date;
}) {
  const data = parseCredentialInput(raw);
  const identity = await loadIdentity(actor.userId);
  const name = identityNameOf(identity);
  if (!name) throw new AppError('BAD_USER_INPUT', 'Set your display name to your legal name, as the board lists it, before adding a credential');
  if (data.displayName && !spellsName(data.displayName, name)) {
    throw new AppError(
      'BAD_USER_INPUT',
      `A credential carries its holder's own name: ${quote(data.displayName)} is not ${quote(name)}${isVerifiedIdentity(identity.identityAssurance) ? ' (your verified legal name)' : ' (the name on your account)'}; it may leave out middle names, write them as initials, add initials, or end with a suffix such as ", Jr."`,
    );
  }
  const onLicense = data.displayName ?? name;
  if (!PERSON_NAME.test(onLicense)) {
    throw new AppError(
      'BAD_USER_INPUT',
      `A credential carries its holder's name, written with letters, spaces, periods, apostrophes, hyphens and commas: ${quote(onLicense)} has other characters${data.displayName ? '' : ' (set your display name to your legal name)'}`,
    );
  }
  await requireOnePerson(actor.userId, onLicense);
  const license = { licenseNumber: data.licenseNumber, regionCode: data.regionCode, licenseType: data.licenseType };
  const created = await insertCredential(
    actor,
    {
      ...license,
      displayName: data.displayName ?? name,
      status: 'PENDING',
      verificationMethod: 'MANUAL',
      expirationDate: data.expirationDate ? new Date(`${data.expirationDate}T00:00:00Z`) : null,
    },
    { licenseName: identity.identityAssurance === 'DOCUMENT_VERIFIED' ? await boardNameOf(license, board) : null, now },
  );
  return credentialAnswer(actor, await checkWithBoard(created, board, now), query);
}

/** The board's name of a license (what proving it is judged by); null when the board cannot say. */
async function boardNameOf(license: { licenseNumber: string; regionCode: string; licenseType: string }, board: BoardSource): Promise<string | null> {
  try {
    return (await board.lookup({ stateCode: license.regionCode, licenseType: license.licenseType, licenseNumber: license.licenseNumber }))?.fullName ?? null;
  } catch (err) {
    if (isAppError(err, 'BOARD_UNAVAILABLE')) return null;
    throw err;
  }
}

/**
 * Ask the board about a credential and record its verdict (lastVerifiedAt, and the status it
 * leads to); a board that cannot answer changes nothing.
 */
export async function checkWithBoard(credential: CredentialRow, board: BoardSource, now = new Date()): Promise<CredentialRow> {
  try {
    return await recordBoardVerdict(credential, board, now);
  } catch (err) {
    if (isAppError(err, 'BOARD_UNAVAILABLE')) return credential;
    throw err;
  }
}

/**
 * As checkWithBoard, but a board that cannot answer throws BOARD_UNAVAILABLE (the sweep
 * stops on it). The board's name must be the holder's: their verified legal name once there is
 * one (so reaching a higher assurance checks every credential again), else the credential's
 * name. A disputed credential is left as it is: its license is someone else's.
 */
export async function recordBoardVerdict(credential: CredentialRow, board: BoardSource, now = new Date()): Promise<CredentialRow> {
  if (credential.disputedAt) return credential;
  const key = { stateCode: credential.regionCode, licenseType: credential.licenseType, licenseNumber: credential.licenseNumber };
  const license = await board.lookup(key);
  const holder = await loadIdentity(credential.userId);
  const verifiedName = isVerifiedIdentity(holder.identityAssurance) ? holder.legalName : null;
  const claimant = verifiedName ?? credential.displayName;
  const verdict = judgeLicense(license, claimant, key, now, { name: credential.displayName, alsoFrom: verifiedName });
  // A claimed license the board confirms stays claimed (decisions.md: CLAIMED, VENDOR_API).
  const claimed = credential.verificationMethod === 'VENDOR_API' && verdict.status === 'VERIFIED';
  const holds = verdict.status !== 'REJECTED';
  const heldByAnother = () =>
    db().credential.update({
      where: { id: credential.id },
      data: { status: 'REJECTED', licenseKey: null, lastVerifiedAt: now, rejectionReason: 'This license is held by another account' },
      select: credentialSelect,
    });
  try {
    // A credential that let go of its license (rejected before) takes it again only if nobody holds it, a deleted credential's 30-day hold included.
    if (holds && !credential.licenseKey && (await otherHolderOf(db(), licenseKeyOf(credential), credential.userId, now))) return await heldByAnother();
    return await db().credential.update({
      where: { id: credential.id },
      data: {
        status: claimed ? 'CLAIMED' : verdict.status,
        // A rejected credential lets go of the license; any other verdict holds it.
        licenseKey: holds ? licenseKeyOf(credential) : null,
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
    return heldByAnother();
  }
}
