import { builder } from '../builder.ts';
import { IDENTITY_ASSURANCES } from '../../identity/assurance.ts';
import { reviewerOf } from '../../identity/read-identity.ts';
import { attestMemberIdentity } from '../../identity/attest-identity.ts';
import { listIdentityVerifications, reviewIdentityVerification } from '../../identity/review-verification.ts';
import { startIdentityVerification } from '../../identity/start-verification.ts';
import type { IdentityVerificationStart } from '../../identity/start-verification.ts';
import { getOwnVerification } from '../../identity/verification-select.ts';
import type { Prisma } from '../../db/index.ts';

export const IdentityAssurance = builder.enumType('IdentityAssurance', {
  description:
    'How sure Sealwright is of who a user is: the name typed at sign-up, a government ID checked, or a legal name attested by an OWNER or ADMIN of their organization whose own ID was checked.',
  values: IDENTITY_ASSURANCES,
});
const IdentityVerificationMethod = builder.enumType('IdentityVerificationMethod', { values: ['STRIPE_IDENTITY', 'ADMIN_REVIEW', 'ORGANIZATION_ATTESTATION'] as const });
const IdentityVerificationStatus = builder.enumType('IdentityVerificationStatus', { values: ['PENDING', 'VERIFIED', 'REJECTED', 'CANCELED'] as const });

type VerificationRow = Prisma.IdentityVerificationGetPayload<object>;
const asRow = <T>(row: Promise<T>) => row as unknown as Promise<VerificationRow>;

export const IdentityVerificationRef = builder.prismaObject('IdentityVerification', {
  description: 'A request to verify a user\u2019s identity, and its outcome (with who decided or attested, and when).',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    method: t.expose('method', { type: IdentityVerificationMethod }),
    status: t.expose('status', { type: IdentityVerificationStatus }),
    legalName: t.exposeString('legalName', { nullable: true, description: 'The name asked to be verified, or the one verified.' }),
    note: t.exposeString('note', { nullable: true }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true, description: 'Why it was refused, or Stripe\u2019s reason when it needs another try.' }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    user: t.relation('user', { description: 'Whose identity.' }),
    reviewer: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'The platform admin who decided, or the OWNER/ADMIN who attested: shown to platform admins and to the reviewer themselves; null for anyone else.',
      // The client omits secrets from every User read (lib/db); Pothos types the row with them.
      resolve: async (query, row, _args, ctx) => (await reviewerOf({ readerId: ctx.actor?.userId, reviewerId: row.reviewerId, query })) as Prisma.UserGetPayload<object> | null,
    }),
  }),
});

const IdentityVerificationSession = builder.objectRef<IdentityVerificationStart>('IdentityVerificationSession').implement({
  description: 'A started identity verification: Stripe Identity\u2019s client secret and hosted page, or (without Stripe) a request waiting for a platform admin.',
  fields: (t) => ({
    verification: t.prismaField({ type: 'IdentityVerification', resolve: (query, start, _args, ctx) => asRow(getOwnVerification({ actor: ctx.actor!, id: start.verification.id, query })) }),
    clientSecret: t.exposeString('clientSecret', { nullable: true, description: 'For Stripe.js verifyIdentity; null for an admin review.' }),
    url: t.exposeString('url', { nullable: true, description: 'Stripe\u2019s hosted verification page; null for an admin review.' }),
  }),
});

const StartIdentityVerificationInput = builder.inputType('StartIdentityVerificationInput', {
  fields: (t) => ({
    legalName: t.string({ description: 'Without Stripe: the legal name, as on your ID, for the admin to check (default your display name).' }),
    note: t.string({ description: 'Without Stripe: how the reviewer may reach you.' }),
    returnUrl: t.string({ description: 'With Stripe: a page of this service to come back to (default /settings).' }),
  }),
});

const ReviewIdentityVerificationInput = builder.inputType('ReviewIdentityVerificationInput', {
  fields: (t) => ({
    id: t.field({ type: 'UUID', required: true }),
    approve: t.boolean({ required: true }),
    legalName: t.string({ description: 'The name as the ID spells it, when it differs from the request.' }),
    reason: t.string({ description: 'Required to reject: the user reads it.' }),
  }),
});

const VerifyMemberIdentityInput = builder.inputType('VerifyMemberIdentityInput', {
  fields: (t) => ({
    userId: t.field({ type: 'UUID', required: true, description: 'A member of the current organization.' }),
    legalName: t.string({ required: true, description: 'The legal name, as on the ID you checked.' }),
    note: t.string({ description: 'How it was checked (say, "passport seen in person").' }),
  }),
});

builder.queryFields((t) => ({
  identityVerifications: t.prismaField({
    type: ['IdentityVerification'],
    description: 'Platform admins (User.role admin): the review queue, PENDING requests oldest first (at most 200).',
    authScopes: { authenticated: true },
    args: { status: t.arg({ type: IdentityVerificationStatus }), limit: t.arg.int() },
    resolve: (query, _root, args, ctx) => listIdentityVerifications({ actor: ctx.actor!, status: args.status, limit: args.limit, query }) as unknown as Promise<VerificationRow[]>,
  }),
}));

builder.mutationFields((t) => ({
  startIdentityVerification: t.field({
    type: IdentityVerificationSession,
    nullable: true,
    description:
      'Verify your identity from a government ID: a Stripe Identity session when Stripe is configured, else a request a platform admin reviews. Raises identityAssurance to DOCUMENT_VERIFIED once verified.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: StartIdentityVerificationInput }) },
    resolve: (_root, { input }, ctx) => startIdentityVerification({ actor: ctx.actor!, input: input ?? {} }),
  }),
  reviewIdentityVerification: t.prismaField({
    type: 'IdentityVerification',
    nullable: true,
    description: 'Platform admins: approve (DOCUMENT_VERIFIED under the legal name) or reject a pending request.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ReviewIdentityVerificationInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => asRow(reviewIdentityVerification({ actor: ctx.actor!, input, query })),
  }),
  verifyMemberIdentity: t.prismaField({
    type: 'IdentityVerification',
    nullable: true,
    description: 'An OWNER or ADMIN whose own identity is DOCUMENT_VERIFIED attests a member\u2019s legal name: the member becomes ORGANIZATION_ATTESTED.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: VerifyMemberIdentityInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => asRow(attestMemberIdentity({ actor: ctx.actor!, input, query })),
  }),
}));
