/**
 * The OpenAI-compatible path, against a local stand-in server speaking that protocol
 * (test/ai-standin.ts): chunks embedded in batches at ingest and stored with them, search fusing
 * cosine with full-text, answers written by the chat model from the passages and the recent
 * turns, citing their pages; an erroring or hanging service is a clear TIMEOUT error with the
 * USER message kept and nothing else stored.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { startAiStandIn, STANDIN_DIMENSIONS } from '../../test/ai-standin.ts';
import { ask, documentFrom, ingested, MESSAGES, newSession, search } from '../../test/chat.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { stopQueue } from '../queue/index.ts';
import { configureRateLimit } from '../ratelimit/index.ts';
import { EMBEDDING_BATCH } from '../ai/openai.ts';
import { FACTS, generatePackage } from '../search/corpus.ts';
import { startIngestWorkers } from '../search/workers.ts';

let ai: Awaited<ReturnType<typeof startAiStandIn>>;
let alice: SeededUser;
let docId: string;
const saved = { ...process.env };

beforeAll(async () => {
  ai = await startAiStandIn();
  Object.assign(process.env, { AI_BASE_URL: ai.url, AI_EMBEDDING_MODEL: 'standin-embed', AI_CHAT_MODEL: 'standin-chat', AI_API_KEY: 'sk-test', AI_TIMEOUT_MS: '1500' });
  configureRateLimit('ai', { limit: 1000 });
  await startIngestWorkers();
  alice = await seedUser({ planLevel: 'TEAM' });
  // 70 sheets make more chunks than one embedding request holds.
  docId = await documentFrom(alice.accessToken, await generatePackage({ doc: 0, pages: 70 }), 'Deck calculations');
}, 120_000);

afterAll(async () => {
  for (const key of ['AI_BASE_URL', 'AI_EMBEDDING_MODEL', 'AI_CHAT_MODEL', 'AI_API_KEY', 'AI_TIMEOUT_MS']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await stopQueue();
  await ai.close();
});

it('embeds the chunks in batches at ingest and stores the vectors with them', async () => {
  const ingest = await ingested(docId);
  expect(ingest).toMatchObject({ status: 'DONE', embeddingModel: 'standin-embed', error: null });
  const calls = ai.state.requests.filter((r) => r.path === '/v1/embeddings');
  expect(calls.length).toBe(Math.ceil(ingest.chunkCount / EMBEDDING_BATCH));
  expect(calls[0].body).toMatchObject({ model: 'standin-embed' });
  expect(calls[0].body.input.length).toBe(EMBEDDING_BATCH);
  const chunks = await db().documentChunk.findMany({ where: { documentId: docId }, select: { embedding: true } });
  for (const c of chunks) expect(c.embedding?.length).toBe(STANDIN_DIMENSIONS * 4);
});

it('fuses cosine and full-text: the answer page ranks first', async () => {
  const before = ai.state.requests.length;
  const results = await search(alice.accessToken, FACTS[6].question, [docId]);
  expect(results[0].pageNumber).toBe(7);
  for (const r of results) expect(r.similarity).toBeGreaterThan(0);
  expect(results[0].similarity).toBeLessThanOrEqual(1);
  expect(ai.state.requests.slice(before).map((r) => r.path)).toEqual(['/v1/embeddings']);
});

it('answers with the chat model from the passages and the recent turns, citing pages', async () => {
  const session = await newSession(alice.accessToken, [docId]);
  const first = await ask(alice.accessToken, session.id, 'What live load does the deck use?');
  expect(first.body.errors).toBeUndefined();
  expect(first.body.data!.sendChatMessage.content).toBe(
    'According to the documents, The bridge deck is designed for a uniform live load of 4.8 kPa plus the HL-93 design truck. [Deck calculations, p. 1]',
  );
  const second = await ask(alice.accessToken, session.id, 'And which grade of reinforcing bars is used?');
  expect(second.body.data!.sendChatMessage.content).toMatch(/ASTM A615 Grade 60.*\[Deck calculations, p\. 9\]$/);
  const call = ai.state.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  expect(call.body.model).toBe('standin-chat');
  expect(call.body.messages[0].role).toBe('system');
  expect(call.body.messages[0].content).toContain('[Deck calculations, p. 9]\n');
  // The earlier turn goes with the question.
  expect(call.body.messages.slice(1).map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(call.body.messages.at(-1).content).toBe('And which grade of reinforcing bars is used?');
});

it('a hanging or failing AI service is a clear error; the USER message stays, nothing half-written', async () => {
  const session = await newSession(alice.accessToken, [docId]);
  for (const [mode, message] of [
    ['hang', 'The AI service did not answer within 1.5 s'],
    ['error', 'The AI service answered HTTP 500'],
  ] as const) {
    ai.state.mode = mode;
    const started = Date.now();
    const res = await ask(alice.accessToken, session.id, 'What is the roof snow load?');
    expect(res.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'TIMEOUT', status_code: 504 } });
    expect(Date.now() - started).toBeLessThan(10_000);
  }
  ai.state.mode = 'answer';
  const messages = (await gql(MESSAGES, { token: alice.accessToken, variables: { s: session.id } })).body.data!.chatMessages;
  expect(messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
    ['USER', 'What is the roof snow load?'],
    ['USER', 'What is the roof snow load?'],
  ]);
});
