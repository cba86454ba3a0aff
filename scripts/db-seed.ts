/**
 * `npm run db:seed`: seed an empty database (the demo user, professions, the directory and
 * its board records). `-- --professionals N` sets the directory's size (default 5,000; a
 * million for the directory benchmark). With `--directory-only`, add professionals to a
 * database that already has users.
 */
import { closeDatabase } from '../lib/db/index.ts';
import { DEMO_PROFESSIONALS, seedDirectory } from '../lib/directory/seed-directory.ts';
import { DEMO_USER, seedDemoData } from '../prisma/seed.ts';

const argv = process.argv.slice(2);
const at = argv.indexOf('--professionals');
const professionals = at >= 0 ? Number(argv[at + 1]) : DEMO_PROFESSIONALS;
if (!Number.isInteger(professionals) || professionals < 0) {
  console.error('Usage: npm run db:seed -- [--professionals N] [--directory-only]');
  process.exit(2);
}
const started = Date.now();
const onProgress = (done: number, total: number) => {
  if (done === total || done % 50_000 < 2_000) process.stdout.write(`\r  professionals: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (done === total) process.stdout.write('\n');
};
try {
  if (argv.includes('--directory-only')) {
    const added = await seedDirectory({ count: professionals, onProgress });
    console.log(`Added ${added.toLocaleString('en')} professionals.`);
  } else {
    const seeded = await seedDemoData({ professionals, onProgress });
    console.log(
      seeded
        ? `Seeded demo user ${DEMO_USER.email} / ${DEMO_USER.password} and ${professionals.toLocaleString('en')} professionals`
        : 'Database already has users: nothing seeded (use --directory-only to add professionals).',
    );
  }
} finally {
  await closeDatabase();
}
