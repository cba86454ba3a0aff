import crypto from 'node:crypto';
import { HeaderMap } from '@apollo/server';
import type { ApolloServer, HTTPGraphQLRequest } from '@apollo/server';
import { parse } from 'graphql';
import { authenticate } from '../auth/accounts.ts';
import { AppError } from '../errors.ts';
import { env } from '../env.ts';
import type { Env } from '../env.ts';
import { logger } from '../log.ts';
import { addressTenant, clientIp } from '../http/client-ip.ts';
import { asPdfTenant } from '../pdf/pool.ts';
import { readBodyCapped } from '../http/body.ts';
import { requestTimeoutMs } from '../orgs/plans.ts';
import { clientKeyOf, rateLimit, rateLimitHeaders } from '../ratelimit/index.ts';
import { rejectNul } from '../text.ts';
import type { GraphQLContext } from './context.ts';
import { readMultipart } from './multipart.ts';
import { blobStore } from '../storage/index.ts';
import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { errorResponse, refusalResponse } from './errors.ts';
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

/** A JSON request body: one object (batching is not supported); BAD_USER_INPUT otherwise. */
function parseJsonObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('BAD_USER_INPUT', 'The body must be a JSON object with "query" (batching is not supported)');
  }
  return parsed as Record<string, unknown>;
}

/** The request's bearer token, as an actor, or the reason it was refused (raised by fields that need one). */
async function signIn(request: Request): Promise<{ actor: GraphQLContext['actor']; authError: AppError | null }> {
  try {
    const actor = await authenticate({ authorization: request.headers.get('authorization'), organizationId: request.headers.get('x-organization-id') });
    return { actor, authError: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { actor: null, authError: err };
  }
}

/**
 * The Retry-After seconds of an answer that holds no data at all (no data, or only nulls at its
 * top) and only SERVICE_UNAVAILABLE errors; null for any other answer.
 */
function wholeAnswerUnavailable(text: string): number | null {
  let body: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: { code?: string; retryAfterSeconds?: number } }> };
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const errors = body.errors ?? [];
  if (!errors.length || !errors.every((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) return null;
  if (body.data && Object.values(body.data).some((v) => v !== null)) return null;
  return Math.max(1, ...errors.map((e) => e.extensions?.retryAfterSeconds ?? 1));
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
    const tooLarge = (message = `Request body exceeds the ${MAX_BODY_BYTES / 1024 / 1024} MB limit`) => errorResponse('PAYLOAD_TOO_LARGE', message, 413);
    if (Number(request.headers.get('content-length')) > max) return tooLarge();

    // A multipart request's files go to the blob store as they arrive: only for a signed-in
    // caller, so the token is checked first (and not again for the operation).
    let signedIn: Awaited<ReturnType<typeof signIn>> | undefined;
    let body: Record<string, unknown>;
    let sourceText: string;
    // The files of a multipart request wait in temporary files: those no resolver kept go when the operation is over.
    let discardUploads = async () => {};
    try {
      if (isMultipart) {
        signedIn = await signIn(request);
        ({ body, text: sourceText, discard: discardUploads } = await readMultipart(request, { store: signedIn.actor ? blobStore() : null, maxBodyBytes: MAX_MULTIPART_BYTES }));
      } else {
        const bytes = await readBodyCapped(request, max);
        if (!bytes) return tooLarge();
        sourceText = new TextDecoder().decode(bytes);
        body = parseJsonObject(sourceText);
      }
      checkRequestBody(body, sourceText);
    } catch (err) {
      await discardUploads();
      return refusalResponse(err, isMultipart ? 'graphql: multipart request' : 'graphql: request body');
    }

    const abort = new AbortController();
    const context: GraphQLContext = { actor: null, authError: null, clientIp: clientKeyOf(request, clientIp), signal: abort.signal, board: options.board };
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
      ({ actor: context.actor, authError: context.authError } = signedIn ?? (await signIn(request)));
      if (context.actor) context.actor = { ...context.actor, clientAddress: context.clientIp };
      // The plan may allow longer (ENTERPRISE: twice), counted from the same start.
      const planned = requestTimeoutMs(options.timeoutMs, context.actor?.plan);
      if (planned !== timeoutMs) arm(planned);
      return apollo().executeHTTPGraphQLRequest({ httpGraphQLRequest: httpRequest, context: async () => context });
    };
    // Its PDF work takes turns in the pool as its client address's (a fair share against others).
    const operation = asPdfTenant(addressTenant(context.clientIp), run);
    running.add(operation);
    // An operation answered TIMEOUT runs on: its uploads are discarded once it is over.
    const over = operation.catch(() => {}).finally(() => discardUploads().catch((err) => logger.error('graphql: removing uploads failed', { error: String(err) })));
    void over.finally(() => running.delete(operation));
    try {
      const result = await Promise.race([operation, timedOut]);
      if (result !== 'timeout') await over;
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
      // Nothing could be answered because the database or the disk failed: HTTP 503, as a 429 says
      // a limit, so that clients and load balancers see it without reading the body.
      const unavailable = text.includes('"SERVICE_UNAVAILABLE"') ? wholeAnswerUnavailable(text) : null;
      if (unavailable) {
        responseHeaders.set('Retry-After', String(unavailable));
        return new Response(text, { status: 503, headers: responseHeaders });
      }
      return new Response(text, { status: result.status ?? 200, headers: responseHeaders });
    } catch (err) {
      return refusalResponse(err, 'graphql: handler');
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
