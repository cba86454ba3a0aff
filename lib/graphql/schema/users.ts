import { builder } from '../builder.ts';
import { IdentityAssurance } from './identity.ts';
import { latestVerificationOf } from '../../identity/read-identity.ts';
import { isTrialActive } from '../../orgs/plans.ts';
import { PRIMARY_MEMBERSHIP_ORDER } from '../../orgs/actor.ts';
import { verificationStatusOf } from '../../credentials/list-credentials.ts';
import { changePassword, getMe, getUserById, loginUser, logoutUser, registerUser, rotateRefreshToken } from '../../auth/accounts.ts';
import { deleteAccount, updateProfile } from '../../auth/account-settings.ts';
import { getOnboarding } from '../../orgs/onboarding.ts';
import type { Onboarding } from '../../orgs/onboarding.ts';
import type { UpdateProfileInput as UpdateProfileInputValue } from '../../auth/account-settings.ts';
import { disableMfa, enableMfa, setupMfa, verifyMfaLogin } from '../../auth/mfa.ts';
import { requestPasswordReset, resetPassword } from '../../auth/password-reset.ts';
import { confirmEmail, resendConfirmation } from '../../auth/email-confirmation.ts';
import type { MfaSetup } from '../../auth/mfa.ts';
import type { AuthPayload } from '../../auth/accounts.ts';
import type { Prisma } from '../../db/index.ts';

/**
 * Pothos types a User row with every column; the client leaves passwordHash out of every
 * read (lib/db OMIT_SECRETS), and no field here exposes it.
 */
type UserRow = Prisma.UserGetPayload<object>;
const asUserRow = <T>(row: Promise<T>) => row as unknown as Promise<UserRow>;

const OnboardingRef = builder.objectRef<Onboarding>('Onboarding').implement({
  description: "The getting-started checklist (add your license, upload a drawing, seal it, share the verify link), each step read from the user's own data in the current organization.",
  fields: (t) => ({
    licenseAdded: t.exposeBoolean('licenseAdded', { description: 'A credential of theirs exists in the organization.' }),
    drawingUploaded: t.exposeBoolean('drawingUploaded', { description: 'They uploaded a document to the organization.' }),
    documentSealed: t.exposeBoolean('documentSealed', { description: 'They sealed a document in the organization.' }),
    verifyLinkShared: t.exposeBoolean('verifyLinkShared', {
      description: 'One of their seals was verified at least once (its link opened, its QR code scanned or its file checked, by anyone, themselves included).',
    }),
    complete: t.exposeBoolean('complete', { description: 'Every step is done.' }),
    dismissedAt: t.expose('dismissedAt', { type: 'DateTime', nullable: true, description: 'When they hid the checklist (updateProfile onboardingDismissed); null while it shows.' }),
    draftDocumentId: t.expose('draftDocumentId', { type: 'UUID', nullable: true, description: 'Their newest draft document, to seal next.' }),
    shareUrl: t.exposeString('shareUrl', { nullable: true, description: 'The verify link of their newest seal.' }),
  }),
});

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
    identityAssurance: t.expose('identityAssurance', {
      type: IdentityAssurance,
      description: 'SELF_ASSERTED at sign-up; DOCUMENT_VERIFIED once a government ID was checked; ORGANIZATION_ATTESTED once an OWNER or ADMIN attested the legal name.',
    }),
    legalName: t.exposeString('legalName', { nullable: true, description: 'The verified legal name (null while SELF_ASSERTED): credentials must carry it.' }),
    identityVerifiedAt: t.expose('identityVerifiedAt', { type: 'DateTime', nullable: true }),
    identityVerification: t.prismaField({
      type: 'IdentityVerification',
      nullable: true,
      description: 'The latest identity verification request, and its outcome: for the user themselves (and platform admins) only; null for anyone else.',
      resolve: (query, user, _args, ctx) => latestVerificationOf({ readerId: ctx.actor?.userId, userId: user.id, query }),
    }),
    onboarding: t.field({
      type: OnboardingRef,
      nullable: true,
      description: 'The getting-started checklist in the current organization: for the user themselves only; null for anyone else.',
      resolve: (user, _args, ctx) => (ctx.actor && ctx.actor.userId === user.id ? getOnboarding({ actor: ctx.actor }) : null),
    }),
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
  description: 'A sign-in: the token pair and the user; or, when mfaRequired, only an mfaPendingToken for verifyMfaLogin.',
  fields: (t) => ({
    accessToken: t.exposeString('accessToken', { nullable: true, description: 'null while MFA is pending.' }),
    refreshToken: t.exposeString('refreshToken', { nullable: true, description: 'null while MFA is pending.' }),
    expiresIn: t.exposeInt('expiresIn', { nullable: true, description: 'Seconds until the access token expires.' }),
    mfaPendingToken: t.exposeString('mfaPendingToken', { nullable: true, description: 'For verifyMfaLogin; lives 5 minutes and works once.' }),
    mfaRequired: t.exposeBoolean('mfaRequired'),
    user: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'null while MFA is pending.',
      resolve: (query, payload) => (payload.userId ? asUserRow(getUserById({ id: payload.userId, query })) : null),
    }),
  }),
});

const MfaSetupPayload = builder.objectRef<MfaSetup>('MfaSetupPayload').implement({
  description: 'A new TOTP secret, pending until enableMfa checks a code made from it.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'Base32, for typing into an authenticator.' }),
    otpauthUrl: t.exposeString('otpauthUrl'),
    qrCodeSvg: t.exposeString('qrCodeSvg', { description: 'The otpauth URL as a QR code (SVG markup).' }),
  }),
});

const MfaEnableResult = builder.objectRef<{ backupCodes: string[]; enabledAt: Date }>('MfaEnableResult').implement({
  fields: (t) => ({
    backupCodes: t.exposeStringList('backupCodes', { description: '10 single-use codes, shown this once.' }),
    enabledAt: t.expose('enabledAt', { type: 'DateTime' }),
  }),
});

const ChangePasswordResult = builder.objectRef<{ success: boolean }>('ChangePasswordResult').implement({
  fields: (t) => ({ success: t.exposeBoolean('success') }),
});

const DeleteAccountResult = builder.objectRef<{ success: boolean }>('DeleteAccountResult').implement({
  fields: (t) => ({ success: t.exposeBoolean('success') }),
});

const VerifyMfaLoginInput = builder.inputType('VerifyMfaLoginInput', {
  fields: (t) => ({
    mfaPendingToken: t.string({ required: true }),
    code: t.string({ required: true, description: 'The current TOTP code, or an unused backup code.' }),
  }),
});

const EnableMfaInput = builder.inputType('EnableMfaInput', {
  fields: (t) => ({ code: t.string({ required: true, description: 'The current code from the authenticator set up with setupMfa.' }) }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true, description: 'At least 10 characters.' }),
  }),
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    displayName: t.string({ description: 'null or blank clears it.' }),
    uiTheme: t.string({ description: 'light, dark or system.' }),
    stampExportSize: t.string({ description: 'small (1 in), medium (1.5 in) or large (2 in).' }),
    betaFeaturesEnabled: t.boolean(),
    onboardingDismissed: t.boolean({ description: 'true hides the getting-started checklist (User.onboarding.dismissedAt), false shows it again.' }),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true, description: 'At least 10 characters.' }),
    displayName: t.string(),
  }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The token of the emailed link (/reset-password?token=…).' }),
    newPassword: t.string({ required: true, description: 'At least 10 characters.' }),
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
    description:
      'Sign in by email and password. With MFA on, answers mfaRequired and an mfaPendingToken instead of tokens. Repeated failures lock the account and the address for a while (TOO_MANY_ATTEMPTS).',
    resolve: (_root, { input }, ctx) => loginUser({ input, signal: ctx.signal, clientIp: ctx.clientIp }),
  }),
  verifyMfaLogin: t.field({
    type: AuthPayloadRef,
    nullable: true,
    description: 'Complete an MFA sign-in with the pending token and a TOTP code or an unused backup code.',
    args: { input: t.arg({ type: VerifyMfaLoginInput, required: true }) },
    resolve: (_root, { input }, ctx) => verifyMfaLogin({ input, clientIp: ctx.clientIp, signal: ctx.signal }),
  }),
  setupMfa: t.field({
    type: MfaSetupPayload,
    nullable: true,
    description: 'Start MFA set-up: a new secret, its otpauth URL and a QR code. MFA is on once enableMfa checks a code.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => setupMfa({ actor: ctx.actor! }),
  }),
  enableMfa: t.field({
    type: MfaEnableResult,
    nullable: true,
    description: 'Check a code from the authenticator, turn MFA on, and return 10 single-use backup codes.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: EnableMfaInput, required: true }) },
    resolve: (_root, { input }, ctx) => enableMfa({ actor: ctx.actor!, code: input.code }),
  }),
  disableMfa: t.boolean({
    description: 'Turn MFA off; requires a current TOTP code.',
    authScopes: { authenticated: true },
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => disableMfa({ actor: ctx.actor!, code: args.code }),
  }),
  changePassword: t.field({
    type: ChangePasswordResult,
    nullable: true,
    description: 'Change the password (the current one is checked); every other session is signed out.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: (_root, { input }, ctx) => changePassword({ actor: ctx.actor!, input, signal: ctx.signal }),
  }),
  deleteAccount: t.field({
    type: DeleteAccountResult,
    nullable: true,
    description: 'Delete the account and its personal data (password required). Seals already issued stay verifiable. A sole owner of an organization with other members is refused (CONFLICT).',
    authScopes: { authenticated: true },
    args: { password: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => deleteAccount({ actor: ctx.actor!, password: args.password, signal: ctx.signal }),
  }),
  updateProfile: t.prismaField({
    type: 'User',
    nullable: true,
    description: 'Change your display name, theme, stamp export size or beta opt-in.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => asUserRow(updateProfile({ actor: ctx.actor!, input: input as UpdateProfileInputValue, query })),
  }),
  refreshToken: t.field({
    type: AuthPayloadRef,
    nullable: true,
    description: 'Exchange a refresh token for a new pair; the old one is revoked, and reusing a revoked one revokes its family.',
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => rotateRefreshToken({ refreshToken: args.refreshToken, signal: ctx.signal }),
  }),
  requestPasswordReset: t.boolean({
    description:
      'Mail a password-reset link (1 hour, single use) to the account that uses this address. Answers true whether or not the address is registered. At most 3 an hour per address and 10 per client address (RATE_LIMITED).',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => requestPasswordReset({ email: args.email, clientIp: ctx.clientIp }),
  }),
  resetPassword: t.boolean({
    description: 'Set a new password with the token of an emailed reset link; the link then stops working and every session of the account is signed out.',
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_root, { input }, ctx) => resetPassword({ input, signal: ctx.signal }),
  }),
  confirmEmail: t.boolean({
    description: "Confirm the account's address with the token of the emailed link (7 days): User.confirmedAt is set.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args) => confirmEmail({ token: args.token }),
  }),
  resendConfirmation: t.boolean({
    description: 'Mail a new confirmation link to your address. True when it was sent; false when the address is confirmed already or the mail could not be sent. At most 3 an hour (RATE_LIMITED).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => resendConfirmation({ actor: ctx.actor!, clientIp: ctx.clientIp }),
  }),
  logout: t.boolean({
    description: 'Revoke the given refresh token, or every refresh token of the user when none is given.',
    authScopes: { authenticated: true },
    args: { refreshToken: t.arg.string() },
    resolve: (_root, args, ctx) => logoutUser({ actor: ctx.actor!, refreshToken: args.refreshToken }),
  }),
}));
