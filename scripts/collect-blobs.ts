/**
 * Remove, once, the blobs nothing references (no document version, no upload of the last day,
 * none put in the last hour) and the temporary files of puts that died: for hosts where a
 * cron job runs it instead of the server's own timer (BLOB_COLLECT_INTERVAL_MS=0). Prints
 * what it did as JSON.
 */
import { closeDatabase } from '../lib/db/index.ts';
import { collectBlobs } from '../lib/storage/collect-blobs.ts';

try {
  const result = await collectBlobs();
  console.log(JSON.stringify({ examined: result.examined, collected: result.collected.length, staleTempFiles: result.staleTempFiles }));
} finally {
  await closeDatabase();
}
