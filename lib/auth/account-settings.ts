import { z } from 'zod';
import { cancelSubscriptions } from '../billing/checkout.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { printableText } from '../text.ts';
import type { Actor } from '../orgs/actor.ts';
import { confirmPassword } from './accounts.ts';
import { keepStandingOnSeals } from '../credentials/delete-credential.ts';

const profileInput = z.object({
  displayName: z
    .string()
    .max(200, 'displayName is at most 200 characters')
    .nullish()
    .transform((v) => (v == null ? v : printableText(v).trim() || null)),
  uiTheme: z.enum(['light', 'dark', 'system'], { message: 'uiTheme must be light, dark or system' }).nullish(),
  stampExportSize: z.enum(['small', 'medium', 'large'], { message: 'stampExportSize must be small, medium or large' }).nullish(),
  betaFeaturesEnabled: z.boolean().nullish(),
  onboardingDismissed: z.boolean().nullish(),
});

export type UpdateProfileInput = z.input<typeof profileInput>;

type UserQuery = Omit<Prisma.UserFindUniqueArgs, 'where'>;

/** Change the actor's own profile; fields left out (or null, except displayName) stay as they are. */
export async function updateProfile<Q extends UserQuery>({ actor, input, query }: { actor: Actor; input: UpdateProfileInput; query?: Q }) {
  const parsed = profileInput.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', parsed.error.issues.map((i) => i.message).join('; '));
  const data = parsed.data;
  const update: Prisma.UserUpdateInput = {};
  // displayName: a string sets it, an explicit null (or blank) clears it, absent leaves it.
  if (data.displayName !== undefined) update.displayName = data.displayName;
  if (data.uiTheme) update.uiTheme = data.uiTheme;
  if (data.stampExportSize) update.stampExportSize = data.stampExportSize;
  if (data.betaFeaturesEnabled != null) update.betaFeaturesEnabled = data.betaFeaturesEnabled;
  // true hides the getting-started checklist (from now on), false shows it again.
  if (data.onboardingDismissed != null) update.onboardingDismissedAt = data.onboardingDismissed ? new Date() : null;
  return db().user.update({ ...(query ?? {}), where: { id: actor.userId }, data: update });
}

/**
 * Delete the actor's account (decisions.md "Deletion"): the password is checked; then the
 * user, their sessions, MFA codes, credentials and signing certificates (keys included) go,
 * and so does every organization they were the only member of, with its documents, folders
 * and files (blobs nothing references are collected later). Seals already issued stay
 * verifiable: they keep the holder's name, license and document hash as sealed. In
 * organizations with other members, their documents stay with the organization. A sole
 * OWNER of an organization with other members is refused with CONFLICT, and nothing changes.
 */
export async function deleteAccount({ actor, password, signal }: { actor: Actor; password: string; signal?: AbortSignal }): Promise<{ success: boolean }> {
  await confirmPassword(actor.userId, password);
  signal?.throwIfAborted();
  const ended = await db().$transaction(async (tx) => {
    const memberships = await tx.organizationMembership.findMany({
      where: { userId: actor.userId },
      select: {
        role: true,
        organization: {
          select: {
            id: true,
            name: true,
            stripeSubscriptionId: true,
            memberships: { where: { userId: { not: actor.userId } }, select: { role: true } },
          },
        },
      },
    });
    const soleOrganizations: string[] = [];
    const subscriptions: string[] = [];
    for (const { role, organization } of memberships) {
      const others = organization.memberships;
      if (others.length === 0) {
        soleOrganizations.push(organization.id);
        if (organization.stripeSubscriptionId) subscriptions.push(organization.stripeSubscriptionId);
      } else if (role === 'OWNER' && !others.some((m) => m.role === 'OWNER')) {
        throw new AppError('CONFLICT', `You are the only owner of "${organization.name}", which has other members: make one of them an owner, or remove them, before deleting your account`);
      }
    }
    // Seals keep their snapshot: their organization, document and credential links become null,
    // and each keeps its credential's status then.
    await keepStandingOnSeals(tx, { userId: actor.userId, organizationIds: soleOrganizations });
    if (soleOrganizations.length) await tx.organization.deleteMany({ where: { id: { in: soleOrganizations } } });
    await tx.user.delete({ where: { id: actor.userId }, select: { id: true } });
    return subscriptions;
  });
  // Nobody is left to pay for or use those plans: stop their billing at Stripe.
  await cancelSubscriptions(ended);
  return { success: true };
}
