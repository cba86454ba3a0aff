/** Helpers for integration tests: real Requests through the exported route handlers. */
import { POST, GET } from '../app/v1/graphql/route.ts';

export const GRAPHQL_URL = 'http://localhost/v1/graphql';

export interface GqlOptions {
  variables?: Record<string, unknown>;
  token?: string;
  headers?: Record<string, string>;
  extensions?: Record<string, unknown>;
  handler?: (req: Request) => Promise<Response>;
}

export interface GqlResult<T = Record<string, any>> {
  status: number;
  headers: Headers;
  body: { data?: T | null; errors?: Array<{ message: string; extensions: { code: string; status_code: number; [k: string]: unknown }; path?: string[] }> };
}

let clients = 0;
/** A client address of its own for each request (TEST-NET-3), so the per-IP limit only trips where a test means it to. */
export function nextClientIp(): string {
  clients += 1;
  return `203.0.${113 + (Math.floor(clients / 250) % 10)}.${(clients % 250) + 1}`;
}

/** POST a GraphQL operation as JSON and return status, headers and the parsed body. */
export async function gql<T = Record<string, any>>(query: string | undefined, options: GqlOptions = {}): Promise<GqlResult<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = JSON.stringify({ ...(query !== undefined ? { query } : {}), variables: options.variables, extensions: options.extensions });
  const res = await (options.handler ?? POST)(new Request(GRAPHQL_URL, { method: 'POST', headers, body }));
  return { status: res.status, headers: res.headers, body: await res.json() };
}

export { POST, GET };
