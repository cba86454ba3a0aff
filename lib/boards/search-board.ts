import crypto from 'node:crypto';
import { AppError, isAppError, quote } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitOperation } from '../ratelimit/index.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession } from '../stamps/professions.ts';
import { printableText } from '../text.ts';
import { boardSource } from './index.ts';
import type { BoardLicense, BoardSource } from './index.ts';

/** searchProfessionalsBoard answers at most this many (decisions.md "Limits"). */
export const BOARD_SEARCH_MAX = 50;

export interface BoardSearchInput {
  stateCode: string;
  lastName?: string | null;
  firstName?: string | null;
  licenseNumber?: string | null;
  professionSlug?: string | null;
}

/** A board result with a stable id: the same license always gets the same one, whichever board answered. */
export function boardResultId(license: Pick<BoardLicense, 'stateCode' | 'licenseType' | 'licenseNumber'>): string {
  const h = crypto.createHash('sha256').update(`${license.stateCode}/${license.licenseType}/${license.licenseNumber}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const text = (v: string | null | undefined, name: string, max: number) => {
  if (v === null || v === undefined) return undefined;
  const t = printableText(v);
  if (t.length > max) throw new AppError('BAD_USER_INPUT', `${name} is at most ${max} characters`);
  return t || undefined;
};

/**
 * The licensing board's records by state and last name or number (BoardSearchInput of
 * decisions.md), through the configured board; limited to 10 a minute per user (the "board
 * search" category). A board that cannot answer is TIMEOUT: the user may try again.
 */
export async function searchBoard({ actor, input, board = boardSource() }: { actor: Actor; input: BoardSearchInput; board?: BoardSource }) {
  const stateCode = requireStateCode(input.stateCode ?? '', 'stateCode');
  const lastName = text(input.lastName, 'lastName', 100);
  const licenseNumber = text(input.licenseNumber, 'licenseNumber', 40);
  if (!lastName && !licenseNumber) throw new AppError('BAD_USER_INPUT', 'Give lastName or licenseNumber');
  const professionSlug = text(input.professionSlug, 'professionSlug', 40);
  if (professionSlug && !getProfession(professionSlug)) throw new AppError('BAD_USER_INPUT', `Unknown professionSlug: ${quote(professionSlug)}`);
  await limitOperation('searchProfessionalsBoard', actor.userId);
  let licenses: BoardLicense[];
  try {
    licenses = await board.search({ stateCode, lastName, firstName: text(input.firstName, 'firstName', 100), licenseNumber, professionSlug, limit: BOARD_SEARCH_MAX });
  } catch (err) {
    if (isAppError(err, 'BOARD_UNAVAILABLE')) throw new AppError('TIMEOUT', 'The licensing board did not answer; try again in a moment');
    throw err;
  }
  return licenses.map((l) => ({ ...l, id: boardResultId(l) }));
}
