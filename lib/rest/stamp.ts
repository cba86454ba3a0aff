import { AppError } from '../errors.ts';
import { rejectNul } from '../text.ts';
import { parseStampRequest, renderStamp, renderStampSvg, stampSpec } from '../stamps/render.ts';
import { restError, toRestError } from './errors.ts';
import { limitByIp, readTextCapped } from './limit.ts';

const CORS = {
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Expose-Headers': 'Content-Disposition, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};
const MAX_BODY = 64 * 1024;
/** An SVG opened on its own runs no script and loads nothing, whatever it holds. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The request body as a flat object: JSON or a urlencoded form; anything else is bad input. */
async function readParams(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const isJson = type.startsWith('application/json');
  const isForm = type.startsWith('application/x-www-form-urlencoded');
  if (!isJson && !isForm) throw new AppError('BAD_USER_INPUT', 'Content-Type must be application/json or application/x-www-form-urlencoded');
  const body = await readTextCapped(request, MAX_BODY);
  let params: unknown;
  if (isForm) {
    params = Object.fromEntries(new URLSearchParams(body));
  } else {
    try {
      params = JSON.parse(body);
    } catch {
      throw new AppError('BAD_USER_INPUT', 'The body is not valid JSON');
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) throw new AppError('BAD_USER_INPUT', 'The body must be a JSON object');
  }
  rejectNul(params, 'body');
  return params as Record<string, unknown>;
}

/** POST /v1/stamp: a stamp image for a name, license, state and profession (rest-interface.md). */
export async function handleStampRequest(request: Request): Promise<Response> {
  const limit = await limitByIp('stamp', request, CORS);
  if (limit.refused) return limit.refused;
  const headers = { ...CORS, ...limit.headers };
  try {
    const stamp = await renderStamp(parseStampRequest(await readParams(request)));
    return new Response(stamp.body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': stamp.contentType,
        'Cache-Control': 'public, max-age=3600',
        ...(stamp.format === 'png' ? {} : { 'Content-Disposition': `attachment; filename=${stamp.filename}` }),
        ...(stamp.format === 'svg' ? { 'Content-Security-Policy': SVG_CSP } : {}),
      },
    });
  } catch (err) {
    return toRestError(err, { headers, door: 'stamp', internal: 'render_failed' });
  }
}

/** Any other method on /v1/stamp: 405 with Allow, in the REST error format. */
export function handleStampWrongMethod(): Response {
  return restError(405, 'method_not_allowed', 'Use POST to request a stamp (JSON or a urlencoded form).', { ...CORS, Allow: 'POST, OPTIONS' });
}

/** Any method but GET on /stamps/preview: 405 with Allow. */
export function handlePreviewWrongMethod(): Response {
  return restError(405, 'method_not_allowed', 'The preview answers GET with the stamp parameters in the query string.', { Allow: 'GET', 'X-Content-Type-Options': 'nosniff' });
}

/** The CORS preflight of POST /v1/stamp. */
export function handleStampPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' } });
}

/**
 * GET /stamps/preview?…: the gallery's live SVG, straight from the renderer (same parameters
 * as POST /v1/stamp, SVG only), with its own generous per-IP limit.
 */
export async function handleStampPreview(request: Request): Promise<Response> {
  const limit = await limitByIp('stampPreview', request);
  if (limit.refused) return limit.refused;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  try {
    rejectNul(params, 'query');
    const parsed = parseStampRequest({ ...params, format: 'svg' });
    const spec = stampSpec(parsed);
    return new Response(renderStampSvg(parsed), {
      headers: {
        ...limit.headers,
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Stamp-Diameter-In': String(spec.diameterIn),
        ...(spec.citation ? { 'X-Stamp-Citation': encodeURIComponent(spec.citation) } : {}),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': SVG_CSP,
      },
    });
  } catch (err) {
    return toRestError(err, { headers: limit.headers, door: 'stamp preview', internal: 'render_failed' });
  }
}
