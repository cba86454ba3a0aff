/** lib/unavailable.ts: failures of the database and the disk, told apart from everything else, and how each API answers them. */
import net from 'node:net';
import { GraphQLError } from 'graphql';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prisma } from './generated/prisma/client.ts';
import { AppError } from './errors.ts';
import { formatError, refusalResponse } from './graphql/errors.ts';
import { toRestError } from './rest/errors.ts';
import { isDatabaseUnavailable, isStorageFull, unavailableError } from './unavailable.ts';

/** A port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const known = (code: string, message: string) => new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: Prisma.prismaVersion.client });
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('what counts as the database or the disk failing', () => {
  it("knows a database it cannot reach: node-postgres's refusal, Prisma's codes, the server shutting down", async () => {
    const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const refused = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(known('P1001', "Can't reach database server at 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(known('P1017', 'Server has closed the connection.'))).toBe(true);
    expect(isDatabaseUnavailable(known('P2024', 'Timed out fetching a new connection from the connection pool.'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves every other error alone: a bad query, a constraint, a plain failure, an AppError', () => {
    expect(isDatabaseUnavailable(known('P2002', 'Unique constraint failed on the fields: (`email`)'))).toBe(false);
    expect(isDatabaseUnavailable(known('P2025', 'No record was found'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(unavailableError(new AppError('NOT_FOUND'))).toBeNull();
    expect(unavailableError(new Error('boom'))).toBeNull();
  });

  it('knows the disk full, however deep it is wrapped', () => {
    expect(isStorageFull(enospc())).toBe(true);
    expect(isStorageFull(new Error('keeping the file failed', { cause: enospc() }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('EACCES'), { code: 'EACCES' }))).toBe(false);
  });
});

describe('how each API answers them', () => {
  it('GraphQL: SERVICE_UNAVAILABLE with status_code 503 and when to retry, never INTERNAL_SERVER_ERROR', async () => {
    for (const [cause, retry, words] of [
      [known('P1001', "Can't reach database server"), 5, /database is unavailable/],
      [enospc(), 60, /storage is full/],
    ] as const) {
      const wrapped = new GraphQLError('x', { originalError: cause as Error, path: ['uploadFile'] });
      const formatted = formatError({ message: 'x', path: ['uploadFile'] }, wrapped);
      expect(formatted.extensions).toEqual({ code: 'SERVICE_UNAVAILABLE', status_code: 503, retryAfterSeconds: retry });
      expect(formatted.message).toMatch(words);
      // Refused before any operation ran (a multipart body that could not be stored): HTTP 503.
      const refusal = refusalResponse(cause, 'test');
      expect([refusal.status, refusal.headers.get('retry-after')]).toEqual([503, String(retry)]);
      expect((await refusal.json()).errors[0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE', status_code: 503 });
    }
  });

  it('REST: 503 {"error": "service_unavailable"} with Retry-After and the endpoint’s headers', async () => {
    const res = toRestError(known('P1017', 'Server has closed the connection.'), { door: 'test', headers: { 'X-Test': '1' } });
    expect([res.status, res.headers.get('retry-after'), res.headers.get('x-test')]).toEqual([503, '5', '1']);
    expect(await res.json()).toEqual({ error: 'service_unavailable', message: 'The database is unavailable for the moment. Try again in a few seconds.' });
  });
});
