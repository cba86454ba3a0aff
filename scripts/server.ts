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
import { closeDatabase, closeDatabaseMyself } from '../lib/db/index.ts';

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

// The requests under way, so that a stopping server lets them finish (below).
const inFlight = new Set<http.ServerResponse>();
let stopping = false;
let drained: (() => void) | undefined;

const server = http.createServer((req, res) => {
  inFlight.add(res);
  res.once('close', () => {
    inFlight.delete(res);
    if (inFlight.size === 0) drained?.();
  });
  // A request that came on a kept-alive connection while stopping is answered, and its connection closed.
  if (stopping) res.shouldKeepAlive = false;
  if (!trustProxy) {
    const address = req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-for'] = address.startsWith('::ffff:') ? address.slice(7) : address;
  }
  void handle(req, res);
});

// Idle kept-alive connections stay open past a load balancer's idle timeout (KEEP_ALIVE_TIMEOUT,
// lib/env.ts), and the time to receive a request's headers is longer still, as Node advises.
server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT;
server.headersTimeout = Math.max(server.headersTimeout, env.KEEP_ALIVE_TIMEOUT + 1000);

server.listen(port, hostname, () => {
  console.log(`▲ Sealwright ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}${trustProxy ? ' (trusting X-Forwarded-For from the proxy)' : ''}`);
});

// Stopping (SIGTERM from a service manager, a deploy, Ctrl-C): no new connection is taken, idle
// kept-alive ones are closed, and the requests under way get SHUTDOWN_GRACE_SECONDS to finish
// (a seal, an upload) before their connections are closed; then the work held in memory is
// written and the database closed (closeDatabase), and the process exits. Until then the database
// stays open for them: lib/db's own signal handler is told to leave it (closeDatabaseMyself).
closeDatabaseMyself();
// The process that started this one (scripts/start.ts) reads its output. When that pipe breaks (the
// parent was killed), every write to it fails with EPIPE, and the unhandled stream error was
// reported on the same broken pipe, over and over: a server left behind that way spun at 85% of a
// core and no longer stopped on SIGTERM. Nobody supervises it any more, so it stops as on SIGTERM.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.kill(process.pid, 'SIGTERM');
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    // A connection whose response went out while draining is idle at once: closed on the next tick.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const grace = setTimeout(() => drained?.(), env.SHUTDOWN_GRACE_SECONDS * 1000);
    void new Promise<void>((resolve) => {
      drained = resolve;
      if (inFlight.size === 0) resolve();
    })
      .then(() => {
        clearInterval(idle);
        clearTimeout(grace);
        if (inFlight.size) console.error(`stopping: ${inFlight.size} request(s) still under way after ${env.SHUTDOWN_GRACE_SECONDS} s; closing their connections`);
        server.closeAllConnections();
        // The app's database is a globalThis singleton shared with the bundled route handlers.
        return closeDatabase();
      })
      .finally(() => process.exit(0));
  });
}
