/**
 * Chat over documents, offline (no AI service): ingest on the pg-boss queue and re-ingest on a
 * new version, full-text + trigram search (page 7 of 20 ranks first for its question; a
 * misspelt word finds its page), a scanned page, extractive answers with page citations,
 * soft delete, tenancy, and the per-user AI limit. PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { ask, CREATE_SESSION, documentFrom, ingested, MESSAGES, newSession, search, SEARCH, SEND } from '../../test/chat.ts';
import { uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { stopQueue } from '../queue/index.ts';
import { resetRateLimits } from '../ratelimit/index.ts';
import { FACTS, generatePackage } from '../search/corpus.ts';
import { startIngestWorkers } from '../search/workers.ts';
import { countTokens } from './tokens.ts';

let alice: SeededUser;
let mallory: SeededUser;
let packageId: string;
const NAME = 'Deck calculations';

beforeAll(async () => {
  await startIngestWorkers();
  alice = await seedUser({ planLevel: 'TEAM' });
  mallory = await seedUser({ planLevel: 'TEAM' });
  // 20 sheets; sheets 1–15 each state one fact (FACTS[0..14]), sheet 18 is a scan (no text layer).
  packageId = await documentFrom(alice.accessToken, await generatePackage({ doc: 0, pages: 20, scanned: [18] }), NAME);
}, 120_000);

afterAll(() => stopQueue());
beforeEach(() => resetRateLimits());

const code = (res: { body: { errors?: Array<{ extensions: { code: string } }> } }) => res.body.errors?.[0]?.extensions.code;

describe('ingest', () => {
  it('reads every page into chunks with page numbers, and records the scanned page', async () => {
    const ingest = await ingested(packageId);
    expect(ingest).toMatchObject({ status: 'DONE', pageCount: 20, pagesWithoutText: [18], error: null });
    const chunks = await db().documentChunk.findMany({ where: { documentId: packageId }, orderBy: { chunkIndex: 'asc' } });
    expect(chunks.length).toBe(ingest.chunkCount);
    expect([...new Set(chunks.map((c) => c.pageNumber))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20]);
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) expect(c.content.length).toBeLessThanOrEqual(1000);
    expect(
      chunks
        .filter((c) => c.pageNumber === 7)
        .map((c) => c.content)
        .join(' '),
    ).toContain('Midspan deflection of the transfer girder under live load is 0.42 inches');
  });

  it('replaces the chunks when a new version is uploaded', async () => {
    const id = await documentFrom(alice.accessToken, await generatePackage({ doc: 0, pages: 3 }), 'Revised sheets');
    const first = await ingested(id);
    const before = await db().documentChunk.findMany({ where: { documentId: id }, select: { id: true, versionId: true } });
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((c) => c.versionId))).toEqual(new Set([first.versionId]));

    const hash = await uploaded(
      await generatePackage({ doc: 2, pages: 2, extra: { 2: 'Revision B replaces the steel moment frames with buckling restrained braces.' } }),
      'rev-b.pdf',
      alice.accessToken,
    );
    const res = await gql('mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { id versionNumber } }', {
      token: alice.accessToken,
      variables: { i: { documentId: id, fileHash: hash } },
    });
    expect(res.body.errors).toBeUndefined();
    const second = await ingested(id);
    expect(second.versionId).toBe(res.body.data!.uploadDocumentVersion.id);
    expect(second).toMatchObject({ status: 'DONE', pageCount: 2 });
    const after = await db().documentChunk.findMany({ where: { documentId: id }, select: { id: true, versionId: true, pageNumber: true } });
    expect(new Set(after.map((c) => c.versionId))).toEqual(new Set([second.versionId]));
    expect(after.some((c) => before.some((b) => b.id === c.id))).toBe(false);
    expect(Math.max(...after.map((c) => c.pageNumber))).toBe(2);
    const [top] = await search(alice.accessToken, 'buckling restrained braces', [id]);
    expect(top).toMatchObject({ pageNumber: 2, documentId: id });
    expect(await search(alice.accessToken, 'transfer girder midspan deflection', [id])).toEqual([]);
  });
});

describe('searchDocumentChunks', () => {
  it('ranks page 7 first for the question it answers, with similarity in [0, 1]', async () => {
    await ingested(packageId);
    const [top] = await search(alice.accessToken, FACTS[6].question, [packageId]);
    expect(top).toMatchObject({ pageNumber: 7, documentId: packageId });
    expect(top.content).toContain('Midspan deflection of the transfer girder');
    // Words every sheet has still rank the sheet that has them all first, five results deep.
    const results = await search(alice.accessToken, 'design live load of the girder under service loads', [packageId]);
    expect(results.length).toBe(5);
    expect(results[0].pageNumber).toBe(7);
    for (const r of results) {
      expect(r.similarity).toBeGreaterThanOrEqual(0);
      expect(r.similarity).toBeLessThanOrEqual(1);
    }
    expect(results.map((r) => r.similarity)).toEqual([...results.map((r) => r.similarity)].sort((a, b) => b - a));
  });

  it('finds a misspelt word and a cut one on their page', async () => {
    expect((await search(alice.accessToken, 'fireproffing', [packageId], 1))[0]?.pageNumber).toBe(12);
    expect((await search(alice.accessToken, 'prestressd piles drivn to refusl', [packageId], 1))[0]?.pageNumber).toBe(6);
    expect((await search(alice.accessToken, 'galvaniz', [packageId], 1)).length).toBe(0); // fact 22 is not in this document
    expect((await search(alice.accessToken, 'reinforc grade', [packageId], 1))[0]?.pageNumber).toBe(9);
  });

  it('refuses bad input', async () => {
    const t = alice.accessToken;
    expect(code(await gql(SEARCH, { token: t, variables: { q: '  ', ids: [packageId] } }))).toBe('BAD_USER_INPUT');
    expect(code(await gql(SEARCH, { token: t, variables: { q: 'load', ids: [] } }))).toBe('BAD_USER_INPUT');
    expect(code(await gql(SEARCH, { token: t, variables: { q: 'load', ids: [packageId], limit: 51 } }))).toBe('BAD_USER_INPUT');
    expect(code(await gql(SEARCH, { variables: { q: 'load', ids: [packageId] } }))).toBe('UNAUTHENTICATED');
  });
});

describe('sendChatMessage without an AI service', () => {
  it('answers with quoted sentences citing [document name, p. N], storing both messages with their token counts', async () => {
    const session = await newSession(alice.accessToken, [packageId]);
    expect(session).toMatchObject({ status: 'ACTIVE', documentIds: [packageId], title: `Questions about ${NAME}` });
    const res = await ask(alice.accessToken, session.id, 'What live load does the deck use?');
    expect(res.body.errors).toBeUndefined();
    const answer = res.body.data!.sendChatMessage;
    expect(answer).toMatchObject({ role: 'ASSISTANT', sessionId: session.id });
    expect(answer.content).toContain('"The bridge deck is designed for a uniform live load of 4.8 kPa plus the HL-93 design truck." [Deck calculations, p. 1]');
    expect(answer.tokenCount).toBe(countTokens(answer.content));
    const messages = (await gql(MESSAGES, { token: alice.accessToken, variables: { s: session.id } })).body.data!.chatMessages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['USER', 'ASSISTANT']);
    expect(messages[0]).toMatchObject({ content: 'What live load does the deck use?', tokenCount: countTokens('What live load does the deck use?') });
    const listed = (await gql('{ chatSessions { id lastMessageAt } }', { token: alice.accessToken })).body.data!.chatSessions;
    expect(listed[0].id).toBe(session.id);
    expect(listed[0].lastMessageAt).not.toBeNull();
  });

  it('says so plainly when nothing relevant is found', async () => {
    const session = await newSession(alice.accessToken, [packageId]);
    const answer = (await ask(alice.accessToken, session.id, 'Recipe for chocolate cake?')).body.data!.sendChatMessage.content as string;
    expect(answer).toMatch(/^I found nothing in Deck calculations that answers this\./);
    expect(answer).toContain('Pages 18 of Deck calculations have no text layer');
  });

  it('says that a scanned page has no text instead of answering from nothing', async () => {
    const session = await newSession(alice.accessToken, [packageId]);
    const answer = (await ask(alice.accessToken, session.id, 'What does page 18 show?')).body.data!.sendChatMessage.content as string;
    expect(answer).toBe('Page 18 of Deck calculations has no text layer (it looks like a scanned image), so its content cannot be read or quoted.');
  });

  it('says in words when a document is still being read', async () => {
    const id = await documentFrom(alice.accessToken, await generatePackage({ doc: 1, pages: 2 }), 'Fresh upload');
    const session = await newSession(alice.accessToken, [id]);
    // As if its version had just been added (its ingest PENDING): a question that cannot wait is told so.
    const ingest = await ingested(id);
    await db().documentIngest.update({ where: { id: ingest.id }, data: { status: 'PENDING' } });
    const { sendChatMessage } = await import('./send-message.ts');
    const { loadActor } = await import('../orgs/actor.ts');
    const reply = await sendChatMessage({ actor: (await loadActor({ userId: alice.id }))!, sessionId: session.id, content: 'What is the wind speed?', ingestWaitMs: 0 });
    expect(reply.content).toContain('Fresh upload is still being read, so it was not searched yet; ask again in a moment.');
  });
});

describe('sessions', () => {
  it('deleteChatSession is a soft delete: gone from lists and chatMessages, messages kept', async () => {
    const t = alice.accessToken;
    const session = await newSession(t, [packageId], 'To delete');
    await ask(t, session.id, 'Which bolts are used?');
    const res = await gql('mutation($id: UUID!) { deleteChatSession(id: $id) { id } }', { token: t, variables: { id: session.id } });
    expect(res.body.data).toEqual({ deleteChatSession: { id: session.id } });
    const listed = (await gql('{ chatSessions(limit: 100) { id } }', { token: t })).body.data!.chatSessions.map((s: { id: string }) => s.id);
    expect(listed).not.toContain(session.id);
    expect(code(await gql(MESSAGES, { token: t, variables: { s: session.id } }))).toBe('NOT_FOUND');
    expect(code(await ask(t, session.id, 'Still there?'))).toBe('NOT_FOUND');
    expect(code(await gql('mutation($id: UUID!) { deleteChatSession(id: $id) { id } }', { token: t, variables: { id: session.id } }))).toBe('NOT_FOUND');
    expect(await db().chatSession.findUnique({ where: { id: session.id }, select: { status: true } })).toEqual({ status: 'DELETED' });
    expect(await db().chatMessage.count({ where: { sessionId: session.id } })).toBe(2);
  });
});

describe('another organization', () => {
  it('gets NOT_FOUND for every id of ours, and sees nothing', async () => {
    const t = mallory.accessToken;
    const session = await newSession(alice.accessToken, [packageId], 'Alice only');
    const own = await documentFrom(t, await generatePackage({ doc: 1, pages: 1 }), 'Mallory sheet');
    const attempts: Array<[string, Record<string, unknown>]> = [
      [SEARCH, { q: 'live load', ids: [packageId] }],
      [SEARCH, { q: 'live load', ids: [own, packageId] }],
      [CREATE_SESSION, { input: { documentIds: [packageId] } }],
      [CREATE_SESSION, { input: { documentIds: [own, packageId] } }],
      [MESSAGES, { s: session.id }],
      [SEND, { s: session.id, c: 'What live load?' }],
      ['mutation($id: UUID!) { deleteChatSession(id: $id) { id } }', { id: session.id }],
    ];
    for (const [query, variables] of attempts) {
      const res = await gql(query, { token: t, variables });
      expect(code(res), query).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toMatch(/Deck calculations|kPa/);
    }
    expect((await gql('{ chatSessions { id } }', { token: t })).body.data!.chatSessions).toEqual([]);
    expect(await db().chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(await db().chatSession.findUnique({ where: { id: session.id }, select: { status: true } })).toEqual({ status: 'ACTIVE' });
  });
});

describe('the per-user AI limit', () => {
  it('refuses the 11th AI call in a minute, whichever of the three', async () => {
    const bob = await seedUser({ planLevel: 'TEAM' });
    const doc = await documentFrom(bob.accessToken, await generatePackage({ doc: 1, pages: 1 }), 'Bob sheet');
    const session = await newSession(bob.accessToken, [doc]); // 1
    for (let i = 0; i < 9; i++) expect(code(await gql(SEARCH, { token: bob.accessToken, variables: { q: 'wind', ids: [doc] } }))).toBeUndefined(); // 2..10
    const refused = await ask(bob.accessToken, session.id, 'What is the wind speed?');
    expect(code(refused)).toBe('BILLING_RATE_LIMIT_EXCEEDED');
    expect(refused.body.errors![0].extensions.status_code).toBe(429);
    expect(await db().chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(code(await gql(CREATE_SESSION, { token: bob.accessToken, variables: { input: { documentIds: [doc] } } }))).toBe('BILLING_RATE_LIMIT_EXCEEDED');
    // Someone else is not held by it.
    expect(code(await gql(SEARCH, { token: alice.accessToken, variables: { q: 'wind', ids: [packageId] } }))).toBeUndefined();
  });
});
