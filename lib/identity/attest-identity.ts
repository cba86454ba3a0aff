import { db } from '../db/index.ts';
import { cleanText } from '../documents/fields.ts';
import { namesMatch } from '../credentials/lifecycle.ts';
import { AppError, quote } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { throwIfNoAccess } from '../orgs/permissions.ts';
import { cleanLegalName } from './legal-name.ts';
import { raiseAssurance, recheckCredentialsOf } from './raise-assurance.ts';
import { VERIFICATION_SELECT, verificationAnswer } from './verification-select.ts';
import type { VerificationSelection } from './verification-select.ts';

/**
 * verifyMemberIdentity: an OWNER or ADMIN whose own identity is DOCUMENT_VERIFIED attests a
 * member's legal name (after checking their ID in person, say): the member becomes
 * ORGANIZATION_ATTESTED, and the attestation is kept with who attested, for which organization,
 * and when. It confirms the name the member gave (and the names on their licenses): it never
 * renames anyone. A member already verified or attested keeps that (CONFLICT). Their
 * credentials are checked again against the attested name.
 */
export async function attestMemberIdentity<Q extends VerificationSelection = { select: typeof VERIFICATION_SELECT }>({
  actor,
  input,
  query,
  now = new Date(),
}: {
  actor: Actor;
  input: { userId: string; legalName: string; note?: string | null };
  query?: Q;
  now?: Date;
}) {
  const member = await db().organizationMembership.findUnique({
    where: { userId_organizationId: { userId: input.userId, organizationId: actor.organizationId } },
    select: { user: { select: { id: true, identityAssurance: true, displayName: true, credentials: { where: { licenseKey: { not: null } }, select: { displayName: true } } } } },
  });
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  throwIfNoAccess(actor, 'identity.attest', `Only an organization's OWNER or ADMIN attests a member's identity (your role: ${actor.role})`);
  if (member.user.id === actor.userId) throw new AppError('FORBIDDEN', 'Nobody attests their own identity');
  const attester = await db().user.findUnique({ where: { id: actor.userId }, select: { identityAssurance: true } });
  if (attester?.identityAssurance !== 'DOCUMENT_VERIFIED') {
    throw new AppError('IDENTITY_NOT_VERIFIED', 'Only an OWNER or ADMIN whose own identity is verified from a government ID attests a member: verify yours first (startIdentityVerification)');
  }
  if (member.user.identityAssurance === 'DOCUMENT_VERIFIED') throw new AppError('CONFLICT', "This member's identity is already verified from a government ID");
  // An attestation confirms who a member said they are; it never renames them. Nor does it
  // overwrite another organization's attestation: a member can be added without asking them,
  // and a second attestation under another name would take their licenses from them.
  if (member.user.identityAssurance === 'ORGANIZATION_ATTESTED')
    throw new AppError('CONFLICT', "This member's identity is already attested: only a check of their government ID (startIdentityVerification) changes it now");
  const legalName = cleanLegalName(input.legalName);
  const given = member.user.displayName?.trim();
  if (!given || !namesMatch(legalName, given)) {
    throw new AppError(
      'BAD_USER_INPUT',
      `An attestation confirms the name the member gave (${given ? quote(given) : 'none yet'}): ${quote(legalName)} is another name. If their name is wrong, they verify their ID instead`,
    );
  }
  const other = member.user.credentials.find((c) => !namesMatch(legalName, c.displayName));
  if (other) throw new AppError('BAD_USER_INPUT', `The member holds a license in the name of ${quote(other.displayName)}: an attestation cannot give them another name`);
  const note = cleanText(input.note, 'note', 1000);
  const row = await db().$transaction(async (tx) => {
    const attestation = await tx.identityVerification.create({
      data: { userId: member.user.id, method: 'ORGANIZATION_ATTESTATION', status: 'VERIFIED', legalName, note, reviewerId: actor.userId, organizationId: actor.organizationId, decidedAt: now },
      select: VERIFICATION_SELECT,
    });
    if (!(await raiseAssurance(tx, { userId: member.user.id, level: 'ORGANIZATION_ATTESTED', legalName, now }))) {
      throw new AppError('CONFLICT', "This member's identity is already verified from a government ID");
    }
    return attestation;
  });
  await recheckCredentialsOf(member.user.id, { now });
  return verificationAnswer(row, query);
}
