import { DOCUMENT_ACCESS_FACTS, shapeForReader } from '../../documents/access.ts';
import {
  certificateStatus,
  daysUntilExpiry,
  deleteCertificate,
  getCertificate,
  isCertificateValid,
  listCertificates,
  MAX_P12_BYTES,
  requestSigningCertificate,
  setDefaultCertificate,
  uploadSigningCertificate,
} from '../../seals/certificates.ts';
import { verificationUrl } from '../../seals/code.ts';
import { countSeals, isSealListed, listSeals } from '../../seals/list-seals.ts';
import { sealDocument } from '../../seals/seal-document.ts';
import { signatureSummary, verifySeal } from '../../seals/verify-seal.ts';
import { issuedByServiceCa } from '../../seals/crl.ts';
import type { SealVerification } from '../../seals/verify-seal.ts';
import type { SignedTreeHead } from '../../transparency/heads.ts';
import { toHex } from '../../transparency/merkle.ts';
import type { SealLogRecord } from '../../transparency/seal-log.ts';
import { builder } from '../builder.ts';
import { IdentityAssurance } from './identity.ts';
import type { ReceivedUpload } from '../../storage/received-upload.ts';
import type { Prisma } from '../../db/index.ts';
import { CredentialRef, DeleteResult } from './credentials.ts';
import { DocumentRef } from './documents.ts';
import { checkLimit, listConnection, MAX_PAGE_SIZE } from './pagination.ts';

export const PageMode = builder.enumType('PageMode', {
  values: {
    FIRST: { description: 'The first page.' },
    LAST: { description: 'The last page.' },
    ALL: { description: 'Every page.' },
  } as const,
});
export const FooterPosition = builder.enumType('FooterPosition', {
  description: "Where a seal's verification line (its URL with the code) and QR code go.",
  values: {
    BELOW_STAMP: { description: 'Directly under the stamp, no wider than it: the URL on one or two short lines, then a small QR code (the default).' },
    BOTTOM_LEFT: { description: 'The bottom-left corner of the page, inside its margin: the QR code and the footer line "Sealed by … · verify at …".' },
    BOTTOM_RIGHT: { description: 'The bottom-right corner, as BOTTOM_LEFT.' },
    TOP_LEFT: { description: 'The top-left corner, as BOTTOM_LEFT.' },
    TOP_RIGHT: { description: 'The top-right corner, as BOTTOM_LEFT.' },
  } as const,
});
const SigningCertificateStatus = builder.enumType('SigningCertificateStatus', { values: ['ACTIVE', 'EXPIRED', 'REVOKED'] as const });

export const SigningCertificateRef = builder.prismaObject('SigningCertificate', {
  description: 'A certificate that PKI-signs seals. Its private key is encrypted at rest and never leaves the service.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    commonName: t.exposeString('commonName'),
    issuerCn: t.exposeString('issuerCn'),
    issuedByServiceCa: t.boolean({
      description:
        'Issued by this service’s CA (requestSigningCertificate): Acrobat and pdfsig call its signatures’ issuer untrusted until the CA certificate (GET /v1/ca/cert) is imported as a trusted root. False for an uploaded certificate.',
      select: { certificateChain: true },
      resolve: (c) => issuedByServiceCa(c),
    }),
    serialNumber: t.exposeString('serialNumber', { description: 'Hexadecimal.' }),
    notBefore: t.expose('notBefore', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    fingerprintSha256: t.exposeString('fingerprintSha256', { description: 'SHA-256 of the DER certificate, lowercase hex.' }),
    isDefault: t.exposeBoolean('isDefault', { description: "The holder's default for sealing." }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    status: t.field({ type: SigningCertificateStatus, select: { revokedAt: true, expiresAt: true }, resolve: (c) => certificateStatus(c) }),
    isValid: t.boolean({
      description: 'ACTIVE and within its validity period: it can sign now.',
      select: { revokedAt: true, expiresAt: true, notBefore: true },
      resolve: (c) => isCertificateValid(c),
    }),
    daysUntilExpiry: t.int({ description: 'Whole days left (negative once expired).', select: { expiresAt: true }, resolve: (c) => daysUntilExpiry(c) }),
    // The key is wiped exactly when the certificate is deleted, so this never reads the key column.
    hasPrivateKey: t.boolean({ select: { revokedAt: true }, resolve: (c) => c.revokedAt === null }),
  }),
});

builder.prismaObject('Seal', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    verificationCode: t.exposeString('verificationCode'),
    documentHash: t.exposeString('documentHash', { description: 'SHA-256 of the sealed PDF, lowercase hex.' }),
    sealedAt: t.expose('sealedAt', { type: 'DateTime' }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    pkiSigned: t.exposeBoolean('pkiSigned'),
    verificationUrl: t.string({ select: { verificationCode: true }, resolve: (s) => verificationUrl(s.verificationCode) }),
    document: t.field({
      type: DocumentRef,
      nullable: true,
      description: 'The sealed document, when you may see it.',
      select: (_args, _ctx, nested) => ({ document: nested({ select: DOCUMENT_ACCESS_FACTS }) }),
      // The nested selection holds what the query asks of the document, plus the columns the access rule reads.
      resolve: (s, _args, ctx) => shapeForReader('Seal', s, ctx.actor).document as never,
    }),
    credential: t.field({
      type: CredentialRef,
      nullable: true,
      description: 'The credential it was sealed with (null once deleted, and outside the organization).',
      select: (_args, _ctx, nested) => ({ organizationId: true, credential: nested(true) }),
      resolve: (s, _args, ctx) => shapeForReader('Seal', s, ctx.actor).credential,
    }),
    signingCertificate: t.field({
      type: SigningCertificateRef,
      nullable: true,
      select: (_args, _ctx, nested) => ({ organizationId: true, signingCertificate: nested(true) }),
      resolve: (s, _args, ctx) => shapeForReader('Seal', s, ctx.actor).signingCertificate,
    }),
  }),
});

builder.prismaObjectField('DocumentVersion', 'seal', (t) => t.relation('seal', { nullable: true, description: 'The seal this version carries: it is the sealed PDF, and never changes.' }));

const SignedTreeHeadRef = builder.objectRef<SignedTreeHead>('SignedTreeHead').implement({
  description:
    "A signed tree head of the public seal log: its size, root and time, signed with the log's Ed25519 key (GET /v1/log/key) over RFC 6962's TreeHeadSignature bytes (version 0, signature_type 1, timestamp in ms and tree_size as uint64, the root; big-endian).",
  fields: (t) => ({
    treeSize: t.exposeInt('treeSize'),
    timestamp: t.expose('timestamp', { type: 'DateTime', description: 'The signed time, to the millisecond.' }),
    rootHash: t.string({ description: 'SHA-256 root of the tree, lowercase hex.', resolve: (h) => toHex(h.rootHash) }),
    signature: t.string({ description: 'Ed25519 signature, standard base64.', resolve: (h) => Buffer.from(h.signature).toString('base64') }),
    keyId: t.exposeString('keyId', { description: "SHA-256 of the log key's SubjectPublicKeyInfo, lowercase hex." }),
  }),
});

const TransparencyLogProof = builder.objectRef<SealLogRecord>('TransparencyLogProof').implement({
  description: "A seal's entry in the public seal log (RFC 9162 hashing) and the proof that the signed tree head includes it.",
  fields: (t) => ({
    leafIndex: t.exposeInt('leafIndex', { description: "The entry's index, from 0." }),
    treeSize: t.exposeInt('treeSize', { description: 'The size of the tree the proof is in: the signed head’s.' }),
    rootHash: t.string({ description: 'The root of that tree, lowercase hex.', resolve: (r) => toHex(r.rootHash) }),
    leafHash: t.string({ description: 'SHA-256(0x00 ‖ entry), lowercase hex.', resolve: (r) => toHex(r.leafHash) }),
    entry: t.exposeString('entry', { description: 'The canonical JSON entry, byte for byte as hashed.' }),
    inclusionProof: t.stringList({ description: "The audit path from the leaf's sibling up, lowercase hex (RFC 9162 §2.1.3).", resolve: (r) => r.inclusionProof.map(toHex) }),
    signedTreeHead: t.field({ type: SignedTreeHeadRef, resolve: (r) => r.signedTreeHead }),
  }),
});

const SealVerificationResult = builder.objectRef<SealVerification>('SealVerificationResult').implement({
  description: 'What anyone may learn of a seal by its code.',
  fields: (t) => ({
    verificationCode: t.exposeString('verificationCode'),
    documentName: t.exposeString('documentName'),
    sealedAt: t.expose('sealedAt', { type: 'DateTime' }),
    signerName: t.exposeString('holderName', { description: 'The licensee who sealed it, as sealed.' }),
    regionCode: t.exposeString('regionCode'),
    credentialStatus: t.exposeString('credentialStatus', {
      description:
        'The license now: active, expired, revoked, rejected or pending; disputed once it was proven to belong to someone else. A seal made while it was active still verifies its document.',
    }),
    identityAssurance: t.expose('identityAssurance', { type: IdentityAssurance, description: "The sealer's identity assurance at the moment of sealing (it never changes)." }),
    isValid: t.exposeBoolean('valid', { description: 'The seal is on record and its sealed PDF is the one whose hash was recorded.' }),
    documentHash: t.exposeString('documentHash', { description: 'SHA-256 of the sealed PDF: compare it with the hash of your copy.' }),
    signatureStatus: t.string({
      nullable: true,
      description:
        "A PKI-signed seal's certificate: valid, signed_while_valid_since_revoked (the CA revoked it after the seal: the seal stands), signed_while_valid_since_expired, or revoked_when_signed. Null when the seal is not PKI-signed.",
      resolve: (v) => v.signatureStatus,
    }),
    signatureSummary: t.string({
      nullable: true,
      description: 'signatureStatus in words, such as "Signed while valid, since revoked (2026-11-25)".',
      resolve: (v) => (v.signatureStatus ? signatureSummary(v.signatureStatus, v.certificateRevokedAt) : null),
    }),
    certificateRevokedAt: t.field({ type: 'DateTime', nullable: true, description: "When the seal's certificate was revoked, if it was.", resolve: (v) => v.certificateRevokedAt }),
    transparencyLog: t.field({
      type: TransparencyLogProof,
      nullable: true,
      description: 'Where the seal stands in the public seal log, with the proof to check it (null for a seal made before the log, until it is appended).',
      resolve: (v) => v.transparencyLog ?? null,
    }),
  }),
});

const SealDocumentInput = builder.inputType('SealDocumentInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    credentialId: t.field({ type: 'UUID', required: true, description: 'One of your credentials that canSeal.' }),
    signingCertificateId: t.field({ type: 'UUID', description: 'PKI-sign the seal (PAdES) with this certificate of yours.' }),
    pageMode: t.field({ type: PageMode, description: 'FIRST when omitted.' }),
    page: t.int({ description: '1-based; overrides pageMode.' }),
    positionX: t.float({ description: "The stamp's centre as a fraction of the page's width from its left edge (0.85 when omitted)." }),
    positionY: t.float({ description: "The stamp's centre as a fraction of the page's height from its top edge (0.85 when omitted)." }),
    size: t.float({ description: 'The stamp diameter in PDF points, 36 to 288 (108, 1.5 in, when omitted).' }),
    footerPosition: t.field({ type: FooterPosition, description: 'Where the verification line and QR code go (BELOW_STAMP when omitted).' }),
  }),
});

const UploadSigningCertificateInput = builder.inputType('UploadSigningCertificateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    file: t.field({ type: 'Upload', required: true, description: 'The PKCS#12 (.p12/.pfx) file, at most 64 KB, in the same multipart request.' }),
    password: t.string({ required: true }),
  }),
});

const RequestSigningCertificateInput = builder.inputType('RequestSigningCertificateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    credentialId: t.field({ type: 'UUID', required: true, description: 'One of your credentials that canSeal.' }),
  }),
});

/**
 * Pothos types a SigningCertificate row with every column; the client leaves the private key
 * out of every read (lib/db OMIT_SECRETS), and no field here exposes it.
 */
type CertificateRow = Prisma.SigningCertificateGetPayload<object>;
type AsCertificate<T> = T extends null ? null : T extends unknown[] ? CertificateRow[] : CertificateRow;
const asRow = <T>(row: Promise<T>) => row as unknown as Promise<AsCertificate<T>>;

builder.queryFields((t) => ({
  seals: t.prismaField({
    type: ['Seal'],
    deprecationReason: 'Use sealsConnection.',
    description: 'The organization\u2019s seals, newest first (limit: 20 when omitted, at most 100).',
    args: { limit: t.arg.int() },
    authScopes: { authenticated: true },
    validateArgs: (args) => checkLimit(args.limit, MAX_PAGE_SIZE),
    resolve: (query, _root, args, ctx) => listSeals({ actor: ctx.actor!, query: { ...query, take: checkLimit(args.limit, MAX_PAGE_SIZE) } }),
  }),
  sealsConnection: t.prismaConnection(
    {
      type: 'Seal',
      ...listConnection({
        count: (actor) => countSeals({ actor }),
        isListed: (actor, _args, id) => isSealListed({ actor, id }),
        list: (actor, _args, query) => listSeals({ actor, query }),
      }),
    },
    { name: 'SealConnection' },
    { name: 'SealEdge' },
  ),
  verifySeal: t.field({
    type: SealVerificationResult,
    nullable: true,
    description: 'Public, no token: a seal by its verification code (counted), or null.',
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, { code }, ctx) => {
      // Each field takes from the per-IP budget the REST verify endpoints share, so aliases cannot multiply it.
      await (await import('../../ratelimit/index.ts')).limitIp('verify', ctx.clientIp);
      return verifySeal({ code });
    },
  }),
  signingCertificate: t.prismaField({
    type: 'SigningCertificate',
    nullable: true,
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, { id }, ctx) => asRow(getCertificate({ actor: ctx.actor!, id, query })),
  }),
  signingCertificates: t.prismaField({
    type: ['SigningCertificate'],
    description: 'The organization\u2019s certificates that are not deleted, newest first (limit: 20 when omitted, at most 100).',
    args: { limit: t.arg.int() },
    authScopes: { authenticated: true },
    validateArgs: (args) => checkLimit(args.limit, MAX_PAGE_SIZE),
    resolve: (query, _root, args, ctx) => asRow(listCertificates({ actor: ctx.actor!, limit: checkLimit(args.limit, MAX_PAGE_SIZE), query })),
  }),
}));

builder.mutationFields((t) => ({
  sealDocument: t.prismaField({
    type: 'Seal',
    nullable: true,
    description:
      "Seal the current version of a PDF with one of your credentials: the stamp, a footer with the verification URL and QR code, the code in the PDF's metadata, and with signingCertificateId a PAdES signature. The sealed PDF becomes a new version; the document is SEALED.",
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SealDocumentInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => sealDocument({ actor: ctx.actor!, input, query }),
  }),
  uploadSigningCertificate: t.prismaField({
    type: 'SigningCertificate',
    nullable: true,
    description: 'Add a PKCS#12 certificate and its key (multipart request). A wrong password: BAD_USER_INPUT.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UploadSigningCertificateInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const file = (input.file as ReceivedUpload).smallFile(MAX_P12_BYTES, 'A PKCS#12 file');
      return asRow(uploadSigningCertificate({ actor: ctx.actor!, input: { ...input, file }, query }));
    },
  }),
  requestSigningCertificate: t.prismaField({
    type: 'SigningCertificate',
    nullable: true,
    description: "A certificate for one of your credentials, issued by the service's own CA.",
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: RequestSigningCertificateInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => asRow(requestSigningCertificate({ actor: ctx.actor!, input, query })),
  }),
  setDefaultCertificate: t.prismaField({
    type: 'SigningCertificate',
    nullable: true,
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, { id }, ctx) => asRow(setDefaultCertificate({ actor: ctx.actor!, id, query })),
  }),
  deleteCertificate: t.field({
    type: DeleteResult,
    description: 'REVOKED: gone from lists, its key wiped; seals signed with it still verify.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { id }, ctx) => deleteCertificate({ actor: ctx.actor!, id }),
  }),
}));
