import * as Signal from '@signalapp/libsignal-client';
import { describe, expect, it } from 'vitest';
import { verifyXEdDSA } from './xeddsa.ts';

const raw = (key: Signal.PublicKey) => key.serialize().subarray(1);

describe('verifyXEdDSA', () => {
  it('accepts libsignal\u2019s signatures and refuses altered ones, another key, or another message', () => {
    for (let i = 0; i < 40; i++) {
      const identity = Signal.PrivateKey.generate();
      const signed = Signal.PrivateKey.generate().getPublicKey().serialize();
      const signature = identity.sign(signed);
      expect(verifyXEdDSA(raw(identity.getPublicKey()), signed, signature)).toBe(true);
      // The sign bit of the Edwards key travels in the signature's top bit: flipping it must fail.
      for (const at of [0, 31, 32, 63]) {
        const altered = Uint8Array.from(signature);
        altered[at]! ^= at === 63 ? 0x80 : 0x01;
        expect(verifyXEdDSA(raw(identity.getPublicKey()), signed, altered)).toBe(false);
      }
      expect(verifyXEdDSA(raw(Signal.PrivateKey.generate().getPublicKey()), signed, signature)).toBe(false);
      const other = Uint8Array.from(signed);
      other[5]! ^= 1;
      expect(verifyXEdDSA(raw(identity.getPublicKey()), other, signature)).toBe(false);
    }
  });

  it('verifies a Kyber-1024 pre-key signature over the serialized key', () => {
    const identity = Signal.PrivateKey.generate();
    const kyber = Signal.KEMKeyPair.generate().getPublicKey().serialize();
    expect(kyber.length).toBe(1569);
    expect(kyber[0]).toBe(0x08);
    expect(verifyXEdDSA(raw(identity.getPublicKey()), kyber, identity.sign(kyber))).toBe(true);
  });

  it('refuses wrong lengths and u = \u22121 without throwing', () => {
    expect(verifyXEdDSA(new Uint8Array(31), new Uint8Array(1), new Uint8Array(64))).toBe(false);
    expect(verifyXEdDSA(new Uint8Array(32), new Uint8Array(1), new Uint8Array(63))).toBe(false);
    const minusOne = Buffer.from('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'hex');
    expect(verifyXEdDSA(minusOne, new Uint8Array(1), new Uint8Array(64))).toBe(false);
  });
});
