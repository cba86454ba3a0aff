/** Signing certificates: uploaded as PKCS#12, or issued by the service's CA for a credential. */
import crypto from 'node:crypto';
import forge from 'node-forge';
import { CREDENTIAL_FOR_SEALING } from '../credentials/credential-select.ts';
import { sealRefusal } from '../credentials/credential-stamp.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { cleanName, cleanText } from '../documents/fields.ts';
import { AppError } from '../errors.ts';
import { isVerifiedIdentity, loadIdentity, requireIdentityFor } from '../identity/assurance.ts';
import { spellsName } from '../credentials/lifecycle.ts';
import { assurancePolicyExtension } from '../identity/certificate-policy.ts';
import { decryptSecret, encryptSecret } from '../keys/encryption.ts';
import type { Actor } from '../orgs/actor.ts';
import { getProfession } from '../stamps/professions.ts';
import { stateName } from '../stamps/jurisdictions.ts';
import type { StateCode } from '../stamps/jurisdictions.ts';
import { serviceCa } from './ca.ts';
import { crlDistributionPointExtension } from './crl.ts';
import type { CmsSigner } from '../pdf/seal-pdf.ts';
import { certificateDer, describeCertificate, DOCUMENT_SIGNING_USAGES, fromPem, issueCertificate, newRsaKey, pkcs8Of, toPem } from './x509.ts';
import { throwIfNoAccess } from '../orgs/permissions.ts';

/** decisions.md: a PKCS#12 file of at most 64 KB. */
export const MAX_P12_BYTES = 64 * 1024;
const DAY_MS = 86_400_000;
const ISSUED_VALIDITY_DAYS = 365;

export type SigningCertificateStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** Every column an answer may show; never the private key. */
export const CERTIFICATE_SELECT = {
  id: true,
  organizationId: true,
  userId: true,
  credentialId: true,
  name: true,
  description: true,
  commonName: true,
  issuerCn: true,
  serialNumber: true,
  notBefore: true,
  expiresAt: true,
  fingerprintSha256: true,
  isDefault: true,
  lastUsedAt: true,
  revokedAt: true,
  insertedAt: true,
  updatedAt: true,
} as const satisfies Prisma.SigningCertificateSelect;

type CertificateRow = Prisma.SigningCertificateGetPayload<{ select: typeof CERTIFICATE_SELECT }>;

/** decisions.md: REVOKED once deleted, EXPIRED once past expiresAt, else ACTIVE. */
export function certificateStatus(c: Pick<CertificateRow, 'revokedAt' | 'expiresAt'>, now = new Date()): SigningCertificateStatus {
  if (c.revokedAt) return 'REVOKED';
  return c.expiresAt <= now ? 'EXPIRED' : 'ACTIVE';
}

/** ACTIVE and already in its validity period: it may sign now. */
export function isCertificateValid(c: Pick<CertificateRow, 'revokedAt' | 'expiresAt' | 'notBefore'>, now = new Date()): boolean {
  return certificateStatus(c, now) === 'ACTIVE' && c.notBefore <= now;
}

/** Whole days left until expiresAt (negative once past). */
export function daysUntilExpiry(c: Pick<CertificateRow, 'expiresAt'>, now = new Date()): number {
  return Math.floor((c.expiresAt.getTime() - now.getTime()) / DAY_MS);
}

const keyContext = (id: string) => `signing-certificate:${id}`;

interface KeyAndChain {
  pkcs8: Buffer;
  chain: forge.pki.Certificate[];
}

/** The key and its certificate chain (leaf first) from a PKCS#12 file; BAD_USER_INPUT for a wrong password or a file that is not one. */
export function openP12(bytes: Uint8Array, password: string): KeyAndChain {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The file is not a PKCS#12 (.p12 or .pfx) file');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (/password|MAC/i.test(message)) throw new AppError('BAD_USER_INPUT', 'Wrong password for the PKCS#12 file');
    if (/private key|OID/i.test(message)) throw new AppError('BAD_USER_INPUT', 'The PKCS#12 key could not be read: only RSA keys are supported');
    throw new AppError('BAD_USER_INPUT', 'The file is not a PKCS#12 (.p12 or .pfx) file, or uses an encryption this service cannot read');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((b) => b.cert).filter((c): c is forge.pki.Certificate => Boolean(c));
  const key = keyBags.map((b) => b.key).find(Boolean) as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new AppError('BAD_USER_INPUT', keyBags.length ? 'The PKCS#12 key could not be read: only RSA keys are supported' : 'The PKCS#12 file holds no private key');
  const leaf = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!leaf) throw new AppError('BAD_USER_INPUT', 'The PKCS#12 file holds no certificate for its private key');
  // The issuers that came with it, in order up the chain.
  const chain = [leaf];
  for (let current = leaf; chain.length < 8;) {
    const issuer = certs.find((c) => !chain.includes(c) && c.subject.hash === current.issuer.hash);
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return { pkcs8: pkcs8Of(key), chain };
}

/** A certificate as a caller selects it (Pothos's query), else CERTIFICATE_SELECT. */
type CertificateQuery = Prisma.SigningCertificateDefaultArgs;
const CERTIFICATE_ROW = { select: CERTIFICATE_SELECT };
type CertificateRowQuery = typeof CERTIFICATE_ROW;

async function insertCertificate<Q extends CertificateQuery = CertificateRowQuery>(
  actor: Actor,
  fields: { name: string; description: string | null; credentialId: string | null },
  keyAndChain: KeyAndChain,
  tx: Prisma.TransactionClient,
  query?: Q,
) {
  const id = crypto.randomUUID();
  const facts = describeCertificate(keyAndChain.chain[0]);
  const hasDefault = await tx.signingCertificate.count({ where: { userId: actor.userId, organizationId: actor.organizationId, isDefault: true, revokedAt: null } });
  return tx.signingCertificate.create({
    data: {
      id,
      organizationId: actor.organizationId,
      userId: actor.userId,
      credentialId: fields.credentialId,
      name: fields.name,
      description: fields.description,
      ...facts,
      certificateChain: toPem(keyAndChain.chain),
      encryptedPrivateKey: encryptSecret(keyAndChain.pkcs8, keyContext(id)),
      isDefault: hasDefault === 0,
    },
    ...((query ?? CERTIFICATE_ROW) as Q),
  });
}

/** uploadSigningCertificate: a PKCS#12 file and its password; the caller holds it. */
export async function uploadSigningCertificate<Q extends CertificateQuery = CertificateRowQuery>({
  actor,
  input,
  query,
}: {
  actor: Actor;
  input: { name: string; description?: string | null; file: Uint8Array; password: string };
  query?: Q;
}) {
  const name = cleanName(input.name);
  const description = cleanText(input.description, 'description');
  if (input.file.byteLength > MAX_P12_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `A PKCS#12 file is at most ${MAX_P12_BYTES / 1024} KB`);
  const keyAndChain = openP12(input.file, input.password);
  refuseServiceLookalike(keyAndChain.chain);
  await refuseOtherSigner(actor, keyAndChain.chain[0]);
  return db().$transaction((tx) => insertCertificate(actor, { name, description, credentialId: null }, keyAndChain, tx, query));
}

/**
 * BAD_USER_INPUT for an uploaded certificate whose subject's common name is not the uploader's
 * own name (spellsName, the credential name rule: first and last name theirs, middle names
 * theirs or initials, after a comma only a suffix or designation). The signer's name is what
 * /verify, the sealing certificate and every PDF reader show as who signed: a self-made
 * certificate named "Jane Q. Victim, P.E. - identity verified from a government ID" signed seals
 * of another holder (an attacker's probe). Board rules ask for a signature unique to the
 * licensee and under their sole control, so a seal's certificate names its holder.
 */
async function refuseOtherSigner(actor: Actor, leaf: forge.pki.Certificate): Promise<void> {
  const field = leaf.subject.getField('CN') as { value?: unknown } | null;
  const commonName = typeof field?.value === 'string' ? Buffer.from(field.value, 'binary').toString('utf8').trim() : '';
  const identity = await loadIdentity(actor.userId);
  const sources = [isVerifiedIdentity(identity.identityAssurance) ? identity.legalName : null, identity.displayName].filter((n): n is string => Boolean(n?.trim()));
  if (commonName && sources.length > 0 && spellsName(commonName, ...sources)) return;
  const yours = sources[0] ? `your name, "${sources[0]}"` : 'your name (set your display name first)';
  throw new AppError(
    'BAD_USER_INPUT',
    `A signing certificate must be issued to ${yours}: this one's subject is "${commonName || '(no common name)'}". A seal's signature names who signed it, so it must name you; middle names may be initials or left out`,
  );
}

/** The name fields of a certificate's subject and issuer that /verify, the sealing certificate and PDF readers show. */
const SHOWN_NAME_FIELDS = ['CN', 'O', 'OU'];

/**
 * BAD_USER_INPUT for an uploaded certificate that names Sealwright anywhere in its chain (a
 * subject or issuer CN, O or OU) without having been issued by the service's CA: /verify and the
 * sealing certificate show the signer's and issuer's names, and a self-made "Sealwright Seal
 * CA" (an attacker's probe) read exactly as the real one. Case, accents, spaces and punctuation
 * are ignored ("Seal-Wright").
 */
function refuseServiceLookalike(chain: forge.pki.Certificate[]): void {
  const plain = (value: unknown) =>
    typeof value === 'string'
      ? Buffer.from(value, 'binary')
          .toString('utf8')
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
  const names = chain.flatMap((cert) => [cert.subject, cert.issuer].flatMap((dn) => dn.attributes.filter((a) => SHOWN_NAME_FIELDS.includes(a.shortName ?? '')).map((a) => plain(a.value))));
  if (!names.some((n) => n.includes('sealwright'))) return;
  let issuedByUs = false;
  try {
    issuedByUs = serviceCa().cert.verify(chain[0]);
  } catch {
    issuedByUs = false;
  }
  if (!issuedByUs) {
    throw new AppError(
      'BAD_USER_INPUT',
      "This certificate names Sealwright in its subject or issuer but was not issued by Sealwright's CA: only requestSigningCertificate issues certificates in Sealwright's name",
    );
  }
}

/**
 * requestSigningCertificate: a certificate from the service's CA for one of the caller's own
 * credentials that may seal. It carries the holder's identity assurance as a certificatePolicies
 * OID (lib/identity/certificate-policy.ts) and, once verified, their legal name as its subject.
 * Under SEAL_MIN_IDENTITY=verified (or the organization's own rule) only verified or attested
 * identities get one: IDENTITY_NOT_VERIFIED.
 */
export async function requestSigningCertificate<Q extends CertificateQuery = CertificateRowQuery>({
  actor,
  input,
  query,
  now = new Date(),
}: {
  actor: Actor;
  input: { name: string; description?: string | null; credentialId: string };
  query?: Q;
  now?: Date;
}) {
  const name = cleanName(input.name);
  const description = cleanText(input.description, 'description');
  const credential = await db().credential.findFirst({
    where: { id: input.credentialId, organizationId: actor.organizationId },
    select: CREDENTIAL_FOR_SEALING,
  });
  if (!credential) throw new AppError('NOT_FOUND', 'Credential not found');
  if (credential.userId !== actor.userId) throw new AppError('FORBIDDEN', 'A certificate is issued only to the holder of the credential');
  const refusal = sealRefusal(credential, credential.organization, now);
  if (refusal) throw new AppError('CREDENTIAL_CANNOT_SEAL', `${refusal}: no certificate can be issued for it`);
  const assurance = credential.user.identityAssurance;
  requireIdentityFor("receive a certificate from the service's CA", assurance, credential.organization);
  // The subject names who the CA vouches for: the verified legal name once there is one.
  const subjectName = (isVerifiedIdentity(assurance) && credential.user.legalName) || credential.displayName;

  const ca = serviceCa();
  const key = newRsaKey();
  const yearOut = new Date(now.getTime() + ISSUED_VALIDITY_DAYS * DAY_MS);
  // Never valid past the license itself (its last day, UTC).
  const licenseEnd = credential.expirationDate ? new Date(credential.expirationDate.getTime() + DAY_MS - 1000) : null;
  const notAfter = licenseEnd && licenseEnd < yearOut ? licenseEnd : yearOut;
  const profession = getProfession(credential.licenseType)?.name ?? credential.licenseType;
  const cert = issueCertificate({
    subject: [
      { name: 'commonName', value: subjectName },
      { name: 'title', value: profession },
      { name: 'organizationalUnitName', value: `License ${credential.regionCode} ${credential.licenseNumber}` },
      { name: 'stateOrProvinceName', value: stateName(credential.regionCode as StateCode) },
      { name: 'countryName', value: 'US' },
    ],
    publicKey: key.publicKey,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    // Where relying parties find whether it was revoked since (GET /v1/ca/crl).
    extensions: [assurancePolicyExtension(assurance), crlDistributionPointExtension()],
    issuer: { cert: ca.cert, key: ca.key },
  });
  const facts = describeCertificate(cert);
  return db().$transaction(async (tx) => {
    const row = await insertCertificate(actor, { name, description, credentialId: credential.id }, { pkcs8: key.pkcs8, chain: [cert, ca.cert] }, tx, query);
    await tx.credential.update({ where: { id: credential.id }, data: { certificateFingerprint: facts.fingerprintSha256, certificateIssuedAt: now, certificateExpiresAt: facts.expiresAt } });
    return row;
  });
}

/** The organization's certificates that are not deleted, newest first. */
export async function listCertificates<Q extends CertificateQuery = CertificateRowQuery>({ actor, limit, query }: { actor: Actor; limit: number; query?: Q }) {
  return db().signingCertificate.findMany({
    ...(query ?? CERTIFICATE_ROW),
    where: { organizationId: actor.organizationId, revokedAt: null },
    orderBy: [{ insertedAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
}

/** One of the organization's certificates (a deleted one reads REVOKED), else null. */
export async function getCertificate<Q extends CertificateQuery = CertificateRowQuery>({ actor, id, query }: { actor: Actor; id: string; query?: Q }) {
  return db().signingCertificate.findFirst({ ...(query ?? CERTIFICATE_ROW), where: { id, organizationId: actor.organizationId } });
}

/** setDefaultCertificate: the caller's default for sealing (the dashboard pre-selects it). */
export async function setDefaultCertificate<Q extends CertificateQuery = CertificateRowQuery>({ actor, id, query }: { actor: Actor; id: string; query?: Q }) {
  return db().$transaction(async (tx) => {
    const cert = await tx.signingCertificate.findFirst({ where: { id, organizationId: actor.organizationId, revokedAt: null }, select: { userId: true } });
    if (!cert) throw new AppError('NOT_FOUND', 'Signing certificate not found');
    if (cert.userId !== actor.userId) throw new AppError('FORBIDDEN', "Only the certificate's holder chooses it as default");
    await tx.signingCertificate.updateMany({ where: { userId: actor.userId, organizationId: actor.organizationId, isDefault: true }, data: { isDefault: false } });
    return tx.signingCertificate.update({ ...(query ?? CERTIFICATE_ROW), where: { id }, data: { isDefault: true } });
  });
}

/** deleteCertificate: REVOKED, gone from lists, its private key wiped; seals it signed still verify. */
export async function deleteCertificate({ actor, id, now = new Date() }: { actor: Actor; id: string; now?: Date }): Promise<{ id: string }> {
  const cert = await db().signingCertificate.findFirst({ where: { id, organizationId: actor.organizationId, revokedAt: null }, select: { userId: true } });
  if (!cert) throw new AppError('NOT_FOUND', 'Signing certificate not found');
  if (cert.userId !== actor.userId) throwIfNoAccess(actor, 'certificates.manageAll', 'Only its holder or an OWNER or ADMIN deletes a certificate');
  const { count } = await db().signingCertificate.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now, isDefault: false, encryptedPrivateKey: null } });
  if (count === 0) throw new AppError('NOT_FOUND', 'Signing certificate not found');
  return { id };
}

/** The certificate a seal is signed with: the caller's own, valid now, with its key opened. */
export async function loadSigner({
  actor,
  id,
  now = new Date(),
}: {
  actor: Actor;
  id: string;
  now?: Date;
}): Promise<{ certificate: CertificateRow; signer: CmsSigner; signerName: string; issuerName: string }> {
  const row = await db().signingCertificate.findFirst({
    where: { id, organizationId: actor.organizationId, revokedAt: null },
    select: { ...CERTIFICATE_SELECT, certificateChain: true, encryptedPrivateKey: true },
  });
  if (!row) throw new AppError('NOT_FOUND', 'Signing certificate not found');
  if (row.userId !== actor.userId) throw new AppError('FORBIDDEN', "Only the certificate's holder signs with it");
  if (row.expiresAt <= now) throw new AppError('BAD_USER_INPUT', `The signing certificate "${row.name}" expired on ${row.expiresAt.toISOString().slice(0, 10)}`);
  if (row.notBefore > now) throw new AppError('BAD_USER_INPUT', `The signing certificate "${row.name}" is not valid before ${row.notBefore.toISOString()}`);
  if (!row.encryptedPrivateKey) throw new AppError('BAD_USER_INPUT', `The signing certificate "${row.name}" has no private key`);
  const { certificateChain, encryptedPrivateKey, ...certificate } = row;
  const pkcs8 = decryptSecret(encryptedPrivateKey, keyContext(row.id));
  return { certificate, signer: { pkcs8, chainDer: fromPem(certificateChain).map(certificateDer) }, signerName: row.commonName, issuerName: row.issuerCn };
}
