/**
 * The API's route handlers (/v1/graphql, /v1/downloads/<versionId>) behind a plain Node HTTP
 * server, without building the Next app: what the upload benchmark and the end-to-end storage
 * tests talk to over real HTTP. Applies the migrations to the environment's database, removes
 * the temporary upload files of earlier runs, then
 * prints one JSON line {"port": N} when it listens (PORT, default any free port).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { getDatabase } from '../lib/db/index.ts';
import { applyMigrations } from '../lib/db/migrate.ts';
import { removeTemporariesOfEarlierRuns } from '../lib/storage/collect-blobs.ts';
import { flushOnShutdown } from '../lib/jobs/on-shutdown.ts';
import { POST } from '../app/v1/graphql/route.ts';
import { GET as download } from '../app/v1/downloads/[versionId]/route.ts';

await applyMigrations(getDatabase().adapterFactory);
// As instrumentation-node.ts does at a Next server's start.
flushOnShutdown();
await removeTemporariesOfEarlierRuns();

/** A Node request as the fetch Request a route handler takes (the body streamed, not buffered). */
function toRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  // Each request its own address: the per-IP limit is not what callers of this server measure,
  // unless SERVE_API_CLIENT_ADDRESS=socket asks for the real one (tests of the limit itself).
  const address = req.socket.remoteAddress ?? '';
  headers.set('x-forwarded-for', process.env.SERVE_API_CLIENT_ADDRESS === 'socket' ? address.replace(/^::ffff:/, '') : `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const downloadId = /^\/v1\/downloads\/([^/]+)$/.exec(url.pathname)?.[1];
    let response: Response;
    if (url.pathname === '/v1/graphql' && req.method === 'POST') response = await POST(toRequest(req));
    else if (downloadId && req.method === 'GET') response = await download(toRequest(req), { params: Promise.resolve({ versionId: downloadId }) });
    else response = new Response('Not found\n', { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of Readable.fromWeb(response.body as never)) res.write(chunk);
    res.end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
