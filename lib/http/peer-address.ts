/**
 * X-Forwarded-For you can trust without a proxy: with TRUST_PROXY=0 (and not on Vercel, whose
 * edge overwrites the header itself), an X-Forwarded-For a client sends to an HTTP server in
 * this process is replaced by the socket's peer address before Next (or anything else) reads
 * it; an absent one Next fills with that address itself. lib/http/client-ip.ts keys per-IP
 * limits on that one entry. Installed from instrumentation-node.ts, so `next dev`, `next start`, the
 * standalone server and scripts/server.ts all meet it. With TRUST_PROXY=N the header is left
 * alone: the proxies append to it and client-ip.ts picks the Nth entry from the right.
 *
 * Two hooks, because instrumentation runs inside Next's prepare(), after `next start`/`next dev`
 * already listen: requests that arrive meanwhile are parsed, emitted and parked inside Next's
 * request listener, waiting for it to be ready.
 *
 * 1. Node's `http.server.request.start` diagnostics channel (a documented API, Node >= 18.13):
 *    Node publishes each request from parserOnIncoming, before the 'request' event, so every
 *    request parsed after installation is rewritten before any listener sees it, whichever
 *    framework serves it.
 * 2. For requests parsed before installation (the ones parked during start-up): a setter for
 *    Next's per-request metadata slot (Symbol.for('NextInternalRequestMeta')) on
 *    IncomingMessage.prototype. Next's router assigns that slot first thing for every request it
 *    handles (router-server.js requestHandlerImpl: addRequestMeta, before it touches a header);
 *    the assignment finds the prototype's setter, which rewrites the header, then stores the
 *    value as an own property, so later reads and writes are plain property accesses.
 *    lib/http/peer-address.integration.test.ts sends requests while `next start` boots, so a
 *    Next upgrade that stops assigning the slot fails there.
 *
 * Not enough on their own: wrapping the `headers` accessor is not even possible (Node 20
 * defines it on IncomingMessage.prototype as non-configurable); a patch of Server.prototype.emit
 * misses the parked requests; so does a hook on IncomingMessage.prototype._addHeaderLine, the
 * lazy builder of `headers`, because Node has already built them for every HTTP/1.1 request
 * before emitting it (parserOnIncoming reads `req.headers.host` to refuse a missing Host).
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import http from 'node:http';

// Symbol.for, not Symbol(): the module may be loaded twice in one process (bundled into
// instrumentation by Next, and by scripts/server.ts through tsx); both share one guard.
const PINNED = Symbol.for('sealwright.peerAddress.pinned');
const INSTALLED = Symbol.for('sealwright.peerAddress.installed');
const NEXT_REQUEST_META = Symbol.for('NextInternalRequestMeta');

type Message = http.IncomingMessage & { [PINNED]?: true; req?: unknown };

/** The socket's peer address, an IPv4-mapped IPv6 address as plain IPv4; '' once the socket is gone. */
export function peerAddress(message: http.IncomingMessage): string {
  const address = message.socket?.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Replace a server request's X-Forwarded-For, if it has one, with the peer address, once (later
 * writes stand; a request without one is filled by Next with the socket's address). Without an
 * address (the client already hung up) the header goes: client-ip.ts then keys on 'unknown',
 * never on what the client wrote.
 */
export function pinForwardedFor(message: http.IncomingMessage): void {
  const req = message as Message;
  if (req[PINNED]) return;
  req[PINNED] = true;
  const headers = req.headers;
  if (headers['x-forwarded-for'] === undefined) return;
  const address = peerAddress(req);
  if (address) headers['x-forwarded-for'] = address;
  else delete headers['x-forwarded-for'];
  // rawHeaders (and headersDistinct, built lazily from it) agree; in place, as Node builds
  // those from a count of raw entries taken while parsing.
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === 15 && raw[i].toLowerCase() === 'x-forwarded-for') raw[i + 1] = address;
  }
}

function onRequestStart(message: unknown): void {
  const request = (message as { request?: http.IncomingMessage }).request;
  if (request) pinForwardedFor(request);
}

function installNextMetaHook(): void {
  const proto = http.IncomingMessage.prototype;
  if (Object.prototype.hasOwnProperty.call(proto, NEXT_REQUEST_META)) return;
  Object.defineProperty(proto, NEXT_REQUEST_META, {
    configurable: true,
    enumerable: false,
    get: () => undefined,
    set(this: Message, value: unknown) {
      // From now on an own property, as a plain assignment would have made it.
      Object.defineProperty(this, NEXT_REQUEST_META, { value, writable: true, enumerable: true, configurable: true });
      // Only a server's request: an HTTP client's response carries its request as .req.
      if (this.socket && this.req === undefined) pinForwardedFor(this);
    },
  });
}

/**
 * Pin X-Forwarded-For to the peer address for every server request from now on, and for the
 * ones Next has parked while starting, unless proxies are trusted (trustProxy > 0) or the app
 * runs on Vercel. Idempotent: returns whether this call installed it.
 */
export function installPeerAddressGuard(trustProxy: number): boolean {
  const g = globalThis as typeof globalThis & { [INSTALLED]?: true };
  if (g[INSTALLED] || trustProxy > 0 || process.env.VERCEL) return false;
  g[INSTALLED] = true;
  diagnosticsChannel.subscribe('http.server.request.start', onRequestStart);
  installNextMetaHook();
  return true;
}
