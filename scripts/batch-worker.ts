/**
 * `npm run batch:worker`: a process that only seals batch items, beside (or instead of) the
 * workers inside each server. For deployments that keep sealing off the machines serving
 * requests: run the servers with BATCH_CONCURRENCY=0 and as many of these as you like on the
 * same PostgreSQL database; pg-boss hands each item to one of them. Prints one JSON line per
 * item it settles. SIGTERM/SIGINT: the items under way finish, then it exits.
 *
 * Options: --concurrency N (default BATCH_CONCURRENCY, else one per core); --nice N (a lower CPU
 * priority for the whole process, its PDF threads included).
 */
import os from 'node:os';
import { closeDatabase, getDatabase } from '../lib/db/index.ts';
import { batchConcurrency, startBatchWorkers } from '../lib/batch/workers.ts';
import { env } from '../lib/env.ts';
import { startIngestWorkers } from '../lib/search/workers.ts';

// --nice N: lower this process's CPU priority before any thread starts (the PDF pool's threads
// inherit it), so the servers on the same machine answer first (npm start passes 10).
const niceFlag = process.argv.indexOf('--nice');
if (niceFlag >= 0) {
  try {
    os.setPriority(Number(process.argv[niceFlag + 1]));
  } catch {
    console.error('batch worker: could not lower its priority; it runs at the default one');
  }
}
const flag = process.argv.indexOf('--concurrency');
const concurrency = flag >= 0 ? Number(process.argv[flag + 1]) : batchConcurrency() || 1;
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error('--concurrency must be a whole number of at least 1');
  process.exit(2);
}
if (getDatabase().kind === 'pglite') {
  console.error('The embedded database belongs to one process (the server, whose own workers seal batches): set DATABASE_URL to run separate workers.');
  process.exit(2);
}
void env();
await startBatchWorkers({ concurrency, onItem: (item, outcome) => console.log(JSON.stringify({ item, outcome, pid: process.pid })) });
// Document versions queued for search and chat are read here too (the servers run no workers then).
await startIngestWorkers();
console.error(`batch worker ${process.pid}: sealing with ${concurrency} at a time`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void closeDatabase().finally(() => process.exit(0));
  });
}
