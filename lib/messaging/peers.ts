import { db } from '../db/index.ts';
import { UUID_RE } from '../ids.ts';

/** Whether `otherUserId` is a member of an organization `userId` is a member of: the only people one may message. */
export async function sharesOrganization(userId: string, otherUserId: string): Promise<boolean> {
  if (!UUID_RE.test(otherUserId)) return false;
  const shared = await db().organizationMembership.findFirst({
    where: { userId: otherUserId, organization: { memberships: { some: { userId } } } },
    select: { id: true },
  });
  return shared !== null;
}
