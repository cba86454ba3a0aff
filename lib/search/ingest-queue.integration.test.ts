/**
 * One reader serves every organization's ingests: an organization's queued versions go behind
 * its own (priority minus how many it has waiting), so another organization's document is read
 * next, not after the whole flood (the third attacker's probe stalled search and chat for
 * everyone with ten-thousand-page files).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import { documentFrom, ingested } from '../../test/chat.ts';
import { samplePdf } from '../../test/documents.ts';
import { db } from '../db/index.ts';
import { stopQueue } from '../queue/index.ts';
import { drainIngestQueue } from './workers.ts';

afterAll(() => stopQueue());

describe('ingest queue', () => {
  it("reads another organization's document before the rest of one organization's flood", { timeout: 120_000 }, async () => {
    const flooder = await seedUser({ planLevel: 'TEAM' });
    const other = await seedUser({ planLevel: 'TEAM' });
    const flood: string[] = [];
    for (let i = 0; i < 4; i++) flood.push(await documentFrom(flooder.accessToken, await samplePdf(1, `Flood ${i}`), `Flood ${i}`));
    const theirs = await documentFrom(other.accessToken, await samplePdf(1, 'Site plan'), 'Site plan');

    const ingests = await db().documentIngest.findMany({ where: { documentId: { in: [...flood, theirs] } }, select: { id: true, documentId: true } });
    const ingestOf = new Map(ingests.map((i) => [i.documentId, i.id]));
    const jobs = await db().$queryRaw<Array<{ id: string; priority: number }>>`SELECT id::text, priority FROM pgboss.job WHERE id = ANY(${ingests.map((i) => i.id)}::uuid[])`;
    const priority = new Map(jobs.map((j) => [j.id, j.priority]));
    expect(flood.map((d) => priority.get(ingestOf.get(d)!))).toEqual([0, -1, -2, -3]);
    expect(priority.get(ingestOf.get(theirs)!)).toBe(0);

    // One reader: the flood's first, then the other organization's, then the rest of the flood.
    await drainIngestQueue({ budgetMs: 60_000, concurrency: 1 });
    const done = await Promise.all([...flood, theirs].map((d) => ingested(d)));
    expect(done.every((i) => i.status === 'DONE')).toBe(true);
    const order = [...done].sort((a, b) => a.finishedAt!.getTime() - b.finishedAt!.getTime()).map((i) => i.documentId);
    expect(order).toEqual([flood[0], theirs, flood[1], flood[2], flood[3]]);
  });
});
