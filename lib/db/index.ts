import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient as GeneratedClient } from '../generated/prisma/client.ts';
import { env } from '../env.ts';

export { Prisma } from '../generated/prisma/client.ts';

/**
 * Secrets are never selected by accident: every query leaves these columns out unless it asks
 * for them by name (`select: { passwordHash: true }`).
 */
const OMIT_SECRETS = { user: { passwordHash: true, mfaSecret: true }, signingCertificate: { encryptedPrivateKey: true } } as const;

function newClient(adapter: SqlMigrationAwareDriverAdapterFactory) {
  return new GeneratedClient({ adapter: counted(adapter), omit: OMIT_SECRETS });
}

/**
 * SQL statements sent by the app's Prisma clients since the process started: a test reads
 * it before and after a request to show a query does not grow with its page size (no N+1).
 */
export const sqlStatements = { count: 0 };

type Queryable = { queryRaw: (...args: never[]) => Promise<unknown>; executeRaw: (...args: never[]) => Promise<unknown> };

function countCalls(queryable: Queryable): void {
  for (const method of ['queryRaw', 'executeRaw'] as const) {
    const original = queryable[method].bind(queryable) as (...args: never[]) => Promise<unknown>;
    queryable[method] = (...args: never[]) => {
      sqlStatements.count += 1;
      return original(...args);
    };
  }
}

function counted(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    countCalls(adapter as unknown as Queryable);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args) => {
      const transaction = await startTransaction(...args);
      countCalls(transaction as unknown as Queryable);
      return transaction;
    };
    return adapter;
  };
  return factory;
}

/** The app's Prisma client: secrets omitted unless selected by name. */
export type PrismaClient = ReturnType<typeof newClient>;

/** The database this process talks to: one Prisma client over one driver adapter. */
export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** The same connection, for the migration engine. */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** The embedded database itself (kind 'pglite'): the job queue talks to it directly (lib/queue). */
  pglite?: PGlite;
  /** The PostgreSQL connection string (kind 'postgres'): the job queue opens its own pool on it. */
  connectionString?: string;
  close(): Promise<void>;
}

const globalForDb = globalThis as unknown as {
  __sealwrightDb?: Database;
  __sealwrightDbSignals?: () => void;
  __sealwrightShutdownOwned?: boolean;
  __sealwrightBeforeClose?: Map<string, () => Promise<void>>;
};

/**
 * Work a stopping process must finish while its database is still open (what it holds in
 * memory, such as verification counts): run in the order registered, by `closeDatabase`
 * (scripts/server.ts on SIGINT/SIGTERM, scripts, tests) and on SIGINT/SIGTERM by the handler
 * below, whatever server runs the app. One hook per name, on globalThis: a module bundled into
 * several chunks registers once. Returns the function that takes it back.
 */
export function beforeDatabaseClose(name: string, hook: () => Promise<void>): () => void {
  const hooks = (globalForDb.__sealwrightBeforeClose ??= new Map());
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
}

async function runBeforeClose(): Promise<void> {
  for (const [name, hook] of globalForDb.__sealwrightBeforeClose ?? []) {
    try {
      await hook();
    } catch (err) {
      console.error(`${name} before the database closed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * Said by a process that stops in its own order on SIGINT/SIGTERM (scripts/server.ts: the
 * requests under way finish, then closeDatabase): the signal handler below then leaves the
 * database open for them, PGlite included. On globalThis, as the database is.
 */
export function closeDatabaseMyself(): void {
  globalForDb.__sealwrightShutdownOwned = true;
}

/** Open the database named by the environment: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob } = {}): Database {
  const e = env();
  const databaseUrl = options.databaseUrl ?? e.DATABASE_URL;
  if (databaseUrl) {
    // A connection that cannot be had within 5 s (the server down or every connection busy) fails
    // the query, and the request answers SERVICE_UNAVAILABLE (lib/unavailable.ts), never waits on.
    const adapterFactory = new PgAdapterFactory({ connectionString: databaseUrl, max: e.DATABASE_POOL_SIZE, connectionTimeoutMillis: 5_000 });
    const prisma = newClient(adapterFactory);
    return { prisma, kind: 'postgres', adapterFactory, connectionString: databaseUrl, close: () => prisma.$disconnect() };
  }
  const dataDir = options.dataDir ?? pgliteDir(e.DATA_DIR);
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = newPGlite(dataDir, options.loadDataDir);
  const adapterFactory = new PGliteAdapterFactory(pglite);
  const prisma = newClient(adapterFactory);
  let closed = false;
  return {
    prisma,
    kind: 'pglite',
    adapterFactory,
    pglite,
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * A PGlite database with the extensions our migrations create (pg_trgm for name search);
 * with `loadDataDir`, started from that copy of a data directory (`PGlite.dumpDataDir`).
 */
export function newPGlite(dataDir: string, loadDataDir?: Blob): PGlite {
  return new PGlite(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * The PGlite driver adapter, whose shadow database (the migration engine's scratch copy) has
 * our extensions too: the adapter's own makes a bare PGlite, where CREATE EXTENSION fails.
 */
export class PGliteAdapterFactory extends PrismaPGlite {
  override connectToShadowDb() {
    return new PrismaPGlite(newPGlite('memory://')).connect();
  }
}

/**
 * The PostgreSQL driver adapter, whose migration scripts run whole: the adapter's own cuts a
 * script at every ";", which breaks any function body (our migrations define trigger
 * functions). One simple-protocol query runs the script as one implicit transaction, as
 * PGlite's adapter and `prisma migrate deploy` do.
 */
export class PgAdapterFactory extends PrismaPg {
  readonly #config: pg.PoolConfig;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.#config = config;
  }

  override async connect() {
    const adapter = await super.connect();
    const config = this.#config;
    const convert = (adapter as unknown as { onError?: (err: unknown) => never }).onError?.bind(adapter);
    adapter.executeScript = async (script: string) => {
      const client = new pg.Client(config);
      await client.connect();
      try {
        await client.query(script);
      } catch (err) {
        if (convert) convert(err);
        throw err;
      } finally {
        await client.end();
      }
    };
    return adapter;
  }
}

/** Where PGlite keeps its files: `<DATA_DIR>/pglite`, or an in-memory database. */
export function pgliteDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
}

/** The process-wide database, opened on first use (never at import, so `next build` never touches it). */
export function getDatabase(): Database {
  if (!globalForDb.__sealwrightDb) installDatabase(openDatabase());
  return globalForDb.__sealwrightDb!;
}

/**
 * Make `database` the process-wide one, before anything opened another: test/setup-db.ts
 * installs each test file's copy of the database migrated once per run.
 */
export function installDatabase(database: Database): void {
  if (globalForDb.__sealwrightDb) throw new Error('The process-wide database is already open.');
  globalForDb.__sealwrightDb = database;
  globalForDb.__sealwrightDbSignals = closeOnExit(database);
}

/** The one Prisma client. */
export function db(): PrismaClient {
  return getDatabase().prisma;
}

/** Close the process-wide database (tests, scripts, shutdown). */
export async function closeDatabase(): Promise<void> {
  if (globalForDb.__sealwrightDb) await runBeforeClose();
  const database = globalForDb.__sealwrightDb;
  globalForDb.__sealwrightDb = undefined;
  globalForDb.__sealwrightDbSignals?.();
  globalForDb.__sealwrightDbSignals = undefined;
  await database?.close();
}

// On SIGINT/SIGTERM, the work registered with beforeDatabaseClose runs first. Then PGlite is
// closed (it loses pre-allocated sequence values on an unclean stop); a PostgreSQL pool stays
// open for the requests a server is still draining. The signal then takes its course, unless
// another handler (Next's, scripts/server.ts's) ends the process itself. Returns the function
// that removes the handlers again.
function closeOnExit(database: Database): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    // A server that drains its requests first closes the database itself, once they are done.
    if (globalForDb.__sealwrightShutdownOwned) return;
    void runBeforeClose()
      .then(() => (database.kind === 'pglite' ? database.close() : undefined))
      .finally(() => {
        if (database.kind === 'pglite' || process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
