import fs from 'node:fs';
import { env } from '../env.ts';
import { bearerIs } from '../http/bearer.ts';
import { restError, unknownEndpoint } from './errors.ts';

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** Open file descriptors of this process (Linux /proc); null where there is no /proc. */
function openFileDescriptors(): number | null {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/**
 * `GET /v1/metrics`: this server process's memory and open files, for a soak run or a monitor
 * (`npm run soak` reads it once a minute). Opt-in: without METRICS_TOKEN the address answers
 * the 404 of an unknown endpoint; with it, 401 unless `Authorization: Bearer $METRICS_TOKEN`.
 * `?gc=1` runs a full garbage collection first when the process was started with --expose-gc
 * (NODE_OPTIONS), so `heap_used` is the live heap rather than whatever garbage awaits the next
 * collection; `collected` says whether it ran.
 */
export function metricsRoute(request: Request): Response {
  const token = env().METRICS_TOKEN;
  if (!token) return unknownEndpoint();
  if (!bearerIs(request.headers.get('authorization'), token)) {
    return restError(401, 'unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>', { ...NO_STORE, 'www-authenticate': 'Bearer' });
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  const collect = new URL(request.url).searchParams.get('gc') === '1' && typeof gc === 'function';
  if (collect) gc();
  const memory = process.memoryUsage();
  return Response.json(
    {
      pid: process.pid,
      uptime_seconds: Math.round(process.uptime()),
      collected: collect,
      memory: { rss: memory.rss, heap_used: memory.heapUsed, heap_total: memory.heapTotal, external: memory.external, array_buffers: memory.arrayBuffers },
      open_file_descriptors: openFileDescriptors(),
    },
    { headers: NO_STORE },
  );
}
