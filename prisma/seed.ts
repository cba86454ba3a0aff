import { db } from '../lib/db/index.ts';
import { seedUser } from './factories.ts';

/** The demo account printed in the log and the README. */
export const DEMO_USER = { email: 'demo@sealwright.test', password: 'sealwright-demo', displayName: 'Dana Demo, P.E.' };

/** Seed an empty database with the demo user; does nothing when any user exists. Returns whether it seeded. */
export async function seedDemoData(): Promise<boolean> {
  if ((await db().user.count()) > 0) return false;
  await seedUser(DEMO_USER);
  return true;
}
