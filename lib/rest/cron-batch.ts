import { drainBatchQueue } from '../batch/workers.ts';
import { env } from '../env.ts';
import { bearerIs } from '../http/bearer.ts';
import { drainIngestQueue } from '../search/workers.ts';
import { restError, toRestError } from './errors.ts';

const NO_STORE = { 'cache-control': 'no-store' };

/** How long one call works the queue: no new item is taken after it, so the call ends within Vercel's 60 s. */
export const CRON_BUDGET_MS = 50_000;

/**
 * `GET /v1/cron/batch`: where no process stays up (Vercel), the cron entry calls this every
 * minute and it seals queued batch items, and reads queued document versions, for at most 50 s. 401 without
 * `Authorization: Bearer $CRON_SECRET` (always, when CRON_SECRET is not set).
 */
export async function cronBatchRoute(request: Request): Promise<Response> {
  if (!bearerIs(request.headers.get('authorization'), env().CRON_SECRET ?? '')) {
    return restError(401, 'unauthorized', 'Send Authorization: Bearer <CRON_SECRET>', { ...NO_STORE, 'www-authenticate': 'Bearer' });
  }
  try {
    const started = Date.now();
    // Batch items and document versions to read (search and chat) are worked side by side.
    const [result, ingest] = await Promise.all([drainBatchQueue({ budgetMs: CRON_BUDGET_MS }), drainIngestQueue({ budgetMs: CRON_BUDGET_MS })]);
    return Response.json(
      { processed: result.done, failed_attempts: result.failed, stopped_at_budget: result.timedOut || ingest.timedOut, ingested: ingest.done, elapsed_ms: Date.now() - started },
      { headers: NO_STORE },
    );
  } catch (err) {
    return toRestError(err, { headers: NO_STORE, door: 'cron batch' });
  }
}
