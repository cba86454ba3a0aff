import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitIp } from '../ratelimit/index.ts';
import { sharesOrganization } from './peers.ts';

/** What a sender needs to start a session (PQXDH) with a user: keys as standard base64. */
export interface PrekeyBundleView {
  identityKey: string;
  registrationId: number;
  signedPrekey: string;
  signedPrekeyId: number;
  signedPrekeySignature: string;
  prekey: string | null;
  prekeyId: number | null;
  kyberPrekeyId: number | null;
  kyberPrekey: string | null;
  kyberPrekeySignature: string | null;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * A user's pre-key bundle (prekeyBundle): the signed pre-key, one one-time pre-key and one
 * one-time Kyber pre-key, both deleted in the same transaction so that no two callers ever get
 * the same one (each takes the oldest row no other transaction has locked: SKIP LOCKED), or the
 * last-resort Kyber pre-key when no one-time Kyber key is left. null for a user who has
 * published no keys; NOT_FOUND for a user who shares no organization with the caller;
 * RATE_LIMITED past 10 bundles of one user an hour for one caller.
 */
export async function getPrekeyBundle({ actor, userId }: { actor: Actor; userId: string }): Promise<PrekeyBundleView | null> {
  if (!(await sharesOrganization(actor.userId, userId))) throw new AppError('NOT_FOUND', 'User not found');
  // A session needs one bundle: past 10 an hour for one user, a caller is draining their one-time keys.
  await limitIp('prekeyBundle', `${actor.userId}:${userId}`);
  return db().$transaction(async (tx) => {
    const keys = await tx.relayKeys.findUnique({ where: { userId } });
    if (!keys) return null;
    const [prekey] = await tx.$queryRaw<Array<{ prekeyId: number; prekey: Uint8Array }>>`
      DELETE FROM "OneTimePrekey" WHERE ("userId", "prekeyId") = (
        SELECT "userId", "prekeyId" FROM "OneTimePrekey" WHERE "userId" = ${userId}::uuid
        ORDER BY "insertedAt", "prekeyId" LIMIT 1 FOR UPDATE SKIP LOCKED
      ) RETURNING "prekeyId", "prekey"`;
    const [kyber] = await tx.$queryRaw<Array<{ kyberPrekeyId: number; kyberPrekey: Uint8Array; signature: Uint8Array }>>`
      DELETE FROM "KyberPrekey" WHERE ("userId", "kyberPrekeyId") = (
        SELECT "userId", "kyberPrekeyId" FROM "KyberPrekey" WHERE "userId" = ${userId}::uuid
        ORDER BY "insertedAt", "kyberPrekeyId" LIMIT 1 FOR UPDATE SKIP LOCKED
      ) RETURNING "kyberPrekeyId", "kyberPrekey", "signature"`;
    const lastResort = keys.lastResortKyberPrekey && keys.lastResortKyberPrekeySignature && keys.lastResortKyberPrekeyId !== null;
    return {
      identityKey: b64(keys.identityKey),
      registrationId: keys.registrationId,
      signedPrekey: b64(keys.signedPrekey),
      signedPrekeyId: keys.signedPrekeyId,
      signedPrekeySignature: b64(keys.signedPrekeySignature),
      prekey: prekey ? b64(prekey.prekey) : null,
      prekeyId: prekey ? prekey.prekeyId : null,
      kyberPrekeyId: kyber ? kyber.kyberPrekeyId : lastResort ? keys.lastResortKyberPrekeyId : null,
      kyberPrekey: kyber ? b64(kyber.kyberPrekey) : lastResort ? b64(keys.lastResortKyberPrekey!) : null,
      kyberPrekeySignature: kyber ? b64(kyber.signature) : lastResort ? b64(keys.lastResortKyberPrekeySignature!) : null,
    };
  });
}
