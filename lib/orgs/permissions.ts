import { AppError } from '../errors.ts';
import type { MembershipRole } from '../generated/prisma/enums.ts';

const EVERYONE = ['OWNER', 'ADMIN', 'MEMBER'] as const;
const MANAGERS = ['OWNER', 'ADMIN'] as const;

/**
 * What each membership role may do inside its organization: the one table every rule reads
 * (decisions.md "Billing (Stripe)" and "Users, roles, visibility, tenancy"). Work on one's own
 * objects (documents one created, credentials one holds) needs no entry: those rules live in
 * their domain's `where`.
 */
export const PERMISSIONS = {
  /** See the organization, its plan, members and subscription. */
  'organization.read': EVERYONE,
  /** Add a member, change a member's role, remove a member (not an OWNER). */
  'members.manage': MANAGERS,
  /** Make someone an OWNER, or change or remove an OWNER. */
  'owners.manage': ['OWNER'],
  /** Start or change a plan, save a card, cancel or resume the subscription. */
  'billing.manage': MANAGERS,
  /** Read and manage colleagues' PRIVATE documents. */
  'documents.manageAll': MANAGERS,
  /** Suspend a member's credential in the organization, or reinstate it (never transfer it). */
  'credentials.suspend': MANAGERS,
  /** Attest a member's legal name (the attester's own identity must be document-verified). */
  'identity.attest': MANAGERS,
  /** Require a verified identity to seal in the organization. */
  'organization.settings': ['OWNER'],
  /** See and cancel colleagues' batch seal jobs. */
  'batches.manageAll': MANAGERS,
  /** Delete a colleague's signing certificate. */
  'certificates.manageAll': MANAGERS,
} as const satisfies Record<string, readonly MembershipRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role holds a permission. */
export function can(role: MembershipRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly MembershipRole[]).includes(role);
}

/** FORBIDDEN (a role too low inside one's own organization) unless the role holds the permission. */
export function throwIfNoAccess(actor: { role: MembershipRole }, permission: Permission, message?: string): void {
  if (!can(actor.role, permission)) {
    const roles = (PERMISSIONS[permission] as readonly MembershipRole[]).join(' or ');
    throw new AppError('FORBIDDEN', message ?? `Only an organization's ${roles} may do this (your role: ${actor.role})`);
  }
}
