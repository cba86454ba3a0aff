/**
 * A synthetic directory for benchmarks, made by PostgreSQL itself: `count` professionals in
 * set-based INSERT … SELECT FROM generate_series statements (slices of 100,000, each one pass
 * of the name-token triggers), with the generator's name lists (lib/directory/generator.ts),
 * its professions and states, uniformly, and a middle initial for about a third. Deterministic
 * (setseed). Only the columns a directory page shows are realistic; the rest are short. The
 * client sends a few statements, not a million rows.
 */
import { db } from '../lib/db/index.ts';
import { FIRST, LAST, MIDDLE } from '../lib/directory/generator.ts';
import { seedProfessions } from '../lib/directory/seed-directory.ts';
import { STATE_CODES } from '../lib/stamps/jurisdictions.ts';
import { PROFESSION_SLUGS } from '../lib/stamps/professions.ts';
import { searchKey } from '../lib/text.ts';

const SLICE = 100_000;

export async function fillDirectory(count: number, onProgress?: (done: number) => void): Promise<void> {
  const professions = await seedProfessions();
  const professionIds = PROFESSION_SLUGS.map((slug) => professions.get(slug)!);
  const have = await db().professional.count();
  // Arrays in SQL, picked by index: a name and its search key (searchKey composes word by word).
  const list = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
  await db().$executeRawUnsafe(`SELECT setseed(0.29)`);
  for (let from = have; from < count; from += SLICE) {
    const to = Math.min(count, from + SLICE) - 1;
    await db().$executeRawUnsafe(`
      WITH r AS (
        SELECT i,
          1 + floor(random() * ${FIRST.length})::int AS f,
          1 + floor(random() * ${LAST.length})::int AS l,
          CASE WHEN random() < 0.35 THEN 1 + floor(random() * ${MIDDLE.length})::int END AS m,
          1 + floor(random() * ${professionIds.length})::int AS p,
          1 + floor(random() * ${STATE_CODES.length})::int AS s
        FROM generate_series(${from}, ${to}) AS i
      ), n AS (
        SELECT i, p, s,
          (${list(FIRST)})[f] AS first, (${list(LAST)})[l] AS last,
          (${list(FIRST.map(searchKey))})[f] AS first_key, (${list(LAST.map(searchKey))})[l] AS last_key,
          (${list(MIDDLE)})[m] AS middle, (${list(MIDDLE.map(searchKey))})[m] AS middle_key
        FROM r
      )
      INSERT INTO "Professional" ("id", "professionId", "firstName", "lastName", "fullName", "searchName", "slug", "stateCode",
        "licenseNumber", "licenseStatus", "headline", "photoUrl", "specializations", "skills", "education", "certifications", "updatedAt")
      SELECT gen_random_uuid(), (${`ARRAY[${professionIds.map((id) => `'${id}'`).join(',')}]::uuid[]`})[p], first, last,
        first || coalesce(' ' || middle, '') || ' ' || last,
        first_key || coalesce(' ' || middle_key, '') || ' ' || last_key,
        'bench-' || i, (${list([...STATE_CODES])})[s], lpad(i::text, 8, '0'), 'active',
        'Bench professional ' || i, NULL, '{}', '{}', '{}', '{}', now()
      FROM n`);
    onProgress?.(to + 1);
  }
}
