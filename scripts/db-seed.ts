/** `npm run db:seed`: add the demo user to an empty database. */
import { closeDatabase } from '../lib/db/index.ts';
import { DEMO_USER, seedDemoData } from '../prisma/seed.ts';

try {
  const seeded = await seedDemoData();
  console.log(seeded ? `Seeded demo user ${DEMO_USER.email} / ${DEMO_USER.password}` : 'Database already has users: nothing seeded.');
} finally {
  await closeDatabase();
}
