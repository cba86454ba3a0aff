/**
 * The production server: Next's request handler behind a plain Node HTTP server, so the
 * client address is trustworthy. Without TRUST_PROXY, X-Forwarded-For is overwritten with
 * the socket's address before Next sees it (instrumentation does the same for `next start` and
 * `next dev`: lib/http/peer-address.ts), so nobody
 * dodges a per-IP limit by inventing the header. Behind proxies that append to it
 * (TRUST_PROXY=N), the header is left as they wrote it and lib/http picks the Nth from the right.
 */
import http from 'node:http';
import next from 'next';
import { parseEnv } from '../lib/env.ts';
import { closeDatabase } from '../lib/db/index.ts';

function arg(names: string[]): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => names.includes(a));
  return i >= 0 ? argv[i + 1] : undefined;
}

const env = parseEnv();
const port = Number(arg(['--port', '-p']) ?? process.env.PORT ?? 3000);
const hostname = arg(['--hostname', '-H']) ?? process.env.HOSTNAME ?? '0.0.0.0';
const trustProxy = env.TRUST_PROXY > 0;

// Next warns that `next start` does not fit `output: 'standalone'`; this server is not `next
// start` (the standalone build is for containers), so a user who ran `npm start` is not told to
// run another command.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (args.some((a) => typeof a === 'string' && a.includes('does not work with "output: standalone"'))) return;
  warn(...args);
};
const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  if (!trustProxy) {
    const address = req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-for'] = address.startsWith('::ffff:') ? address.slice(7) : address;
  }
  void handle(req, res);
});

server.listen(port, hostname, () => {
  console.log(`▲ Sealwright ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}${trustProxy ? ' (trusting X-Forwarded-For from the proxy)' : ''}`);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    // The app's database is a globalThis singleton shared with the bundled route handlers.
    void closeDatabase().finally(() => process.exit(0));
  });
}
