import { unknownEndpoint } from '../../../lib/rest/errors.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Every address under /v1 that no other route serves (Next matches static and dynamic segments
 * before a catch-all): 404 in the REST error format for any method, instead of Next's HTML page.
 */
export const GET = unknownEndpoint;
export const HEAD = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
export const OPTIONS = unknownEndpoint;
