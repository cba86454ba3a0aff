import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { toRestError } from '../rest/errors.ts';
import { parseStampRequest } from '../stamps/render.ts';
import { formatError } from './errors.ts';

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

  it('never lets a stack or SQL out of a GraphQL 500', () => {
    const formatted = formatError({ message: 'relation "users" does not exist' }, new GraphQLError('x', { originalError: new Error('relation "users" does not exist') }));
    expect(formatted).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: 500 } });
  });
});
