/**
 * A stand-in licensing board for tests: the JSON API of lib/boards/http-source.ts on a local
 * port, which can answer, refuse, hang or talk nonsense on demand.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type BoardMode = 'answer' | 'refuse' | 'hang' | 'garbage';

export interface StandInLicense {
  license_number: string;
  state_code: string;
  license_type: string;
  first_name: string;
  last_name: string;
  company_name?: string | null;
  city?: string | null;
  discipline?: string | null;
  expiration_date?: string | null;
  license_status: string;
}

export async function startBoardStandIn(licenses: StandInLicense[]) {
  const state = { mode: 'answer' as BoardMode, requests: [] as string[] };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'refuse') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"maintenance"}');
      return;
    }
    if (state.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://board');
    // The API lives under /api/, as a board's would under its own prefix.
    const parts = url.pathname
      .replace(/^\/api\//, '/')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    if (parts[0] === 'licenses' && parts.length === 4) {
      const [, st, type, number] = parts;
      const found = licenses.find((l) => l.state_code === st && l.license_type === type && l.license_number === number);
      if (!found) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    if (parts[0] === 'licenses' && parts.length === 1) {
      const q = url.searchParams;
      const matches = licenses.filter(
        (l) =>
          l.state_code === q.get('state') &&
          (!q.get('last_name') || l.last_name.toLowerCase().startsWith(q.get('last_name')!.toLowerCase())) &&
          (!q.get('license_number') || l.license_number === q.get('license_number')),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ licenses: matches }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    state,
    setMode(mode: BoardMode) {
      state.mode = mode;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
