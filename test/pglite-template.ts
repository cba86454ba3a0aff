/**
 * Once per run of the integration project, one database migrated from prisma/migrations, which
 * every test file (test/setup-db.ts) copies instead of migrating its own:
 * - on PGlite, an in-memory database written out as a data directory (PGlite's dumpDataDir):
 *   starting from the copy takes about 1 s of a file's setup, initdb and every migration about 3 s;
 * - on PostgreSQL (DATABASE_URL), a template database on that server: each file's scratch
 *   database is `CREATE DATABASE … TEMPLATE` it, a file copy on the server, where migrating each
 *   took about 2 s of its setup. The template is dropped when the run ends.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPGlite, PgAdapterFactory, PGliteAdapterFactory } from '../lib/db/index.ts';
import { applyMigrations } from '../lib/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, as a tar file; unset on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated template database on DATABASE_URL's server; unset on PGlite. */
    postgresTemplate: string;
  }
}

/** A statement on the server's `postgres` database (creating and dropping databases). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `sealwright_template_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  try {
    await applyMigrations(new PgAdapterFactory({ connectionString: url.toString(), max: 1 }));
    // No connection may stay on a template while databases are copied from it: the migration's
    // are ended, and no new one is let in.
    await onServer(serverUrl, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    await onServer(serverUrl, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  project.provide('postgresTemplate', name);
  return drop;
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return postgresTemplate(project, process.env.DATABASE_URL);
  const pglite = newPGlite('memory://');
  try {
    await applyMigrations(new PGliteAdapterFactory(pglite));
    const dump = await pglite.dumpDataDir('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-pglite-template-'));
    const file = path.join(dir, 'pglite.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await pglite.close();
  }
}
