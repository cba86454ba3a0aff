import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { beforeDatabaseClose } from '../db/index.ts';
import { parseEnv } from '../env.ts';
import { logger } from '../log.ts';

/**
 * The app's outgoing mail, one module. With SMTP_URL, nodemailer sends over SMTP. Without it
 * (the embedded default), nodemailer builds the same message and it is written to
 * DATA_DIR/outbox as an .eml file, and the log says where: a self-hoster reads it there.
 */

/** One message: plain text always, HTML beside it when given. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSettings {
  /** SMTP_URL; undefined: the outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, else `Sealwright <no-reply@APP_URL's host>`. */
  from: string;
  /** Where the outbox's .eml files go; null for an in-memory DATA_DIR (tests), whose mail stays in memory too. */
  outboxDir: string | null;
}

/**
 * The mail settings, read from the environment at each use (as billing's are): a deployment
 * that sets SMTP_URL, or a test that points it at its own server, is seen at once.
 */
export function mailSettings(source: Record<string, string | undefined> = process.env): MailSettings {
  const e = parseEnv(source);
  const host = new URL(e.APP_URL).hostname || 'localhost';
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Sealwright <no-reply@${host}>`, outboxDir: outboxDirOf(e.DATA_DIR) };
}

/** DATA_DIR/outbox; null for an in-memory DATA_DIR. */
export function outboxDirOf(dataDir: string): string | null {
  return dataDir.startsWith('memory://') ? null : path.resolve(dataDir, 'outbox');
}

// A slow or silent SMTP server must not hold a request for nodemailer's default two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // The transport reads the URL itself (user, password, port, smtps, query options such as
    // ?tls.rejectUnauthorized=false), which may also override these timeouts.
    transport = nodemailer.createTransport(new SMTPTransport({ url, ...SMTP_TIMEOUTS }));
    transports.set(url, transport);
  }
  return transport;
}

const outboxTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

let warnedOutbox = false;

const MEMORY_OUTBOX = Symbol.for('sealwright.mail.memoryOutbox');
const memory = ((globalThis as Record<symbol, unknown>)[MEMORY_OUTBOX] ??= [] as Buffer[]) as Buffer[];
const MEMORY_OUTBOX_SIZE = 100;

/** The last 100 messages (.eml bytes) kept by an in-memory DATA_DIR, oldest first. */
export function memoryOutbox(): readonly Buffer[] {
  return memory;
}

async function writeToOutbox(settings: MailSettings, message: nodemailer.SendMailOptions): Promise<string> {
  const info = (await outboxTransport.sendMail(message)) as { message: Buffer };
  if (!settings.outboxDir) {
    // An in-memory DATA_DIR leaves nothing on disk: a test run would litter the temporary directory.
    memory.push(info.message);
    if (memory.length > MEMORY_OUTBOX_SIZE) memory.shift();
    return 'memory';
  }
  fs.mkdirSync(settings.outboxDir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
  const file = path.join(settings.outboxDir, name);
  // A mail may carry a sign-in link: readable by the server's user only.
  fs.writeFileSync(file, info.message, { mode: 0o600, flag: 'wx' });
  if (!warnedOutbox) {
    warnedOutbox = true;
    logger.warn('SMTP_URL is not set: mail is written to the outbox directory, not sent', { outbox: settings.outboxDir });
  }
  return file;
}

/**
 * Send one mail. Never throws: a failure is logged and answered false, so a caller decides
 * whether its own answer depends on the mail (an invitation does; a sign-up does not).
 */
export async function sendMail(mail: Mail, settings: MailSettings = mailSettings()): Promise<boolean> {
  const message: nodemailer.SendMailOptions = {
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    // Mail the app writes on its own: auto-responders should not answer it (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
  try {
    if (settings.smtpUrl) {
      const info = await smtpTransport(settings.smtpUrl).sendMail(message);
      logger.debug('mail sent', { subject: mail.subject, messageId: info.messageId });
    } else {
      const file = await writeToOutbox(settings, message);
      if (file === 'memory') logger.debug('mail kept in memory (DATA_DIR is memory://)', { subject: mail.subject });
      else logger.info('mail written to the outbox', { subject: mail.subject, file });
    }
    return true;
  } catch (err) {
    // The message may name the server, never the URL's password: nodemailer's errors do not carry it.
    logger.error('mail could not be sent', { subject: mail.subject, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
}

const INFLIGHT = Symbol.for('sealwright.mail.inflight');
const inflight = ((globalThis as Record<symbol, unknown>)[INFLIGHT] ??= new Set<Promise<boolean>>()) as Set<Promise<boolean>>;

/**
 * Send a mail without waiting for it: the answer of the request must not depend on it, or
 * must not take longer when it is sent (a password reset for a registered address would
 * otherwise be told apart from an unknown one by its time). `mail` may be the work that makes
 * it (null: nothing to send), which then runs after the answer too; its failure is logged. A
 * stopping server waits for it.
 */
export function sendMailInBackground(mail: Mail | (() => Promise<Mail | null>)): void {
  const sending =
    typeof mail === 'function'
      ? mail().then(
          (made) => (made ? sendMail(made) : false),
          (err: unknown) => {
            logger.error('mail could not be prepared', { error: err instanceof Error ? err.message : String(err) });
            return false;
          },
        )
      : sendMail(mail);
  inflight.add(sending);
  void sending.finally(() => inflight.delete(sending));
  beforeDatabaseClose('mail', () => mailSettled());
}

/** Resolves once every mail sent in the background has been handed over (or failed): shutdown, tests. */
export async function mailSettled(): Promise<void> {
  while (inflight.size > 0) await Promise.allSettled([...inflight]);
}
