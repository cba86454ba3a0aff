/**
 * HTTP for the fault tests: from a chosen loopback address (the server counts per-IP limits by
 * the socket's address, 127.0.0.0/8 all reaches it), with a deadline on every request: a request
 * that has no answer within it is reported as hung, not waited for.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From sending to the last byte of the answer. */
  ms: number;
  json<T = any>(): T;
}

export class HungRequest extends Error {
  constructor(
    readonly url: string,
    readonly ms: number,
  ) {
    super(`${url}: no answer within ${ms} ms`);
  }
}

export interface SendOptions {
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** No answer by then: HungRequest. */
  timeoutMs?: number;
}

const agents = new Map<string, http.Agent>();
/** One keep-alive agent per source address, as a browser or a load balancer keeps its connections. */
function agentFor(from: string): http.Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: from } as http.AgentOptions);
    agents.set(from, agent);
  }
  return agent;
}

/** Close every kept-alive connection (before a server is killed or at the end). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const { from = '127.0.0.1', method = 'GET', headers = {}, body, timeoutMs = 15_000 } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: body !== undefined ? { 'content-length': String(Buffer.byteLength(body)), ...headers } : headers, agent: agentFor(from) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const buffer = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buffer, ms: performance.now() - started, json: () => JSON.parse(buffer.toString('utf8')) });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new HungRequest(url, timeoutMs));
    }, timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      // After a timeout's destroy this rejects a settled promise: no effect.
      reject(err);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A GraphQL operation as JSON. */
export function graphql(base: string, query: string, options: { variables?: Record<string, unknown>; token?: string; from?: string; timeoutMs?: number } = {}): Promise<Answer> {
  return send(`${base}/v1/graphql`, {
    method: 'POST',
    from: options.from,
    timeoutMs: options.timeoutMs,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: JSON.stringify({ query, variables: options.variables }),
  });
}

/** The body and content type of an uploadFile request over multipart, as the GraphQL multipart request spec sends it. */
export async function uploadRequest(bytes: Uint8Array, filename: string): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash size } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: 'application/pdf' }));
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** uploadFile over multipart. */
export async function upload(base: string, bytes: Uint8Array, filename: string, token: string, options: { from?: string; timeoutMs?: number } = {}): Promise<Answer> {
  const { body, contentType } = await uploadRequest(bytes, filename);
  return send(`${base}/v1/graphql`, {
    method: 'POST',
    from: options.from,
    timeoutMs: options.timeoutMs,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body,
  });
}

/** The first error's code of a GraphQL answer, or the REST `error` word, or null. */
export function errorCode(answer: Answer): string | null {
  try {
    const body = answer.json();
    return body?.errors?.[0]?.extensions?.code ?? body?.error ?? null;
  } catch {
    return null;
  }
}

/**
 * The dashboard's sign-in: next-auth's credentials callback with its CSRF token and cookie, as
 * the login form posts it. Signed in when the answer sets a session cookie.
 */
export async function dashboardSignIn(base: string, email: string, password: string, options: { from?: string; timeoutMs?: number } = {}): Promise<{ answer: Answer; signedIn: boolean }> {
  const csrf = await send(`${base}/api/auth/csrf`, options);
  const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const body = new URLSearchParams({ csrfToken: csrf.json().csrfToken, email, password, json: 'true' }).toString();
  const answer = await send(`${base}/api/auth/callback/credentials`, { ...options, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body });
  return { answer, signedIn: (answer.headers['set-cookie'] ?? []).some((c) => /session-token=/.test(c)) };
}
