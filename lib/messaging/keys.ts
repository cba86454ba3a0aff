import { AppError } from '../errors.ts';
import { verifyXEdDSA } from './xeddsa.ts';

/**
 * The key formats of libsignal (0.103), checked before anything is stored. Error messages name
 * the field, never the value: no key reaches a message or a log line.
 */

/** A serialized Curve25519 public key: type byte 0x05 and 32 bytes. */
export const CURVE25519_KEY_TYPE = 0x05;
export const CURVE25519_KEY_LENGTH = 33;
/** A serialized Kyber-1024 (ML-KEM-1024) public key: type byte 0x08 and 1568 bytes. */
export const KYBER1024_KEY_TYPE = 0x08;
export const KYBER1024_KEY_LENGTH = 1569;
/** An XEdDSA signature. */
export const SIGNATURE_LENGTH = 64;
/** Pre-key and registration ids: GraphQL's Int, never negative. */
export const MAX_KEY_ID = 2_147_483_647;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Standard base64 (RFC 4648 §4, padded) decoded; anything else, including unused bits that are
 * not zero (a second spelling of the same bytes), is BAD_USER_INPUT.
 */
export function decodeBase64(value: string, field: string, maxBytes = Number.POSITIVE_INFINITY): Buffer<ArrayBuffer> {
  // Checked on the text's length first: a huge string is refused before it is scanned.
  if (value.length > Math.ceil(maxBytes / 3) * 4) throw new AppError('BAD_USER_INPUT', `${field} is longer than ${maxBytes} bytes`, { field });
  if (value.length === 0 || !BASE64.test(value)) throw new AppError('BAD_USER_INPUT', `${field} must be standard base64`, { field });
  // Buffer.from(string) allocates ordinary (never shared) memory.
  const bytes = Buffer.from(value, 'base64') as Buffer<ArrayBuffer>;
  if (bytes.toString('base64') !== value) throw new AppError('BAD_USER_INPUT', `${field} must be standard base64`, { field });
  if (bytes.length > maxBytes) throw new AppError('BAD_USER_INPUT', `${field} is longer than ${maxBytes} bytes`, { field });
  return bytes;
}

/** A 33-byte Curve25519 public key with its 0x05 type byte. */
export function parseCurveKey(value: string, field: string): Buffer<ArrayBuffer> {
  const bytes = decodeBase64(value, field, 1024);
  if (bytes.length !== CURVE25519_KEY_LENGTH || bytes[0] !== CURVE25519_KEY_TYPE) {
    throw new AppError('BAD_USER_INPUT', `${field} must be a serialized Curve25519 public key (33 bytes, type byte 0x05)`, { field });
  }
  return bytes;
}

/** A 1569-byte Kyber-1024 public key with its 0x08 type byte. */
export function parseKyberKey(value: string, field: string): Buffer<ArrayBuffer> {
  const bytes = decodeBase64(value, field, 4096);
  if (bytes.length !== KYBER1024_KEY_LENGTH || bytes[0] !== KYBER1024_KEY_TYPE) {
    throw new AppError('BAD_USER_INPUT', `${field} must be a serialized Kyber-1024 public key (1569 bytes, type byte 0x08)`, { field });
  }
  return bytes;
}

/** A 64-byte signature by `identityKey` over `signed` (the serialized public key), verified. */
export function parseSignature(value: string, field: string, identityKey: Buffer, signed: Buffer): Buffer<ArrayBuffer> {
  const bytes = decodeBase64(value, field, 1024);
  if (bytes.length !== SIGNATURE_LENGTH) throw new AppError('BAD_USER_INPUT', `${field} must be a 64-byte signature`, { field });
  if (!verifyXEdDSA(identityKey.subarray(1), signed, bytes)) {
    throw new AppError('BAD_USER_INPUT', `${field} is not a valid signature by the identity key`, { field });
  }
  return bytes;
}

/** A key id: an integer from 0 to 2^31 − 1. */
export function checkKeyId(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > MAX_KEY_ID) throw new AppError('BAD_USER_INPUT', `${field} must be an integer from 0 to ${MAX_KEY_ID}`, { field });
  return value;
}
