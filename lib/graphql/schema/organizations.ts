import { builder } from '../builder.ts';
import { canSealDocuments, PLAN_LEVELS, PLANS } from '../../orgs/plans.ts';
import { getCurrentOrganization, getSubscription, listMyMemberships } from '../../orgs/organizations.ts';
import type { Subscription } from '../../orgs/organizations.ts';
import { countMembers, isMemberListed, listMembers, MEMBERSHIP_ROLES, removeMember, setPrimaryOrganization, setupOrganization, upsertMember } from '../../orgs/members.ts';
import { acceptInvitation, inviteMember } from '../../orgs/invitations.ts';
import type { MembershipRole } from '../../generated/prisma/enums.ts';
import { AppError, quote } from '../../errors.ts';
import { DeleteResult } from './credentials.ts';
import { countSealsThisPeriod } from '../../orgs/usage.ts';
import { updateOrganizationSettings } from '../../orgs/settings.ts';
import { checkLimit, listConnection } from './pagination.ts';

export const PlanLevel = builder.enumType('PlanLevel', { values: PLAN_LEVELS });

const planSelect = { planLevel: true, trialEndsAt: true } as const;

builder.prismaObject('Organization', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    planLevel: t.expose('planLevel', { type: PlanLevel }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    canSealDocuments: t.boolean({ select: planSelect, resolve: (org) => canSealDocuments(org) }),
    canUseCloudStorage: t.boolean({ select: planSelect, resolve: (org) => PLANS[org.planLevel].canUseCloudStorage }),
    maxDocuments: t.int({ nullable: true, select: planSelect, resolve: (org) => PLANS[org.planLevel].maxDocuments }),
    maxCredentials: t.int({ nullable: true, select: planSelect, resolve: (org) => PLANS[org.planLevel].maxCredentials }),
    maxTeamMembers: t.int({ nullable: true, select: planSelect, resolve: (org) => PLANS[org.planLevel].maxTeamMembers }),
    requireVerifiedIdentity: t.exposeBoolean('requireVerifiedIdentity', { description: 'Sealing here needs a DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED identity (IDENTITY_NOT_VERIFIED otherwise).' }),
    sealsThisPeriod: t.int({
      description: 'Seals made since the period began: the billing period of a paid plan, the trial, else the calendar month (UTC).',
      select: { id: true, planLevel: true, trialEndsAt: true, currentPeriodStart: true, currentPeriodEnd: true },
      resolve: (org) => countSealsThisPeriod(org.id, org),
    }),
  }),
});

builder.prismaObject('OrganizationMembership', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    role: t.exposeString('role'),
    isPrimaryOrg: t.exposeBoolean('isPrimaryOrg'),
    organization: t.relation('organization'),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
  }),
});

const OrganizationMember = builder.prismaObject('OrganizationMembership', {
  variant: 'OrganizationMember',
  description: 'A member of the current organization.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'The membership (removeOrganizationMember takes it).' }),
    role: t.exposeString('role', { description: 'OWNER, ADMIN or MEMBER.' }),
    user: t.relation('user'),
    insertedAt: t.expose('insertedAt', { type: 'DateTime', description: 'When they joined.' }),
  }),
});

const SetupOrganizationInput = builder.inputType('SetupOrganizationInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ description: '3 to 48 lowercase letters, digits and dashes; generated from the name when omitted.' }),
  }),
});

const UpsertOrganizationMemberInput = builder.inputType('UpsertOrganizationMemberInput', {
  fields: (t) => ({
    email: t.string({ required: true, description: 'The email of an existing account.' }),
    role: t.string({ required: true, description: 'OWNER, ADMIN or MEMBER.' }),
  }),
});

const InviteOrganizationMemberInput = builder.inputType('InviteOrganizationMemberInput', {
  fields: (t) => ({
    email: t.string({ required: true, description: 'The address to invite, with or without an account.' }),
    role: t.string({ required: true, description: 'OWNER, ADMIN or MEMBER.' }),
  }),
});

function parseRole(role: string): MembershipRole {
  const upper = role.trim().toUpperCase();
  if (!(MEMBERSHIP_ROLES as readonly string[]).includes(upper)) throw new AppError('BAD_USER_INPUT', `role must be OWNER, ADMIN or MEMBER; got ${quote(role)}`);
  return upper as MembershipRole;
}

export const SubscriptionStatus = builder.objectRef<Subscription>('SubscriptionStatus').implement({
  fields: (t) => ({
    planLevel: t.expose('planLevel', { type: PlanLevel }),
    status: t.exposeString('status', { description: 'active, trialing, past_due, canceled, incomplete, unpaid, or none.' }),
    currentPeriodEnd: t.expose('currentPeriodEnd', { type: 'DateTime', nullable: true }),
    cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd'),
    trialEnd: t.expose('trialEnd', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  organization: t.prismaField({
    type: 'Organization',
    description: 'The current organization (X-Organization-Id, else the primary one).',
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) => getCurrentOrganization({ actor: ctx.actor!, query }),
  }),
  myOrganizations: t.prismaField({
    type: ['OrganizationMembership'],
    authScopes: { authenticated: true },
    args: { limit: t.arg.int({ description: 'How many (default 20, at most 50).' }) },
    resolve: (query, _root, args, ctx) => listMyMemberships({ actor: ctx.actor!, limit: checkLimit(args.limit, 50), query }),
  }),
  organizationMembers: t.prismaField({
    type: [OrganizationMember],
    deprecationReason: 'Use organizationMembersConnection.',
    description: 'The current organization\u2019s members, in the order they joined (limit: 20 when omitted, at most 200).',
    args: { limit: t.arg.int() },
    authScopes: { authenticated: true },
    validateArgs: (args) => checkLimit(args.limit, 200),
    resolve: (query, _root, args, ctx) => listMembers({ actor: ctx.actor!, query: { ...query, take: checkLimit(args.limit, 200) } }),
  }),
  organizationMembersConnection: t.prismaConnection(
    {
      type: OrganizationMember,
      ...listConnection({
        count: (actor) => countMembers({ actor }),
        isListed: (actor, _args, id) => isMemberListed({ actor, id }),
        list: (actor, _args, query) => listMembers({ actor, query }),
      }),
    },
    { name: 'OrganizationMemberConnection' },
    { name: 'OrganizationMemberEdge' },
  ),
  subscription: t.field({
    type: SubscriptionStatus,
    nullable: true,
    description: 'The subscription of the current organization.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getSubscription({ actor: ctx.actor! }),
  }),
}));

const UpdateOrganizationSettingsInput = builder.inputType('UpdateOrganizationSettingsInput', {
  fields: (t) => ({
    requireVerifiedIdentity: t.boolean({ description: 'Require a DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED identity to seal here.' }),
  }),
});

builder.mutationFields((t) => ({
  updateOrganizationSettings: t.prismaField({
    type: 'Organization',
    nullable: true,
    description: "An OWNER changes the current organization's settings.",
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateOrganizationSettingsInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => updateOrganizationSettings({ actor: ctx.actor!, input, query }),
  }),
  setupOrganization: t.prismaField({
    type: 'Organization',
    nullable: true,
    description: 'A new organization with you as OWNER, FREE on its own 14-day trial.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SetupOrganizationInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => setupOrganization({ actor: ctx.actor!, input, query }),
  }),
  upsertOrganizationMember: t.prismaField({
    type: OrganizationMember,
    nullable: true,
    description: 'Add an existing account to the current organization, or change a member\u2019s role (OWNER or ADMIN; only an OWNER makes an OWNER).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpsertOrganizationMemberInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => upsertMember({ actor: ctx.actor!, input: { email: input.email, role: parseRole(input.role) }, query }),
  }),
  removeOrganizationMember: t.field({
    type: DeleteResult,
    description: 'Remove a member (by membership id), or leave with your own. The last OWNER cannot go.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { id }, ctx) => removeMember({ actor: ctx.actor!, id }),
  }),
  inviteOrganizationMember: t.boolean({
    description:
      'Invite an address into the current organization with a role, by a mailed link (7 days, single use) that the account using that address accepts. OWNER or ADMIN; only an OWNER invites an OWNER. True when the mail was sent.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: InviteOrganizationMemberInput, required: true }) },
    resolve: (_root, { input }, ctx) => inviteMember({ actor: ctx.actor!, input: { email: input.email, role: parseRole(input.role) } }),
  }),
  acceptInvitation: t.prismaField({
    type: 'OrganizationMembership',
    nullable: true,
    description: 'Join the organization of an emailed invitation, signed in with the account that uses the invited address.',
    authScopes: { authenticated: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => acceptInvitation({ actor: ctx.actor!, token: args.token, query }),
  }),
  setPrimaryOrganization: t.prismaField({
    type: 'OrganizationMembership',
    nullable: true,
    description: 'The organization your requests use when they name none (X-Organization-Id).',
    authScopes: { authenticated: true },
    args: { organizationId: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, { organizationId }, ctx) => setPrimaryOrganization({ actor: ctx.actor!, organizationId, query }),
  }),
}));
