import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeSegment, findSealCode, formatSealedAt, normalizeCodeInput, sha256Hex } from './verify-helpers.ts';

const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('verification page helpers', () => {
  it('reads what a visitor typed or pasted as a code', () => {
    expect(normalizeCodeInput('  AB12CD34EF56 ')).toBe('ab12cd34ef56');
    expect(normalizeCodeInput('ab12 cd34-ef56')).toBe('ab12cd34ef56');
    expect(normalizeCodeInput('https://sealwright.example/verify/ab12cd34ef56/?utm=x#top')).toBe('ab12cd34ef56');
    expect(normalizeCodeInput('ab12cd34ef5')).toBeNull();
    expect(normalizeCodeInput('ab12cd34ef56x')).toBeNull();
    expect(normalizeCodeInput('ab12cd34ef5!')).toBeNull();
    expect(normalizeCodeInput('')).toBeNull();
  });

  it('finds the last embedded SealVerificationCode in the bytes', () => {
    expect(findSealCode(latin1('%PDF-1.7\n1 0 obj\n<< /Producer (x) /SealVerificationCode (aaaaaaaaaaaa) >>\nendobj\n\xff\xfe'))).toBe('aaaaaaaaaaaa');
    expect(findSealCode(latin1('<< /SealVerificationCode (aaaaaaaaaaaa) >> ... << /SealVerificationCode\n(bbbbbbbbbbbb) >>'))).toBe('bbbbbbbbbbbb');
    expect(findSealCode(latin1('<< /SealVerificationCode (AAAAAAAAAAAA) >>'))).toBeNull();
    expect(findSealCode(latin1('%PDF-1.7 nothing here'))).toBeNull();
  });

  it('hashes like node:crypto, formats dates in UTC and decodes path segments safely', async () => {
    const bytes = crypto.randomBytes(1000);
    expect(await sha256Hex(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect(formatSealedAt(new Date('2026-11-23T23:30:00Z'))).toBe('November 23, 2026 at 11:30 PM UTC');
    expect(decodeSegment('a%20b')).toBe('a b');
    expect(decodeSegment('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
