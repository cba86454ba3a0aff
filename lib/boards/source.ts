/**
 * A licensing board, as the credential lifecycle sees it (decisions.md "Credential
 * lifecycle"): search licenses by state and name or number, and look one license up. The
 * local registry and a board's HTTP API both sit behind this.
 */
import { AppError } from '../errors.ts';

/** Board statuses as boards report them; only `active` lets a credential seal. */
export const BOARD_STATUSES = ['active', 'expired', 'inactive', 'revoked', 'suspended'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** One license as a board records it. */
export interface BoardLicense {
  licenseNumber: string;
  /** USPS code, upper case. */
  stateCode: string;
  /** A profession slug of decisions.md (engineer, civil-engineer, …, landscape-architect). */
  licenseType: string;
  firstName: string;
  lastName: string;
  fullName: string;
  companyName: string | null;
  city: string | null;
  discipline: string | null;
  /** YYYY-MM-DD, or null when the board records none. */
  expirationDate: string | null;
  licenseStatus: BoardStatus;
}

/** BoardSearchInput of decisions.md, with the page size the caller allows. */
export interface BoardSearch {
  stateCode: string;
  lastName?: string | null;
  firstName?: string | null;
  licenseNumber?: string | null;
  /** `engineer` includes its subtypes. */
  professionSlug?: string | null;
  limit: number;
}

export interface BoardKey {
  stateCode: string;
  licenseType: string;
  licenseNumber: string;
}

/**
 * The board could not answer (down, refusing, too slow, or answering nonsense): AppError
 * BOARD_UNAVAILABLE, an internal code its callers catch. Not a verdict on the license: a
 * credential checked against it stays PENDING and is checked again; a board search answers TIMEOUT.
 */
export class BoardUnavailableError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BOARD_UNAVAILABLE', message, undefined, options);
  }
}

export interface BoardSource {
  /** Licenses matching a search, at most `limit`. */
  search(query: BoardSearch): Promise<BoardLicense[]>;
  /** One license, or null when the board has no such license (a definite answer). */
  lookup(key: BoardKey): Promise<BoardLicense | null>;
}
