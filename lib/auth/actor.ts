import type { PlanLevel } from '../generated/prisma/enums.ts';

/** Who is acting, and in which organization: every lib function that reads tenant data takes one. */
export interface Actor {
  userId: string;
  organizationId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  plan: PlanLevel;
}
