/**
 * Serve exported route handlers over real HTTP on a local port, in this process: for a
 * third-party stand-in that calls back into the app (a payment processor's webhooks).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (request: Request) => Promise<Response> | Response;
/** A route module's exports: one handler per HTTP method. */
export type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', RouteHandler>>;

export interface RouteServer {
  url: string;
  close(): Promise<void>;
}

/** Start a server answering `routes[path][method]` (by exact pathname); 404 for another path, 405 for a method the module lacks. */
export async function serveRoutes(routes: Record<string, RouteModule>): Promise<RouteServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const route = routes[url.pathname];
        if (!route) {
          res.writeHead(404).end();
          return;
        }
        const handler = route[(req.method ?? 'GET') as keyof RouteModule];
        if (!handler) {
          res.writeHead(405).end();
          return;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const response = await handler(new Request(url, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body }));
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
