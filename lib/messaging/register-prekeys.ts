import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { checkKeyId, parseCurveKey, parseKyberKey, parseSignature } from './keys.ts';

/** One-time pre-keys (and one-time Kyber pre-keys) one call may publish. */
export const MAX_PREKEYS_PER_CALL = 100;
/** One-time pre-keys (and one-time Kyber pre-keys) an account may hold. */
export const MAX_PREKEYS_HELD = 1_000;

export interface KyberPrekeyInput {
  kyberPrekeyId: number;
  kyberPrekey: string;
  kyberPrekeySignature: string;
}

export interface RegisterPrekeysInput {
  identityKey: string;
  registrationId: number;
  signedPrekey: string;
  signedPrekeyId: number;
  signedPrekeySignature: string;
  prekeys: ReadonlyArray<{ prekeyId: number; prekey: string }>;
  kyberPrekeys?: ReadonlyArray<KyberPrekeyInput> | null;
  lastResortKyberPrekey?: KyberPrekeyInput | null;
  replaceIdentityKey?: boolean | null;
}

interface ParsedKyber {
  id: number;
  key: Buffer<ArrayBuffer>;
  signature: Buffer<ArrayBuffer>;
}

function parseKyber(input: KyberPrekeyInput, field: string, identityKey: Buffer): ParsedKyber {
  const id = checkKeyId(input.kyberPrekeyId, `${field}.kyberPrekeyId`);
  const key = parseKyberKey(input.kyberPrekey, `${field}.kyberPrekey`);
  const signature = parseSignature(input.kyberPrekeySignature, `${field}.kyberPrekeySignature`, identityKey, key);
  return { id, key, signature };
}

/** Every key of the input decoded and checked, signatures verified: BAD_USER_INPUT on the first fault. */
function parseRegistration(input: RegisterPrekeysInput) {
  if (input.prekeys.length > MAX_PREKEYS_PER_CALL) throw new AppError('BAD_USER_INPUT', `prekeys: at most ${MAX_PREKEYS_PER_CALL} per call`);
  if ((input.kyberPrekeys?.length ?? 0) > MAX_PREKEYS_PER_CALL) throw new AppError('BAD_USER_INPUT', `kyberPrekeys: at most ${MAX_PREKEYS_PER_CALL} per call`);
  const identityKey = parseCurveKey(input.identityKey, 'identityKey');
  const registrationId = checkKeyId(input.registrationId, 'registrationId');
  const signedPrekeyId = checkKeyId(input.signedPrekeyId, 'signedPrekeyId');
  const signedPrekey = parseCurveKey(input.signedPrekey, 'signedPrekey');
  const signedPrekeySignature = parseSignature(input.signedPrekeySignature, 'signedPrekeySignature', identityKey, signedPrekey);

  const prekeys = input.prekeys.map((p, i) => ({ id: checkKeyId(p.prekeyId, `prekeys[${i}].prekeyId`), key: parseCurveKey(p.prekey, `prekeys[${i}].prekey`) }));
  if (new Set(prekeys.map((p) => p.id)).size !== prekeys.length) throw new AppError('BAD_USER_INPUT', 'prekeys: each prekeyId once');

  const kyberPrekeys = (input.kyberPrekeys ?? []).map((k, i) => parseKyber(k, `kyberPrekeys[${i}]`, identityKey));
  const lastResort = input.lastResortKyberPrekey ? parseKyber(input.lastResortKyberPrekey, 'lastResortKyberPrekey', identityKey) : null;
  // The client keeps one Kyber key store: an id names one key, one-time or last resort.
  const kyberIds = [...kyberPrekeys.map((k) => k.id), ...(lastResort ? [lastResort.id] : [])];
  if (new Set(kyberIds).size !== kyberIds.length) throw new AppError('BAD_USER_INPUT', 'kyberPrekeys and lastResortKyberPrekey: each kyberPrekeyId once');

  return { identityKey, registrationId, signedPrekeyId, signedPrekey, signedPrekeySignature, prekeys, kyberPrekeys, lastResort };
}

/**
 * Publish the caller's keys (registerPrekeys): the identity key, registration id, signed
 * pre-key, one-time pre-keys and Kyber pre-keys, each checked and each signature verified
 * before anything is written, all in one transaction. A pre-key id given again replaces its
 * key. An identity key other than the stored one is CONFLICT unless `replaceIdentityKey`: a
 * fresh registration, which first drops the stored keys and every message waiting for the
 * caller (they were encrypted to the old keys). Answers the one-time pre-keys now held.
 */
export async function registerPrekeys({ actor, input }: { actor: Actor; input: RegisterPrekeysInput }): Promise<number> {
  const keys = parseRegistration(input);
  const userId = actor.userId;
  return db().$transaction(async (tx) => {
    // One registration of an account at a time: the identity check and the writes are one step.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
    const stored = await tx.relayKeys.findUnique({ where: { userId }, select: { identityKey: true } });
    const fresh = input.replaceIdentityKey === true;
    if (stored && !fresh && !Buffer.from(stored.identityKey).equals(keys.identityKey)) {
      throw new AppError('CONFLICT', 'This account already has another identity key: re-register with replaceIdentityKey: true (waiting messages are dropped)');
    }
    if (fresh) {
      await tx.encryptedMessage.deleteMany({ where: { recipientId: userId } });
      await tx.oneTimePrekey.deleteMany({ where: { userId } });
      await tx.kyberPrekey.deleteMany({ where: { userId } });
    }
    const lastResort = keys.lastResort
      ? { lastResortKyberPrekeyId: keys.lastResort.id, lastResortKyberPrekey: keys.lastResort.key, lastResortKyberPrekeySignature: keys.lastResort.signature }
      : fresh
        ? { lastResortKyberPrekeyId: null, lastResortKyberPrekey: null, lastResortKyberPrekeySignature: null }
        : {};
    const identity = {
      identityKey: keys.identityKey,
      registrationId: keys.registrationId,
      signedPrekeyId: keys.signedPrekeyId,
      signedPrekey: keys.signedPrekey,
      signedPrekeySignature: keys.signedPrekeySignature,
    };
    await tx.relayKeys.upsert({ where: { userId }, create: { userId, ...identity, ...lastResort }, update: { ...identity, ...lastResort } });

    if (keys.prekeys.length > 0) {
      await tx.oneTimePrekey.deleteMany({ where: { userId, prekeyId: { in: keys.prekeys.map((p) => p.id) } } });
      await tx.oneTimePrekey.createMany({ data: keys.prekeys.map((p) => ({ userId, prekeyId: p.id, prekey: p.key })) });
    }
    if (keys.kyberPrekeys.length > 0) {
      await tx.kyberPrekey.deleteMany({ where: { userId, kyberPrekeyId: { in: keys.kyberPrekeys.map((k) => k.id) } } });
      await tx.kyberPrekey.createMany({ data: keys.kyberPrekeys.map((k) => ({ userId, kyberPrekeyId: k.id, kyberPrekey: k.key, signature: k.signature })) });
    }
    const held = await tx.oneTimePrekey.count({ where: { userId } });
    if (held > MAX_PREKEYS_HELD) throw new AppError('BAD_USER_INPUT', `prekeys: at most ${MAX_PREKEYS_HELD} held; this call would leave ${held}`);
    const kyberHeld = await tx.kyberPrekey.count({ where: { userId } });
    if (kyberHeld > MAX_PREKEYS_HELD) throw new AppError('BAD_USER_INPUT', `kyberPrekeys: at most ${MAX_PREKEYS_HELD} held; this call would leave ${kyberHeld}`);
    return held;
  });
}
