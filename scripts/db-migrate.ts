/** `npm run db:migrate`: apply pending migrations to the configured database (PGlite or DATABASE_URL). */
import { applyMigrations } from '../lib/db/migrate.ts';
import { closeDatabase, getDatabase } from '../lib/db/index.ts';

const database = getDatabase();
try {
  const applied = await applyMigrations(database.adapterFactory);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await closeDatabase();
}
