import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession, professionFamily } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';

export const MAX_PER_PAGE = 100;
export const MAX_QUERY_LENGTH = 100;

export interface SearchProfessionalsInput {
  professionSlug: string;
  stateCode?: string | null;
  query?: string | null;
  page?: number | null;
  perPage?: number | null;
}

/** What a directory page shows of each professional. */
export const professionalSummarySelect = {
  id: true,
  firstName: true,
  lastName: true,
  fullName: true,
  slug: true,
  stateCode: true,
  licenseNumber: true,
  licenseStatus: true,
  headline: true,
  photoUrl: true,
  currentTitle: true,
  currentCompany: true,
  profession: { select: { name: true } },
} satisfies Prisma.ProfessionalSelect;

/**
 * The public directory: one profession (with its branches), optionally one state, and a name
 * query matching any part of the full name, case and accents aside (the trigram index on
 * searchName serves it). Pages are 1-based, at most 100; ordered by last name, first name.
 */
export async function searchProfessionals(input: SearchProfessionalsInput) {
  if (!getProfession(input.professionSlug)) throw new AppError('BAD_USER_INPUT', `Unknown professionSlug: ${quote(input.professionSlug)}`);
  const page = input.page ?? 1;
  const perPage = input.perPage ?? 20;
  if (!Number.isInteger(page) || page < 1) throw new AppError('BAD_USER_INPUT', `page starts at 1; got ${page}`);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) throw new AppError('BAD_USER_INPUT', `perPage must be between 1 and ${MAX_PER_PAGE}; got ${perPage}`);
  if (input.query && [...input.query].length > MAX_QUERY_LENGTH) throw new AppError('BAD_USER_INPUT', `query is at most ${MAX_QUERY_LENGTH} characters`);
  const stateCode = input.stateCode ? requireStateCode(input.stateCode, 'stateCode') : undefined;
  // LIKE's own wildcards are not part of any name.
  const key = input.query ? searchKey(input.query).replace(/[%_\\]/g, '') : '';
  const where: Prisma.ProfessionalWhereInput = {
    profession: { slug: { in: professionFamily(input.professionSlug) }, active: true },
    ...(stateCode ? { stateCode } : {}),
    ...(key ? { searchName: { contains: key } } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    db().professional.findMany({ where, select: professionalSummarySelect, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], skip: (page - 1) * perPage, take: perPage }),
    db().professional.count({ where }),
  ]);
  return {
    professionals: rows.map(({ profession, ...p }) => ({ ...p, professionName: profession.name })),
    totalCount,
    hasMore: page * perPage < totalCount,
  };
}

/** One professional's full profile, or null. Public. */
export async function getProfessional({ id }: { id: string }) {
  const row = await db().professional.findUnique({ where: { id }, omit: { searchName: true }, include: { profession: { select: { name: true } } } });
  if (!row) return null;
  const { profession, ...p } = row;
  return { ...p, professionName: profession.name };
}
