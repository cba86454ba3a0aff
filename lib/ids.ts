import crypto from 'node:crypto';

/** A UUID in canonical 8-4-4-4-12 hex form, any case. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `count` UUIDs (version 7) that sort in the order made: a millisecond timestamp, then the
 * position in 12 bits, then randomness. Rows given them sort by id in the order they were given.
 */
export function orderedUuids(count: number, now = Date.now()): string[] {
  if (count > 4096) throw new Error('orderedUuids: at most 4096 at once');
  const random = crypto.randomBytes(8 * count);
  return Array.from({ length: count }, (_, i) => {
    const bytes = Buffer.alloc(16);
    bytes.writeUIntBE(now, 0, 6);
    bytes.writeUInt16BE(0x7000 | i, 6);
    random.copy(bytes, 8, 8 * i, 8 * i + 8);
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  });
}
