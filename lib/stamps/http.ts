import { logger } from '../log.ts';
import { limitByIp, readTextCapped, restError } from '../http/rest.ts';
import { parseStampRequest, renderStamp, renderStampSvg, stampSpec, StampInputError, StampTemplateNotFoundError } from './render.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Expose-Headers': 'Content-Disposition, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};
const MAX_BODY = 64 * 1024;
/** An SVG opened on its own runs no script and loads nothing, whatever it holds. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The request body as a flat object: JSON or a urlencoded form; anything else is a 400. */
async function readParams(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const isJson = type.startsWith('application/json');
  const isForm = type.startsWith('application/x-www-form-urlencoded');
  if (!isJson && !isForm) throw new StampInputError('Content-Type must be application/json or application/x-www-form-urlencoded');
  const body = await readTextCapped(request, MAX_BODY);
  if (body === null) throw new StampInputError(`The request body is larger than ${MAX_BODY / 1024} KB`);
  if (isForm) return Object.fromEntries(new URLSearchParams(body));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new StampInputError('The body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new StampInputError('The body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** The stamp errors in the REST format: 400 bad_request, 404 not_found, else a logged 500 render_failed. */
function stampErrorResponse(err: unknown, headers: Record<string, string>, door: string): Response {
  if (err instanceof StampInputError) return restError(400, 'bad_request', err.message, headers);
  if (err instanceof StampTemplateNotFoundError) return restError(404, 'not_found', err.message, headers);
  logger.error(`${door}: render failed`, { error: err instanceof Error ? err.stack : String(err) });
  return restError(500, 'render_failed', 'The stamp could not be rendered', headers);
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
    return stampErrorResponse(err, headers, 'stamp');
  }
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
    const parsed = parseStampRequest({ ...params, format: 'svg' });
    const spec = stampSpec(parsed);
    return new Response(renderStampSvg(parsed), {
      headers: {
        ...limit.headers,
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Stamp-Diameter-In': String(spec.diameterIn),
        'X-Stamp-Citation': encodeURIComponent(spec.citation),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': SVG_CSP,
      },
    });
  } catch (err) {
    return stampErrorResponse(err, limit.headers, 'stamp preview');
  }
}
