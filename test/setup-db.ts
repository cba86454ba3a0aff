/**
 * Runs before every integration test file: gives the file its own database, migrated from
 * prisma/migrations. PGlite in memory by default, started from the copy test/pglite-template.ts
 * migrated once for the run; with DATABASE_URL, a scratch database on that PostgreSQL server,
 * copied from the run's migrated template database there, and dropped afterwards. (Without the
 * template, as when a file runs outside the integration project, it is migrated here.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { applyMigrations } from '../lib/db/migrate.ts';
import { closeDatabase, getDatabase, installDatabase, openDatabase } from '../lib/db/index.ts';

process.env.LOG_LEVEL ??= 'silent';
const serverUrl = process.env.DATABASE_URL;
let scratch: { admin: string; name: string } | undefined;

if (serverUrl) {
  const name = `sealwright_test_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const template = inject('postgresTemplate');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  await client.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  scratch = { admin: admin.toString(), name };
} else {
  process.env.DATA_DIR = 'memory://';
}

const pgliteTemplate = serverUrl ? undefined : inject('pgliteTemplate');
if (pgliteTemplate) {
  const database = openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(pgliteTemplate)]) });
  installDatabase(database);
  await database.pglite!.waitReady;
} else if (!(serverUrl && inject('postgresTemplate'))) {
  await applyMigrations(getDatabase().adapterFactory);
}

afterAll(async () => {
  await closeDatabase();
  if (scratch) {
    const client = new pg.Client({ connectionString: scratch.admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`);
    await client.end();
    process.env.DATABASE_URL = serverUrl;
  }
});
