import crypto from 'node:crypto';
import { HeaderMap } from '@apollo/server';
import type { ApolloServer, HTTPGraphQLRequest } from '@apollo/server';
import { parse } from 'graphql';
import { authenticate } from '../auth/accounts.ts';
import { AppError, ERROR_STATUS } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { clientIp } from '../http/client-ip.ts';
import { readBodyCapped } from '../http/body.ts';
import type { GraphQLContext } from './context.ts';
import { createApolloServer, depthError } from './server.ts';
import { playgroundHtml } from './playground.ts';

/** 16 MiB, and up to 1 MiB more of multipart envelope (decisions.md "Limits"). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
export const MAX_MULTIPART_BYTES = MAX_BODY_BYTES + 1024 * 1024;

export interface GraphQLHandlerOptions {
  introspection: boolean;
  /** Request timeout; ENTERPRISE organizations get twice as long. */
  timeoutMs: number;
  playground: { user: string; password: string } | null;
}

/** The handler's options from the environment. */
export function optionsFromEnv(): GraphQLHandlerOptions {
  const e = env();
  return {
    introspection: e.NODE_ENV !== 'production' || e.GRAPHQL_INTROSPECTION,
    timeoutMs: e.GRAPHQL_TIMEOUT_MS,
    playground: e.PLAYGROUND_USER && e.PLAYGROUND_PASSWORD ? { user: e.PLAYGROUND_USER, password: e.PLAYGROUND_PASSWORD } : null,
  };
}

function errorResponse(code: ErrorCode, message: string, httpStatus: number, headers: Record<string, string> = {}): Response {
  return Response.json(
    { errors: [{ message, extensions: { code, status_code: ERROR_STATUS[code] } }] },
    { status: httpStatus, headers },
  );
}

/** Put each file of a multipart request at its `map` paths (graphql-multipart-request-spec). */
async function multipartBody(bytes: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
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
  for (const [part, paths] of Object.entries(map)) {
    const file = form.get(part);
    if (!(file instanceof File)) throw new AppError('BAD_USER_INPUT', `Multipart map names part "${part}", which is not a file`);
    if (!Array.isArray(paths)) throw new AppError('BAD_USER_INPUT', `Multipart map entry "${part}" must be a list of paths`);
    for (const p of paths) setPath(operations, String(p), file);
  }
  return operations;
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split('.');
  if (keys[0] !== 'variables' || keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) {
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

/** The two doors of /v1/graphql: POST runs operations, GET serves the playground or answers 405. */
export function createGraphQLHandler(options: GraphQLHandlerOptions) {
  let server: ApolloServer<GraphQLContext> | undefined;
  const apollo = () => (server ??= createApolloServer({ introspection: options.introspection }));

  async function GET(request: Request): Promise<Response> {
    const accept = request.headers.get('accept') ?? '';
    if (!accept.includes('text/html')) {
      return errorResponse('BAD_USER_INPUT', 'GraphQL operations must be sent with POST', 405, { Allow: 'POST' });
    }
    if (!options.playground || !checkBasicAuth(request.headers.get('authorization'), options.playground)) {
      return new Response('Authentication required for the GraphQL playground.\n', {
        status: 401,
        headers: { 'WWW-Authenticate': 'Basic realm="Sealwright GraphQL playground", charset="UTF-8"', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(playgroundHtml(), {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' },
    });
  }

  async function POST(request: Request): Promise<Response> {
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
    try {
      if (isMultipart) {
        body = await multipartBody(bytes, request.headers.get('content-type')!);
      } else {
        const parsed = JSON.parse(new TextDecoder().decode(bytes));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new AppError('BAD_USER_INPUT', 'The body must be a JSON object with "query" (batching is not supported)');
        }
        body = parsed;
      }
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'The body is not valid JSON';
      return errorResponse('BAD_USER_INPUT', message, 400);
    }

    // Depth is a property of the text alone: refuse a deep document before validating it.
    if (typeof body.query === 'string') {
      let document;
      try {
        document = parse(body.query, { maxTokens: 20_000 });
      } catch {
        document = undefined; // Apollo reports the syntax error in its own format
      }
      const tooDeep = document && depthError(document);
      if (tooDeep) return errorResponse('QUERY_TOO_DEEP', tooDeep.message, 400);
    }

    const abort = new AbortController();
    const context: GraphQLContext = { actor: null, authError: null, clientIp: clientIp(request), signal: abort.signal };
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
      // ENTERPRISE organizations get twice the time, counted from the same start.
      if (context.actor?.plan === 'ENTERPRISE') arm(options.timeoutMs * 2);
      return apollo().executeHTTPGraphQLRequest({ httpGraphQLRequest: httpRequest, context: async () => context });
    };
    try {
      const result = await Promise.race([run(), timedOut]);
      if (result === 'timeout') {
        abort.abort();
        logger.warn('graphql: request timed out', { timeoutMs });
        return errorResponse('TIMEOUT', `The request did not finish within ${timeoutMs / 1000} s`, 200);
      }
      const responseHeaders = new Headers();
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

  return { GET, POST };
}
