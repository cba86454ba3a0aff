import { methodNotAllowed } from '../../../lib/rest/errors.ts';
import { metricsRoute } from '../../../lib/rest/metrics.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** This process's memory and open files, behind METRICS_TOKEN (404 without it). */
export const GET = metricsRoute;

const wrong = methodNotAllowed('GET', { 'cache-control': 'no-store' });
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
