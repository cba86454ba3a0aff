-- The directory fast for every query shape (issue 29): a query's other words are matched in the
-- same index-only scan as its narrowest one (ProfessionalNameToken.searchName), a broad query's
-- page is walked in directory order (the two Professional indexes below), and a short or empty
-- query's exact count is read from NameGramCount instead of counted.

-- ProfessionalNameToken gains its professional's searchName: rebuilt from the directory below.
DROP INDEX "ProfessionalNameToken_token_professionId_stateCode_lastName_idx";
DELETE FROM "ProfessionalNameToken";
ALTER TABLE "ProfessionalNameToken" ADD COLUMN     "searchName" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "NameGramCount" (
    "gram" TEXT NOT NULL,
    "professionId" UUID NOT NULL,
    "stateCode" TEXT NOT NULL,
    "professionals" INTEGER NOT NULL,

    CONSTRAINT "NameGramCount_pkey" PRIMARY KEY ("gram","professionId","stateCode")
);

-- CreateIndex
CREATE INDEX "Professional_lastName_firstName_id_professionId_stateCode_s_idx" ON "Professional"("lastName", "firstName", "id", "professionId", "stateCode", "searchName");

-- CreateIndex
CREATE INDEX "Professional_stateCode_lastName_firstName_id_professionId_s_idx" ON "Professional"("stateCode", "lastName", "firstName", "id", "professionId", "searchName");

CREATE OR REPLACE FUNCTION "professional_name_tokens_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameToken" ("token")
    SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName", "searchName")
    SELECT DISTINCT new_rows."id", w, new_rows."professionId", new_rows."stateCode", new_rows."lastName", new_rows."firstName", new_rows."searchName"
    FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> '';
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "professional_name_tokens_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ProfessionalNameToken" t USING old_rows WHERE t."professionalId" = old_rows."id";
  INSERT INTO "NameToken" ("token")
    SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName", "searchName")
    SELECT DISTINCT new_rows."id", w, new_rows."professionId", new_rows."stateCode", new_rows."lastName", new_rows."firstName", new_rows."searchName"
    FROM new_rows, unnest(string_to_array(new_rows."searchName", ' ')) AS w WHERE w <> '';
  RETURN NULL;
END $$;

INSERT INTO "ProfessionalNameToken" ("professionalId", "token", "professionId", "stateCode", "lastName", "firstName", "searchName")
  SELECT DISTINCT p."id", w, p."professionId", p."stateCode", p."lastName", p."firstName", p."searchName"
  FROM "Professional" p, unnest(string_to_array(p."searchName", ' ')) AS w WHERE w <> '';

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_professionId_stateCode_lastName_idx" ON "ProfessionalNameToken"("token", "professionId", "stateCode", "lastName", "firstName", "professionalId", "searchName");

-- CreateIndex
CREATE INDEX "ProfessionalNameToken_token_lastName_firstName_professional_idx" ON "ProfessionalNameToken"("token", "lastName", "firstName", "professionalId", "professionId", "stateCode");

-- The grams of a searchName: '' (every name has it), and each distinct piece of one to three
-- letters of its words. A query word of up to three letters matches a name exactly when the
-- name has it as a gram (words are matched within a word of the name).
CREATE FUNCTION "name_grams"(name TEXT) RETURNS SETOF TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT '' UNION
  SELECT substr(w, i, n) FROM unnest(string_to_array(name, ' ')) AS w, generate_series(1, 3) AS n, generate_series(1, length(w) - n + 1) AS i WHERE w <> ''
$$;

-- Kept per statement, netted: an update that changes no name, profession or state writes
-- nothing; rows are written in key order so that concurrent writers queue rather than deadlock.
CREATE FUNCTION "professional_name_grams_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameGramCount" AS c ("gram", "professionId", "stateCode", "professionals")
    SELECT g, r."professionId", r."stateCode", count(*) FROM new_rows r, "name_grams"(r."searchName") AS g
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("gram", "professionId", "stateCode") DO UPDATE SET "professionals" = c."professionals" + EXCLUDED."professionals";
  RETURN NULL;
END $$;

CREATE FUNCTION "professional_name_grams_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameGramCount" AS c ("gram", "professionId", "stateCode", "professionals")
    SELECT g, "professionId", "stateCode", sum(d) FROM (
      SELECT g, r."professionId", r."stateCode", -1 AS d FROM old_rows r, "name_grams"(r."searchName") AS g
      UNION ALL
      SELECT g, r."professionId", r."stateCode", 1 AS d FROM new_rows r, "name_grams"(r."searchName") AS g
    ) AS changes
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("gram", "professionId", "stateCode") DO UPDATE SET "professionals" = c."professionals" + EXCLUDED."professionals";
  RETURN NULL;
END $$;

CREATE FUNCTION "professional_name_grams_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "NameGramCount" AS c SET "professionals" = c."professionals" - gone.n
    FROM (SELECT g, r."professionId", r."stateCode", count(*) AS n FROM old_rows r, "name_grams"(r."searchName") AS g GROUP BY 1, 2, 3) AS gone
    WHERE c."gram" = gone.g AND c."professionId" = gone."professionId" AND c."stateCode" = gone."stateCode";
  RETURN NULL;
END $$;

CREATE TRIGGER "Professional_name_grams_insert" AFTER INSERT ON "Professional"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "professional_name_grams_insert"();
CREATE TRIGGER "Professional_name_grams_update" AFTER UPDATE ON "Professional"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "professional_name_grams_update"();
CREATE TRIGGER "Professional_name_grams_delete" AFTER DELETE ON "Professional"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "professional_name_grams_delete"();

-- The directory as it stands.
INSERT INTO "NameGramCount" ("gram", "professionId", "stateCode", "professionals")
  SELECT g, p."professionId", p."stateCode", count(*) FROM "Professional" p, "name_grams"(p."searchName") AS g GROUP BY 1, 2, 3;
