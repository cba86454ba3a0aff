import { boardSource } from '../boards/index.ts';
import type { BoardSource } from '../boards/index.ts';
import { db } from '../db/index.ts';
import { isAppError } from '../errors.ts';
import { logger } from '../log.ts';
import { recordBoardVerdict } from './create-credential.ts';
import { credentialSelect } from './credential-select.ts';
import { noticeStatusChange } from './status-notice.ts';

/** A credential is checked with its board again once its last check is this old (decisions.md). */
export const RECHECK_AFTER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecheckReport {
  /** Credentials the board answered for. */
  checked: number;
  /** Of those, the ones whose status changed (to REVOKED, EXPIRED, VERIFIED, …). */
  changed: number;
  /** True when the board stopped answering: the rest wait for the next sweep. */
  boardUnavailable: boolean;
}

/**
 * The periodic re-check: every credential not checked for 7 days (and every one still PENDING,
 * never checked), oldest check first, up to `limit`, is checked with the board again, which
 * records lastVerifiedAt and moves it to REVOKED (revoked or suspended) or EXPIRED (past its
 * date), or settles a PENDING one. A board that stops answering ends the sweep; those left are
 * taken up first next time. A holder whose credential changed status is told by mail. Not per organization: a system job, it reads every organization's.
 */
export async function recheckCredentials({ board = boardSource(), now = new Date(), limit = 500 }: { board?: BoardSource; now?: Date; limit?: number } = {}): Promise<RecheckReport> {
  const cutoff = new Date(now.getTime() - RECHECK_AFTER_DAYS * DAY_MS);
  const due = await db().credential.findMany({
    where: { OR: [{ lastVerifiedAt: null }, { lastVerifiedAt: { lt: cutoff } }] },
    orderBy: [{ lastVerifiedAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit,
    select: credentialSelect,
  });
  const report: RecheckReport = { checked: 0, changed: 0, boardUnavailable: false };
  for (const credential of due) {
    try {
      const after = await recordBoardVerdict(credential, board, now);
      report.checked += 1;
      if (after.status !== credential.status) {
        report.changed += 1;
        await noticeStatusChange({ before: credential, after, background: false });
      }
    } catch (err) {
      if (isAppError(err, 'BOARD_UNAVAILABLE')) {
        report.boardUnavailable = true;
        break;
      }
      // One credential's failure (deleted meanwhile, …) does not stop the others.
      logger.warn('credential re-check failed', { credentialId: credential.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}
