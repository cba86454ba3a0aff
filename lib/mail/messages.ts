import type { Mail } from './index.ts';

/**
 * The app's mails, as plain text and simple HTML. Each takes the facts it prints and the link
 * it carries (an absolute URL under APP_URL); nothing here reads the database.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A mail of paragraphs and, optionally, one button-like link. The text part lists the link on a line of its own. */
function compose({ to, subject, paragraphs, link, after = [] }: { to: string; subject: string; paragraphs: string[]; link?: { url: string; label: string }; after?: string[] }): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}:\n${link.url}`] : []), ...after, '— Sealwright'].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#1f4e79;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(link.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">${paragraphs.map(p).join('')}${button}${after.map(p).join('')}${p('— Sealwright')}</body></html>`;
  return { to, subject, text, html };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The link of a password reset. */
export function passwordResetMail({ to, url, validHours }: { to: string; url: string; validHours: number }): Mail {
  return compose({
    to,
    subject: 'Reset your Sealwright password',
    paragraphs: ['Someone, hopefully you, asked to reset the password of the Sealwright account that uses this address.'],
    link: { url, label: 'Choose a new password' },
    after: [
      `The link works once, for ${plural(validHours, 'hour')}. Resetting the password signs the account out everywhere.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  });
}

/** The link that confirms an account's address. */
export function confirmationMail({ to, url, validDays }: { to: string; url: string; validDays: number }): Mail {
  return compose({
    to,
    subject: 'Confirm your email address for Sealwright',
    paragraphs: ['Welcome to Sealwright. Confirm that this address is yours, so that we can reach you about your account and your credentials.'],
    link: { url, label: 'Confirm this address' },
    after: [`The link works for ${plural(validDays, 'day')}. If you did not create a Sealwright account, ignore this mail.`],
  });
}

/** An invitation to join an organization. */
export function invitationMail({
  to,
  url,
  organizationName,
  inviterName,
  role,
  validDays,
}: {
  to: string;
  url: string;
  organizationName: string;
  inviterName: string;
  role: string;
  validDays: number;
}): Mail {
  return compose({
    to,
    subject: `${inviterName} invited you to ${organizationName} on Sealwright`,
    paragraphs: [
      `${inviterName} invited you to join ${organizationName} on Sealwright as ${role === 'ADMIN' ? 'an' : 'a'} ${role.toLowerCase()}.`,
      `If you have no Sealwright account yet, create one with this address (${to}), then accept.`,
    ],
    link: { url, label: 'Accept the invitation' },
    after: [`The link works once, for ${plural(validDays, 'day')}. If you do not know ${organizationName}, ignore this mail.`],
  });
}

/** A credential's status changed when the licensing board was asked again. */
export function credentialStatusMail({ to, url, license, before, after, reason }: { to: string; url: string; license: string; before: string; after: string; reason: string | null }): Mail {
  const canSeal = after === 'VERIFIED' || after === 'CLAIMED';
  return compose({
    to,
    subject: `Your credential ${license} is now ${after.toLowerCase()}`,
    paragraphs: [
      `We checked your credential ${license} with its licensing board again. Its status changed from ${before.toLowerCase()} to ${after.toLowerCase()}.`,
      ...(reason ? [`The board's answer: ${reason}.`] : []),
      canSeal ? 'You can seal documents with it.' : 'You cannot seal documents with it while it has this status. Seals you made before stay verifiable.',
    ],
    link: { url, label: 'See your credentials' },
  });
}
