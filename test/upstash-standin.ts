/**
 * A stand-in for Upstash Redis's REST API on a local port, forwarding every command to a real
 * Redis through ioredis, so that tests can run the `@upstash/redis` code path against real
 * Redis semantics (Lua, NOSCRIPT, TTLs). It speaks what `@upstash/redis` 1.39 sends:
 *
 * - `POST /` with a JSON array `["EVAL", script, numkeys, ...keys, ...args]`: one command,
 *   answered `{"result": ...}`, or `{"error": "<Redis's error text>"}` with HTTP 400;
 * - `POST /pipeline`: a JSON array of such commands, run in order (not atomically), answered
 *   with HTTP 200 and an array of `{"result"}` / `{"error"}`, one per command;
 * - `POST /multi-exec`: the same, run as one MULTI/EXEC transaction (HTTP 400 if Redis
 *   discards it, EXECABORT);
 * - path-style commands (`GET /set/foo/bar`, `POST /set/foo` with the value as body), which the
 *   client does not use but the REST API documents;
 * - `Authorization: Bearer <token>` (or `?_token=`), else HTTP 401 `{"error":"Unauthorized"}`;
 * - `Upstash-Encoding: base64` (sent by the client unless `responseEncoding: false`): every
 *   string in the result, nested arrays included, is base64 of its bytes ("OK" too); numbers
 *   and nulls stay as they are. Errors are never encoded.
 *
 * Replies are RESP2, as Upstash gives them (HGETALL a flat array, Lua `true` 1 and `false`
 * null). Commands that would change the shared connection's state (SELECT, MULTI, WATCH,
 * SUBSCRIBE...) are refused, as is the streaming subscribe endpoint.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis as IORedis } from 'ioredis';

export interface UpstashStandIn {
  /** Base URL for `new Redis({ url, token })` of `@upstash/redis`. */
  url: string;
  token: string;
  /** Every command passed on to Redis (authorized, not refused), as its strings in the case sent, in order; pipelines and transactions flattened. */
  commands: string[][];
  close(): Promise<void>;
}

type Reply = string | number | null | Reply[];

/** Commands that would change the state of the one connection all requests share, or block it. */
const REFUSED = new Set([
  'AUTH',
  'HELLO',
  'SELECT',
  'SWAPDB',
  'QUIT',
  'RESET',
  'CLIENT',
  'MONITOR',
  'SYNC',
  'PSYNC',
  'SHUTDOWN',
  'MULTI',
  'EXEC',
  'DISCARD',
  'WATCH',
  'UNWATCH',
  'SUBSCRIBE',
  'PSUBSCRIBE',
  'SSUBSCRIBE',
  'UNSUBSCRIBE',
  'PUNSUBSCRIBE',
  'SUNSUBSCRIBE',
]);

const MAX_BODY = 16 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A Redis error reply (ioredis's ReplyError), as opposed to a connection failure. */
function isReplyError(err: unknown): err is Error {
  return err instanceof Error && err.name === 'ReplyError';
}

/** The command's arguments as Redis strings: the client sends strings, numbers and booleans. */
function toArgs(command: unknown): string[] {
  if (!Array.isArray(command) || command.length === 0) throw new HttpError(400, 'ERR the command must be a non-empty JSON array');
  return command.map((arg) => {
    if (typeof arg === 'string') return arg;
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
    throw new HttpError(400, `ERR unsupported argument ${JSON.stringify(arg)}: only strings, numbers and booleans`);
  });
}

/** Redis's reply (Buffers from callBuffer) as JSON: strings base64 or UTF-8, numbers kept, nil null. */
function toJson(value: unknown, base64: boolean): Reply {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (Buffer.isBuffer(value)) return value.toString(base64 ? 'base64' : 'utf8');
  if (typeof value === 'string') return base64 ? Buffer.from(value, 'utf8').toString('base64') : value;
  if (Array.isArray(value)) return value.map((v) => toJson(v, base64));
  // An error nested in an array reply (e.g. a Lua table holding redis.error_reply): its text.
  if (value instanceof Error) return toJson(value.message, base64);
  return toJson(String(value), base64);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'ERR request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'ERR failed to parse the request body as JSON');
  }
}

export async function startUpstashStandin(opts: { token?: string; redisUrl?: string } = {}): Promise<UpstashStandIn> {
  const token = opts.token ?? crypto.randomBytes(16).toString('hex');
  const redis = new IORedis(opts.redisUrl ?? 'redis://127.0.0.1:6379', {
    // RESP2, as the REST API answers; ioredis 6 defaults to RESP3.
    protocol: 2,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: false,
  });
  // Failures surface on each command; an unhandled 'error' event would crash the test process.
  redis.on('error', () => {});
  await redis.connect();

  const commands: string[][] = [];

  function check(args: string[]): [string, ...string[]] {
    // Upper case: ioredis keys its reply transformers (HGETALL into an object...) by lower-case name.
    const name = args[0].toUpperCase();
    if (REFUSED.has(name)) throw new HttpError(400, `ERR command ${args[0]} is not allowed by the stand-in`);
    commands.push(args);
    return [name, ...args.slice(1)];
  }

  /** One command: its reply, or Redis's error text; connection failures throw. */
  async function run(command: unknown, base64: boolean): Promise<{ result: Reply } | { error: string }> {
    try {
      const [name, ...args] = check(toArgs(command));
      return { result: toJson(await redis.callBuffer(name, ...args), base64) };
    } catch (err) {
      if (isReplyError(err) || err instanceof HttpError) return { error: err.message };
      throw err;
    }
  }

  async function transaction(body: unknown, base64: boolean) {
    if (!Array.isArray(body) || body.length === 0) throw new HttpError(400, 'ERR the transaction must be a non-empty JSON array of commands');
    const multi = redis.multi();
    for (const command of body) {
      const [name, ...args] = check(toArgs(command));
      multi.callBuffer(name, ...args);
    }
    let replies: [Error | null, unknown][] | null;
    try {
      replies = await multi.exec();
    } catch (err) {
      if (isReplyError(err)) throw new HttpError(400, err.message);
      throw err;
    }
    if (!replies) throw new HttpError(400, 'EXECABORT Transaction discarded');
    return replies.map(([err, value]) => (err ? { error: err.message } : { result: toJson(value, base64) }));
  }

  async function handle(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const auth = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? url.searchParams.get('_token');
    if (!auth || auth.length !== token.length || !crypto.timingSafeEqual(Buffer.from(auth), Buffer.from(token))) {
      return { status: 401, body: { error: 'Unauthorized' } };
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'PUT') throw new HttpError(405, 'ERR method not allowed');
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    const body = await readBody(req);
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

    if (segments.length === 0) {
      const reply = await run(parseJson(body), base64);
      return { status: 'error' in reply ? 400 : 200, body: reply };
    }
    if (segments.length === 1 && segments[0] === 'pipeline') {
      const commandsIn = parseJson(body);
      if (!Array.isArray(commandsIn) || commandsIn.length === 0) throw new HttpError(400, 'ERR the pipeline must be a non-empty JSON array of commands');
      // Sent in order on the one connection; each answers on its own, errors included.
      return { status: 200, body: await Promise.all(commandsIn.map((command) => run(command, base64))) };
    }
    if (segments.length === 1 && segments[0] === 'multi-exec') {
      return { status: 200, body: await transaction(parseJson(body), base64) };
    }
    if (/^p?subscribe$/i.test(segments[0])) throw new HttpError(400, 'ERR subscribe streams are not supported by the stand-in');
    // Path style: /set/foo/bar, or /set/foo with the value as body; query parameters append (?EX=100).
    const args = [...segments];
    if (body.length) args.push(body.toString('utf8'));
    for (const [key, value] of url.searchParams) if (key !== '_token') args.push(key, ...(value ? [value] : []));
    const reply = await run(args, base64);
    return { status: 'error' in reply ? 400 : 200, body: reply };
  }

  const server = http.createServer((req, res) => {
    handle(req)
      .catch((err: unknown) => {
        if (err instanceof HttpError) return { status: err.status, body: { error: err.message } };
        return { status: 500, body: { error: `ERR stand-in failure: ${err instanceof Error ? err.message : String(err)}` } };
      })
      .then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    commands,
    async close() {
      // fetch keeps connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
