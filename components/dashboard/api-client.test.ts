/** The dashboard's API client over real HTTP: a swapped token is used from the next request on, and the cache stays. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gql } from '@apollo/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApi } from './api-client.ts';

const seen: Array<string | undefined> = [];
let server: http.Server;
let uri = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { me: { __typename: 'User', id: 'u1', email: `call-${seen.length}@example.test` } } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/graphql`;
});
afterAll(() => new Promise((r) => server.close(r)));

const ME = gql`
  query Me {
    me {
      id
      email
    }
  }
`;

it('sends the current token with each request and keeps the cache across a token change', async () => {
  const api = createApi('token-a', uri);
  const first = await api.client.query({ query: ME, fetchPolicy: 'network-only' });
  expect((first.data as { me: { email: string } }).me.email).toBe('call-1@example.test');
  api.setToken('token-b');
  // The cache still answers, with no request.
  const cached = await api.client.query({ query: ME, fetchPolicy: 'cache-only' });
  expect((cached.data as { me: { email: string } }).me.email).toBe('call-1@example.test');
  expect(seen).toEqual(['Bearer token-a']);
  await api.client.query({ query: ME, fetchPolicy: 'network-only' });
  api.setToken(null);
  await api.client.query({ query: ME, fetchPolicy: 'network-only' });
  expect(seen).toEqual(['Bearer token-a', 'Bearer token-b', undefined]);
});
