import { cronBatchRoute } from '../../../../lib/rest/cron-batch.ts';
import { methodNotAllowed } from '../../../../lib/rest/errors.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
/** Vercel: the longest a call may run (the route stops taking work after 50 s). */
export const maxDuration = 60;

/** Vercel Cron's call: seal queued batch items for at most 50 s (README "Batch sealing"). */
export const GET = cronBatchRoute;

const wrong = methodNotAllowed('GET', { 'cache-control': 'no-store' });
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
