/**
 * The seal log's auditor, standalone: it talks to a server only through GET /v1/log/*, trusts
 * none of its answers, and keeps what it verified in a state file (the head, the key, and a
 * sidecar of every leaf hash, 32 bytes each) to hold the log to it next time. No database, no
 * environment: `npm run log:audit -- <base url> [--state file]` (scripts/log-audit.ts).
 *
 * Checks, each failure named: the key is the one saved; the head's Ed25519 signature; every
 * entry 0…size−1 is there once, canonical, and hashes to the leaf hash the log lists; the
 * entries hash to the head's root; the saved head is a prefix of this one (the log's
 * consistency proof, and the saved root recomputed from today's entries); each saved leaf is
 * unchanged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseSealLogEntry } from './entry.ts';
import { leafHash, MerkleBuilder, sha256 } from './hash.ts';
import { equalBytes, fromHex, toHex, treeHeadMessage, verifyConsistency } from './merkle.ts';

/** What the auditor saves after an audit that found nothing wrong. */
interface AuditState {
  base_url: string;
  key_id: string;
  tree_size: number;
  root_hash: string;
  timestamp: string;
  signature: string;
  audited_at: string;
}

interface HeadJson {
  tree_size: number;
  timestamp: string;
  root_hash: string;
  signature: string;
  key_id: string;
}

export interface AuditResult {
  ok: boolean;
  /** What diverged, one sentence each (empty when ok). */
  divergences: string[];
  treeSize?: number;
  rootHash?: string;
}

// An Ed25519 SubjectPublicKeyInfo is this prefix and the 32-byte key.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const MAX_SHOWN = 10;

/** Fetch JSON from the log, waiting out 429s (Retry-After) and retrying transient failures a few times. */
async function getJson(url: string, progress: (line: string) => void): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' } });
    } catch (err) {
      if (attempt >= 4) throw new Error(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((r) => setTimeout(r, 500 * attempt));
      continue;
    }
    if (res.status === 429) {
      const wait = Math.max(1, Number(res.headers.get('retry-after') ?? 1));
      progress(`rate limited: waiting ${wait} s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body?.message ?? body?.error ?? 'no JSON'}`);
    return body;
  }
}

function readState(path: string | undefined): { state: AuditState; leaves: Buffer } | null {
  if (!path || !fs.existsSync(path)) return null;
  const state = JSON.parse(fs.readFileSync(path, 'utf8')) as AuditState;
  const leaves = fs.existsSync(`${path}.leaves`) ? fs.readFileSync(`${path}.leaves`) : Buffer.alloc(0);
  return { state, leaves };
}

function writeState(path: string, state: AuditState, leaves: Uint8Array[]): void {
  fs.writeFileSync(`${path}.leaves.tmp`, Buffer.concat(leaves.map((l) => Buffer.from(l))));
  fs.writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(`${path}.leaves.tmp`, `${path}.leaves`);
  fs.renameSync(`${path}.tmp`, path);
}

/** Audit the log at `baseUrl`; with `statePath`, against the head saved there last time (saving this one when all is well). */
export async function auditLog({ baseUrl, statePath, progress = () => {} }: { baseUrl: string; statePath?: string; progress?: (line: string) => void }): Promise<AuditResult> {
  const base = baseUrl.replace(/\/+$/, '');
  const divergences: string[] = [];
  const saved = readState(statePath);

  // The key: its id is SHA-256 of its SubjectPublicKeyInfo, and it is the one saved.
  const keyJson = await getJson(`${base}/v1/log/key`, progress);
  const raw = Buffer.from(String(keyJson.public_key ?? ''), 'base64');
  if (raw.length !== 32) return { ok: false, divergences: ['The log key is not a 32-byte Ed25519 public key'] };
  const spki = Buffer.concat([ED25519_SPKI_PREFIX, raw]);
  const keyId = crypto.createHash('sha256').update(spki).digest('hex');
  if (keyJson.key_id !== keyId) divergences.push(`The log key's key_id ${keyJson.key_id} is not the SHA-256 of its public key (${keyId})`);
  if (saved && saved.state.key_id !== keyId) divergences.push(`The log's key changed: it was ${saved.state.key_id} at the last audit (${saved.state.audited_at}), it is ${keyId} now`);
  const publicKey = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });

  // The head and its signature.
  const head = (await getJson(`${base}/v1/log/sth`, progress)) as HeadJson;
  const size = head.tree_size;
  const root = fromHex(head.root_hash);
  const timestamp = Date.parse(head.timestamp);
  if (!Number.isInteger(size) || size < 0 || !root || root.length !== 32 || !Number.isFinite(timestamp))
    return { ok: false, divergences: [...divergences, `The signed tree head is malformed: ${JSON.stringify(head)}`] };
  const signed = crypto.verify(null, treeHeadMessage({ treeSize: size, timestamp, rootHash: root }), publicKey, Buffer.from(head.signature, 'base64'));
  if (!signed) divergences.push(`The signature of the tree head (size ${size}, root ${head.root_hash}, ${head.timestamp}) does not verify with the log's key ${keyId}`);
  if (head.key_id !== keyId) divergences.push(`The tree head names key ${head.key_id}, not the log's key ${keyId}`);
  progress(`signed tree head: ${size} entries, root ${head.root_hash}, ${head.timestamp}`);

  // Every entry, in order, once.
  const builder = new MerkleBuilder();
  const leaves: Uint8Array[] = [];
  const entries: string[] = [];
  let savedRootNow: Uint8Array | null = saved && saved.state.tree_size === 0 ? builder.root() : null;
  let expected = 0;
  const problems: string[] = [];
  const note = (line: string) => {
    if (problems.length < MAX_SHOWN) problems.push(line);
    else if (problems.length === MAX_SHOWN) problems.push('… and more');
  };
  while (expected < size) {
    const page = await getJson(`${base}/v1/log/entries?start=${expected}&end=${size - 1}`, progress);
    const got: { leaf_index: number; leaf_hash: string; entry: string }[] = page.entries ?? [];
    if (got.length === 0) {
      note(`The log returned no entries from ${expected} on, but its signed head has ${size}`);
      break;
    }
    for (const e of got) {
      if (e.leaf_index >= size) break;
      if (e.leaf_index < expected) {
        note(`Entry ${e.leaf_index} came twice, or out of order (expected ${expected})`);
        continue;
      }
      if (e.leaf_index > expected) {
        note(
          e.leaf_index === expected + 1
            ? `Entry ${expected} is missing: the log answered entry ${expected - 1 < 0 ? 'none' : expected - 1} then ${e.leaf_index}`
            : `Entries ${expected} to ${e.leaf_index - 1} are missing: the log answered entry ${expected - 1 < 0 ? 'none' : expected - 1} then ${e.leaf_index}`,
        );
        // The tree can no longer be recomputed: stand in for the missing leaves so later indexes line up.
        while (expected < e.leaf_index) {
          const stand = new Uint8Array(32);
          leaves.push(stand);
          entries.push('');
          builder.push(stand);
          expected += 1;
          if (saved && builder.size === saved.state.tree_size) savedRootNow = builder.root();
        }
      }
      const leaf = leafHash(e.entry);
      const parsed = parseSealLogEntry(e.entry);
      if (!parsed.ok) note(`Entry ${e.leaf_index} is not a seal log entry: ${parsed.reason}`);
      if (toHex(leaf) !== e.leaf_hash) note(`Entry ${e.leaf_index} does not hash to the leaf hash the log lists for it (${e.leaf_hash}): its content hashes to ${toHex(leaf)}; it reads ${e.entry}`);
      leaves.push(leaf);
      entries.push(e.entry);
      builder.push(leaf);
      expected += 1;
      if (saved && builder.size === saved.state.tree_size) savedRootNow = builder.root();
    }
    progress(`entries: ${expected.toLocaleString('en')} / ${size.toLocaleString('en')}`);
  }
  divergences.push(...problems);
  const recomputed = builder.root();
  if (builder.size === size && !equalBytes(recomputed, root))
    divergences.push(`The entries do not hash to the signed head's root: they give ${toHex(recomputed)}, the head (size ${size}) says ${head.root_hash}`);

  // The head saved last time: a prefix of today's log, leaf for leaf.
  if (saved) {
    const before = saved.state;
    if (before.tree_size > size) divergences.push(`The log shrank: the head saved at the last audit (${before.audited_at}) had ${before.tree_size} entries, today's has ${size}`);
    else {
      if (Date.parse(before.timestamp) > timestamp) divergences.push(`Today's head (${head.timestamp}) is older than the one saved at the last audit (${before.timestamp})`);
      const savedRoot = fromHex(before.root_hash)!;
      if (before.tree_size > 0) {
        const consistency = await getJson(`${base}/v1/log/proof/consistency?first=${before.tree_size}&second=${size}`, progress);
        const proof = (consistency.consistency_proof as string[]).map((h) => fromHex(h) ?? new Uint8Array());
        const consistent = await verifyConsistency(sha256, { first: before.tree_size, second: size, firstRoot: savedRoot, secondRoot: root, proof });
        if (!consistent)
          divergences.push(
            `The log is not consistent with the head saved at the last audit (${before.audited_at}: ${before.tree_size} entries, root ${before.root_hash}): its consistency proof to today's head does not verify`,
          );
      }
      if (savedRootNow && !equalBytes(savedRootNow, savedRoot))
        divergences.push(`Today's first ${before.tree_size} entries hash to ${toHex(savedRootNow)}, not to the root ${before.root_hash} of the head saved at the last audit (${before.audited_at})`);
      const changed: string[] = [];
      for (let i = 0; i < Math.min(before.tree_size, leaves.length, saved.leaves.length / 32); i++) {
        const was = saved.leaves.subarray(i * 32, i * 32 + 32);
        if (!equalBytes(was, leaves[i])) {
          if (changed.length < MAX_SHOWN)
            changed.push(
              entries[i]
                ? `Entry ${i} changed since the last audit: its leaf hash was ${toHex(was)}, it is ${toHex(leaves[i])}; it now reads ${entries[i]}`
                : `Entry ${i}, present at the last audit, is gone`,
            );
          else if (changed.length === MAX_SHOWN) changed.push('… and more changed entries');
        }
      }
      divergences.push(...changed);
    }
  }

  if (divergences.length > 0) return { ok: false, divergences, treeSize: size, rootHash: head.root_hash };
  if (statePath) {
    writeState(
      statePath,
      { base_url: base, key_id: keyId, tree_size: size, root_hash: head.root_hash, timestamp: head.timestamp, signature: head.signature, audited_at: new Date().toISOString() },
      leaves,
    );
  }
  return { ok: true, divergences: [], treeSize: size, rootHash: head.root_hash };
}
