import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { identityNameOf, isVerifiedIdentity, loadIdentity } from '../identity/assurance.ts';
import type { Actor } from '../orgs/actor.ts';
import { PROFESSION_SLUGS } from '../stamps/professions.ts';
import { credentialAnswer } from './get-credential.ts';
import type { CredentialQuery, CredentialRowQuery } from './get-credential.ts';
import { insertCredential } from './insert-credential.ts';
import { requireOnePerson } from './license-holder.ts';
import { namesMatch } from './lifecycle.ts';

/**
 * Claim a directory record as one's own license (decisions.md "Credential lifecycle"): the
 * claimant's name (the verified legal name once there is one, else displayName) must be the record's name (case, accents and middle names aside), else
 * BAD_USER_INPUT. The credential is CLAIMED by VENDOR_API, carries the record's name, number
 * and expiration, and is verified (verifiedAt) only when the record's license is active, so
 * an expired or lapsed license is held but cannot seal. One license, one holder: CONFLICT,
 * unless a verified claimant takes it back from a SELF_ASSERTED holder (a dispute).
 */
export async function claimProfessional<Q extends CredentialQuery = CredentialRowQuery>({
  actor,
  professionalId,
  query,
  now = new Date(),
}: {
  actor: Actor;
  professionalId: string;
  query?: Q;
  now?: Date;
}) {
  const [record, holder] = await Promise.all([
    db().professional.findUnique({
      where: { id: professionalId },
      select: { id: true, fullName: true, stateCode: true, licenseNumber: true, licenseStatus: true, expirationDate: true, profession: { select: { slug: true, active: true } } },
    }),
    loadIdentity(actor.userId),
  ]);
  if (!record || !record.profession.active) throw new AppError('NOT_FOUND', 'Professional not found');
  if (!(PROFESSION_SLUGS as readonly string[]).includes(record.profession.slug)) {
    throw new AppError('BAD_USER_INPUT', `A ${record.profession.slug} license cannot be held as a credential`);
  }
  const name = identityNameOf(holder);
  if (!name) {
    throw new AppError('BAD_USER_INPUT', `Set your display name to the name on the license (${record.fullName}) before claiming it`);
  }
  if (!namesMatch(record.fullName, name)) {
    const yours = isVerifiedIdentity(holder.identityAssurance) ? 'your verified legal name' : 'your display name';
    throw new AppError('BAD_USER_INPUT', `This license is in the name of ${record.fullName}; ${yours} is ${name}`);
  }
  await requireOnePerson(actor.userId, record.fullName);
  const active = record.licenseStatus === 'active';
  const claimed = await insertCredential(
    actor,
    {
      professionalId: record.id,
      licenseNumber: record.licenseNumber,
      regionCode: record.stateCode,
      licenseType: record.profession.slug,
      displayName: record.fullName,
      status: 'CLAIMED',
      verificationMethod: 'VENDOR_API',
      verifiedAt: active ? now : null,
      lastVerifiedAt: now,
      expirationDate: record.expirationDate,
    },
    { licenseName: record.fullName, now },
  );
  return credentialAnswer(actor, claimed, query);
}
