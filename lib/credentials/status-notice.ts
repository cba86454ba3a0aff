import { db } from '../db/index.ts';
import { appUrl } from '../env.ts';
import { logger } from '../log.ts';
import { sendMail, sendMailInBackground } from '../mail/index.ts';
import { credentialStatusMail } from '../mail/messages.ts';
import { getProfession } from '../stamps/professions.ts';
import type { CredentialRow } from './credential-select.ts';

/**
 * Tell a credential's holder by mail that a re-check with the board changed its status
 * (REVOKED, EXPIRED, VERIFIED, …). Nothing is sent when the status stayed. The sweep waits for
 * the mail (`background: false`); a re-check someone asked for answers first. Never throws: a
 * notice that cannot go is logged, and the re-check stands.
 */
export async function noticeStatusChange({ before, after, background }: { before: Pick<CredentialRow, 'status'>; after: CredentialRow; background: boolean }): Promise<void> {
  if (before.status === after.status) return;
  try {
    const holder = await db().user.findUnique({ where: { id: after.userId }, select: { email: true } });
    if (!holder) return;
    const profession = getProfession(after.licenseType)?.name ?? after.licenseType;
    const mail = credentialStatusMail({
      to: holder.email,
      url: appUrl('/credentials'),
      license: `${profession} ${after.licenseNumber} (${after.regionCode})`,
      before: before.status,
      after: after.status,
      reason: after.rejectionReason,
    });
    if (background) sendMailInBackground(mail);
    else await sendMail(mail);
  } catch (err) {
    logger.error('credential status notice failed', { credentialId: after.id, error: err instanceof Error ? err.message : String(err) });
  }
}
