/** `npm run db:migrate`: apply pending migrations to the configured database (PGlite or DATABASE_URL). */
import { applyMigrations } from '../lib/db/migrate.ts';
import { closeDatabase, getDatabase } from '../lib/db/index.ts';
import { describeDatabaseError } from '../lib/db/describe-error.ts';

const database = getDatabase();
try {
  const applied = await applyMigrations(database.adapterFactory);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
} catch (err) {
  console.error(describeDatabaseError(err, process.env.DATABASE_URL));
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
