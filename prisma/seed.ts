import { db } from '../lib/db/index.ts';
import { DEMO_PROFESSIONALS, seedDirectory } from '../lib/directory/seed-directory.ts';
import { searchKey } from '../lib/text.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedUser } from './factories.ts';

/** The demo account printed in the log and the README. */
export const DEMO_USER = { email: 'demo@sealwright.test', password: 'sealwright-demo', displayName: 'Dana Demo, P.E.' };

/** The demo holder's license on the local board registry: createCredential verifies it. */
export const DEMO_LICENSE = { stateCode: 'TX', licenseType: 'engineer', licenseNumber: '123456' };

/**
 * Seed an empty database: the demo user, the professions, a directory of `professionals`
 * generated professionals with their board records, and the demo holder's license on the
 * board, and a folder of the demo user's drawings. Does nothing when any user exists. Returns whether it seeded.
 */
export async function seedDemoData({ professionals = DEMO_PROFESSIONALS, onProgress }: { professionals?: number; onProgress?: (done: number, total: number) => void } = {}): Promise<boolean> {
  if ((await db().user.count()) > 0) return false;
  const demo = await seedUser(DEMO_USER);
  // The demo address is ours and cannot receive mail: it counts as confirmed, so no banner asks for it.
  await db().user.update({ where: { id: demo.id }, data: { confirmedAt: new Date() }, select: { id: true } });
  await seedDemoDocuments(demo.id);
  await seedDirectory({ count: professionals, onProgress });
  await db().boardRecord.upsert({
    where: { stateCode_licenseType_licenseNumber: DEMO_LICENSE },
    create: {
      ...DEMO_LICENSE,
      firstName: 'Dana',
      lastName: 'Demo',
      fullName: 'Dana Demo',
      searchLastName: searchKey('Demo'),
      companyName: 'Demo Engineering',
      city: 'Austin',
      discipline: 'Civil',
      expirationDate: new Date('2028-12-31T00:00:00Z'),
      licenseStatus: 'active',
    },
    update: {},
  });
  return true;
}
