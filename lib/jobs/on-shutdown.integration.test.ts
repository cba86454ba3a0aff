/**
 * Verification counts are added up in memory and written once a second (lib/seals/verify-seal.ts):
 * a server that stops in between writes them first. scripts/server.ts calls closeDatabase on
 * SIGINT/SIGTERM, and lib/db's own signal handler runs the same hooks; this drives closeDatabase.
 */
import { describe, expect, it } from 'vitest';
import { seedUser, seedSealOn } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { beforeDatabaseClose, closeDatabase, db } from '../db/index.ts';
import { verifySeal } from '../seals/verify-seal.ts';
import { flushOnShutdown } from './on-shutdown.ts';

describe('a stopping server', () => {
  it('writes the verification counts still in memory before its database closes', async () => {
    flushOnShutdown();
    const owner = await seedUser();
    const doc = await createDocumentVia(owner.accessToken, { name: 'Shutdown plan', fileHash: await uploaded(await samplePdf(1, 'Shutdown'), 'plan.pdf', owner.accessToken) });
    const { verificationCode: code } = await seedSealOn(doc.currentVersion.id);
    const stored = async () => (await db().seal.findUniqueOrThrow({ where: { verificationCode: code }, select: { verificationCount: true } })).verificationCount;

    const started = Date.now();
    for (let i = 0; i < 3; i += 1) expect((await verifySeal({ code }))?.verificationCode).toBe(code);
    // Counted in memory only (unless the once-a-second write came already, on a slow machine).
    const before = await stored();
    if (Date.now() - started < 800) expect(before).toBe(0);

    // Registered after the flush, so it reads what the database holds once the flush has run, still open.
    let atClose: number | null = null;
    beforeDatabaseClose('test probe', async () => {
      atClose = await stored();
    });
    await closeDatabase();
    expect(atClose).toBe(3);
  });
});
