/**
 * Re-check, once, every credential not checked with its licensing board for 7 days (and every
 * PENDING one), for hosts where a cron job runs it instead of the server's own timer
 * (CREDENTIAL_RECHECK_INTERVAL_MS=0). Prints what it did as JSON; exits 1 when the board stopped
 * answering, so the cron job's alerting sees it.
 */
import { closeDatabase } from '../lib/db/index.ts';
import { recheckCredentials } from '../lib/credentials/recheck-credentials.ts';

const limit = Number(process.argv[process.argv.indexOf('--limit') + 1]) || 10_000;
try {
  const report = await recheckCredentials({ limit });
  console.log(JSON.stringify(report));
  process.exitCode = report.boardUnavailable ? 1 : 0;
} finally {
  await closeDatabase();
}
