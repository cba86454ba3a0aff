/**
 * A real SMTP server in-process (the `smtp-server` package) for tests: the app sends to it over
 * SMTP through SMTP_URL, and every message it accepts is parsed (mailparser) and kept, to be
 * read as a mail client would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message accepted so far, oldest first. */
  messages: ReceivedMail[];
  /** The messages to one address. */
  mailsTo(address: string): ReceivedMail[];
  /** The first message to `address` (and, when given, matching `subject`) once it arrives; fails after `ms`. */
  waitForMail(address: string, subject?: RegExp, ms?: number): Promise<ReceivedMail>;
  /** Refuse (or accept again) every message with a 451: a mail server that is down for mail. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

const addressText = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its certificate would be self-signed), no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: addressText(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers as Map<string, unknown>,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    async waitForMail(address, subject, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mailsTo(address).find((m) => !subject || subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${address}${subject ? ` with a subject like ${subject}` : ''} within ${ms} ms (${messages.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link to `page` (`/reset-password`, …) in a mail's text. */
export function linkToken(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = new RegExp(`(https?://\\S+${page.replace(/[/]/g, '\\/')})\\?token=([A-Za-z0-9_%.~-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in the mail "${mail.subject}":\n${mail.text}`);
  return { url: `${match[1]}?token=${match[2]}`, token: decodeURIComponent(match[2]) };
}
