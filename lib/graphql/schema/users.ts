import { builder } from '../builder.ts';
import { isTrialActive } from '../../orgs/plans.ts';
import { PRIMARY_MEMBERSHIP_ORDER } from '../../orgs/actor.ts';
import { verificationStatusOf } from '../../credentials/list-credentials.ts';
import { getMe, getUserById, loginUser, logoutUser, registerUser, rotateRefreshToken } from '../../auth/accounts.ts';
import type { AuthPayload } from '../../auth/accounts.ts';
import type { Prisma } from '../../db/index.ts';

/**
 * Pothos types a User row with every column; the client leaves passwordHash out of every
 * read (lib/db OMIT_SECRETS), and no field here exposes it.
 */
type UserRow = Prisma.UserGetPayload<object>;
const asUserRow = <T>(row: Promise<T>) => row as unknown as Promise<UserRow>;

export const User = builder.prismaObject('User', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    role: t.exposeString('role'),
    mfaEnabled: t.exposeBoolean('mfaEnabled'),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    uiTheme: t.exposeString('uiTheme'),
    stampExportSize: t.exposeString('stampExportSize'),
    betaFeaturesEnabled: t.exposeBoolean('betaFeaturesEnabled'),
    credentialCount: t.relationCount('credentials', { description: 'The credentials the user holds.' }),
    verificationStatus: t.string({
      description: 'unverified, pending or verified, from the user\u2019s credentials.',
      select: { credentials: { select: { status: true, verifiedAt: true } } },
      resolve: (user) => verificationStatusOf(user.credentials),
    }),
    trialActive: t.boolean({
      description: "The user's organization (the primary one) is FREE and its 14-day trial is running.",
      select: {
        memberships: {
          orderBy: [...PRIMARY_MEMBERSHIP_ORDER],
          take: 1,
          select: { organization: { select: { planLevel: true, trialEndsAt: true } } },
        },
      },
      resolve: (user) => {
        const org = user.memberships[0]?.organization;
        return org ? isTrialActive(org) : false;
      },
    }),
  }),
});

const AuthPayloadRef = builder.objectRef<AuthPayload>('AuthPayload').implement({
  fields: (t) => ({
    accessToken: t.exposeString('accessToken'),
    refreshToken: t.exposeString('refreshToken'),
    expiresIn: t.exposeInt('expiresIn', { description: 'Seconds until the access token expires.' }),
    mfaPendingToken: t.exposeString('mfaPendingToken', { nullable: true }),
    mfaRequired: t.exposeBoolean('mfaRequired'),
    user: t.prismaField({
      type: 'User',
      resolve: (query, payload) => asUserRow(getUserById({ id: payload.userId, query })),
    }),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true, description: 'At least 10 characters.' }),
    displayName: t.string(),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  me: t.prismaField({
    type: 'User',
    description: 'The current user.',
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) => asUserRow(getMe({ actor: ctx.actor!, query })),
  }),
}));

builder.mutationFields((t) => ({
  register: t.field({
    type: AuthPayloadRef,
    nullable: true,
    description: 'Create an account with a personal FREE organization on a 14-day trial, and sign in.',
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: (_root, { input }, ctx) => registerUser({ input, signal: ctx.signal }),
  }),
  login: t.field({
    type: AuthPayloadRef,
    nullable: true,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: (_root, { input }, ctx) => loginUser({ input, signal: ctx.signal }),
  }),
  refreshToken: t.field({
    type: AuthPayloadRef,
    nullable: true,
    description: 'Exchange a refresh token for a new pair; the old one is revoked, and reusing a revoked one revokes its family.',
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => rotateRefreshToken({ refreshToken: args.refreshToken, signal: ctx.signal }),
  }),
  logout: t.boolean({
    description: 'Revoke the given refresh token, or every refresh token of the user when none is given.',
    authScopes: { authenticated: true },
    args: { refreshToken: t.arg.string() },
    resolve: (_root, args, ctx) => logoutUser({ actor: ctx.actor!, refreshToken: args.refreshToken }),
  }),
}));
