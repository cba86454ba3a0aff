import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailSettings, outboxDirOf } from './index.ts';
import { invitationMail, passwordResetMail } from './messages.ts';

describe('mail settings', () => {
  it('send from MAIL_FROM, else no-reply at APP_URL’s host, to SMTP_URL or the outbox', () => {
    expect(mailSettings({ APP_URL: 'https://seal.example.com/app' })).toEqual({ smtpUrl: undefined, from: 'Sealwright <no-reply@seal.example.com>', outboxDir: path.resolve('./data/outbox') });
    expect(mailSettings({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Seals <seals@example.com>', DATA_DIR: '/srv/sw' })).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Seals <seals@example.com>',
      outboxDir: '/srv/sw/outbox',
    });
    expect(outboxDirOf('memory://')).toBeNull();
  });

  it('refuse an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM over two lines, naming the variable', () => {
    expect(() => mailSettings({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => mailSettings({ MAIL_FROM: 'a@example.com\nBcc: b@example.com' })).toThrow(/MAIL_FROM/);
  });
});

describe('the mails', () => {
  it('carry the link in the text on a line of its own, and escape what they print in HTML', () => {
    const mail = invitationMail({
      to: 'new@example.com',
      url: 'https://x.test/invitations/accept?token=a&b',
      organizationName: 'Ellis <&> Co',
      inviterName: 'Olive "O" Owner',
      role: 'ADMIN',
      validDays: 7,
    });
    expect(mail.subject).toBe('Olive "O" Owner invited you to Ellis <&> Co on Sealwright');
    expect(mail.text).toContain('\nhttps://x.test/invitations/accept?token=a&b\n');
    expect(mail.text).toContain('as an admin');
    expect(mail.html).toContain('Ellis &lt;&amp;&gt; Co');
    expect(mail.html).toContain('href="https://x.test/invitations/accept?token=a&amp;b"');
    expect(mail.html).not.toContain('<&>');
    expect(passwordResetMail({ to: 'a@example.com', url: 'https://x.test/reset-password?token=t', validHours: 1 }).text).toMatch(/works once, for 1 hour\./);
  });
});
