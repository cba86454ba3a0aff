import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { EncryptedMessageType } from '../generated/prisma/enums.ts';
import type { Actor } from '../orgs/actor.ts';
import { decodeBase64 } from './keys.ts';
import { sharesOrganization } from './peers.ts';

/** The largest ciphertext the relay stores: 64 KiB decoded. */
export const MAX_CIPHERTEXT_BYTES = 64 * 1024;
/** Unacknowledged messages one sender may leave for one recipient: past it the sender waits for acknowledgements. */
export const MAX_PENDING_PER_SENDER = 1_000;
/** encryptedMessages: at most this many per call (graphql-interface.md). */
export const MAX_MESSAGES_PER_PAGE = 500;
/** acknowledgeMessages: at most this many ids per call. */
export const MAX_ACKNOWLEDGED_PER_CALL = 500;
/** Messages not acknowledged within this long are removed (removeExpiredMessages). */
export const MESSAGE_RETENTION_MS = 30 * 86_400_000;

/** A message as its recipient reads it: the ciphertext as standard base64, exactly as sent. */
export interface EncryptedMessageView {
  id: string;
  senderId: string;
  ciphertext: string;
  messageType: EncryptedMessageType;
  insertedAt: Date;
}

const messageSelect = { id: true, senderId: true, ciphertext: true, messageType: true, insertedAt: true } satisfies Prisma.EncryptedMessageSelect;

function view(row: Prisma.EncryptedMessageGetPayload<{ select: typeof messageSelect }>): EncryptedMessageView {
  return { ...row, ciphertext: Buffer.from(row.ciphertext).toString('base64') };
}

/**
 * Store a message for a user who shares an organization with the sender and has published
 * keys (else NOT_FOUND), as given: the server cannot read it. RATE_LIMITED when the sender
 * already has MAX_PENDING_PER_SENDER unacknowledged messages waiting for that recipient,
 * counted under a lock on the recipient's keys so that concurrent sends cannot overshoot.
 */
export async function sendEncryptedMessage({ actor, input }: { actor: Actor; input: { recipientId: string; ciphertext: string; messageType: EncryptedMessageType } }): Promise<EncryptedMessageView> {
  const ciphertext = decodeBase64(input.ciphertext, 'ciphertext', MAX_CIPHERTEXT_BYTES);
  if (!(await sharesOrganization(actor.userId, input.recipientId))) throw new AppError('NOT_FOUND', 'Recipient not found');
  const recipientId = input.recipientId;
  return db().$transaction(async (tx) => {
    const keys = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "RelayKeys" WHERE "userId" = ${recipientId}::uuid FOR UPDATE`;
    if (keys.length === 0) throw new AppError('NOT_FOUND', 'Recipient not found: they have published no keys');
    const pending = await tx.encryptedMessage.count({ where: { recipientId, senderId: actor.userId } });
    if (pending >= MAX_PENDING_PER_SENDER) {
      throw new AppError('RATE_LIMITED', `The recipient already has ${MAX_PENDING_PER_SENDER} unacknowledged messages from you: wait until they read them`);
    }
    const row = await tx.encryptedMessage.create({ data: { senderId: actor.userId, recipientId, ciphertext, messageType: input.messageType }, select: messageSelect });
    return view(row);
  });
}

/** The caller's unacknowledged messages, oldest first. */
export async function listEncryptedMessages({ actor, limit }: { actor: Actor; limit: number }): Promise<EncryptedMessageView[]> {
  const rows = await db().encryptedMessage.findMany({ where: { recipientId: actor.userId }, orderBy: [{ insertedAt: 'asc' }, { seq: 'asc' }], take: limit, select: messageSelect });
  return rows.map(view);
}

/** Delete the caller's own messages among `messageIds` (anyone else's are left as they are). */
export async function acknowledgeMessages({ actor, messageIds }: { actor: Actor; messageIds: readonly string[] }): Promise<number> {
  if (messageIds.length > MAX_ACKNOWLEDGED_PER_CALL) throw new AppError('BAD_USER_INPUT', `messageIds: at most ${MAX_ACKNOWLEDGED_PER_CALL} per call`);
  if (messageIds.length === 0) return 0;
  const { count } = await db().encryptedMessage.deleteMany({ where: { id: { in: [...messageIds] }, recipientId: actor.userId } });
  return count;
}

/** The periodic job: remove messages nobody acknowledged within MESSAGE_RETENTION_MS. Answers how many. */
export async function removeExpiredMessages({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const { count } = await db().encryptedMessage.deleteMany({ where: { insertedAt: { lt: new Date(now.getTime() - MESSAGE_RETENTION_MS) } } });
  return count;
}
