import crypto from 'node:crypto';
import { HeaderMap } from '@apollo/server';
import type { ApolloServer, HTTPGraphQLRequest } from '@apollo/server';
import { parse } from 'graphql';
import { authenticate } from '../auth/accounts.ts';
import { AppError } from '../errors.ts';
import { env } from '../env.ts';
import type { Env } from '../env.ts';
import { logger } from '../log.ts';
import { clientIp } from '../http/client-ip.ts';
import { readBodyCapped } from '../http/body.ts';
import { requestTimeoutMs } from '../orgs/plans.ts';
import { clientKeyOf, rateLimit, rateLimitHeaders } from '../ratelimit/index.ts';
import { rejectNul } from '../text.ts';
import type { GraphQLContext } from './context.ts';
import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { errorResponse } from './errors.ts';
import { checkDocument, DOCUMENT_LIMITS } from './limits.ts';
import { createApolloServer } from './server.ts';
import { playgroundHtml } from './playground.ts';
import { printSDL, schema } from './schema/index.ts';

/** 16 MiB, and up to 1 MiB more of multipart envelope (decisions.md "Limits"). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
export const MAX_MULTIPART_BYTES = MAX_BODY_BYTES + 1024 * 1024;

export interface GraphQLHandlerOptions {
  introspection: boolean;
  /** Request timeout; the plan may lengthen it (ENTERPRISE: twice as long). */
  timeoutMs: number;
  playground: { user: string; password: string } | null;
  /** The licensing board the credential and board-search resolvers ask. */
  board: BoardSource;
}

/** The handler's options from the environment (the process's, parsed once, unless one is given). */
export function optionsFromEnv(e: Env = env()): GraphQLHandlerOptions {
  return {
    introspection: e.NODE_ENV !== 'production' || e.GRAPHQL_INTROSPECTION,
    timeoutMs: e.GRAPHQL_TIMEOUT_MS,
    playground: e.PLAYGROUND_USER && e.PLAYGROUND_PASSWORD ? { user: e.PLAYGROUND_USER, password: e.PLAYGROUND_PASSWORD } : null,
    board: boardSource(e),
  };
}

/** Put each file of a multipart request at its `map` paths (graphql-multipart-request-spec). */
/** Parts a multipart request may have: operations, map and the files (an operation takes a handful of uploads). */
export const MAX_MULTIPART_PARTS = 32;

/** How many parts a multipart body declares, counted on the bytes before any parsing. */
function countParts(bytes: Uint8Array, contentType: string): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new AppError('BAD_USER_INPUT', 'Multipart request needs a boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(delimiter); at >= 0 && count <= MAX_MULTIPART_PARTS + 1; at = buffer.indexOf(delimiter, at + delimiter.length)) count++;
  return count - 1; // the closing delimiter ends the last part
}

async function multipartBody(bytes: Uint8Array, contentType: string): Promise<{ body: Record<string, unknown>; text: string }> {
  // Parsing costs per part: refuse a body of thousands of tiny parts before parsing it.
  if (countParts(bytes, contentType) > MAX_MULTIPART_PARTS) {
    throw new AppError('BAD_USER_INPUT', `A multipart request may have at most ${MAX_MULTIPART_PARTS} parts`);
  }
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('BAD_USER_INPUT', 'Malformed multipart body');
  }
  const operationsField = form.get('operations');
  const mapField = form.get('map');
  if (typeof operationsField !== 'string') throw new AppError('BAD_USER_INPUT', 'Multipart request needs an "operations" field');
  let operations: Record<string, unknown>;
  let map: Record<string, string[]> = {};
  try {
    operations = JSON.parse(operationsField);
    if (typeof mapField === 'string') map = JSON.parse(mapField);
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The "operations" and "map" fields must be JSON');
  }
  if (!operations || typeof operations !== 'object' || Array.isArray(operations)) {
    throw new AppError('BAD_USER_INPUT', 'Batched operations are not supported');
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw new AppError('BAD_USER_INPUT', 'The "map" field must be a JSON object');
  let placed = 0;
  for (const [part, paths] of Object.entries(map)) {
    const file = form.get(part);
    if (!(file instanceof File)) throw new AppError('BAD_USER_INPUT', `Multipart map names part "${part}", which is not a file`);
    if (!Array.isArray(paths)) throw new AppError('BAD_USER_INPUT', `Multipart map entry "${part}" must be a list of paths`);
    placed += paths.length;
    if (placed > MAX_MULTIPART_PARTS) throw new AppError('BAD_USER_INPUT', `A multipart map may place files at most ${MAX_MULTIPART_PARTS} times`);
    for (const p of paths) setPath(operations, String(p), file);
  }
  return { body: operations, text: operationsField };
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split('.', 18);
  if (keys[0] !== 'variables' || keys.length > 16 || keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) {
    throw new AppError('BAD_USER_INPUT', `Invalid multipart map path "${dotted}"`);
  }
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function checkBasicAuth(header: string | null, expected: { user: string; password: string }): boolean {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const given = Buffer.from(decoded);
  const wanted = Buffer.from(`${expected.user}:${expected.password}`);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/**
 * Everything a client sent besides the document itself: no NUL in any text, and the
 * document within the limits of lib/graphql/limits.ts. A refusal is an AppError.
 */
function checkRequestBody(body: Record<string, unknown>, sourceText: string): void {
  rejectNul(body.variables, 'variables', sourceText);
  rejectNul(body.operationName, 'operationName', sourceText);
  rejectNul(body.extensions, 'extensions', sourceText);
  const persisted = (body.extensions as { persistedQuery?: unknown } | undefined)?.persistedQuery;
  if (persisted !== undefined) {
    const { version, sha256Hash } = (persisted ?? {}) as { version?: unknown; sha256Hash?: unknown };
    if (version !== 1 || typeof sha256Hash !== 'string' || !/^[0-9a-f]{64}$/i.test(sha256Hash)) {
      throw new AppError('BAD_USER_INPUT', 'extensions.persistedQuery needs version 1 and sha256Hash, the hex SHA-256 of the query');
    }
  }
  if (typeof body.query !== 'string') return;
  let document;
  try {
    document = parse(body.query, { maxTokens: DOCUMENT_LIMITS.maxTokens });
  } catch (err) {
    // The parser recurses: nesting deep enough to exhaust its stack is refused in our words.
    if (err instanceof RangeError || (err instanceof Error && /call stack/i.test(err.message))) {
      throw new AppError('BAD_USER_INPUT', 'The document is nested too deeply to parse');
    }
    return; // Apollo reports the syntax error in its own format
  }
  checkDocument(document);
}

/** The two doors of /v1/graphql: POST runs operations, GET serves the playground or answers 405. */
export function createGraphQLHandler(options: GraphQLHandlerOptions) {
  let server: ApolloServer<GraphQLContext> | undefined;
  const apollo = () => (server ??= createApolloServer({ introspection: options.introspection }));
  // Operations still running, answered or not (a timed-out one finishes behind its answer).
  const running = new Set<Promise<unknown>>();
  let page: string | undefined;

  /** Every /v1/graphql request counts against its address (the playground's password tries too). */
  async function limited(request: Request): Promise<Response | null> {
    const limit = await rateLimit('graphqlIp', clientKeyOf(request, clientIp));
    if (limit.success) return null;
    return errorResponse('RATE_LIMITED', `Too many requests: at most ${limit.limit} per minute. Retry after ${limit.retryAfterSeconds} s.`, 429, rateLimitHeaders(limit));
  }

  async function GET(request: Request): Promise<Response> {
    const refused = await limited(request);
    if (refused) return refused;
    const accept = request.headers.get('accept') ?? '';
    if (!accept.includes('text/html')) return wrongMethod();
    if (!options.playground || !checkBasicAuth(request.headers.get('authorization'), options.playground)) {
      return new Response('Authentication required for the GraphQL playground.\n', {
        status: 401,
        headers: { 'WWW-Authenticate': 'Basic realm="Sealwright GraphQL playground", charset="UTF-8"', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    page ??= playgroundHtml({ schema, sdl: printSDL() });
    return new Response(page, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
        // The page is self-contained: its own inline script and style, requests to this origin only.
        'Content-Security-Policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
    });
  }

  async function POST(request: Request): Promise<Response> {
    // Every request counts against its address, before any work is done for it.
    const refused = await limited(request);
    if (refused) return refused;
    const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
    const isJson = contentType.startsWith('application/json');
    const isMultipart = contentType.startsWith('multipart/form-data');
    if (!isJson && !isMultipart) {
      return errorResponse('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json or multipart/form-data', 415);
    }
    const max = isMultipart ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
    const tooLarge = () => errorResponse('PAYLOAD_TOO_LARGE', `Request body exceeds the ${MAX_BODY_BYTES / 1024 / 1024} MB limit`, 413);
    const bytes = await readBodyCapped(request, max);
    if (!bytes) return tooLarge();

    let body: Record<string, unknown>;
    let sourceText: string;
    try {
      if (isMultipart) {
        ({ body, text: sourceText } = await multipartBody(bytes, request.headers.get('content-type')!));
      } else {
        sourceText = new TextDecoder().decode(bytes);
        const parsed = JSON.parse(sourceText);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new AppError('BAD_USER_INPUT', 'The body must be a JSON object with "query" (batching is not supported)');
        }
        body = parsed;
      }
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'The body is not valid JSON';
      return errorResponse('BAD_USER_INPUT', message, 400);
    }
    try {
      checkRequestBody(body, sourceText);
    } catch (err) {
      if (err instanceof AppError) return errorResponse(err.code, err.message, 400);
      throw err;
    }

    const abort = new AbortController();
    const context: GraphQLContext = { actor: null, authError: null, clientIp: clientIp(request), signal: abort.signal, board: options.board };
    const headers = new HeaderMap();
    request.headers.forEach((value, key) => headers.set(key, value));
    if (isMultipart) headers.set('content-type', 'application/json');
    const httpRequest: HTTPGraphQLRequest = { method: 'POST', headers, search: new URL(request.url).search, body };

    // The clock runs from here: signing in and the operation share one budget.
    const started = Date.now();
    let timeoutMs = options.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let fire: (value: 'timeout') => void = () => {};
    const timedOut = new Promise<'timeout'>((resolve) => {
      fire = resolve;
    });
    const arm = (ms: number) => {
      clearTimeout(timer);
      timeoutMs = ms;
      timer = setTimeout(() => fire('timeout'), Math.max(0, started + ms - Date.now()));
    };
    arm(options.timeoutMs);
    const run = async () => {
      try {
        context.actor = await authenticate({
          authorization: request.headers.get('authorization'),
          organizationId: request.headers.get('x-organization-id'),
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        context.authError = err;
      }
      // The plan may allow longer (ENTERPRISE: twice), counted from the same start.
      const planned = requestTimeoutMs(options.timeoutMs, context.actor?.plan);
      if (planned !== timeoutMs) arm(planned);
      return apollo().executeHTTPGraphQLRequest({ httpGraphQLRequest: httpRequest, context: async () => context });
    };
    const operation = run();
    running.add(operation);
    void operation.catch(() => {}).finally(() => running.delete(operation));
    try {
      const result = await Promise.race([operation, timedOut]);
      if (result === 'timeout') {
        abort.abort();
        logger.warn('graphql: request timed out', { timeoutMs });
        return errorResponse('TIMEOUT', `The request did not finish within ${timeoutMs / 1000} s`, 200);
      }
      const responseHeaders = new Headers({ 'X-Content-Type-Options': 'nosniff' });
      for (const [key, value] of result.headers) responseHeaders.set(key, value);
      let text: string;
      if (result.body.kind === 'complete') {
        text = result.body.string;
      } else {
        text = '';
        for await (const chunk of result.body.asyncIterator) text += chunk;
      }
      return new Response(text, { status: result.status ?? 200, headers: responseHeaders });
    } catch (err) {
      logger.error('graphql: handler failed', { error: err instanceof Error ? err.stack : String(err) });
      return errorResponse('INTERNAL_SERVER_ERROR', 'Internal server error', 500);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves once every operation started so far has finished, including those already answered TIMEOUT. */
  async function idle(): Promise<void> {
    while (running.size) await Promise.allSettled([...running]);
  }

  /** Any other method: 405 with Allow, in the GraphQL error format. */
  function wrongMethod(): Response {
    return errorResponse('BAD_USER_INPUT', 'GraphQL operations must be sent with POST', 405, { Allow: 'POST' });
  }

  return { GET, POST, wrongMethod, idle };
}
