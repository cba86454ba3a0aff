import { cronBatchRoute } from '../../../../lib/rest/cron-batch.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
/** Vercel: the longest a call may run (the route stops taking work after 50 s). */
export const maxDuration = 60;

/** Vercel Cron's call: seal queued batch items for at most 50 s (README "Batch sealing"). */
export const GET = cronBatchRoute;
