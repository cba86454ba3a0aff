import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { professionFamily } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';
import { BOARD_STATUSES } from './source.ts';
import type { BoardKey, BoardLicense, BoardSearch, BoardSource, BoardStatus } from './source.ts';

const recordSelect = {
  stateCode: true,
  licenseType: true,
  licenseNumber: true,
  firstName: true,
  lastName: true,
  fullName: true,
  companyName: true,
  city: true,
  discipline: true,
  expirationDate: true,
  licenseStatus: true,
} satisfies Prisma.BoardRecordSelect;

type RecordRow = Prisma.BoardRecordGetPayload<{ select: typeof recordSelect }>;

function toLicense(row: RecordRow): BoardLicense {
  return {
    ...row,
    expirationDate: row.expirationDate ? row.expirationDate.toISOString().slice(0, 10) : null,
    licenseStatus: (BOARD_STATUSES as readonly string[]).includes(row.licenseStatus) ? (row.licenseStatus as BoardStatus) : 'inactive',
  };
}

/** The local board registry (the BoardRecord table the seed fills): the default BoardSource. */
export class LocalBoardSource implements BoardSource {
  async search(query: BoardSearch): Promise<BoardLicense[]> {
    const where: Prisma.BoardRecordWhereInput = { stateCode: query.stateCode.toUpperCase() };
    if (query.licenseNumber) where.licenseNumber = query.licenseNumber.trim();
    if (query.lastName) where.searchLastName = { startsWith: searchKey(query.lastName) };
    if (query.firstName) where.firstName = { startsWith: query.firstName.trim(), mode: 'insensitive' };
    if (query.professionSlug) where.licenseType = { in: professionFamily(query.professionSlug) };
    const rows = await db().boardRecord.findMany({ where, select: recordSelect, orderBy: [{ searchLastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], take: query.limit });
    return rows.map(toLicense);
  }

  async lookup(key: BoardKey): Promise<BoardLicense | null> {
    const row = await db().boardRecord.findUnique({
      where: { stateCode_licenseType_licenseNumber: { stateCode: key.stateCode.toUpperCase(), licenseType: key.licenseType, licenseNumber: key.licenseNumber.trim() } },
      select: recordSelect,
    });
    return row ? toLicense(row) : null;
  }
}
