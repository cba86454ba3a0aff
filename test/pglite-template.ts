/**
 * Once per run of the integration project on PGlite: one in-memory database migrated from
 * prisma/migrations, written out as a data directory (PGlite's dumpDataDir). Each test file
 * (test/setup-db.ts) then starts its own PGlite from that copy instead of running initdb and
 * every migration again, which took about 3 s of each file's setup; starting from the copy
 * takes about 1 s. With DATABASE_URL set, each file still migrates a scratch database of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { newPGlite, PGliteAdapterFactory } from '../lib/db/index.ts';
import { applyMigrations } from '../lib/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, as a tar file; unset on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
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
