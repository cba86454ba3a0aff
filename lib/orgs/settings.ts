import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { throwIfNoAccess } from './permissions.ts';

export interface OrganizationSettingsInput {
  /** Sealing in this organization needs a DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED identity. */
  requireVerifiedIdentity?: boolean | null;
}

type OrganizationQuery = Omit<Prisma.OrganizationUpdateArgs, 'where' | 'data'>;

/** updateOrganizationSettings: an OWNER changes how the current organization seals. */
export async function updateOrganizationSettings<Q extends OrganizationQuery>({ actor, input, query }: { actor: Actor; input: OrganizationSettingsInput; query?: Q }) {
  throwIfNoAccess(actor, 'organization.settings', `Only an organization's OWNER changes its settings (your role: ${actor.role})`);
  const data: Prisma.OrganizationUpdateInput = {};
  if (input.requireVerifiedIdentity !== undefined) {
    if (input.requireVerifiedIdentity === null) throw new AppError('BAD_USER_INPUT', 'requireVerifiedIdentity must be true or false');
    data.requireVerifiedIdentity = input.requireVerifiedIdentity;
  }
  return db().organization.update({ ...(query ?? {}), where: { id: actor.organizationId }, data });
}
