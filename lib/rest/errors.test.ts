/** The one mapping of errors to REST answers (lib/rest/errors.ts, decisions.md "REST details"). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { restError, toRestError } from './errors.ts';

const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

afterEach(() => vi.restoreAllMocks());

describe('toRestError', () => {
  it('answers each AppError by its code, with its message and the endpoint’s headers', async () => {
    const cases = [
      ['BAD_USER_INPUT', 400, 'bad_request'],
      ['UNAUTHENTICATED', 401, 'unauthenticated'],
      ['FORBIDDEN', 403, 'forbidden'],
      ['NOT_FOUND', 404, 'not_found'],
      ['CONFLICT', 409, 'conflict'],
      ['PAYLOAD_TOO_LARGE', 413, 'payload_too_large'],
      ['UNSUPPORTED_MEDIA_TYPE', 415, 'unsupported_media_type'],
      ['RATE_LIMITED', 429, 'rate_limited'],
      ['BILLING_NOT_CONFIGURED', 503, 'billing_not_configured'],
      // A code without a REST word of its own keeps its status and says its name in lower case.
      ['PLAN_LIMIT_EXCEEDED', 402, 'plan_limit_exceeded'],
    ] as const;
    for (const [code, status, error] of cases) {
      const res = toRestError(new AppError(code, `because ${code}`), { door: 'test', headers: { 'X-Test': '1' } });
      expect(await answer(res), code).toEqual({ status, body: { error, message: `because ${code}` } });
      expect(res.headers.get('X-Test')).toBe('1');
    }
  });

  it('lets an endpoint answer a code its own way (the verify endpoints: 422 validation_error)', async () => {
    const res = toRestError(new AppError('BAD_USER_INPUT', 'code is required'), { door: 'verify', overrides: { BAD_USER_INPUT: { status: 422, error: 'validation_error' } } });
    expect(await answer(res)).toEqual({ status: 422, body: { error: 'validation_error', message: 'code is required' } });
  });

  it('answers anything else 500 "Internal server error", and the details go to the log only', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    for (const err of [new Error('db password is hunter2'), new AppError('INTERNAL_SERVER_ERROR', 'stack details'), 'a string']) {
      expect(await answer(toRestError(err, { door: 'test' }))).toEqual({ status: 500, body: { error: 'internal_error', message: 'Internal server error' } });
    }
    expect(await answer(toRestError(new Error('resvg crashed'), { door: 'stamp', internal: 'render_failed' }))).toEqual({
      status: 500,
      body: { error: 'render_failed', message: 'Internal server error' },
    });
    expect(logged).toHaveBeenCalledTimes(4);
    expect(JSON.stringify(logged.mock.calls[0])).toContain('hunter2');
  });
});

describe('restError', () => {
  it('writes {"error", "message"} with the status and headers given', async () => {
    const res = restError(405, 'method_not_allowed', 'Use GET on this endpoint.', { Allow: 'GET' });
    expect(await answer(res)).toEqual({ status: 405, body: { error: 'method_not_allowed', message: 'Use GET on this endpoint.' } });
    expect(res.headers.get('Allow')).toBe('GET');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});
