/**
 * The seal log's public endpoints, GET /v1/log/*: read-only, CORS open, counted against the
 * verify endpoints' per-IP budget. Bad parameters answer 400 bad_request, an unknown code or
 * leaf hash 404 not_found ({"error", "message"}). Hashes are lowercase hex, signatures and
 * keys standard base64, times ISO 8601 with milliseconds (the signed value).
 */
import type { SignedTreeHead } from '../transparency/heads.ts';
import { toHex } from '../transparency/merkle.ts';
import { getConsistencyProof, getEntries, getInclusionProof, getLogKey, getSignedTreeHead, MAX_ENTRIES, wholeNumber } from '../transparency/read-log.ts';
import type { SealLogRecord } from '../transparency/seal-log.ts';
import { restError, toRestError } from './errors.ts';
import { limitByIp } from './limit.ts';

const CORS = {
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A signed tree head as the API writes it. */
export function signedTreeHeadJson(head: SignedTreeHead) {
  return { tree_size: head.treeSize, timestamp: head.timestamp.toISOString(), root_hash: toHex(head.rootHash), signature: base64(head.signature), key_id: head.keyId };
}

/** A seal's place in the log, as GET /v1/verify/:code carries it (`transparency_log`). */
export function transparencyLogJson(record: SealLogRecord) {
  return {
    leaf_index: record.leafIndex,
    tree_size: record.treeSize,
    root_hash: toHex(record.rootHash),
    leaf_hash: toHex(record.leafHash),
    entry: record.entry,
    inclusion_proof: record.inclusionProof.map(toHex),
    signed_tree_head: signedTreeHeadJson(record.signedTreeHead),
  };
}

type Handler = (url: URL) => Promise<unknown>;

/** Rate limit (the verify budget), then the handler's JSON; every answer carries CORS and the limit's headers. */
function endpoint(door: string, handler: Handler, cache = 'no-cache') {
  return async (request: Request): Promise<Response> => {
    const limit = await limitByIp('verify', request, CORS);
    if (limit.refused) return limit.refused;
    const headers = { ...CORS, ...limit.headers, 'Cache-Control': cache };
    try {
      return Response.json(await handler(new URL(request.url)), { headers });
    } catch (err) {
      return toRestError(err, { headers, door });
    }
  };
}

/** GET /v1/log/sth */
export const handleLogSth = endpoint('log sth', async () => signedTreeHeadJson(await getSignedTreeHead()));

/** GET /v1/log/entries?start=&end= (inclusive; at most MAX_ENTRIES a call) */
export const handleLogEntries = endpoint('log entries', async (url) => {
  const start = wholeNumber(url.searchParams.get('start'), 'start')!;
  const end = wholeNumber(url.searchParams.get('end'), 'end', { required: false }) ?? start + MAX_ENTRIES - 1;
  const { treeSize, entries } = await getEntries({ start, end });
  return { tree_size: treeSize, entries: entries.map((e) => ({ leaf_index: e.leafIndex, leaf_hash: toHex(e.leafHash), entry: e.entry })) };
});

/** GET /v1/log/proof/inclusion?code= | leaf_hash= [&tree_size=] */
export const handleLogInclusion = endpoint('log inclusion proof', async (url) => {
  const p = url.searchParams;
  const proof = await getInclusionProof({ code: p.get('code'), leafHash: p.get('leaf_hash'), treeSize: wholeNumber(p.get('tree_size'), 'tree_size', { required: false, min: 1 }) });
  return {
    leaf_index: proof.leafIndex,
    tree_size: proof.treeSize,
    root_hash: toHex(proof.rootHash),
    leaf_hash: toHex(proof.leafHash),
    entry: proof.entry,
    inclusion_proof: proof.inclusionProof.map(toHex),
    signed_tree_head: proof.signedTreeHead ? signedTreeHeadJson(proof.signedTreeHead) : null,
  };
});

/** GET /v1/log/proof/consistency?first=&second= */
export const handleLogConsistency = endpoint('log consistency proof', async (url) => {
  const first = wholeNumber(url.searchParams.get('first'), 'first', { min: 1 })!;
  const second = wholeNumber(url.searchParams.get('second'), 'second', { min: 1 })!;
  const { proof } = await getConsistencyProof({ first, second });
  return { first, second, consistency_proof: proof.map(toHex) };
});

/** GET /v1/log/key */
export const handleLogKey = endpoint(
  'log key',
  async () => {
    const key = getLogKey();
    return {
      algorithm: 'Ed25519',
      key_id: key.keyId,
      public_key: base64(key.publicKeyRaw),
      public_key_pem: key.publicKeyPem,
      signed_data: 'RFC 6962 TreeHeadSignature: version 0, signature_type 1, timestamp (uint64 ms), tree_size (uint64), root_hash (32 bytes), big-endian',
    };
  },
  'public, max-age=3600',
);

/** The CORS preflight of the log endpoints (not counted). */
export function handleLogPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' } });
}

/** Any method but GET: 405 with Allow. */
export function logWrongMethod(): Response {
  return restError(405, 'method_not_allowed', 'The seal log is read-only: use GET.', { ...CORS, Allow: 'GET, OPTIONS' });
}
