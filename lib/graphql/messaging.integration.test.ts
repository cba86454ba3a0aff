/**
 * The encrypted message relay (issue 27) over real GraphQL requests through the route handler,
 * driven by real Signal clients (@signalapp/libsignal-client 0.103): keys, PQXDH bundles,
 * messages both ways, and what the server refuses.
 */
import { describe, expect, it } from 'vitest';
import { seedOrganization, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { SignalClient } from '../../test/signal-client.ts';
import type { BundleFields } from '../../test/signal-client.ts';
import { db } from '../db/index.ts';
import { configureRateLimit, resetRateLimits } from '../ratelimit/index.ts';
import { MAX_CIPHERTEXT_BYTES, MAX_PENDING_PER_SENDER, removeExpiredMessages } from '../messaging/relay.ts';

const REGISTER = 'mutation($input: RegisterPrekeysInput!) { registerPrekeys(input: $input) }';
const BUNDLE = `query($userId: UUID!) { prekeyBundle(userId: $userId) {
  identityKey registrationId signedPrekey signedPrekeyId signedPrekeySignature prekey prekeyId kyberPrekeyId kyberPrekey kyberPrekeySignature } }`;
const SEND = 'mutation($input: SendEncryptedMessageInput!) { sendEncryptedMessage(input: $input) { id senderId messageType insertedAt } }';
const INBOX = 'query($limit: Int) { encryptedMessages(limit: $limit) { id senderId ciphertext messageType insertedAt } }';
const ACK = 'mutation($ids: [UUID!]!) { acknowledgeMessages(messageIds: $ids) }';

type Registration = Awaited<ReturnType<SignalClient['registration']>>;
const code = (r: { body: { errors?: Array<{ extensions: { code: string } }> } }) => r.body.errors?.[0]?.extensions.code;

const register = (user: SeededUser, input: Partial<Registration> & Record<string, unknown>) => gql(REGISTER, { token: user.accessToken, variables: { input } });
const bundle = async (user: SeededUser, userId: string) => gql<{ prekeyBundle: BundleFields | null }>(BUNDLE, { token: user.accessToken, variables: { userId } });
const send = (user: SeededUser, input: { recipientId: string; ciphertext: string; messageType: string }) => gql(SEND, { token: user.accessToken, variables: { input } });
const inbox = (user: SeededUser, limit?: number) =>
  gql<{ encryptedMessages: Array<{ id: string; senderId: string; ciphertext: string; messageType: string }> }>(INBOX, { token: user.accessToken, variables: { limit } });
const ack = (user: SeededUser, ids: string[]) => gql(ACK, { token: user.accessToken, variables: { ids } });

/** Two colleagues in one organization (besides their personal ones), and a stranger. */
async function colleagues() {
  const alice = await seedUser({ displayName: 'Alice Archer' });
  const bob = await seedUser({ displayName: 'Bob Builder' });
  const stranger = await seedUser({ displayName: 'Sam Stranger' });
  const org = await seedOrganization({ memberUserId: alice.id });
  await db().organizationMembership.create({ data: { userId: bob.id, organizationId: org.id } });
  return { alice, bob, stranger, org };
}

async function stored(userId: string) {
  const [row] = await db().$queryRaw<Array<{ keys: bigint; prekeys: bigint; kyber: bigint; waiting: bigint }>>`
    SELECT (SELECT count(*) FROM "RelayKeys" WHERE "userId" = ${userId}::uuid) AS keys,
           (SELECT count(*) FROM "OneTimePrekey" WHERE "userId" = ${userId}::uuid) AS prekeys,
           (SELECT count(*) FROM "KyberPrekey" WHERE "userId" = ${userId}::uuid) AS kyber,
           (SELECT count(*) FROM "EncryptedMessage" WHERE "recipientId" = ${userId}::uuid) AS waiting`;
  return { keys: Number(row!.keys), prekeys: Number(row!.prekeys), kyber: Number(row!.kyber), waiting: Number(row!.waiting) };
}

describe('two libsignal clients through the relay', () => {
  it('register, fetch each other\u2019s bundle, run PQXDH and exchange PREKEY then WHISPER messages both ways; acknowledged messages are gone', async () => {
    const { alice, bob } = await colleagues();
    const aliceClient = new SignalClient(alice.id);
    const bobClient = new SignalClient(bob.id);
    expect((await register(alice, await aliceClient.registration())).body.data?.registerPrekeys).toBe(3);
    expect((await register(bob, await bobClient.registration())).body.data?.registerPrekeys).toBe(3);
    expect(await stored(bob.id)).toEqual({ keys: 1, prekeys: 3, kyber: 2, waiting: 0 });

    // Alice starts a session from Bob's bundle: one one-time pre-key and one one-time Kyber pre-key, now gone from the server.
    const bobsBundle = (await bundle(alice, bob.id)).body.data!.prekeyBundle!;
    expect(bobsBundle).toMatchObject({ registrationId: bobClient.registrationId, prekeyId: 1, kyberPrekeyId: 1 });
    expect(await stored(bob.id)).toMatchObject({ prekeys: 2, kyber: 1 });
    await aliceClient.startSession(bob.id, bobsBundle);

    const first = await aliceClient.encrypt(bob.id, 'The key of document 42 is in this message.');
    expect(first.messageType).toBe('PREKEY');
    const sent = await send(alice, { recipientId: bob.id, ...first });
    expect(sent.body.data?.sendEncryptedMessage).toMatchObject({ senderId: alice.id, messageType: 'PREKEY' });
    // Stored exactly as sent: opaque bytes.
    const [row] = await db().$queryRaw<Array<{ ciphertext: Uint8Array }>>`SELECT ciphertext FROM "EncryptedMessage" WHERE id = ${sent.body.data!.sendEncryptedMessage.id}::uuid`;
    expect(Buffer.from(row!.ciphertext).toString('base64')).toBe(first.ciphertext);

    // Bob fetches Alice's bundle too: its identity key is the one her message carries.
    const alicesBundle = (await bundle(bob, alice.id)).body.data!.prekeyBundle!;
    expect(alicesBundle.identityKey).toBe(Buffer.from(aliceClient.identity.publicKey.serialize()).toString('base64'));

    const bobInbox = (await inbox(bob)).body.data!.encryptedMessages;
    expect(bobInbox).toHaveLength(1);
    expect(await bobClient.decrypt(bobInbox[0]!.senderId, bobInbox[0]!)).toBe('The key of document 42 is in this message.');
    expect(bobClient.kyberPrekeys.used.has(1)).toBe(true);
    expect((await ack(bob, [bobInbox[0]!.id])).body.data?.acknowledgeMessages).toBe(true);
    expect(await db().$queryRaw<unknown[]>`SELECT id FROM "EncryptedMessage" WHERE id = ${bobInbox[0]!.id}::uuid`).toEqual([]);

    // Bob answers in the session Alice started (WHISPER); then Alice writes twice more.
    const reply = await bobClient.encrypt(alice.id, 'Got it, thanks.');
    expect(reply.messageType).toBe('WHISPER');
    expect((await send(bob, { recipientId: alice.id, ...reply })).body.data?.sendEncryptedMessage.messageType).toBe('WHISPER');
    const aliceInbox = (await inbox(alice)).body.data!.encryptedMessages;
    expect(aliceInbox).toHaveLength(1);
    expect(await aliceClient.decrypt(bob.id, aliceInbox[0]!)).toBe('Got it, thanks.');
    await ack(alice, [aliceInbox[0]!.id]);

    for (const text of ['Second note.', 'Third note.']) {
      const m = await aliceClient.encrypt(bob.id, text);
      expect(m.messageType).toBe('WHISPER');
      await send(alice, { recipientId: bob.id, ...m });
    }
    const later = (await inbox(bob)).body.data!.encryptedMessages;
    expect(await Promise.all(later.map((m) => bobClient.decrypt(alice.id, m)))).toEqual(['Second note.', 'Third note.']);
    await ack(
      bob,
      later.map((m) => m.id),
    );
    const [left] = await db().$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM "EncryptedMessage" WHERE "recipientId" IN (${alice.id}::uuid, ${bob.id}::uuid)`;
    expect(Number(left!.n)).toBe(0);
  });
});

describe('pre-key bundles', () => {
  it('hands each one-time pre-key and Kyber pre-key to one of 20 concurrent callers, then null and the last-resort Kyber key', async () => {
    const { alice, bob } = await colleagues();
    const bobClient = new SignalClient(bob.id);
    const keys = await bobClient.registration({ prekeys: 12, kyber: 8 });
    expect((await register(bob, keys)).body.data?.registerPrekeys).toBe(12);

    // One caller asks 20 times at once here: past the per-pair limit, tested below.
    configureRateLimit('prekeyBundle', { disabled: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => bundle(alice, bob.id))).finally(() => configureRateLimit('prekeyBundle', { disabled: false }));
    const bundles = answers.map((a) => a.body.data!.prekeyBundle!);
    const prekeyIds = bundles.map((b) => b.prekeyId).filter((id) => id !== null);
    expect(prekeyIds.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(bundles.filter((b) => b.prekeyId === null && b.prekey === null)).toHaveLength(8);
    const kyberIds = bundles.map((b) => b.kyberPrekeyId);
    const lastResortId = keys.lastResortKyberPrekey!.kyberPrekeyId;
    expect(kyberIds.filter((id) => id !== lastResortId).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 8 }, (_, i) => i + 1));
    expect(bundles.filter((b) => b.kyberPrekeyId === lastResortId && b.kyberPrekey === keys.lastResortKyberPrekey!.kyberPrekey)).toHaveLength(12);
    expect(await stored(bob.id)).toMatchObject({ prekeys: 0, kyber: 0 });
    // Every bundle still starts a session (libsignal checks both signatures).
    await new SignalClient(alice.id).startSession(
      bob.id,
      bundles.find((b) => b.prekeyId === null)!,
    );
  });

  it('stops one caller at 10 bundles of one user an hour (RATE_LIMITED), so a colleague cannot drain the one-time keys; others still get theirs', async () => {
    await resetRateLimits();
    const { alice, bob, org } = await colleagues();
    const carol = await seedUser({ displayName: 'Carol Carter' });
    await db().organizationMembership.create({ data: { userId: carol.id, organizationId: org.id } });
    const bobClient = new SignalClient(bob.id);
    expect((await register(bob, await bobClient.registration({ prekeys: 20, kyber: 0 }))).body.data?.registerPrekeys).toBe(20);
    for (let i = 0; i < 10; i++) expect((await bundle(alice, bob.id)).body.data?.prekeyBundle?.prekeyId).toBe(i + 1);
    const refused = await bundle(alice, bob.id);
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/at most 10 per hour/), extensions: { code: 'RATE_LIMITED' } });
    expect(await stored(bob.id)).toMatchObject({ prekeys: 10 });
    expect((await bundle(carol, bob.id)).body.data?.prekeyBundle?.prekeyId).toBe(11);
  });

  it('answers NOT_FOUND for a user who shares no organization, null for a colleague without keys, UNAUTHENTICATED without a token', async () => {
    const { alice, bob, stranger } = await colleagues();
    const strangerClient = new SignalClient(stranger.id);
    await register(stranger, await strangerClient.registration());
    expect(code(await bundle(alice, stranger.id))).toBe('NOT_FOUND');
    expect(code(await bundle(stranger, alice.id))).toBe('NOT_FOUND');
    expect(code(await bundle(alice, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    expect(await stored(stranger.id)).toMatchObject({ prekeys: 3, kyber: 2 });
    const none = await bundle(alice, bob.id);
    expect(none.body.errors).toBeUndefined();
    expect(none.body.data?.prekeyBundle).toBeNull();
    expect(code(await gql(BUNDLE, { variables: { userId: bob.id } }))).toBe('UNAUTHENTICATED');

    // A client of the contract before Kyber: its bundle carries no Kyber fields.
    await register(bob, await new SignalClient(bob.id).registration({ prekeys: 1, kyber: 0, lastResort: false }));
    expect((await bundle(alice, bob.id)).body.data?.prekeyBundle).toMatchObject({ prekeyId: 1, kyberPrekeyId: null, kyberPrekey: null, kyberPrekeySignature: null });
  });
});

describe('registerPrekeys', () => {
  it('refuses a forged signature, a malformed key or base64, and too many keys, storing nothing', async () => {
    const { alice, bob } = await colleagues();
    const client = new SignalClient(alice.id);
    const good = await client.registration();
    const other = await new SignalClient(bob.id).registration();
    const flip = (b64: string, at: number) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[at]! ^= 0x01;
      return bytes.toString('base64');
    };
    const bad: Array<[string, Record<string, unknown>]> = [
      ['forged signed pre-key', { ...good, signedPrekey: other.signedPrekey }],
      ['signature flipped', { ...good, signedPrekeySignature: flip(good.signedPrekeySignature, 10) }],
      ['signed by another identity', { ...good, signedPrekeySignature: other.signedPrekeySignature, signedPrekey: other.signedPrekey }],
      ['forged Kyber pre-key', { ...good, kyberPrekeys: [{ ...good.kyberPrekeys[0]!, kyberPrekey: other.kyberPrekeys[0]!.kyberPrekey }] }],
      ['forged last-resort Kyber pre-key', { ...good, lastResortKyberPrekey: { ...good.lastResortKyberPrekey!, kyberPrekeySignature: other.lastResortKyberPrekey!.kyberPrekeySignature } }],
      ['identity key without type byte', { ...good, identityKey: Buffer.from(good.identityKey, 'base64').subarray(1).toString('base64') }],
      ['identity key of another type', { ...good, identityKey: Buffer.concat([Buffer.from([0x06]), Buffer.from(good.identityKey, 'base64').subarray(1)]).toString('base64') }],
      ['Kyber key cut short', { ...good, kyberPrekeys: [{ ...good.kyberPrekeys[0]!, kyberPrekey: Buffer.from(good.kyberPrekeys[0]!.kyberPrekey, 'base64').subarray(0, 1568).toString('base64') }] }],
      ['signature of 63 bytes', { ...good, signedPrekeySignature: Buffer.from(good.signedPrekeySignature, 'base64').subarray(0, 63).toString('base64') }],
      // 0x05 then 32 bytes 0xff: a key whose base64 has '/', which the URL-safe alphabet spells '_'.
      ['URL-safe base64', { ...good, prekeys: [{ prekeyId: 1, prekey: Buffer.concat([Buffer.from([0x05]), Buffer.alloc(32, 0xff)]).toString('base64url') }] }],
      ['base64 without padding', { ...good, signedPrekeySignature: good.signedPrekeySignature.replace(/=+$/, '') }],
      ['negative id', { ...good, prekeys: [{ prekeyId: -1, prekey: good.prekeys[0]!.prekey }] }],
      ['an id twice', { ...good, prekeys: [good.prekeys[0], { ...good.prekeys[1]!, prekeyId: good.prekeys[0]!.prekeyId }] }],
      ['101 pre-keys', { ...good, prekeys: Array.from({ length: 101 }, (_, i) => ({ prekeyId: i, prekey: good.prekeys[0]!.prekey })) }],
    ];
    for (const [what, input] of bad) expect(code(await register(alice, input)), what).toBe('BAD_USER_INPUT');
    expect(await stored(alice.id)).toEqual({ keys: 0, prekeys: 0, kyber: 0, waiting: 0 });

    // A valid registration, then a faulty one: the first stands unchanged.
    expect((await register(alice, good)).body.data?.registerPrekeys).toBe(3);
    expect(code(await register(alice, { ...good, prekeys: [{ prekeyId: 50, prekey: good.prekeys[0]!.prekey }], signedPrekeySignature: flip(good.signedPrekeySignature, 3) }))).toBe('BAD_USER_INPUT');
    expect(await stored(alice.id)).toEqual({ keys: 1, prekeys: 3, kyber: 2, waiting: 0 });
  });

  it('replaces a pre-key given again, refuses another identity key (CONFLICT) unless re-registering, which drops waiting messages', async () => {
    const { alice, bob } = await colleagues();
    const bobClient = new SignalClient(bob.id);
    const first = await bobClient.registration({ prekeys: 2, kyber: 1 });
    await register(bob, first);
    const again = await bobClient.registration({ prekeys: 1, kyber: 1, firstId: 2, lastResort: false });
    expect((await register(bob, { ...first, prekeys: again.prekeys, kyberPrekeys: [], lastResortKyberPrekey: undefined })).body.data?.registerPrekeys).toBe(2);
    const [replaced] = await db().$queryRaw<Array<{ prekey: Uint8Array }>>`SELECT prekey FROM "OneTimePrekey" WHERE "userId" = ${bob.id}::uuid AND "prekeyId" = 2`;
    expect(Buffer.from(replaced!.prekey).toString('base64')).toBe(again.prekeys[0]!.prekey);

    // Messages wait for Bob.
    const aliceClient = new SignalClient(alice.id);
    await aliceClient.startSession(bob.id, (await bundle(alice, bob.id)).body.data!.prekeyBundle!);
    await send(alice, { recipientId: bob.id, ...(await aliceClient.encrypt(bob.id, 'waiting')) });
    expect((await stored(bob.id)).waiting).toBe(1);

    // A new installation: another identity key.
    const reinstalled = new SignalClient(bob.id);
    const fresh = await reinstalled.registration({ prekeys: 1, kyber: 1 });
    const refused = await register(bob, fresh);
    expect(code(refused)).toBe('CONFLICT');
    expect(await stored(bob.id)).toEqual({ keys: 1, prekeys: 1, kyber: 0, waiting: 1 });
    expect((await register(bob, { ...fresh, replaceIdentityKey: true })).body.data?.registerPrekeys).toBe(1);
    expect(await stored(bob.id)).toEqual({ keys: 1, prekeys: 1, kyber: 1, waiting: 0 });
    expect((await bundle(alice, bob.id)).body.data!.prekeyBundle!.identityKey).toBe(fresh.identityKey);
  });
});

describe('the relay', () => {
  it('sends only to colleagues with keys, keeps ciphertext within 64 KiB, lists oldest first, and acknowledges only the caller\u2019s own', async () => {
    const { alice, bob, stranger } = await colleagues();
    const carol = await seedUser({ displayName: 'Carol Colleague' });
    await db().organizationMembership.create({
      data: { userId: carol.id, organizationId: (await db().organizationMembership.findFirstOrThrow({ where: { userId: bob.id, isPrimaryOrg: false } })).organizationId },
    });
    await register(bob, await new SignalClient(bob.id).registration({ prekeys: 0, kyber: 0 }));
    await register(stranger, await new SignalClient(stranger.id).registration({ prekeys: 0, kyber: 0 }));
    const blob = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');

    expect(code(await send(alice, { recipientId: stranger.id, ciphertext: blob(10, 1), messageType: 'WHISPER' }))).toBe('NOT_FOUND');
    expect(code(await send(alice, { recipientId: carol.id, ciphertext: blob(10, 1), messageType: 'WHISPER' }))).toBe('NOT_FOUND'); // no keys
    expect(code(await send(alice, { recipientId: bob.id, ciphertext: blob(MAX_CIPHERTEXT_BYTES + 1, 2), messageType: 'WHISPER' }))).toBe('BAD_USER_INPUT');
    expect(code(await send(alice, { recipientId: bob.id, ciphertext: 'not base64!', messageType: 'WHISPER' }))).toBe('BAD_USER_INPUT');
    expect(code(await send(alice, { recipientId: bob.id, ciphertext: '', messageType: 'WHISPER' }))).toBe('BAD_USER_INPUT');
    expect(code(await send(alice, { recipientId: bob.id, ciphertext: blob(10, 1), messageType: 'SEALED' }))).toBe('BAD_USER_INPUT');
    expect((await stored(stranger.id)).waiting + (await stored(bob.id)).waiting).toBe(0);

    const ids: string[] = [];
    for (const [i, size] of [MAX_CIPHERTEXT_BYTES, 1, 2].entries()) {
      const r = await send(i === 1 ? carol : alice, { recipientId: bob.id, ciphertext: blob(size, i + 1), messageType: 'WHISPER' });
      ids.push(r.body.data!.sendEncryptedMessage.id);
    }
    const listed = (await inbox(bob)).body.data!.encryptedMessages;
    expect(listed.map((m) => m.id)).toEqual(ids);
    expect(listed.map((m) => m.senderId)).toEqual([alice.id, carol.id, alice.id]);
    expect(listed[0]!.ciphertext).toBe(blob(MAX_CIPHERTEXT_BYTES, 1));
    expect((await inbox(bob, 2)).body.data!.encryptedMessages.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(code(await inbox(bob, 501))).toBe('BAD_USER_INPUT');
    expect((await inbox(alice)).body.data!.encryptedMessages).toEqual([]);

    // Alice cannot acknowledge (delete) what waits for Bob; Bob acknowledges one.
    expect((await ack(alice, ids)).body.data?.acknowledgeMessages).toBe(true);
    expect((await stored(bob.id)).waiting).toBe(3);
    expect((await ack(bob, [ids[1]!])).body.data?.acknowledgeMessages).toBe(true);
    expect((await inbox(bob)).body.data!.encryptedMessages.map((m) => m.id)).toEqual([ids[0], ids[2]]);
  });

  it('stops one sender at its pending limit for a recipient, and removes messages older than 30 days', async () => {
    const { alice, bob } = await colleagues();
    await register(bob, await new SignalClient(bob.id).registration({ prekeys: 0, kyber: 0 }));
    const old = new Date(Date.now() - 31 * 86_400_000);
    await db().encryptedMessage.createMany({
      data: Array.from({ length: MAX_PENDING_PER_SENDER }, (_, i) => ({
        senderId: alice.id,
        recipientId: bob.id,
        ciphertext: Buffer.from([i % 256]),
        messageType: 'WHISPER' as const,
        insertedAt: i < 10 ? old : new Date(),
      })),
    });
    const full = await send(alice, { recipientId: bob.id, ciphertext: 'AQID', messageType: 'WHISPER' });
    expect(code(full)).toBe('RATE_LIMITED');
    expect((await stored(bob.id)).waiting).toBe(MAX_PENDING_PER_SENDER);

    expect(await removeExpiredMessages()).toBeGreaterThanOrEqual(10);
    expect((await stored(bob.id)).waiting).toBe(MAX_PENDING_PER_SENDER - 10);
    expect((await send(alice, { recipientId: bob.id, ciphertext: 'AQID', messageType: 'WHISPER' })).body.data?.sendEncryptedMessage.messageType).toBe('WHISPER');
  });
});
