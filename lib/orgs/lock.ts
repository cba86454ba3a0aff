import type { Prisma } from '../db/index.ts';

/**
 * Lock an organization's row until the transaction ends: what must hold for the whole
 * organization (a plan limit counted before an insert, a folder tree checked for cycles) is
 * then checked and changed by one transaction at a time.
 */
export async function lockOrganization(tx: Prisma.TransactionClient | { $queryRaw: Prisma.TransactionClient['$queryRaw'] }, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${organizationId}::uuid FOR UPDATE`;
}
