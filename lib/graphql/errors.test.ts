import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { BoardUnavailableError } from '../boards/source.ts';
import { toRestError } from '../rest/errors.ts';
import { parseStampRequest } from '../stamps/render.ts';
import { formatError, publicError, refusalResponse } from './errors.ts';

/** The error a resolver would raise calling the stamp renderer with bad input. */
function stampError(input: Record<string, unknown>): unknown {
  try {
    parseStampRequest(input);
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
}

describe('one error system', () => {
  it('answers bad stamp input inside GraphQL as BAD_USER_INPUT, not an internal error', () => {
    const err = stampError({ name: 'A', license: '1', state: 'TX', fill: 'blue' });
    const asResolverError = new GraphQLError('wrapped', { originalError: err as Error, path: ['credential', 'stampSvg'] });
    expect(formatError({ message: 'wrapped', path: ['credential', 'stampSvg'] }, asResolverError)).toEqual({
      message: 'Invalid fill: "blue". fill accepts a hex color of 3, 4, 6 or 8 digits (#000, #000000), none, transparent, or currentColor.',
      path: ['credential', 'stampSvg'],
      extensions: { code: 'BAD_USER_INPUT', status_code: 400 },
    });
    const missing = stampError({ name: 'A', license: '1', state: 'PR' });
    expect(formatError({ message: 'x', path: ['f'] }, new GraphQLError('x', { originalError: missing as Error, path: ['f'] })).extensions).toEqual({ code: 'NOT_FOUND', status_code: 404 });
  });

  it('builds REST bodies from the same codes, and says nothing more for the unexpected', async () => {
    const bad = toRestError(stampError({ name: '', license: '1', state: 'TX' }), { door: 'test' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'bad_request', message: 'name is required and must not be empty' });
    const verify = toRestError(new AppError('BAD_USER_INPUT', 'document_hash must be 64 hex characters'), { door: 'test', overrides: { BAD_USER_INPUT: { status: 422, error: 'validation_error' } } });
    expect(verify.status).toBe(422);
    expect((await verify.json()).error).toBe('validation_error');
    const limit = toRestError(new AppError('PLAN_LIMIT_EXCEEDED', 'The plan allows 25 documents'), { door: 'test' });
    expect(limit.status).toBe(402);
    expect(await limit.json()).toEqual({ error: 'plan_limit_exceeded', message: 'The plan allows 25 documents' });
    const crash = toRestError(new Error('SELECT secret FROM users'), { door: 'test', internal: 'render_failed' });
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ error: 'render_failed', message: 'Internal server error' });
  });

  it('writes each REST body shape in one place: bare, the not-found record, a plain-text line', async () => {
    const signature = toRestError(new AppError('INVALID_SIGNATURE', 'no header'), { door: 'test' });
    expect([signature.status, await signature.json()]).toEqual([400, { error: 'invalid_signature' }]);
    const event = toRestError(new AppError('MALFORMED_EVENT'), { door: 'test' });
    expect([event.status, await event.json()]).toEqual([400, { error: 'malformed_event' }]);
    const record = toRestError(new AppError('NOT_FOUND', 'No seal'), { door: 'test', headers: { 'X-A': '1' }, overrides: { NOT_FOUND: { status: 404, error: 'not_found', body: 'record' } } });
    expect([record.status, await record.json(), record.headers.get('x-a')]).toEqual([404, { valid: false, error: 'not_found', message: 'No seal' }, '1']);
    const text = toRestError(new AppError('NOT_FOUND', 'Not found'), { door: 'test', overrides: { NOT_FOUND: { status: 404, error: 'not_found', body: 'text' } } });
    expect([text.status, await text.text(), text.headers.get('content-type')]).toEqual([404, 'Not found\n', 'text/plain; charset=utf-8']);
  });

  it('answers an internal code as an unexpected error at both doors: 500, nothing more', async () => {
    const board = new BoardUnavailableError('The licensing board answered HTTP 503');
    expect(board).toBeInstanceOf(AppError);
    expect(board.code).toBe('BOARD_UNAVAILABLE');
    const rest = toRestError(board, { door: 'test' });
    expect([rest.status, await rest.json()]).toEqual([500, { error: 'internal_error', message: 'Internal server error' }]);
    expect(formatError({ message: board.message }, new GraphQLError(board.message, { originalError: board }))).toEqual({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: 500 },
    });
    expect(publicError(board, 'test')).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
    expect(publicError(new AppError('INVALID_CREDENTIALS', 'Wrong email or password'), 'test')).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' });
  });

  it('answers a refused GraphQL request at its code\'s status, and an unexpected failure 500 "Internal server error"', async () => {
    const big = refusalResponse(new AppError('PAYLOAD_TOO_LARGE', 'Request body exceeds the 16 MB limit'), 'test');
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ errors: [{ message: 'Request body exceeds the 16 MB limit', extensions: { code: 'PAYLOAD_TOO_LARGE', status_code: 413 } }] });
    expect((await refusalResponse(new AppError('QUERY_TOO_DEEP', 'deep'), 'test').json()).errors[0].extensions).toEqual({ code: 'QUERY_TOO_DEEP', status_code: 400 });
    const crash = refusalResponse(new Error('EACCES: permission denied, open /data/blobs/tmp/x'), 'test');
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: 500 } }] });
  });

  it('never lets a stack or SQL out of a GraphQL 500', () => {
    const formatted = formatError({ message: 'relation "users" does not exist' }, new GraphQLError('x', { originalError: new Error('relation "users" does not exist') }));
    expect(formatted).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: 500 } });
  });
});
