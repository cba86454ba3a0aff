import { builder } from '../builder.ts';
import { canSealDocuments, PLAN_LEVELS, PLANS } from '../../orgs/plans.ts';
import { getCurrentOrganization, getSubscription, listMyMemberships } from '../../orgs/organizations.ts';
import { checkLimit } from './pagination.ts';

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

const SubscriptionStatus = builder
  .objectRef<Awaited<ReturnType<typeof getSubscription>>>('SubscriptionStatus')
  .implement({
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
  subscription: t.field({
    type: SubscriptionStatus,
    nullable: true,
    description: 'The subscription of the current organization.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getSubscription({ actor: ctx.actor! }),
  }),
}));
