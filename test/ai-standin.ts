/**
 * A stand-in OpenAI-compatible AI service for tests, on a local port: `POST /v1/embeddings` (a
 * hashed bag-of-word-stems vector, 256 dimensions, unit length: texts sharing words are near)
 * and `POST /v1/chat/completions` (answers by quoting the sentence, of the given passage that shares the most
 * words with the question, that shares the most, with that passage's label as its citation). It can also hang or
 * answer errors on demand, and records every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type AiMode = 'answer' | 'hang' | 'error';
export const STANDIN_DIMENSIONS = 256;

function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).map((w) => w.slice(0, 5));
}

function embed(text: string): number[] {
  const v = new Array<number>(STANDIN_DIMENSIONS).fill(0);
  for (const s of stems(text)) {
    let h = 2166136261;
    for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[(h >>> 0) % STANDIN_DIMENSIONS] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The passages of a system prompt: each a `[label]` line followed by its text. */
function passagesOf(system: string): { label: string; text: string }[] {
  const out: { label: string; text: string }[] = [];
  for (const m of system.matchAll(/^(\[[^\]\n]+, p\. \d+\])\n(.+)$/gm)) out.push({ label: m[1], text: m[2] });
  return out;
}

/** Words that say nothing of what a question is about. */
const COMMON = new Set(['what', 'which', 'does', 'the', 'and', 'use', 'used', 'uses', 'how', 'for', 'are', 'this', 'that', 'with'].map((w) => w.slice(0, 5)));

export async function startAiStandIn() {
  const state = { mode: 'answer' as AiMode, requests: [] as { path: string; body: any }[] };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      state.requests.push({ path: req.url ?? '', body });
      if (state.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (state.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model crashed"}}');
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/embeddings') {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        const system = body.messages.find((m: { role: string }) => m.role === 'system')?.content ?? '';
        const question = new Set(stems(body.messages.at(-1).content).filter((s) => !COMMON.has(s)));
        const best = passagesOf(system)
          .map((p, order) => ({ ...p, order, shared: new Set(stems(p.text).filter((s) => question.has(s))).size }))
          .sort((a, b) => b.shared - a.shared || a.order - b.order)[0];
        const sentence = best?.text
          .split(/(?<=\.)\s(?=[A-Z])/)
          .map((text, order) => ({ text, order, shared: new Set(stems(text).filter((s) => question.has(s))).size }))
          .sort((a, b) => b.shared - a.shared || a.order - b.order)[0].text;
        const content = best ? `According to the documents, ${sentence} ${best.label}` : 'The passages do not say.';
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
