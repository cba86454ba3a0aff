/**
 * `npm run bench:documents`: the dashboard's documents page, `documentsConnection(first: 20)`
 * with each document's versions and their seals (the query `npm run load` asks), against the
 * smallest signed-in query, `{ me { id } }`, measured in the same run: milliseconds and SQL
 * statements per request, and the ratio. Requests go one at a time through the GraphQL route
 * handler in this process, so the figures are the server's work, not a load generator's.
 *
 * Data: a TEAM user with 25 documents, every other one sealed (a version and a seal each). A
 * fresh PGlite in a temporary DATA_DIR, or a scratch PostgreSQL database with `--postgres`
 * (`sealwright_bench_documents` on 127.0.0.1, dropped afterwards).
 * Options: --requests N (400 per query and round), --rounds N (3), --postgres.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const REQUESTS = flag('--requests', 400);
const ROUNDS = flag('--rounds', 3);
const POSTGRES = argv.includes('--postgres');
const SCRATCH_DB = 'sealwright_bench_documents';
const PG = { host: '127.0.0.1', user: 'postgres' };

const psql = (sql: string) => execFileSync('psql', ['-h', PG.host, '-U', PG.user, '-qc', sql], { stdio: ['ignore', 'ignore', 'inherit'] });
if (POSTGRES) {
  psql(`DROP DATABASE IF EXISTS ${SCRATCH_DB}`);
  psql(`CREATE DATABASE ${SCRATCH_DB}`);
}

// The environment first: lib/env.ts parses it once, on first use. The per-IP GraphQL limit is
// lifted: every request of this process comes from the same (absent) address.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-documents-'));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: POSTGRES ? `postgresql://${PG.user}@${PG.host}:5432/${SCRATCH_DB}` : '',
  NODE_ENV: 'production',
  GRAPHQL_RATE_LIMIT: '100000000',
  BLOB_COLLECT_INTERVAL_MS: '0',
  CREDENTIAL_RECHECK_INTERVAL_MS: '0',
});
process.env.LOG_LEVEL ??= 'warn';

const { closeDatabase, getDatabase, sqlStatements } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { seedCredential, seedUser } = await import('../prisma/factories.ts');
const { loadActor } = await import('../lib/orgs/actor.ts');
const { blobStore } = await import('../lib/storage/index.ts');
const { ReceivedUpload } = await import('../lib/storage/received-upload.ts');
const { uploadFile } = await import('../lib/documents/upload-file.ts');
const { createDocument } = await import('../lib/documents/create-document.ts');
const { sealDocument } = await import('../lib/seals/seal-document.ts');
const { POST } = await import('../app/v1/graphql/route.ts');
const { PDFDocument } = await import('pdf-lib');

const DOCUMENTS =
  '{ documentsConnection(first: 20) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name status versionCount versions { id versionNumber fileHash insertedAt seal { verificationCode } } } } } }';
const ME = '{ me { id } }';

async function seed(): Promise<string> {
  const user = await seedUser({ planLevel: 'TEAM' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId });
  const actor = await loadActor({ userId: user.id });
  if (!actor) throw new Error('the seeded user has no organization');
  for (let i = 0; i < 25; i++) {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText(`Bench sheet ${i} ${crypto.randomUUID()}`, { x: 72, y: 700 });
    const put = await blobStore().put(Readable.from([Buffer.from(await pdf.save())]), { maxBytes: 1024 * 1024 });
    const file = await uploadFile({ actor, file: new ReceivedUpload(`sheet-${i}.pdf`, { hash: put.hash, size: put.size, contentType: 'application/pdf' }, null) });
    const document = await createDocument({ actor, input: { name: `Sheet ${i}`, fileHash: file.fileHash } });
    if (i % 2 === 0) await sealDocument({ actor, input: { documentId: document.id, credentialId: credential.id } });
  }
  return user.accessToken;
}

async function ask(token: string, query: string): Promise<string> {
  const res = await POST(
    new Request('http://127.0.0.1/v1/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query }) }),
  );
  const body = await res.text();
  if (res.status !== 200 || body.includes('"errors"')) throw new Error(`${res.status} ${body.slice(0, 300)}`);
  return body;
}

/** Milliseconds and SQL statements per request over `n` requests of one query. */
async function measure(token: string, query: string, n: number) {
  const statements = sqlStatements.count;
  const start = performance.now();
  for (let i = 0; i < n; i++) await ask(token, query);
  return { ms: (performance.now() - start) / n, statements: (sqlStatements.count - statements) / n };
}

try {
  await applyMigrations(getDatabase().adapterFactory);
  const token = await seed();
  const page = JSON.parse(await ask(token, DOCUMENTS)).data.documentsConnection;
  const sealed = page.edges.filter((e: { node: { versions: { seal: unknown }[] } }) => e.node.versions.some((v) => v.seal)).length;
  console.log(
    `${POSTGRES ? 'PostgreSQL' : 'PGlite'}: ${page.totalCount} documents, a page of ${page.edges.length} (${sealed} sealed); ${REQUESTS} requests per query and round, ${ROUNDS} rounds, one at a time`,
  );
  // Warm-up: the schema, the plans, the connection.
  await measure(token, ME, 50);
  await measure(token, DOCUMENTS, 50);
  const rows: { me: number; documents: number; meStatements: number; documentsStatements: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const me = await measure(token, ME, REQUESTS);
    const documents = await measure(token, DOCUMENTS, REQUESTS);
    rows.push({ me: me.ms, documents: documents.ms, meStatements: me.statements, documentsStatements: documents.statements });
    console.log(
      `round ${round}: me ${me.ms.toFixed(2)} ms (${me.statements} statements), documentsConnection ${documents.ms.toFixed(2)} ms (${documents.statements} statements), ratio ${(documents.ms / me.ms).toFixed(2)}`,
    );
  }
  const mean = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0) / rows.length;
  console.log(
    `mean: me ${mean((r) => r.me).toFixed(2)} ms, documentsConnection(first: 20) ${mean((r) => r.documents).toFixed(2)} ms, ratio ${(mean((r) => r.documents) / mean((r) => r.me)).toFixed(2)}; SQL statements per request: me ${mean((r) => r.meStatements)}, documents ${mean((r) => r.documentsStatements)}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (POSTGRES) psql(`DROP DATABASE IF EXISTS ${SCRATCH_DB}`);
}
process.exit(0);
