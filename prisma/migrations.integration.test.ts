import { describe, expect, it } from 'vitest';
import { applyMigrations, diffMigrationsToSchema, isEmptyMigration, loadMigrations } from '../lib/db/migrate.ts';
import { db, getDatabase } from '../lib/db/index.ts';

describe('migrations', () => {
  it('replayed on an empty database, give exactly schema.prisma', async () => {
    const sql = await diffMigrationsToSchema();
    expect(sql, `schema.prisma and prisma/migrations disagree; run \`npm run db:migration -- <name>\`:\n${sql}`).toSatisfy(isEmptyMigration);
  });

  it('are recorded as applied the way `prisma migrate deploy` records them, and re-applying does nothing', async () => {
    const rows = await db().$queryRawUnsafe<Array<{ migration_name: string; finished_at: Date | null; checksum: string }>>(
      'SELECT migration_name, finished_at, checksum FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(loadMigrations().migrationDirectories.map((d) => d.path));
    expect(rows.every((r) => r.finished_at !== null && /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
    expect(await applyMigrations(getDatabase().adapterFactory)).toEqual([]);
  });
});
