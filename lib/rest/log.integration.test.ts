/**
 * GET /v1/log/* through the route handlers: each answer checked as an outside verifier would
 * (proofs against the signed root, the signature against the published key), CORS, the verify
 * budget shared with /v1/verify, and a 400 in words for each bad parameter.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as entriesRoute from '../../app/v1/log/entries/route.ts';
import * as keyRoute from '../../app/v1/log/key/route.ts';
import * as consistencyRoute from '../../app/v1/log/proof/consistency/route.ts';
import * as inclusionRoute from '../../app/v1/log/proof/inclusion/route.ts';
import * as sthRoute from '../../app/v1/log/sth/route.ts';
import { GET as verifyCode } from '../../app/v1/verify/[code]/route.ts';
import { gql } from '../../test/graphql.ts';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import { resetRateLimits } from '../ratelimit/index.ts';
import { leafHash, sha256 } from '../transparency/hash.ts';
import { fromHex, toHex, treeHeadMessage, verifyConsistency, verifyInclusion } from '../transparency/merkle.ts';

let ip = 0;
/** A request from an address of its own (each test its own verify budget). */
const get = (route: { GET: (r: Request) => Promise<Response> }, path: string, from = `198.51.100.${++ip % 250}`) =>
  route.GET(new Request(`http://localhost${path}`, { headers: { 'x-forwarded-for': from } }));

const codes: string[] = [];

beforeAll(async () => {
  await resetRateLimits();
  const pro = await professional('Jordan Ellis');
  const ids = await draftDocuments(pro, 5);
  for (const id of ids) codes.push((await sealAs(pro, id)).verificationCode);
});

async function badRequest(res: Response, message: RegExp) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body).toEqual({ error: 'bad_request', message: expect.stringMatching(message) });
}

describe('GET /v1/log/*', () => {
  it('publishes the key and a signed head that verifies with it, CORS open', async () => {
    const keyRes = await get(keyRoute, '/v1/log/key');
    expect(keyRes.status).toBe(200);
    expect(keyRes.headers.get('access-control-allow-origin')).toBe('*');
    const key = await keyRes.json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', key_id: expect.stringMatching(/^[0-9a-f]{64}$/), public_key: expect.any(String), public_key_pem: expect.stringContaining('BEGIN PUBLIC KEY') });
    const publicKey = crypto.createPublicKey(key.public_key_pem);
    expect(
      crypto
        .createHash('sha256')
        .update(publicKey.export({ format: 'der', type: 'spki' }))
        .digest('hex'),
    ).toBe(key.key_id);

    const sthRes = await get(sthRoute, '/v1/log/sth');
    expect(sthRes.headers.get('access-control-allow-origin')).toBe('*');
    expect(sthRes.headers.get('ratelimit-limit')).toBe('60');
    const sth = await sthRes.json();
    expect(sth).toMatchObject({ tree_size: 5, root_hash: expect.stringMatching(/^[0-9a-f]{64}$/), key_id: key.key_id });
    const message = treeHeadMessage({ treeSize: sth.tree_size, timestamp: Date.parse(sth.timestamp), rootHash: fromHex(sth.root_hash)! });
    expect(crypto.verify(null, message, publicKey, Buffer.from(sth.signature, 'base64'))).toBe(true);
  });

  it('lists entries by index, at most 1,000 a call, each hashing to its leaf hash', async () => {
    const body = await (await get(entriesRoute, '/v1/log/entries?start=1&end=3')).json();
    expect(body.tree_size).toBe(5);
    expect(body.entries.map((e: { leaf_index: number }) => e.leaf_index)).toEqual([1, 2, 3]);
    for (const e of body.entries) expect(toHex(leafHash(e.entry))).toBe(e.leaf_hash);
    // Past the end: what there is.
    expect((await (await get(entriesRoute, '/v1/log/entries?start=3&end=5000')).json()).entries).toHaveLength(2);
    await badRequest(await get(entriesRoute, '/v1/log/entries'), /start is required/);
    await badRequest(await get(entriesRoute, '/v1/log/entries?start=abc&end=2'), /start must be a whole number/);
    await badRequest(await get(entriesRoute, '/v1/log/entries?start=-1&end=2'), /start must be a whole number/);
    await badRequest(await get(entriesRoute, '/v1/log/entries?start=3&end=2'), /end \(2\) must not be before start \(3\)/);
    await badRequest(await get(entriesRoute, '/v1/log/entries?start=5&end=9'), /start \(5\) is past the log's last entry: it holds 5 entries, indexes 0 to 4/);
  });

  it('proves inclusion by code or leaf hash, in the newest head or a tree size asked', async () => {
    const sth = await (await get(sthRoute, '/v1/log/sth')).json();
    const byCode = await (await get(inclusionRoute, `/v1/log/proof/inclusion?code=${codes[2]}`)).json();
    expect(byCode).toMatchObject({ leaf_index: 2, tree_size: 5, root_hash: sth.root_hash, signed_tree_head: sth });
    const check = (p: any, root: string) =>
      verifyInclusion(sha256, { leaf: leafHash(p.entry), index: p.leaf_index, size: p.tree_size, proof: p.inclusion_proof.map((h: string) => fromHex(h)!), root: fromHex(root)! });
    expect(await check(byCode, sth.root_hash)).toBe(true);
    const byLeaf = await (await get(inclusionRoute, `/v1/log/proof/inclusion?leaf_hash=${byCode.leaf_hash.toUpperCase()}&tree_size=3`)).json();
    expect(byLeaf).toMatchObject({ leaf_index: 2, tree_size: 3, signed_tree_head: null });
    expect(byLeaf.inclusion_proof).not.toEqual(byCode.inclusion_proof);
    expect(await check(byLeaf, byLeaf.root_hash)).toBe(true);

    await badRequest(await get(inclusionRoute, '/v1/log/proof/inclusion'), /either code .* or leaf_hash/);
    await badRequest(await get(inclusionRoute, `/v1/log/proof/inclusion?code=${codes[0]}&leaf_hash=${byCode.leaf_hash}`), /either code .* or leaf_hash/);
    await badRequest(await get(inclusionRoute, '/v1/log/proof/inclusion?code=NOT-A-CODE'), /12 lowercase letters and digits/);
    await badRequest(await get(inclusionRoute, '/v1/log/proof/inclusion?leaf_hash=abc'), /64 hex characters/);
    await badRequest(await get(inclusionRoute, `/v1/log/proof/inclusion?code=${codes[2]}&tree_size=2`), /Entry 2 is not in the tree of 2 entries/);
    await badRequest(await get(inclusionRoute, `/v1/log/proof/inclusion?code=${codes[2]}&tree_size=0`), /tree_size must be a whole number of at least 1/);
    await badRequest(await get(inclusionRoute, `/v1/log/proof/inclusion?code=${codes[2]}&tree_size=99`), /tree_size \(99\) is larger than the log: it holds 5 entries/);
    const unknown = await get(inclusionRoute, '/v1/log/proof/inclusion?code=zzzzzzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'No entry of the seal log has this verification code' });
  });

  it('proves consistency between two sizes', async () => {
    const entries = (await (await get(entriesRoute, '/v1/log/entries?start=0&end=4')).json()).entries;
    const { MerkleBuilder } = await import('../transparency/hash.ts');
    const roots: Uint8Array[] = [];
    const builder = new MerkleBuilder();
    for (const e of entries) {
      builder.push(leafHash(e.entry));
      roots.push(builder.root());
    }
    const body = await (await get(consistencyRoute, '/v1/log/proof/consistency?first=3&second=5')).json();
    expect(body).toMatchObject({ first: 3, second: 5 });
    expect(await verifyConsistency(sha256, { first: 3, second: 5, firstRoot: roots[2], secondRoot: roots[4], proof: body.consistency_proof.map((h: string) => fromHex(h)!) })).toBe(true);
    expect((await (await get(consistencyRoute, '/v1/log/proof/consistency?first=5&second=5')).json()).consistency_proof).toEqual([]);
    await badRequest(await get(consistencyRoute, '/v1/log/proof/consistency?first=4&second=3'), /first \(4\) must not be larger than second \(3\)/);
    await badRequest(await get(consistencyRoute, '/v1/log/proof/consistency?first=0&second=3'), /first must be a whole number of at least 1/);
    await badRequest(await get(consistencyRoute, '/v1/log/proof/consistency?first=1&second=6'), /second \(6\) is larger than the log: it holds 5 entries/);
    await badRequest(await get(consistencyRoute, '/v1/log/proof/consistency?first=1'), /second is required/);
  });

  it('GET /v1/verify/:code and verifySeal carry the seal’s log entry, proof and signed head beside blockchain: null', async () => {
    const res = await verifyCode(new Request(`http://localhost/v1/verify/${codes[1]}`, { headers: { 'x-forwarded-for': '192.0.2.200' } }), { params: Promise.resolve({ code: codes[1] }) });
    const record = await res.json();
    expect(record.blockchain).toBeNull();
    const log = record.transparency_log;
    expect(Object.keys(record).indexOf('transparency_log')).toBe(Object.keys(record).indexOf('blockchain') + 1);
    expect(log).toMatchObject({ leaf_index: 1, tree_size: 5, entry: expect.stringContaining(`"code":"${codes[1]}"`), signed_tree_head: { tree_size: 5, root_hash: log.root_hash } });
    expect(JSON.parse(log.entry).document_hash).toBe(record.document.document_hash);
    expect(await verifyInclusion(sha256, { leaf: leafHash(log.entry), index: 1, size: 5, proof: log.inclusion_proof.map((h: string) => fromHex(h)!), root: fromHex(log.root_hash)! })).toBe(true);

    const answer = await gql(
      `query($code: String!) { verifySeal(code: $code) { verificationCode transparencyLog { leafIndex treeSize rootHash leafHash entry inclusionProof signedTreeHead { treeSize timestamp rootHash signature keyId } } } }`,
      { variables: { code: codes[1] } },
    );
    expect(answer.body.errors).toBeUndefined();
    const t = answer.body.data!.verifySeal.transparencyLog;
    expect(t).toEqual({
      leafIndex: 1,
      treeSize: 5,
      rootHash: log.root_hash,
      leafHash: log.leaf_hash,
      entry: log.entry,
      inclusionProof: log.inclusion_proof,
      signedTreeHead: { treeSize: 5, timestamp: log.signed_tree_head.timestamp, rootHash: log.root_hash, signature: log.signed_tree_head.signature, keyId: log.signed_tree_head.key_id },
    });
  });

  it('shares the verify budget of 60 a minute per address, answers the preflight and refuses writes', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 59; i++) expect((await get(sthRoute, '/v1/log/sth', from)).status).toBe(200);
    expect((await verifyCode(new Request(`http://localhost/v1/verify/${codes[0]}`, { headers: { 'x-forwarded-for': from } }), { params: Promise.resolve({ code: codes[0] }) })).status).toBe(200);
    const refused = await get(entriesRoute, '/v1/log/entries?start=0', from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await refused.json()).error).toBe('rate_limited');
    const preflight = sthRoute.OPTIONS();
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    const post = sthRoute.POST();
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, OPTIONS');
  });
});
