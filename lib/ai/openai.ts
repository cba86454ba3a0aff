/**
 * The AI service, when there is one: any server speaking OpenAI's HTTP API
 * (`POST {AI_BASE_URL}/embeddings`, `POST {AI_BASE_URL}/chat/completions`): OpenAI, Azure's
 * OpenAI-compatible endpoint, or a local Ollama, vLLM or llama.cpp server. Nothing here is
 * required: without AI_BASE_URL, search and chat work offline (lib/search, lib/chat).
 *
 * Every call is bounded by AI_TIMEOUT_MS (30 s): past it, or on any error answer, the caller
 * gets a TIMEOUT AppError whose message says what the service did.
 */
import { parseEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';

export interface AiSettings {
  baseUrl: string;
  apiKey?: string;
  embeddingModel?: string;
  chatModel?: string;
  timeoutMs: number;
}

/** The AI service configured now (read from the environment each time: a test may point it elsewhere), or null. */
export function aiSettings(): AiSettings | null {
  const e = parseEnv(process.env);
  if (!e.AI_BASE_URL) return null;
  return {
    baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.AI_API_KEY || undefined,
    embeddingModel: e.AI_EMBEDDING_MODEL || undefined,
    chatModel: e.AI_CHAT_MODEL || undefined,
    timeoutMs: e.AI_TIMEOUT_MS,
  };
}

/** Texts embedded per request. */
export const EMBEDDING_BATCH = 64;

async function post(settings: AiSettings, path: string, body: object): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const seconds = Math.round(settings.timeoutMs / 100) / 10;
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(settings.timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    logger.warn('ai: the AI service did not answer', { path, error: err instanceof Error ? err.message : String(err) });
    throw new AppError('TIMEOUT', timedOut ? `The AI service did not answer within ${seconds} s` : 'The AI service could not be reached');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new AppError('TIMEOUT', `The AI service did not finish its answer within ${seconds} s`);
  }
  if (!res.ok) {
    logger.warn('ai: the AI service answered an error', { path, status: res.status, body: text.slice(0, 300) });
    throw new AppError('TIMEOUT', `The AI service answered HTTP ${res.status}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('TIMEOUT', 'The AI service answered something that is not JSON');
  }
}

/** Embeddings of `texts` with AI_EMBEDDING_MODEL, EMBEDDING_BATCH to a request, in order. */
export async function embedTexts(settings: AiSettings & { embeddingModel: string }, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
    const batch = texts.slice(i, i + EMBEDDING_BATCH);
    const answer = await post(settings, '/embeddings', { model: settings.embeddingModel, input: batch });
    const data = Array.isArray(answer?.data) ? [...answer.data] : null;
    if (!data || data.length !== batch.length) throw new AppError('TIMEOUT', 'The AI service answered the wrong number of embeddings');
    data.sort((a: { index?: number }, b: { index?: number }) => (a.index ?? 0) - (b.index ?? 0));
    for (const item of data) {
      if (!Array.isArray(item?.embedding) || item.embedding.length === 0) throw new AppError('TIMEOUT', 'The AI service answered an embedding that is no list of numbers');
      out.push(Float32Array.from(item.embedding as number[]));
    }
  }
  return out;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One chat completion with AI_CHAT_MODEL: the assistant's whole answer. */
export async function completeChat(settings: AiSettings & { chatModel: string }, messages: ChatTurn[]): Promise<string> {
  const answer = await post(settings, '/chat/completions', { model: settings.chatModel, messages, temperature: 0.2, stream: false });
  const content = answer?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new AppError('TIMEOUT', 'The AI service answered no message');
  return content.trim();
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** A vector as stored with its chunk: float32, little-endian. */
export function vectorToBytes(v: Float32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(v.length * 4);
  const view = new DataView(out.buffer);
  v.forEach((x, i) => view.setFloat32(i * 4, x, true));
  return out;
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
