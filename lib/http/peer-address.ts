import http from 'node:http';

/**
 * Makes X-Forwarded-For trustworthy however the server was started (`npm start`, `next
 * start`, `next dev`, the standalone server): with no trusted proxy in front, every incoming
 * request's X-Forwarded-For becomes the socket's address, whatever the client sent, before
 * Next reads it (Next itself only fills the header when it is absent). With TRUST_PROXY=N the
 * proxies append to it and lib/http/client-ip.ts picks the entry they wrote. On Vercel the
 * platform overwrites the header itself.
 *
 * Installed from instrumentation (the Node runtime's start-up, which every start path runs).
 * That runs during Next's prepare(), after the HTTP server may have accepted requests that now
 * wait for the handlers; a hook on the server's 'request' event would miss those. Node builds
 * a message's `headers` lazily, on first read, one line at a time through
 * `IncomingMessage.prototype._addHeaderLine` (the accessor itself cannot be redefined), so the
 * hook is there: a client's X-Forwarded-For line is written as the socket's address, for
 * requests already waiting as well as new ones. Only server-side messages are touched (an
 * HTTP client's response has `.req`).
 */
let installed = false;

export function peerAddress(message: http.IncomingMessage): string {
  const address = message.socket?.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

type HeaderLine = (this: http.IncomingMessage & { req?: unknown }, field: string, value: string, dest: Record<string, unknown>) => void;

export function installPeerAddressGuard(trustProxy: number): boolean {
  if (installed || trustProxy > 0 || process.env.VERCEL) return false;
  const proto = http.IncomingMessage.prototype as unknown as { _addHeaderLine?: HeaderLine };
  const original = proto._addHeaderLine;
  if (typeof original !== 'function') return false;
  proto._addHeaderLine = function addHeaderLine(field, value, dest) {
    if (this.req === undefined && this.socket && field.length === 15 && field.toLowerCase() === 'x-forwarded-for') {
      // Several X-Forwarded-For lines are joined with commas by Node: only one, the socket's, is kept.
      if (dest['x-forwarded-for'] !== undefined) return;
      return original.call(this, field, peerAddress(this), dest);
    }
    return original.call(this, field, value, dest);
  };
  installed = true;
  return true;
}
