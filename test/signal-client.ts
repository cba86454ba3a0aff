/**
 * A real Signal client for the relay's tests: @signalapp/libsignal-client (the library
 * Signal's own apps use) with in-memory stores. It makes its keys, registers them through
 * GraphQL, builds PQXDH sessions from fetched bundles and encrypts and decrypts messages; the
 * server only ever sees what it would see from Signal's apps.
 */
import * as Signal from '@signalapp/libsignal-client';

type Bytes = Uint8Array<ArrayBuffer>;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64')) as Bytes;
const addressKey = (a: Signal.ProtocolAddress) => `${a.name()}.${a.deviceId()}`;

/** The bundle as the GraphQL API answers it. */
export interface BundleFields {
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

class Sessions extends Signal.SessionStore {
  readonly records = new Map<string, Bytes>();
  async saveSession(name: Signal.ProtocolAddress, record: Signal.SessionRecord) {
    this.records.set(addressKey(name), record.serialize());
  }
  async getSession(name: Signal.ProtocolAddress) {
    const r = this.records.get(addressKey(name));
    return r ? Signal.SessionRecord.deserialize(r) : null;
  }
  async getExistingSessions(addresses: Signal.ProtocolAddress[]) {
    return addresses.map((a) => {
      const r = this.records.get(addressKey(a));
      if (!r) throw new Error(`no session for ${addressKey(a)}`);
      return Signal.SessionRecord.deserialize(r);
    });
  }
}

class Identities extends Signal.IdentityKeyStore {
  readonly known = new Map<string, Bytes>();
  constructor(
    private readonly pair: Signal.IdentityKeyPair,
    private readonly registrationId: number,
  ) {
    super();
  }
  async getIdentityKey() {
    return this.pair.privateKey;
  }
  async getLocalRegistrationId() {
    return this.registrationId;
  }
  async saveIdentity(name: Signal.ProtocolAddress, key: Signal.PublicKey) {
    const before = this.known.get(addressKey(name));
    this.known.set(addressKey(name), key.serialize());
    return before && Buffer.compare(before, key.serialize()) !== 0 ? Signal.IdentityChange.ReplacedExisting : Signal.IdentityChange.NewOrUnchanged;
  }
  async isTrustedIdentity(name: Signal.ProtocolAddress, key: Signal.PublicKey) {
    const known = this.known.get(addressKey(name));
    return !known || Buffer.compare(known, key.serialize()) === 0;
  }
  async getIdentity(name: Signal.ProtocolAddress) {
    const known = this.known.get(addressKey(name));
    return known ? Signal.PublicKey.deserialize(known) : null;
  }
}

class PreKeys extends Signal.PreKeyStore {
  readonly records = new Map<number, Bytes>();
  async savePreKey(id: number, record: Signal.PreKeyRecord) {
    this.records.set(id, record.serialize());
  }
  async getPreKey(id: number) {
    const r = this.records.get(id);
    if (!r) throw new Error(`no pre-key ${id}`);
    return Signal.PreKeyRecord.deserialize(r);
  }
  async removePreKey(id: number) {
    this.records.delete(id);
  }
}

class SignedPreKeys extends Signal.SignedPreKeyStore {
  readonly records = new Map<number, Bytes>();
  async saveSignedPreKey(id: number, record: Signal.SignedPreKeyRecord) {
    this.records.set(id, record.serialize());
  }
  async getSignedPreKey(id: number) {
    const r = this.records.get(id);
    if (!r) throw new Error(`no signed pre-key ${id}`);
    return Signal.SignedPreKeyRecord.deserialize(r);
  }
}

class KyberPreKeys extends Signal.KyberPreKeyStore {
  readonly records = new Map<number, Bytes>();
  readonly used = new Set<number>();
  async saveKyberPreKey(id: number, record: Signal.KyberPreKeyRecord) {
    this.records.set(id, record.serialize());
  }
  async getKyberPreKey(id: number) {
    const r = this.records.get(id);
    if (!r) throw new Error(`no Kyber pre-key ${id}`);
    return Signal.KyberPreKeyRecord.deserialize(r);
  }
  async markKyberPreKeyUsed(id: number) {
    this.used.add(id);
  }
}

/** One Signal installation (device 1) of the user `userId`. */
export class SignalClient {
  readonly identity = Signal.IdentityKeyPair.generate();
  readonly registrationId = 1 + Math.floor(Math.random() * 16380);
  readonly address: Signal.ProtocolAddress;
  readonly sessions = new Sessions();
  readonly identities: Identities;
  readonly prekeys = new PreKeys();
  readonly signedPrekeys = new SignedPreKeys();
  readonly kyberPrekeys = new KyberPreKeys();

  constructor(readonly userId: string) {
    this.address = Signal.ProtocolAddress.new(userId, 1);
    this.identities = new Identities(this.identity, this.registrationId);
  }

  /**
   * New keys, kept in the client's stores, as the RegisterPrekeysInput that publishes them:
   * a signed pre-key, `prekeys` one-time pre-keys, `kyber` one-time Kyber pre-keys (ids from
   * `firstId`) and a last-resort Kyber pre-key.
   */
  async registration({ prekeys = 3, kyber = 2, firstId = 1, lastResort = true }: { prekeys?: number; kyber?: number; firstId?: number; lastResort?: boolean } = {}) {
    const now = Date.now();
    const signedPrivate = Signal.PrivateKey.generate();
    const signedPublic = signedPrivate.getPublicKey();
    const signedPrekeyId = firstId;
    const signedSignature = this.identity.privateKey.sign(signedPublic.serialize());
    await this.signedPrekeys.saveSignedPreKey(signedPrekeyId, Signal.SignedPreKeyRecord.new(signedPrekeyId, now, signedPublic, signedPrivate, signedSignature));

    const oneTime = [];
    for (let i = 0; i < prekeys; i++) {
      const priv = Signal.PrivateKey.generate();
      const id = firstId + i;
      await this.prekeys.savePreKey(id, Signal.PreKeyRecord.new(id, priv.getPublicKey(), priv));
      oneTime.push({ prekeyId: id, prekey: b64(priv.getPublicKey().serialize()) });
    }
    const makeKyber = async (id: number) => {
      const pair = Signal.KEMKeyPair.generate();
      const signature = this.identity.privateKey.sign(pair.getPublicKey().serialize());
      await this.kyberPrekeys.saveKyberPreKey(id, Signal.KyberPreKeyRecord.new(id, now, pair, signature));
      return { kyberPrekeyId: id, kyberPrekey: b64(pair.getPublicKey().serialize()), kyberPrekeySignature: b64(signature) };
    };
    const kyberPrekeys = [];
    for (let i = 0; i < kyber; i++) kyberPrekeys.push(await makeKyber(firstId + i));
    return {
      identityKey: b64(this.identity.publicKey.serialize()),
      registrationId: this.registrationId,
      signedPrekey: b64(signedPublic.serialize()),
      signedPrekeyId,
      signedPrekeySignature: b64(signedSignature),
      prekeys: oneTime,
      kyberPrekeys,
      ...(lastResort ? { lastResortKyberPrekey: await makeKyber(firstId + 10_000) } : {}),
    };
  }

  /** Start a PQXDH session with `peer` from the bundle the API answered (libsignal verifies its signatures). */
  async startSession(peerUserId: string, b: BundleFields) {
    if (b.kyberPrekeyId === null || !b.kyberPrekey || !b.kyberPrekeySignature) throw new Error('the bundle has no Kyber pre-key: libsignal 0.103 needs one');
    const bundle = Signal.PreKeyBundle.new(
      b.registrationId,
      1,
      b.prekeyId,
      b.prekey ? Signal.PublicKey.deserialize(fromB64(b.prekey)) : null,
      b.signedPrekeyId,
      Signal.PublicKey.deserialize(fromB64(b.signedPrekey)),
      fromB64(b.signedPrekeySignature),
      Signal.PublicKey.deserialize(fromB64(b.identityKey)),
      b.kyberPrekeyId,
      Signal.KEMPublicKey.deserialize(fromB64(b.kyberPrekey)),
      fromB64(b.kyberPrekeySignature),
    );
    await Signal.processPreKeyBundle(bundle, Signal.ProtocolAddress.new(peerUserId, 1), this.address, this.sessions, this.identities);
  }

  /** Encrypt for `peer`: the base64 ciphertext and its EncryptedMessageType. */
  async encrypt(peerUserId: string, text: string): Promise<{ ciphertext: string; messageType: 'PREKEY' | 'WHISPER' }> {
    const message = await Signal.signalEncrypt(new Uint8Array(Buffer.from(text, 'utf8')) as Bytes, Signal.ProtocolAddress.new(peerUserId, 1), this.address, this.sessions, this.identities);
    const type = message.type();
    if (type !== Signal.CiphertextMessageType.PreKey && type !== Signal.CiphertextMessageType.Whisper) throw new Error(`unexpected message type ${type}`);
    return { ciphertext: b64(message.serialize()), messageType: type === Signal.CiphertextMessageType.PreKey ? 'PREKEY' : 'WHISPER' };
  }

  /** Decrypt a message from `sender` as the relay delivered it. */
  async decrypt(senderUserId: string, m: { ciphertext: string; messageType: string }): Promise<string> {
    const from = Signal.ProtocolAddress.new(senderUserId, 1);
    const bytes = fromB64(m.ciphertext);
    const plain =
      m.messageType === 'PREKEY'
        ? await Signal.signalDecryptPreKey(Signal.PreKeySignalMessage.deserialize(bytes), from, this.address, this.sessions, this.identities, this.prekeys, this.signedPrekeys, this.kyberPrekeys)
        : await Signal.signalDecrypt(Signal.SignalMessage.deserialize(bytes), from, this.address, this.sessions, this.identities);
    return Buffer.from(plain).toString('utf8');
  }
}
