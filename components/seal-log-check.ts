/**
 * The verify page's check of a seal's log record, in the browser with WebCrypto alone: the
 * entry is this seal's, hashes to its leaf, the inclusion proof leads from it to the signed
 * head's root, and the head's Ed25519 signature verifies with the log's key. The same Merkle
 * code as the server and the auditor (lib/transparency/merkle.ts).
 */
import { parseSealLogEntry } from '../lib/transparency/entry.ts';
import { fromHex, hashLeaf, toHex, treeHeadMessage, verifyInclusion } from '../lib/transparency/merkle.ts';

/** A seal's log record as the page hands it to the browser (the REST transparency_log, in camel case). */
export interface LogRecordProps {
  leafIndex: number;
  treeSize: number;
  rootHash: string;
  entry: string;
  inclusionProof: string[];
  head: { treeSize: number; timestamp: string; rootHash: string; signature: string; keyId: string };
  /** The log's Ed25519 public key, standard base64 of its 32 bytes. */
  publicKey: string;
}

export type LogCheck = { ok: true } | { ok: false; reason: string };

// An Ed25519 SubjectPublicKeyInfo is this prefix and the 32-byte key: the key id is its SHA-256.
const SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

const base64Bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Check a seal's log record for the seal the page shows (its code and document hash). */
export async function checkLogRecord(record: LogRecordProps, seal: { code: string; documentHash: string }): Promise<LogCheck> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return { ok: false, reason: 'this browser offers no WebCrypto here (it needs a secure, https: page)' };
  const sha256 = async (data: Uint8Array) => new Uint8Array(await subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

  const parsed = parseSealLogEntry(record.entry);
  if (!parsed.ok) return { ok: false, reason: `the log entry is not a seal log entry (${parsed.reason})` };
  if (parsed.entry.code !== seal.code || parsed.entry.document_hash !== seal.documentHash) return { ok: false, reason: 'the log entry is not this seal’s: its code or document fingerprint differs' };

  const root = fromHex(record.head.rootHash);
  const proof = record.inclusionProof.map(fromHex);
  if (!root || proof.some((p) => !p) || record.treeSize !== record.head.treeSize || record.rootHash !== record.head.rootHash)
    return { ok: false, reason: 'the proof does not name the signed tree head it is in' };
  const leaf = await hashLeaf(sha256, new TextEncoder().encode(record.entry));
  const included = await verifyInclusion(sha256, { leaf, index: record.leafIndex, size: record.treeSize, proof: proof as Uint8Array[], root });
  if (!included) return { ok: false, reason: 'the inclusion proof does not lead from this entry to the signed root' };

  const raw = base64Bytes(record.publicKey);
  const spki = new Uint8Array([...SPKI_PREFIX, ...raw]);
  if (toHex(await sha256(spki)) !== record.head.keyId) return { ok: false, reason: 'the tree head names another key than the log’s' };
  let key: CryptoKey;
  try {
    key = await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { ok: false, reason: 'this browser cannot check Ed25519 signatures' };
  }
  const message = treeHeadMessage({ treeSize: record.head.treeSize, timestamp: Date.parse(record.head.timestamp), rootHash: root });
  const signed = await subtle.verify({ name: 'Ed25519' }, key, base64Bytes(record.head.signature), message as Uint8Array<ArrayBuffer>);
  if (!signed) return { ok: false, reason: 'the signature of the tree head does not verify with the log’s key' };
  return { ok: true };
}
