import { builder } from '../builder.ts';
import { claimProfessional } from '../../credentials/claim-professional.ts';
import { createCredential } from '../../credentials/create-credential.ts';
import { canSeal, credentialStampSvg, exportCredentialStamp, isVerified } from '../../credentials/credential-stamp.ts';
import { limitIp } from '../../ratelimit/index.ts';
import { isExpired } from '../../credentials/lifecycle.ts';
import { deleteCredential } from '../../credentials/delete-credential.ts';
import { getCredential } from '../../credentials/get-credential.ts';
import { countCredentials, isCredentialListed, listCredentials } from '../../credentials/list-credentials.ts';
import { reverifyCredential } from '../../credentials/reverify-credential.ts';
import { setCredentialSuspension } from '../../credentials/suspend-credential.ts';
import { STAMP_EXPORT_FORMATS } from '../../stamps/export.ts';
import { listConnection, MAX_PAGE_SIZE } from './pagination.ts';

const CredentialStatus = builder.enumType('CredentialStatus', { values: ['PENDING', 'CLAIMED', 'VERIFIED', 'REJECTED', 'EXPIRED', 'REVOKED'] as const });
const VerificationMethod = builder.enumType('VerificationMethod', { values: ['VENDOR_API', 'BOARD_LOOKUP', 'MANUAL'] as const });
const StampExportFormat = builder.enumType('StampExportFormat', { values: STAMP_EXPORT_FORMATS });

const stampFacts = { licenseNumber: true, regionCode: true, licenseType: true, displayName: true, status: true, verifiedAt: true, expirationDate: true, suspendedAt: true, disputedAt: true } as const;

export const CredentialRef = builder.prismaObject('Credential', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    licenseNumber: t.exposeString('licenseNumber'),
    regionCode: t.exposeString('regionCode'),
    licenseType: t.exposeString('licenseType'),
    displayName: t.exposeString('displayName'),
    status: t.expose('status', { type: CredentialStatus }),
    verificationMethod: t.expose('verificationMethod', { type: VerificationMethod }),
    verifiedAt: t.expose('verifiedAt', { type: 'DateTime', nullable: true }),
    lastVerifiedAt: t.expose('lastVerifiedAt', { type: 'DateTime', nullable: true }),
    expirationDate: t.expose('expirationDate', { type: 'Date', nullable: true }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    certificateFingerprint: t.exposeString('certificateFingerprint', { nullable: true, description: "SHA-256 of the newest certificate the service's CA issued for this credential." }),
    certificateIssuedAt: t.expose('certificateIssuedAt', { type: 'DateTime', nullable: true }),
    certificateExpiresAt: t.expose('certificateExpiresAt', { type: 'DateTime', nullable: true }),
    suspendedAt: t.expose('suspendedAt', { type: 'DateTime', nullable: true, description: 'Set while an OWNER or ADMIN of the organization has suspended it: it cannot seal.' }),
    suspensionReason: t.exposeString('suspensionReason', { nullable: true }),
    disputedAt: t.expose('disputedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Set once the license was proven to belong to someone else (a holder with a verified legal name took it back): it cannot seal, and its seals verify as disputed.',
    }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    isMine: t.boolean({
      description: 'Whether you hold it: only its holder deletes, re-checks, exports or seals with it.',
      select: { userId: true },
      resolve: (c, _args, ctx) => c.userId === ctx.actor?.userId,
    }),
    isVerified: t.boolean({ select: { status: true, verifiedAt: true }, resolve: (c) => isVerified(c) }),
    isExpired: t.boolean({ select: { expirationDate: true }, resolve: (c) => isExpired(c) }),
    canSeal: t.boolean({
      description:
        "Verified, not expired, in good standing, the organization's plan seals, and its seal can be printed (a credential stored before its name and number were checked may hold text its seal cannot print).",
      select: { ...stampFacts, organization: { select: { planLevel: true, trialEndsAt: true } } },
      resolve: (c) => canSeal(c, c.organization),
    }),
    stampSvg: t.string({
      description:
        "The credential's seal as SVG (the expiration in its slot where the state's seal has one). A credential whose seal cannot be drawn answers an image of the seal's size that says why.",
      select: stampFacts,
      resolve: (c) => credentialStampSvg(c),
    }),
  }),
});

const StampExportRef = builder.objectRef<{ data: Uint8Array; filename: string; contentType: string }>('StampExport').implement({
  fields: (t) => ({
    data: t.string({ description: 'The file, base64.', resolve: (e) => Buffer.from(e.data).toString('base64') }),
    filename: t.exposeString('filename'),
    contentType: t.exposeString('contentType'),
  }),
});

export const DeleteResult = builder.objectRef<{ id: string }>('DeleteResult').implement({
  fields: (t) => ({ id: t.expose('id', { type: 'UUID' }) }),
});

const CreateCredentialInput = builder.inputType('CreateCredentialInput', {
  fields: (t) => ({
    licenseNumber: t.string({ required: true }),
    regionCode: t.string({ required: true, description: 'Two-letter state code (TX).' }),
    licenseType: t.string({ required: true, description: 'A profession slug: engineer, civil-engineer, …, landscape-architect.' }),
    displayName: t.string({
      description: "The holder's name as the board spells it; it must be your own name (your verified legal name once there is one, else your display name), which is the default.",
    }),
    expirationDate: t.field({ type: 'Date' }),
  }),
});

builder.queryFields((t) => ({
  credential: t.prismaField({
    type: 'Credential',
    nullable: true,
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, args, ctx) => getCredential({ actor: ctx.actor!, id: args.id, query }),
  }),
  credentials: t.prismaField({
    type: ['Credential'],
    authScopes: { authenticated: true },
    deprecationReason: 'Use credentialsConnection.',
    description: 'The organization\u2019s credentials, newest first (at most 100).',
    resolve: (query, _root, _args, ctx) => listCredentials({ actor: ctx.actor!, query: { ...query, take: MAX_PAGE_SIZE } }),
  }),
  credentialsConnection: t.prismaConnection(
    {
      type: 'Credential',
      ...listConnection({
        count: (actor) => countCredentials({ actor }),
        isListed: (actor, _args, id) => isCredentialListed({ actor, id }),
        list: (actor, _args, query) => listCredentials({ actor, query }),
      }),
    },
    { name: 'CredentialConnection' },
    { name: 'CredentialEdge' },
  ),
}));

builder.mutationFields((t) => ({
  claimProfessional: t.prismaField({
    type: 'Credential',
    nullable: true,
    description: "Claim a directory record as your license: a CLAIMED credential, verified when the record's license is active. Your displayName must be the record's name.",
    authScopes: { authenticated: true },
    args: { professionalId: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, args, ctx) => claimProfessional({ actor: ctx.actor!, professionalId: args.professionalId, query }),
  }),
  createCredential: t.prismaField({
    type: 'Credential',
    nullable: true,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateCredentialInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => createCredential({ actor: ctx.actor!, input, query, board: ctx.board }),
  }),
  reverifyCredential: t.prismaField({
    type: 'Credential',
    nullable: true,
    description: 'Check the licensing board again: VERIFIED, EXPIRED, REVOKED or REJECTED by its answer, PENDING while it cannot answer.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, args, ctx) => reverifyCredential({ actor: ctx.actor!, id: args.id, query, board: ctx.board }),
  }),
  deleteCredential: t.field({
    type: DeleteResult,
    description: 'Remove one of your own credentials. Its license stays bound to you for 30 days (no other account can take it), unless releaseLicense lets it go now.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), releaseLicense: t.arg.boolean({ description: 'Let another account hold this license at once (default false).' }) },
    resolve: (_root, args, ctx) => deleteCredential({ actor: ctx.actor!, id: args.id, releaseLicense: args.releaseLicense }),
  }),
  suspendCredential: t.prismaField({
    type: 'Credential',
    nullable: true,
    description: "An OWNER or ADMIN stops a member's credential from sealing in this organization (it stays the holder's).",
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), reason: t.arg.string() },
    resolve: (query, _root, args, ctx) => setCredentialSuspension({ actor: ctx.actor!, id: args.id, suspended: true, reason: args.reason, query }),
  }),
  reinstateCredential: t.prismaField({
    type: 'Credential',
    nullable: true,
    description: 'An OWNER or ADMIN lifts a suspension.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, args, ctx) => setCredentialSuspension({ actor: ctx.actor!, id: args.id, suspended: false, query }),
  }),
  exportCredentialStamp: t.field({
    type: StampExportRef,
    nullable: true,
    description: "The credential's stamp as PDF, PNG, JPEG or TIFF, at the user's stampExportSize (300 dpi).",
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), format: t.arg({ type: StampExportFormat, required: true }) },
    resolve: async (_root, args, ctx) => {
      // Each field takes from its client's budget, so aliases cannot multiply the drawing one request asks for.
      await limitIp('stampExport', ctx.clientIp);
      return exportCredentialStamp({ actor: ctx.actor!, id: args.id, format: args.format });
    },
  }),
}));
