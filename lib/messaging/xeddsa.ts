import crypto from 'node:crypto';

/**
 * XEdDSA signature verification (Signal's "XEdDSA and VXEdDSA" §2.3, as libsignal's
 * `PublicKey.verify` does it) with node:crypto alone: a Curve25519 (Montgomery) public key u is
 * mapped to the Edwards point with y = (u − 1)/(u + 1) and the sign bit the signature carries
 * in its top bit, and the signature is then an ordinary Ed25519 one under that point.
 */

const P = 2n ** 255n - 19n;

function modPow(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = base % P;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

function toLittleEndian(value: bigint): Buffer {
  const out = Buffer.alloc(32);
  let v = value;
  for (let i = 0; i < 32; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/**
 * Whether `signature` (64 bytes) over `message` is valid XEdDSA under the raw 32-byte
 * Curve25519 public key `montgomeryU` (a serialized key without its 0x05 type byte).
 */
export function verifyXEdDSA(montgomeryU: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (montgomeryU.length !== 32 || signature.length !== 64) return false;
  // As curve25519-dalek reads a field element: the top bit ignored, then reduced mod p.
  const masked = Buffer.from(montgomeryU);
  masked[31] &= 0x7f;
  const u = BigInt(`0x${Buffer.from(masked).reverse().toString('hex')}`) % P;
  if (u === P - 1n) return false; // u = −1 has no Edwards image
  const y = (((u - 1n + P) % P) * modPow(u + 1n, P - 2n)) % P;
  const edwards = toLittleEndian(y);
  edwards[31] |= signature[63] & 0x80;
  const sig = Buffer.from(signature);
  sig[63] &= 0x7f;
  // libsignal refuses s with any of its three top bits set; Ed25519 itself requires s < ℓ.
  if ((sig[63] & 0xe0) !== 0) return false;
  try {
    const key = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: edwards.toString('base64url') }, format: 'jwk' });
    return crypto.verify(null, message, key, sig);
  } catch {
    // Not a point on the curve: no signature can be valid under it.
    return false;
  }
}
