import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { newPGlite, PGliteAdapterFactory } from './index.ts';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

/** Prisma's files, relative to the project root. */
export const PRISMA_DIR = path.resolve(process.cwd(), 'prisma');
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, 'migrations');
export const SCHEMA_PATH = path.join(PRISMA_DIR, 'schema.prisma');
const FILTERS = { externalTables: [], externalEnums: [] };

let wasmReady: Promise<void> | undefined;

// The package's own entry imports the .wasm as an ES module, which Node cannot do:
// instantiate it by hand and hand the exports to the bindings.
function loadEngineWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const bindings = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(path.dirname(bindings), 'schema_engine_bg.wasm');
    const bytes = fs.readFileSync(wasmPath);
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  })();
  return wasmReady;
}

function schemaFiles() {
  return [{ path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, 'utf8') }];
}

async function withEngine<T>(adapterFactory: SqlMigrationAwareDriverAdapterFactory, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await loadEngineWasm();
  const datamodels = schemaFiles().map((f) => [f.path, f.content] as [string, string]);
  const log = (line: string) => {
    if (process.env.PRISMA_ENGINE_LOG) console.error(line);
  };
  const engine = await bg.SchemaEngine.new({ datamodels }, log, bindMigrationAwareSqlAdapterFactory(adapterFactory));
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}

/** The migrations in prisma/migrations, in order, as the engine expects them. */
export function loadMigrations(dir = MIGRATIONS_DIR): MigrationList {
  const entries = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: entries.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/** Apply every pending migration; returns the names applied now. Same records as `prisma migrate deploy`. */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  return withEngine(adapterFactory, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: loadMigrations(), filters: FILTERS });
    return out.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database built from the migrations to schema.prisma: empty when
 * they agree. The migrations are replayed in an in-memory PGlite shadow database.
 */
export async function diffMigrationsToSchema(): Promise<string> {
  const shadow = newPGlite('memory://');
  try {
    return await withEngine(new PGliteAdapterFactory(shadow), async (engine) => {
      const result = await engine.diff({
        from: { tag: 'migrations', ...loadMigrations() },
        to: { tag: 'schemaDatamodel', files: schemaFiles() },
        script: true,
        exitCode: null,
        filters: FILTERS,
      } as never);
      return (result.stdout ?? '').trim();
    });
  } finally {
    await shadow.close();
  }
}

/** Whether a diff script holds any statement (the engine prints a comment for an empty one). */
export function isEmptyMigration(sql: string): boolean {
  return sql.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'));
}
