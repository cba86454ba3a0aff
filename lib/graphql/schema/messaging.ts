import { builder } from '../builder.ts';
import { checkLimit } from './pagination.ts';
import { getPrekeyBundle } from '../../messaging/prekey-bundle.ts';
import type { PrekeyBundleView } from '../../messaging/prekey-bundle.ts';
import { registerPrekeys } from '../../messaging/register-prekeys.ts';
import { acknowledgeMessages, listEncryptedMessages, MAX_MESSAGES_PER_PAGE, sendEncryptedMessage } from '../../messaging/relay.ts';
import type { EncryptedMessageView } from '../../messaging/relay.ts';

const EncryptedMessageType = builder.enumType('EncryptedMessageType', {
  description: 'PREKEY: a PreKeySignalMessage, which starts a session; WHISPER: a SignalMessage of an established session.',
  values: ['PREKEY', 'WHISPER'] as const,
});

const EncryptedMessage = builder.objectRef<EncryptedMessageView>('EncryptedMessage').implement({
  description: 'An end-to-end encrypted message waiting for the current user: the server stores it as sent and cannot read it.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    senderId: t.expose('senderId', { type: 'UUID' }),
    ciphertext: t.exposeString('ciphertext', { description: 'The serialized Signal message, standard base64.' }),
    messageType: t.expose('messageType', { type: EncryptedMessageType }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
  }),
});

const PrekeyBundle = builder.objectRef<PrekeyBundleView>('PrekeyBundle').implement({
  description: 'What a sender needs to start a session with a user (X3DH, or PQXDH with the Kyber pre-key). Keys are serialized public keys in standard base64.',
  fields: (t) => ({
    identityKey: t.exposeString('identityKey'),
    registrationId: t.exposeInt('registrationId'),
    signedPrekey: t.exposeString('signedPrekey'),
    signedPrekeyId: t.exposeInt('signedPrekeyId'),
    signedPrekeySignature: t.exposeString('signedPrekeySignature'),
    prekey: t.exposeString('prekey', { nullable: true, description: 'A one-time pre-key, handed out only in this answer; null when none is left.' }),
    prekeyId: t.exposeInt('prekeyId', { nullable: true }),
    kyberPrekeyId: t.exposeInt('kyberPrekeyId', { nullable: true }),
    kyberPrekey: t.exposeString('kyberPrekey', {
      nullable: true,
      description: 'A one-time Kyber pre-key, handed out only in this answer, or the last-resort Kyber pre-key when none is left; null when the user published neither.',
    }),
    kyberPrekeySignature: t.exposeString('kyberPrekeySignature', { nullable: true, description: 'The Kyber pre-key\u2019s signature by the identity key.' }),
  }),
});

const PrekeyInput = builder.inputType('PrekeyInput', {
  fields: (t) => ({
    prekeyId: t.int({ required: true }),
    prekey: t.string({ required: true, description: 'A serialized Curve25519 public key (33 bytes, type byte 0x05), standard base64.' }),
  }),
});

const KyberPrekeyInput = builder.inputType('KyberPrekeyInput', {
  fields: (t) => ({
    kyberPrekeyId: t.int({ required: true }),
    kyberPrekey: t.string({ required: true, description: 'A serialized Kyber-1024 public key (1569 bytes, type byte 0x08), standard base64.' }),
    kyberPrekeySignature: t.string({ required: true, description: 'Its XEdDSA signature by the identity key (64 bytes), standard base64.' }),
  }),
});

const RegisterPrekeysInput = builder.inputType('RegisterPrekeysInput', {
  fields: (t) => ({
    identityKey: t.string({ required: true, description: 'A serialized Curve25519 public key (33 bytes, type byte 0x05), standard base64.' }),
    registrationId: t.int({ required: true }),
    signedPrekey: t.string({ required: true }),
    signedPrekeyId: t.int({ required: true }),
    signedPrekeySignature: t.string({ required: true, description: 'The signed pre-key\u2019s XEdDSA signature by the identity key (64 bytes), standard base64.' }),
    prekeys: t.field({ type: [PrekeyInput], required: true, description: 'One-time pre-keys: at most 100 per call and 1,000 held. An id given again replaces its key.' }),
    kyberPrekeys: t.field({ type: [KyberPrekeyInput], description: 'One-time Kyber pre-keys: at most 100 per call and 1,000 held.' }),
    lastResortKyberPrekey: t.field({ type: KyberPrekeyInput, description: 'The Kyber pre-key a bundle carries when no one-time Kyber pre-key is left.' }),
    replaceIdentityKey: t.boolean({
      description: 'Register afresh (a new installation): the keys stored for you and every message waiting for you are dropped first. Required to change the identity key (else CONFLICT).',
    }),
  }),
});

const SendEncryptedMessageInput = builder.inputType('SendEncryptedMessageInput', {
  fields: (t) => ({
    recipientId: t.field({ type: 'UUID', required: true, description: 'A user who shares an organization with you and has published keys.' }),
    ciphertext: t.string({ required: true, description: 'The serialized Signal message, standard base64, at most 64 KiB decoded.' }),
    messageType: t.field({ type: EncryptedMessageType, required: true }),
  }),
});

builder.queryFields((t) => ({
  encryptedMessages: t.field({
    type: [EncryptedMessage],
    description: 'Unacknowledged messages of the current user, oldest first (limit: 20 when omitted, at most 500).',
    authScopes: { authenticated: true },
    args: { limit: t.arg.int() },
    validateArgs: (args) => checkLimit(args.limit, MAX_MESSAGES_PER_PAGE),
    resolve: (_root, args, ctx) => listEncryptedMessages({ actor: ctx.actor!, limit: checkLimit(args.limit, MAX_MESSAGES_PER_PAGE) }),
  }),
  prekeyBundle: t.field({
    type: PrekeyBundle,
    nullable: true,
    description: 'Pre-key bundle for encrypted session setup, of a user who shares an organization with you; null when they have published no keys. Each one-time key is handed out once.',
    authScopes: { authenticated: true },
    args: { userId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, args, ctx) => getPrekeyBundle({ actor: ctx.actor!, userId: args.userId }),
  }),
}));

builder.mutationFields((t) => ({
  registerPrekeys: t.int({
    description:
      'Publish your identity key, signed pre-key, one-time pre-keys and Kyber pre-keys (signatures verified; nothing stored if any key is refused). Answers the one-time pre-keys now stored.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: RegisterPrekeysInput, required: true }) },
    resolve: (_root, { input }, ctx) => registerPrekeys({ actor: ctx.actor!, input }),
  }),
  sendEncryptedMessage: t.field({
    type: EncryptedMessage,
    nullable: true,
    description: 'Leave an encrypted message for a colleague until they acknowledge it (at most 1,000 unacknowledged from one sender to one recipient).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SendEncryptedMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => sendEncryptedMessage({ actor: ctx.actor!, input }),
  }),
  acknowledgeMessages: t.boolean({
    description: 'Acknowledges received encrypted messages: your own among them are deleted (at most 500 ids per call).',
    authScopes: { authenticated: true },
    args: { messageIds: t.arg({ type: ['UUID'], required: true }) },
    resolve: async (_root, args, ctx) => {
      await acknowledgeMessages({ actor: ctx.actor!, messageIds: args.messageIds });
      return true;
    },
  }),
}));
